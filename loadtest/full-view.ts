/**
 * `npm run loadtest:web`: the full view under load on this machine. `--replicas` replicas (each a web app and game
 * service in this process over one real Redis store, each with its own Redis pub/sub bus) serve `--games` games of 4
 * players, each with an open view (player p of a game on replica p mod N, so with 2 replicas half of every turn's
 * views are on the replica that did not make it: the pub/sub and reload path); every player moves
 * (wait, or a legal step) as soon as their previous move is acknowledged, for `--seconds`. Reports accepted full-view
 * moves per second, the fan-out latency (publish of a turn -> each view holding its frame, p50/p95/max), and chat
 * redraws asked per full-view turn (the chat pacer: an upper bound on chat edits, of which only some use the bot
 * token). Also compares the two ways to draw the map: the view-model frame the browser draws vs a server PNG.
 * Also the bytes on the wire per frame (the terrain travels only when it changed).
 * Flags: --games N (default 10), --seconds N (10), --replicas N (1), --clients here|apart (here: the players in this
 * process; apart: in a process of their own), --redis URL (else a private redis-server on a free port).
 */
import { fork, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { Redis } from 'ioredis';
import { MemorySettingsStore } from '../src/adapters/memory/memory-settings-store.js';
import { RedisGameStore } from '../src/adapters/redis/redis-game-store.js';
import { RedisRoundQueue } from '../src/adapters/redis/redis-round-queue.js';
import { createRedis, waitReady } from '../src/adapters/redis/client.js';
import { renderImageMap } from '../src/adapters/render/image.js';
import { MemoryWebAuthStore, newSecret, SESSION_TTL_MS, TICKET_TTL_MS } from '../src/adapters/web/auth-store.js';
import { chatPacer } from '../src/adapters/web/chat-pacer.js';
import { buildFrame } from '../src/adapters/web/frame.js';
import { withTurnNotes } from '../src/adapters/web/publishing-service.js';
import { RedisPresence } from '../src/adapters/web/presence.js';
import { staticFiles } from '../src/adapters/web/static-files.js';
import { RedisTurnBus } from '../src/adapters/web/turn-bus.js';
import { createWebApp, startWebServer, type WebServer } from '../src/adapters/web/web-app.js';
import { GameService } from '../src/app/game-service.js';
import { silentLogger, systemClock } from '../src/app/ports.js';
import type { ChannelKey, GameServiceApi } from '../src/app/service-types.js';
import { freePort } from '../test/support/own-redis.js';
import { play, type ClientsResult, type ClientsSpec } from './full-view-clients.js';

const options = {
  games: { type: 'string', default: '10' },
  seconds: { type: 'string', default: '10' },
  replicas: { type: 'string', default: '1' },
  clients: { type: 'string', default: 'here' },
  redis: { type: 'string' },
} as const;
const { values } = parseArgs({ options });
const GAMES = Number(values.games);
const SECONDS = Number(values.seconds);
const REPLICAS = Math.max(1, Number(values.replicas));
/** The players in a process of their own (`--clients apart`), not sharing the replicas' event loop. */
const APART = values.clients === 'apart';
const pct = (xs: number[], p: number): number => (xs.length === 0 ? NaN : [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!);

async function redisUrl(): Promise<{ url: string; stop: () => void }> {
  if (values.redis) return { url: values.redis, stop: () => {} };
  const port = await freePort();
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 50; i++) {
    const probe = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, retryStrategy: () => null }).on('error', () => {});
    const ok = await probe.ping().then(() => true, () => false);
    probe.disconnect();
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url: `redis://127.0.0.1:${port}`, stop: () => child.kill('SIGTERM') };
}

const { url, stop } = await redisUrl();
// A crash must not leave the private redis-server running.
process.on('exit', stop);
const prefix = `lt${Date.now()}`;
const store = createRedis(url);
await waitReady(store);
let refreshes = 0;
const pacer = chatPacer(() => refreshes++, systemClock);
// One auth store for every replica (as Redis would be): a ticket minted anywhere opens a socket on any replica.
const auth = new MemoryWebAuthStore(systemClock);
interface Replica {
  games: GameServiceApi;
  bus: RedisTurnBus;
  server: WebServer;
}
const replicas: Replica[] = [];
for (let i = 0; i < REPLICAS; i++) {
  const bus = new RedisTurnBus({ publisher: store, subscriber: new Redis(url), prefix });
  const raw = new GameService({ games: new RedisGameStore(store, { prefix }), settings: new MemorySettingsStore(silentLogger), clock: systemClock, rounds: new RedisRoundQueue(store, { prefix }), logger: silentLogger });
  const games = withTurnNotes<GameServiceApi>(raw, (n) => bus.publish(n));
  // Presence as deployed: each replica knows the other's views (and their languages: turns travel with a digest).
  const presence = new RedisPresence({ ...bus.connections, clock: systemClock, logger: silentLogger });
  const app = createWebApp({ games, auth, bus, presence, clock: systemClock, logger: silentLogger, testLogin: false, watchSecret: 'x', files: staticFiles('/nonexistent'), movesPerSecond: 1000, onMove: (v) => pacer.turn(v) });
  replicas.push({ games, bus, server: await startWebServer(app, 0, '127.0.0.1') });
}
const games = replicas[0]!.games;

const keys: ChannelKey[] = [];
const urls: string[] = [];
for (let g = 0; g < GAMES; g++) {
  const key = { guildId: '1', channelId: String(1000 + g) };
  keys.push(key);
  for (let p = 0; p < 4; p++) {
    const user = { id: String(g * 10 + p + 1), name: `P${p}` };
    const r = p === 0 ? await games.newGame(key, user, { seed: g + 1, lobby: false, mode: 'free', size: 'medium' }) : await games.join(key, user);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const sid = newSecret();
    const ticket = newSecret();
    await auth.putSession(sid, { user, key, spectator: false, via: 'test' }, SESSION_TTL_MS);
    await auth.putTicket(ticket, sid, TICKET_TTL_MS);
    urls.push(`ws://127.0.0.1:${replicas[p % REPLICAS]!.server.port}/app/ws?ticket=${ticket}`);
  }
}
const spec: ClientsSpec = { urls, seconds: SECONDS };
const load0 = loadavg()[0]!;
const t0 = performance.now();
const cpu0 = process.cpuUsage();
let result: ClientsResult;
if (APART) {
  const child = fork(fileURLToPath(new URL('./full-view-clients.ts', import.meta.url)), ['--clients-child'], { execArgv: ['--import', 'tsx'] });
  result = await new Promise<ClientsResult>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ClientsResult));
    child.once('exit', (code) => reject(new Error(`the players' process exited (${code})`)));
    child.send(spec);
  });
} else result = await play(spec);
const cpu = process.cpuUsage(cpu0);
const cpuSeconds = (performance.now() - t0) / 1000;
const { latencies, accepted, refused, wireBytes, wireFrames, withTerrain, elapsed } = result;

// Drawing the map: the view-model frame the browser draws, against the server's own PNG of the same game.
const sample = await games.view(keys[0]!);
if (!sample.ok) throw new Error('no sample game');
const frameT0 = performance.now();
let frameBytes = 0;
for (let i = 0; i < 200; i++) frameBytes = JSON.stringify(buildFrame(sample.value, { id: '1', name: 'P0', spectator: false }, Date.now())).length;
const frameMs = (performance.now() - frameT0) / 200;
const pngT0 = performance.now();
let pngBytes = 0;
for (let i = 0; i < 50; i++) pngBytes = renderImageMap(sample.value.state, '1').png.length;
const pngMs = (performance.now() - pngT0) / 50;

const load = `${load0.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end (1 min)`;
const where = APART ? 'players in a process of their own' : 'players in the same process';
const replicasText = `${REPLICAS} replica${REPLICAS > 1 ? 's' : ''}`;
console.log(`full view, ${replicasText}, ${GAMES} games x 4 views, ${SECONDS} s (${where}, Redis store and pub/sub), load average ${load}:`);
const cpuPct = (((cpu.user + cpu.system) / 1e6 / cpuSeconds) * 100).toFixed(0);
console.log(`  accepted full-view moves: ${accepted} (${(accepted / elapsed).toFixed(1)}/s), refused ${refused}; replicas' process CPU ${cpuPct}%`);
console.log(`  fan-out latency (turn published -> view has its frame): p50 ${pct(latencies, 50)} ms, p95 ${pct(latencies, 95)} ms, max ${pct(latencies, 100)} ms over ${latencies.length} frames`);
console.log(`  on the wire: ${(wireBytes / Math.max(1, wireFrames) / 1024).toFixed(2)} KB per frame, ${((100 * withTerrain) / Math.max(1, wireFrames)).toFixed(0)}% of frames carrying the terrain`);
console.log(`  chat redraws asked by the pacer: ${refreshes} for ${accepted} full-view turns (${(refreshes / Math.max(1, accepted)).toFixed(3)} per turn)`);
console.log(`  map transport: view-model frame ${frameBytes} B JSON, built in ${frameMs.toFixed(2)} ms; server PNG (image style, viewer's view) ${pngBytes} B in ${pngMs.toFixed(2)} ms`);
pacer.close();
for (const r of replicas) {
  await r.server.close();
  await r.bus.close();
}
store.disconnect();
stop();
process.exit(0);
