/** Test fixtures shared by the service and store suites: store factories (memory and real Redis), a fake clock, sample games. */
import { randomBytes } from 'node:crypto';
import { Cluster } from 'ioredis';
import { defaultConfig, newGame, step, Tile } from '../../src/engine/index.js';
import { spawnMonster } from '../../src/engine/level.js';
import type { GameConfig, GameState } from '../../src/engine/types.js';
import { isDuplicate, type Clock, type GameStore, type Revision, type RoundScheduler, type SaveResult, type SettingsStore } from '../../src/app/ports.js';
import type { ChannelKey, GameMeta, StoredGame } from '../../src/app/service-types.js';
import { MemoryGameStore } from '../../src/adapters/memory/memory-game-store.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { MemoryRoundQueue } from '../../src/adapters/memory/memory-round-queue.js';
import { MemoryLogger } from '../../src/adapters/memory/memory-logger.js';
import { createRedisFromConfig, waitReady, type RedisClient, type RedisTarget } from '../../src/adapters/redis/client.js';
import { RedisGameStore } from '../../src/adapters/redis/redis-game-store.js';
import { RedisFinishedRuns } from '../../src/adapters/redis/redis-finished-runs.js';
import type { FinishedRunStore } from '../../src/app/daily/ports.js';
import { RedisSettingsStore } from '../../src/adapters/redis/redis-settings-store.js';
import { RedisRoundQueue } from '../../src/adapters/redis/redis-round-queue.js';
import { channelKeys, guildKeys } from '../../src/adapters/redis/keys.js';

/** A clock the test moves by hand. */
export class FakeClock implements Clock {
  constructor(public t = 1_700_000_000_000) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}

/** One set of stores plus raw access for planting corrupt data; `connect` makes another handle on the SAME data (a second process). */
export interface StoreKit {
  name: string;
  games: GameStore;
  /** The finished runs the game store's finishing saves leave (material and outbox). */
  runs: FinishedRunStore;
  settings: SettingsStore;
  rounds: RoundScheduler;
  logger: MemoryLogger;
  writeRawGame(key: ChannelKey, stateText: string, metaText: string): Promise<void>;
  writeRawSettings(guildId: string, text: string): Promise<void>;
  connect(): Promise<StoreKit>;
  close(): Promise<void>;
}

/** In-memory stores; `connect` shares the same maps, like a second service instance in the same process. `clock` times the store's interaction records. */
export async function memoryKit(clock?: Clock): Promise<StoreKit> {
  const logger = new MemoryLogger();
  const games = new MemoryGameStore(clock ? { clock } : {});
  const settings = new MemorySettingsStore(logger);
  const rounds = new MemoryRoundQueue();
  const kit: StoreKit = {
    name: 'memory',
    games,
    runs: games,
    settings,
    rounds,
    logger,
    writeRawGame: async (key, s, m) => games.writeRaw(key, s, m),
    writeRawSettings: async (g, t) => settings.writeRaw(g, t),
    connect: async () => kit,
    close: async () => {},
  };
  return kit;
}

/** A new client of one Redis server (a URL) or of a cluster (its nodes), ready to use. */
export async function connectRedis(target: string | RedisTarget): Promise<RedisClient> {
  const redis = createRedisFromConfig(typeof target === 'string' ? { url: target } : target);
  if (!redis) throw new Error('no Redis target given');
  await waitReady(redis);
  return redis;
}

/**
 * Redis stores under a random prefix, on one server (a URL) or a cluster; close() deletes every key of that prefix
 * (never the whole server).
 */
export async function redisKit(target: string | RedisTarget, prefix = `t${randomBytes(6).toString('hex')}`, owner = true): Promise<StoreKit> {
  const redis = await connectRedis(target);
  const logger = new MemoryLogger();
  return {
    name: 'redis',
    games: new RedisGameStore(redis, { prefix }),
    runs: new RedisFinishedRuns(redis, logger, { prefix }),
    settings: new RedisSettingsStore(redis, logger, { prefix }),
    rounds: new RedisRoundQueue(redis, { prefix }),
    logger,
    writeRawGame: async (key, s, m) => {
      await redis.hset(channelKeys(prefix, key).game, 'rev', randomBytes(4).toString('hex'), 'status', 'playing', 'state', s, 'meta', m);
    },
    writeRawSettings: async (g, t) => {
      await redis.set(guildKeys(prefix, g).settings, t);
    },
    connect: () => redisKit(target, prefix, false),
    close: async () => {
      if (owner) await deleteByPrefix(redis, prefix);
      redis.disconnect();
    },
  };
}

/** Deletes this test's keys only: on a cluster, scanning every master, one key per DEL (keys of different slots cannot share one). */
export async function deleteByPrefix(redis: RedisClient, prefix: string): Promise<void> {
  const nodes = redis instanceof Cluster ? redis.nodes('master') : [redis];
  for (const node of nodes) {
    let cursor = '0';
    do {
      const [next, keys] = await node.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      await Promise.all(keys.map((k) => redis.del(k)));
      cursor = next;
    } while (cursor !== '0');
  }
}

/** The revision of a save expected to succeed (fails the test on a conflict or a duplicate). */
export function revOf(saved: SaveResult): Revision {
  if (saved === null || isDuplicate(saved)) throw new Error(`expected a saved revision, got ${JSON.stringify(saved)}`);
  return saved;
}

/** A small game with one player joined (version 1). */
export function sampleGame(overrides: Partial<GameConfig> = {}): { config: GameConfig; state: GameState } {
  const config = defaultConfig({ seed: 7, width: 40, height: 20, ...overrides });
  const r = step(newGame(config), { type: 'join', user: 'u1', name: 'Ann' });
  if (!r.ok) throw new Error(`join rejected: ${r.code}`);
  return { config, state: r.state };
}

/** Meta for stored games in store tests. */
export function sampleMeta(overrides: Partial<GameMeta> = {}): GameMeta {
  return { creatorId: 'u1', createdAt: 1, updatedAt: 1, roundDeadline: null, message: null, render: 'emoji', mobile: false, roundSeconds: 60, lastActed: {}, idleRounds: 0, ...overrides };
}

/** A stored game ready for create(). */
export function sampleStored(overrides: Partial<GameConfig> = {}): StoredGame {
  return { state: sampleGame(overrides).state, meta: sampleMeta() };
}

/** A distinct channel per test. */
export function freshKey(): ChannelKey {
  return { guildId: '100', channelId: String(Math.floor(Math.random() * 1e12)) };
}

/**
 * Starts a fight in a stored rounds-mode game, as if a monster had just come into view: a goblin stands next to the
 * first player and stays in view (the party is made too tough to die of it), rounds begin and the round timer is set
 * `roundSeconds` from now. Rounds mode plays in rounds only during a fight (see src/engine/pace.ts).
 */
export async function startFight(kit: Pick<StoreKit, 'games' | 'rounds'>, key: ChannelKey, now: number): Promise<void> {
  const loaded = await kit.games.load(key);
  if (loaded.kind !== 'found') throw new Error('no game to start a fight in');
  const { game, rev } = loaded;
  const s: GameState = { ...game.state, calm: 0, acted: [], players: game.state.players.map((p) => ({ ...p, hp: 999, maxHp: 999 })) };
  const p = s.players[0]!;
  const spot = [-1, 1, -s.width, s.width].map((d) => p.y * s.width + p.x + d).find((i) => s.tiles[i] === Tile.Floor && !s.players.some((q) => q.y * s.width + q.x === i) && !s.monsters.some((m) => m.y * s.width + m.x === i));
  if (spot === undefined) throw new Error('no room for the goblin next to the first player');
  const goblin = spawnMonster(s.nextId, 'goblin', spot % s.width, Math.floor(spot / s.width), 6, 0, 'Z');
  goblin.state = 'hunt';
  s.monsters = [...s.monsters.filter((m) => !(m.kind === 'goblin' && m.label === 'Z')), goblin];
  s.nextId += 1;
  const deadline = now + game.meta.roundSeconds * 1000;
  revOf(await kit.games.save(key, { state: s, meta: { ...game.meta, roundDeadline: deadline } }, rev, []));
  await kit.rounds.schedule(key, deadline);
}
