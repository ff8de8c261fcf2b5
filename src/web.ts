/**
 * `npm run web`: the full view on its own, with `npm run play`-like defaults: no Discord, no Redis (memory stores),
 * a game already running and the dev login on (this is the only entry point that turns it on; `npm start` refuses
 * it in production). Prints a link per player; open two to see two views of one game. Flags: --port N (default
 * 8090), --seed N, --players N (1-4), --rounds, --size small|medium|large.
 */
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { MemoryGameStore } from './adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from './adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from './adapters/memory/memory-settings-store.js';
import { MemoryWebAuthStore, newSecret } from './adapters/web/auth-store.js';
import { withTurnNotes } from './adapters/web/publishing-service.js';
import { staticFiles } from './adapters/web/static-files.js';
import { MemoryTurnBus } from './adapters/web/turn-bus.js';
import { watchToken } from './adapters/web/watch-link.js';
import { createWebApp, startWebServer } from './adapters/web/web-app.js';
import { GameService } from './app/game-service.js';
import { silentLogger, systemClock } from './app/ports.js';
import { startRoundTimer } from './app/round-timer.js';
import type { GameServiceApi } from './app/service-types.js';

const NAMES = ['Ann', 'Bo', 'Cy', 'Di'];
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '8090' },
    seed: { type: 'string', default: '7' },
    players: { type: 'string', default: '2' },
    rounds: { type: 'boolean', default: false },
    size: { type: 'string', default: 'small' },
  },
});
const players = Math.min(4, Math.max(1, Number(values.players) || 1));
const size = values.size === 'medium' || values.size === 'large' ? values.size : 'small';
const key = { guildId: '1', channelId: '1' };
const bus = new MemoryTurnBus();
const raw = new GameService({ games: new MemoryGameStore(), settings: new MemorySettingsStore(silentLogger), clock: systemClock, rounds: new MemoryRoundQueue(), logger: silentLogger });
const games = withTurnNotes<GameServiceApi>(raw, (n) => bus.publish(n));
const created = await games.newGame(key, { id: '1', name: NAMES[0]! }, { seed: Number(values.seed) || 7, lobby: false, mode: values.rounds ? 'rounds' : 'free', size });
if (!created.ok) throw new Error(`could not start the demo game: ${JSON.stringify(created.error)}`);
for (let i = 1; i < players; i++) await games.join(key, { id: String(i + 1), name: NAMES[i]! });
const secret = newSecret();
const app = createWebApp({
  games,
  auth: new MemoryWebAuthStore(systemClock),
  bus,
  clock: systemClock,
  logger: { info: () => {}, warn: (m, f) => console.warn(m, f ?? ''), error: (m, f) => console.error(m, f ?? '') },
  testLogin: true,
  watchSecret: secret,
  files: staticFiles(fileURLToPath(new URL('../dist/web', import.meta.url))),
});
const server = await startWebServer(app, Number(values.port), '127.0.0.1');
const stopTimer = startRoundTimer(games, { intervalMs: 500, onResolved: () => {} });
const base = `http://127.0.0.1:${server.port}/app/`;
console.log(`Channel Crawler full view (memory store, no Discord) on ${base}`);
for (let i = 0; i < players; i++) console.log(`  play as ${NAMES[i]}: ${base}?dev&user=${i + 1}&name=${NAMES[i]}&guild=1&channel=1`);
console.log(`  watch:        ${base}?watch=${watchToken(secret, key)}`);
const stop = (): void => void stopTimer().then(() => server.close()).then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
