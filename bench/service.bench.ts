/**
 * Game service against a real Redis: `act` = load + parse + step + compare-and-set save. Measures p50/p99 and
 * turns per second for one channel played sequentially and for 50 channels in parallel in one process, plus the
 * stored size of an 80x40 game with 4 players (state + meta, not the action log) with the time to encode it.
 * Targets: p50 ≤ 1 ms, ≥ 2,000 turns/s, ≤ 8 KB. Uses REDIS_URL or redis://127.0.0.1:6379.
 */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { BenchCase, BenchResult } from './harness.js';
import { GameService } from '../src/app/game-service.js';
import { encodeMeta, encodeState } from '../src/app/game-codec.js';
import { silentLogger, systemClock } from '../src/app/ports.js';
import type { ChannelKey, GameMeta, PlayerAction, StoredGame } from '../src/app/service-types.js';
import { DEFAULT_SETTINGS } from '../src/app/settings.js';
import { createRedis, waitReady } from '../src/adapters/redis/client.js';
import { RedisGameStore } from '../src/adapters/redis/redis-game-store.js';
import { RedisSettingsStore } from '../src/adapters/redis/redis-settings-store.js';
import { RedisRoundQueue } from '../src/adapters/redis/redis-round-queue.js';
import { defaultConfig, newGame, step } from '../src/engine/index.js';
import type { Direction } from '../src/engine/types.js';

const IMPL = 'channel-crawler';
const URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Rig {
  redis: Redis;
  service: GameService;
  prefix: string;
  close(): Promise<void>;
}

async function rig(): Promise<Rig> {
  const redis = createRedis(URL);
  try {
    await waitReady(redis, 3000);
  } catch {
    redis.disconnect();
    throw new Error(`service bench needs Redis: nothing answers at ${URL} (start redis-server or set REDIS_URL)`);
  }
  const prefix = `bench${randomBytes(4).toString('hex')}`;
  const settings = new RedisSettingsStore(redis, silentLogger, { prefix });
  await settings.set('1', { ...DEFAULT_SETTINGS, difficulty: 'easy', mapSize: 'medium' });
  const service = new GameService({ games: new RedisGameStore(redis, { prefix }), settings, rounds: new RedisRoundQueue(redis, { prefix }), clock: systemClock, logger: silentLogger });
  return {
    redis,
    service,
    prefix,
    close: async () => {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
        if (keys.length > 0) await redis.del(...keys);
        cursor = next;
      } while (cursor !== '0');
      redis.disconnect();
    },
  };
}

const DIRS: Direction[] = ['n', 'e', 's', 'w'];
const user = { id: '1', name: 'Bench' };

/** Starts a fresh game on the channel (untimed). */
async function restartGame(service: GameService, key: ChannelKey, seed: number): Promise<void> {
  await service.resetGame(key);
  const r = await service.newGame(key, user, { seed });
  if (!r.ok) throw new Error(`newGame failed: ${JSON.stringify(r.error)}`);
}

/**
 * Plays up to `turns` accepted actions on a channel that already has a game, timing each act. When the game ends
 * it is restarted (untimed) if `restart`, otherwise the channel stops.
 */
async function play(service: GameService, key: ChannelKey, turns: number, samples: number[], restart: boolean): Promise<void> {
  let seed = Number(key.channelId) * 1000;
  let i = 0;
  let done = 0;
  while (done < turns) {
    const action: PlayerAction = i % 3 === 2 ? { type: 'wait' } : { type: 'move', dir: DIRS[(i >> 2) % 4]! };
    i++;
    const t0 = performance.now();
    const r = await service.act(key, user, action);
    const us = (performance.now() - t0) * 1000;
    let ended = false;
    if (r.ok) {
      samples.push(us);
      done++;
      ended = r.value.state.status === 'over';
    } else if (r.error.kind === 'rejected') ended = r.error.code === 'game-over' || r.error.code === 'dead';
    else throw new Error(`act failed: ${JSON.stringify(r.error)}`);
    if (ended) {
      if (!restart) return;
      await restartGame(service, key, ++seed);
    }
  }
}

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function measureAct(channels: number, turnsPerChannel: number, name: string): Promise<BenchResult[]> {
  const r = await rig();
  try {
    const keys = Array.from({ length: channels }, (_, i) => ({ guildId: '1', channelId: String(1000 + i) }));
    await Promise.all(keys.map((k) => restartGame(r.service, k, Number(k.channelId))));
    await Promise.all(keys.map((k) => play(r.service, k, 30, [], true))); // warm-up: JIT, script cache, connection
    const samples: number[] = [];
    const sequential = channels === 1;
    if (!sequential) await Promise.all(keys.map((k, i) => restartGame(r.service, k, 7 + i))); // fresh games, untimed
    const t0 = performance.now();
    await Promise.all(keys.map((k) => play(r.service, k, turnsPerChannel, samples, sequential)));
    const wallMs = performance.now() - t0;
    // Restarting a finished game (map generation) is not a turn. One channel: turns/s is 1 / mean act time, with
    // restarts untimed. Many channels: no restarts (a channel whose game ends stops), so wall time is honest.
    const busyMs = sequential ? samples.reduce((a, b) => a + b, 0) / 1000 : wallMs;
    const seconds = Math.max(1e-3, busyMs) / 1000;
    samples.sort((a, b) => a - b);
    return [{ name, impl: IMPL, medianUs: pct(samples, 50), extra: { p90Us: pct(samples, 90), p99Us: pct(samples, 99), turnsPerSec: Math.round(samples.length / seconds), turns: samples.length } }];
  } finally {
    await r.close();
  }
}

/** Median: time to encode the game for a save; extra.bytes: its stored size. */
const SIZE_CASE = 'service encode a stored 80x40 game, 4 players';

/** One stored game as `act` writes it: an 80x40 cavern with 4 players (ids as long as Discord's) and their meta. */
function sizeSample(): StoredGame {
  let state = newGame(defaultConfig({ seed: 2024, width: 80, height: 40, mapKind: 'cavern', maxPlayers: 4 }));
  const ids = [1, 2, 3, 4].map((p) => `10000000000000000${p}`);
  for (const [i, user] of ids.entries()) {
    const r = step(state, { type: 'join', user, name: `Player ${i + 1}` });
    if (!r.ok) throw new Error(r.code);
    state = r.state;
  }
  const lastActed = Object.fromEntries(ids.map((id, i) => [id, i]));
  const meta: GameMeta = { creatorId: ids[0]!, createdAt: Date.now(), updatedAt: Date.now(), roundDeadline: null, message: { channelId: '123456789012345678', messageId: '123456789012345678' }, render: 'emoji', mobile: false, roundSeconds: 60, lastActed, idleRounds: 0 };
  return { state, meta };
}

/**
 * Serialised size of that game (state + meta, not the action log; target ≤ 8 KB), reported with the median time to
 * encode it, which is part of every save.
 */
async function measureSize(): Promise<BenchResult[]> {
  const game = sizeSample();
  const encode = (): number => encodeState(game).length + encodeMeta(game).length;
  const samples: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const t0 = performance.now();
    encode();
    samples.push((performance.now() - t0) * 1000);
  }
  samples.sort((a, b) => a - b);
  const bytes = Buffer.byteLength(encodeState(game)) + Buffer.byteLength(encodeMeta(game));
  return [{ name: SIZE_CASE, impl: IMPL, medianUs: pct(samples, 50), extra: { bytes, monsters: game.state.monsters.length } }];
}

export const cases: BenchCase[] = [
  { name: 'service act on Redis, 1 channel sequential', impl: IMPL, run: () => measureAct(1, 2000, 'service act on Redis, 1 channel sequential') },
  { name: 'service act on Redis, 50 channels parallel', impl: IMPL, run: () => measureAct(50, 80, 'service act on Redis, 50 channels parallel') },
  { name: SIZE_CASE, impl: IMPL, run: measureSize },
];
