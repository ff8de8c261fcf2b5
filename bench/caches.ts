/**
 * npm run bench:caches: heap after 100,000 distinct users' interactions, bounded caches (the bot's) side by side with
 * discord.js's defaults, each in a fresh process with --expose-gc.
 */
import { execFileSync } from 'node:child_process';
import { Client } from 'discord.js';
import { clientOptions } from '../src/adapters/gateway/bot.js';
import { addFloodGuild, cacheSizes, floodInteractions } from '../test/support/interaction-flood.js';

const N = 100_000;
const mode = process.argv[2];
if (mode === 'bounded' || mode === 'default') {
  const gc = (globalThis as { gc?: () => void }).gc;
  const heap = (): number => (gc?.(), process.memoryUsage().heapUsed / 1e6);
  const client = new Client(mode === 'bounded' ? clientOptions() : { intents: clientOptions().intents });
  addFloodGuild(client);
  const before = heap();
  floodInteractions(client, N);
  const sizes = cacheSizes(client);
  console.log(JSON.stringify({ mode, interactions: N, cachedUsers: sizes.users, cachedMembers: sizes.members, heapBeforeMB: +before.toFixed(1), heapAfterMB: +heap().toFixed(1) }));
  await client.destroy();
} else {
  for (const m of ['bounded', 'default']) {
    process.stdout.write(execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', new URL(import.meta.url).pathname, m], { encoding: 'utf8' }));
  }
}
