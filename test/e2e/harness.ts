/** Shared set-up of the bot's end-to-end tests: the fake Discord, the real service (memory or Redis) and the real bot. */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import { startBot } from '../../src/adapters/gateway/bot.js';
import { startHttpBot } from '../../src/adapters/http/bot.js';
import { testSigningKeys } from './fake-discord/index.js';
import { MemoryEditTokens, NO_EDIT_TOKENS } from '../../src/adapters/discord/edit-tokens.js';
import { MemoryBudget, type BotBudget } from '../../src/adapters/discord/budget.js';
import { MemoryGameStore } from '../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { createRedis, waitReady } from '../../src/adapters/redis/client.js';
import { RedisGameStore } from '../../src/adapters/redis/redis-game-store.js';
import { RedisRoundQueue } from '../../src/adapters/redis/redis-round-queue.js';
import { RedisSettingsStore } from '../../src/adapters/redis/redis-settings-store.js';
import { GameService } from '../../src/app/game-service.js';
import { legalMoves } from '../../src/engine/legal.js';
import type { ChannelKey, GameServiceApi } from '../../src/app/service-types.js';
import type { GameLinks } from '../../commands/controls/index.js';
import { silentLogger, type GameStore, type RoundScheduler, type SettingsStore } from '../../src/app/ports.js';
import { SettingsService } from '../../src/app/settings-service.js';
import { DailyService } from '../../src/app/daily/daily-service.js';
import { MemoryUserPrefsStore } from '../../src/adapters/memory/memory-user-prefs-store.js';
import { MemoryBoardStore, MemoryDailyAttemptStore, MemoryHistoryStore } from '../../src/adapters/memory/memory-daily-stores.js';
import { decodeButtonId } from '../../commands/controls/custom-id.js';
import { ADMIN_PERMS, DEFAULT_GUILD, FakeDiscord, MEMBER_PERMS, type FakeActor, type FakeComponent, type FakeMessage, type InteractionCallback } from './fake-discord/index.js';

export const GUILD = DEFAULT_GUILD.id;
export const CHANNEL = DEFAULT_GUILD.channels[0]!.id;
export const OTHER_CHANNEL = DEFAULT_GUILD.channels[1]!.id;
export const ALICE: FakeActor = { id: '1300000000000000001', username: 'alice' };
export const BOB: FakeActor = { id: '1300000000000000002', username: 'bob' };
export const CAROL: FakeActor = { id: '1300000000000000003', username: 'carol' };
export const MALLORY: FakeActor = { id: '1300000000000000004', username: 'mallory' };
export { ADMIN_PERMS, MEMBER_PERMS };

/** A raw API option tree for a subcommand (and optional group) with typed leaf options. */
export function subcommand(name: string, options: Record<string, string | number | boolean> = {}, group?: string): unknown[] {
  const leaves = Object.entries(options).map(([k, v]) => ({ name: k, type: typeof v === 'number' ? 4 : typeof v === 'boolean' ? 5 : k === 'channel' ? 7 : 3, value: v }));
  const sub = { type: 1, name, options: leaves };
  return group ? [{ type: 2, name: group, options: [sub] }] : [sub];
}

/** A mutable clock shared by the service and the bot, so rounds tests can move time. */
/** Both ways interactions reach the bot: the e2e scenarios that matter run over each. */
export const TRANSPORTS = ['gateway', 'http'] as const;

export class TestClock {
  constructor(public t = Date.UTC(2025, 0, 1)) {}
  now = (): number => this.t;
}

export interface Harness {
  fake: FakeDiscord;
  /** The bot under test, whichever transport it serves. */
  bot: { stop(): Promise<void>; flushEdits(): Promise<void> };
  games: GameService;
  /** The stores behind the service (tests set up scenes in them, e.g. startFight). */
  stores: { games: GameStore; rounds: RoundScheduler };
  clock: TestClock | null;
  /** Runs a slash command and waits for the bot's first answer. */
  command(user: FakeActor, name: string, options: unknown[], opts?: { permissions?: string; channelId?: string }): Promise<{ id: string; callback: InteractionCallback; ms: number }>;
  /** Presses a button and waits for the answer. */
  press(user: FakeActor, messageId: string, customId: string): Promise<{ id: string; callback: InteractionCallback; ms: number }>;
  /** The channel's current game message (the one the service points at). */
  gameMessage(channelId?: string): Promise<FakeMessage>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  /** How long the gateway keeps answering newcomers with the restarting note on shutdown (default 50 ms in tests). */
  shutdownGraceMs?: number;
  redisUrl?: string;
  clock?: TestClock;
  roundTimerMs?: number;
  editIntervalMs?: number;
  /** Makes every service call this much slower (to exercise deferring), with the bot deferring after `deferAfterMs`. */
  slowMs?: number;
  deferAfterMs?: number;
  /** The per-user rate limit (default: effectively none, the tests act faster than people do). */
  rateLimit?: { capacity: number; refillMs: number };
  /** Wraps the service the bot sees (fault injection); the harness's `games` stays the real one. */
  wrapGames?: (games: GameServiceApi) => GameServiceApi;
  /** Where the bot's logs go (default: nowhere). */
  logger?: Logger;
  /** The bot's wall clock, by which it tells a game message's age (default Date.now). */
  wallNow?: () => number;
  /** How interactions reach the bot: the gateway (default) or signed POSTs to its HTTP endpoint. */
  transport?: 'gateway' | 'http';
  /**
   * Redraw the game message through the freshest press token (as production does) instead of the bot token. Off by
   * default: most scenarios here check the channel-API path (rate limits, 30046, reposts, permissions).
   */
  tokenEdits?: boolean;
  /** The shared bot-token budget (default: one unlimited in practice). */
  budget?: BotBudget;
  /** Wire the daily dungeon, boards and history (memory stores only), as main.ts does. */
  daily?: boolean;
  /** The full view's buttons on game messages (WEB=on in main.ts): 🖥️ and the watch link. */
  links?: (key: ChannelKey) => GameLinks | undefined;
  /** A /rogue map this soon after the last one is answered privately (default 0 here: scenarios repost at once). */
  repostCooldownMs?: number;
}

/** Starts fake Discord, stores, services and the bot; `close()` shuts down in the safe order. */
export async function startHarness(o: HarnessOptions = {}): Promise<Harness> {
  const fake = await FakeDiscord.start();
  let redis: Redis | null = null;
  let store: GameStore;
  let settingsStore: SettingsStore;
  let rounds: RoundScheduler;
  if (o.redisUrl) {
    redis = createRedis(o.redisUrl);
    // Nothing is queued while the client connects (enableOfflineQueue: false), so wait as main.ts does.
    await waitReady(redis);
    const prefix = `cc-e2e-${randomUUID()}`;
    store = new RedisGameStore(redis, { prefix });
    settingsStore = new RedisSettingsStore(redis, silentLogger, { prefix });
    rounds = new RedisRoundQueue(redis, { prefix });
  } else {
    store = new MemoryGameStore();
    settingsStore = new MemorySettingsStore(silentLogger);
    rounds = new MemoryRoundQueue();
  }
  const clock = o.clock ?? null;
  const now = clock ? clock.now : Date.now;
  // The daily service records every finished run; the game service tells it of each one (as main.ts wires them).
  let daily: DailyService | null = null;
  const games = new GameService({ games: store, settings: settingsStore, clock: { now }, rounds, logger: silentLogger, onFinished: (key, game) => daily?.recordFinished(key, game) ?? Promise.resolve() });
  if (o.daily && store instanceof MemoryGameStore) {
    const clockPort = { now };
    daily = new DailyService({ games, gameStore: store, runs: store, settings: settingsStore, clock: clockPort, logger: silentLogger, attempts: new MemoryDailyAttemptStore(clockPort), boards: new MemoryBoardStore(clockPort), history: new MemoryHistoryStore() });
  }
  const settings = new SettingsService(settingsStore, silentLogger, new MemoryUserPrefsStore(silentLogger));
  const slow = o.slowMs;
  const slowed: GameServiceApi = slow
    ? new Proxy(games, {
        get(target, prop, receiver) {
          const v = Reflect.get(target, prop, receiver) as unknown;
          if (typeof v !== 'function' || prop === 'resolveDueRounds') return v;
          return async (...args: unknown[]) => {
            await new Promise((r) => setTimeout(r, slow));
            return (v as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      })
    : games;
  const served = o.wrapGames ? o.wrapGames(slowed) : slowed;
  const common = {
    games: served,
    ...(o.deferAfterMs !== undefined ? { deferAfterMs: o.deferAfterMs } : {}),
    settings,
    logger: o.logger ?? pino({ level: 'silent' }),
    now,
    roundTimerMs: o.roundTimerMs ?? 0,
    editIntervalMs: o.editIntervalMs ?? 1000,
    repostCooldownMs: o.repostCooldownMs ?? 0,
    shutdownGraceMs: o.shutdownGraceMs ?? 50,
    ...(o.wallNow ? { wallNow: o.wallNow } : {}),
    // The tests act faster than people do; rate-limit.test.ts sets a real limit.
    rateLimit: o.rateLimit ?? { capacity: 1000, refillMs: 1000 },
    editTokens: o.tokenEdits ? new MemoryEditTokens() : NO_EDIT_TOKENS,
    budget: o.budget ?? new MemoryBudget({ perSecond: 1e6, burst: 1e6, reserve: 0 }),
    ...(daily ? { daily } : {}),
    ...(o.links ? { links: o.links } : {}),
  };
  let bot: Harness['bot'];
  if (o.transport === 'http') {
    // Discord POSTs each interaction, signed, to the endpoint; the same router answers in the HTTP response.
    const keys = testSigningKeys();
    const http = await startHttpBot({ ...common, token: fake.token, apiBase: fake.apiBase, port: 0, host: '127.0.0.1', publicKey: keys.publicKeyHex, drainMs: o.shutdownGraceMs ?? 50 });
    fake.deliverOverHttp({ urls: [`http://127.0.0.1:${http.port}/interactions`], keys });
    bot = http;
  } else {
    bot = await startBot({ ...common, token: fake.token, apiBase: fake.apiBase });
    await fake.waitForClient();
  }
  const timed = async (start: Promise<{ id: string }>): Promise<{ id: string; callback: InteractionCallback; ms: number }> => {
    const t0 = Date.now();
    const { id } = await start;
    const callback = await fake.waitForResponse(id, 3000);
    const ms = Date.now() - t0;
    // Answers never wait on the game message's edit (it goes through the coalescer): let it land before the test looks.
    await bot.flushEdits();
    return { id, callback, ms };
  };
  return {
    fake,
    bot,
    games,
    stores: { games: store, rounds },
    clock,
    command: (user, name, options, opts = {}) =>
      timed(fake.sendCommand({ guildId: GUILD, channelId: opts.channelId ?? CHANNEL, user, name, options, ...(opts.permissions ? { permissions: opts.permissions } : {}) })),
    press: (user, messageId, customId) => timed(fake.pressButton({ guildId: GUILD, channelId: CHANNEL, user, messageId, customId })),
    async gameMessage(channelId = CHANNEL) {
      // The bot records the message id just after answering, so give it a moment.
      for (let i = 0; ; i++) {
        const v = await games.view({ guildId: GUILD, channelId });
        const ref = v.ok ? v.value.meta.message : null;
        const m = ref ? fake.message(ref.messageId) : undefined;
        if (m) return m;
        if (i >= 100) throw new Error(`no game message in ${channelId}: ${v.ok ? 'none recorded' : v.error.kind}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await bot.stop();
      await fake.close();
      if (redis) await redis.quit().catch(() => redis?.disconnect());
    },
  };
}

/** All buttons of a message. */
export function buttons(m: FakeMessage | { components?: FakeComponent[] | null }): FakeComponent[] {
  return (m.components ?? []).flatMap((row) => row.components ?? []);
}

/** The first enabled button whose custom id decodes to `verb` (and, for moves, one of `dirs`). */
/** A button that takes a turn: ⏳ where the layout shows it, else a lit arrow (the phone layout may hide ⏳). */
export function turnButton(m: FakeMessage): FakeComponent | undefined {
  return findButton(m, 'wait') ?? findButton(m, 'mv');
}

/** A lit shared arrow that `userId` can take now (a lit arrow may be another member's way only). */
export async function arrowFor(games: GameServiceApi, m: FakeMessage, userId: string, channelId = CHANNEL): Promise<FakeComponent | undefined> {
  const view = await games.view({ guildId: GUILD, channelId });
  if (!view.ok) return undefined;
  const moves = legalMoves(view.value.state, userId).moves;
  const dirs = Object.entries(moves).filter(([, how]) => how !== 'blocked').map(([d]) => d);
  return findButton(m, 'mv', dirs);
}

/** The first enabled button of `verb` (an arrow among `dirs` when given). */
export function findButton(m: FakeMessage, verb: 'mv' | 'wait' | 'desc' | 'use', dirs?: string[]): FakeComponent | undefined {
  return buttons(m).find((b) => {
    if (b.disabled || !b.custom_id) return false;
    const d = decodeButtonId(b.custom_id);
    if (!d.ok || d.value.verb !== verb) return false;
    return d.value.verb !== 'mv' || !dirs || dirs.includes(d.value.dir);
  });
}

/** The "Turn N" of a game message (its embed title holds the HUD). */
export function turnOf(m: { embeds?: { title?: string }[] | null }): number {
  const match = /Turn (\d+)/.exec(m.embeds?.[0]?.title ?? '');
  if (!match) throw new Error(`no turn in ${JSON.stringify(m.embeds?.[0]?.title)}`);
  return Number(match[1]);
}

/** Text of an ephemeral (flags 64) callback. */
export function ephemeralText(cb: InteractionCallback): string {
  if (cb.type !== 4 || ((cb.data?.flags ?? 0) & 64) === 0) throw new Error(`expected an ephemeral reply, got ${JSON.stringify(cb).slice(0, 300)}`);
  return cb.data?.content ?? '';
}
