/**
 * `npx tsx bench/interaction-client.ts [N]`: client CPU per interaction callback carrying a picture (an 8 KB PNG and
 * a 3 KB message, multipart, `with_response`), @discordjs/rest (as the bot used for these routes until issue 28's
 * round) against the interaction client, sent N times each (default 2,000, 16 at a time), interleaved in rounds, to
 * a stand-in for Discord in a child process (so only the client's CPU is counted). Prints the ratio.
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { REST } from '@discordjs/rest';
import { InteractionClient } from '../src/adapters/discord/interaction-client.js';

if (process.argv[2] === '--server') {
  const { createServer } = await import('node:http');
  const reply = Buffer.from(JSON.stringify({ interaction: { id: '1', type: 3 }, resource: { type: 7, message: { id: '9', content: 'x'.repeat(3000) } } }));
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json', 'x-ratelimit-remaining': '49', 'x-ratelimit-reset-after': '1' }).end(reply));
  });
  server.listen(0, '127.0.0.1', () => process.send!((server.address() as { port: number }).port));
} else {
  const n = Number(process.argv[2] ?? 2000);
  const child = fork(new URL(import.meta.url).pathname, ['--server'], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve) => child.once('message', (m) => resolve(Number(m))));
  const apiBase = `http://127.0.0.1:${port}/api`;
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(8 * 1024)]);
  const body = { type: 7, data: { content: '', embeds: [{ title: 'Depth 3', description: 'y'.repeat(2500), image: { url: 'attachment://map.png' } }], components: [], attachments: [{ id: 0, filename: 'map.png', description: 'alt' }] } };
  const rest = new REST({ api: apiBase, version: '10', globalRequestsPerSecond: 1e9, retries: 1 });
  const lean = new InteractionClient({ apiBase });
  const clients: [string, { post: InteractionClient['post'] }][] = [['@discordjs/rest', rest], ['interaction client', lean]];
  const cpuUs: Record<string, number> = { '@discordjs/rest': 0, 'interaction client': 0 };
  const send = async (c: { post: InteractionClient['post'] }, count: number, tag: number): Promise<void> => {
    let next = 0;
    const worker = async (): Promise<void> => {
      while (next < count) {
        const i = next++;
        await c.post(`/interactions/${tag}${i}/tok${i}/callback`, { body, files: [{ name: 'map.png', data: png, key: 'files[0]' }], auth: false, query: new URLSearchParams({ with_response: 'true' }) });
      }
    };
    await Promise.all(Array.from({ length: 16 }, worker));
  };
  for (const [, c] of clients) await send(c, 200, 0); // warm up
  const rounds = 10;
  for (let r = 0; r < rounds; r++) {
    for (const [name, c] of clients) {
      const before = process.cpuUsage();
      await send(c, n / rounds, r + 1);
      const used = process.cpuUsage(before);
      cpuUs[name]! += used.user + used.system;
    }
  }
  const per = (name: string): number => cpuUs[name]! / n / 1000;
  process.stdout.write(`client CPU per callback with a picture, ${n} each: @discordjs/rest ${per('@discordjs/rest').toFixed(3)} ms, interaction client ${per('interaction client').toFixed(3)} ms (${(per('@discordjs/rest') / per('interaction client')).toFixed(1)}x less)\n`);
  lean.destroy();
  child.kill();
  process.exit(0);
}
