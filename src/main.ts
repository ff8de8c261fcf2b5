/**
 * `npm start` / `npm run start:prod`: config -> pino -> Redis (single or Cluster) or memory stores -> services ->
 * metrics (METRICS_PORT) -> the gateway bot or the HTTP interactions endpoint (INTERACTIONS) -> round timer; clean
 * shutdown on SIGTERM/SIGINT.
 */
import { startBot } from './adapters/gateway/bot.js';
import { startHttpBot } from './adapters/http/bot.js';
import { startMetrics } from './adapters/metrics/index.js';
import { MemoryGameStore } from './adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from './adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from './adapters/memory/memory-settings-store.js';
import { MemoryUserPrefsStore } from './adapters/memory/memory-user-prefs-store.js';
import { createRedisFromConfig, waitReady, type RedisClient } from './adapters/redis/client.js';
import { RedisGameStore } from './adapters/redis/redis-game-store.js';
import { RedisRoundQueue } from './adapters/redis/redis-round-queue.js';
import { RedisSettingsStore } from './adapters/redis/redis-settings-store.js';
import { RedisUserPrefsStore } from './adapters/redis/redis-user-prefs-store.js';
import { RedisEditTokens } from './adapters/redis/redis-edit-tokens.js';
import { RedisBudget } from './adapters/redis/redis-budget.js';
import { RedisUserLimiter } from './adapters/redis/redis-user-limiter.js';
import { RedisRepostGate } from './adapters/redis/redis-repost-gate.js';
import type { RepostGate } from './adapters/discord/repost-gate.js';
import type { UserLimiter } from './adapters/discord/rate-limit.js';
import type { EditTokens } from './adapters/discord/edit-tokens.js';
import type { BotBudget } from './adapters/discord/budget.js';
import { GameService } from './app/game-service.js';
import type { ChannelKey } from './app/service-types.js';
import { systemClock, type GameStore, type RoundScheduler, type SettingsStore, type UserPrefsStore } from './app/ports.js';
import { SettingsService } from './app/settings-service.js';
import { DailyService, type DailyServiceDeps } from './app/daily/daily-service.js';
import { ReplayService } from './app/replay-service.js';
import { workerReplayEncoder } from './adapters/render/replay-encoder.js';
import { MemoryBoardStore, MemoryDailyAttemptStore, MemoryHistoryStore } from './adapters/memory/memory-daily-stores.js';
import { RedisBoardStore, RedisDailyAttemptStore, RedisHistoryStore } from './adapters/redis/redis-daily-stores.js';
import { RedisFinishedRuns } from './adapters/redis/redis-finished-runs.js';
import { startOutboxSweeper } from './app/daily/sweeper.js';
import { loadConfigOrExit } from './config/env.js';
import { appLogger, createLogger } from './config/logger.js';

const config = loadConfigOrExit();
// The token is scrubbed from every line, whichever library error happens to quote it.
const log = createLogger(config.logLevel, undefined, [config.discordToken, ...(config.web ? [config.web.secret, config.web.clientSecret ?? ''].filter((x) => x !== '') : [])]);
const app = appLogger(log);
// A stray rejection deep inside a library must not take every channel's game down with it: log it and carry on
// (nothing lives in this process's memory that a later interaction could trip over).
process.on('unhandledRejection', (err: unknown) => log.error({ err }, 'unhandled promise rejection'));

// One server (REDIS_URL) or a cluster (REDIS_CLUSTER_NODES); the configuration refuses both.
const redis: RedisClient | null = createRedisFromConfig({ url: config.redisUrl, clusterNodes: config.redisClusterNodes }, { logger: app });
let games: GameStore;
let settingsStore: SettingsStore;
let rounds: RoundScheduler;
let prefs: UserPrefsStore;
let dailyStores: Pick<DailyServiceDeps, 'attempts' | 'boards' | 'history' | 'runs'>;
// Shared by every replica: the freshest token that can edit each game message, the bot token's global budget and the
// per-user action limit.
let edits: { editTokens: EditTokens; budget: BotBudget; rateLimiter: UserLimiter; repostGate: RepostGate } | Record<string, never> = {};
if (redis) {
  const prefix = config.redisPrefix ? { prefix: config.redisPrefix } : {};
  games = new RedisGameStore(redis, { ...prefix, onDamagedIndex: (key) => log.warn({ key }, 'a damaged guild index was dropped; it is rebuilt as games are saved') });
  settingsStore = new RedisSettingsStore(redis, app, prefix);
  rounds = new RedisRoundQueue(redis, prefix);
  prefs = new RedisUserPrefsStore(redis, app, prefix);
  dailyStores = { attempts: new RedisDailyAttemptStore(redis, prefix), boards: new RedisBoardStore(redis, app, prefix), history: new RedisHistoryStore(redis, app, prefix), runs: new RedisFinishedRuns(redis, app, prefix) };
  edits = { editTokens: new RedisEditTokens(redis, prefix), budget: new RedisBudget(redis, prefix), rateLimiter: new RedisUserLimiter(redis, { ...prefix, onFallback: (err) => log.warn({ err }, 'per-user limit: Redis did not answer; this process decided') }), repostGate: new RedisRepostGate(redis, { ...prefix, onFallback: (err) => log.warn({ err }, 'repost limit: Redis did not answer; this process decided') }) };
  log.info({ prefix: config.redisPrefix ?? '(default)', cluster: config.redisClusterNodes !== undefined }, 'using Redis storage');
  // The client queues nothing while disconnected, so wait for the first connection; if Redis is down, start anyway:
  // commands answer "storage unavailable" until the client reconnects by itself.
  await waitReady(redis).catch((err: unknown) => log.warn({ err }, 'Redis is not answering yet; continuing and reconnecting in the background'));
} else {
  const memoryGames = new MemoryGameStore();
  games = memoryGames;
  settingsStore = new MemorySettingsStore(app);
  rounds = new MemoryRoundQueue();
  prefs = new MemoryUserPrefsStore(app);
  dailyStores = { attempts: new MemoryDailyAttemptStore(systemClock), boards: new MemoryBoardStore(systemClock), history: new MemoryHistoryStore(), runs: memoryGames };
  log.warn('REDIS_URL is not set (nor REDIS_CLUSTER_NODES): games are kept IN MEMORY ONLY and will be LOST when the bot restarts. Set REDIS_URL for real use.');
}

// Metrics first, so the service can count what it prevents.
const served = await startMetrics(config.metricsPort).catch((err: unknown) => {
  log.fatal({ err, port: config.metricsPort }, 'could not start the metrics server (is METRICS_PORT free?)');
  process.exit(1);
});
if (served.port !== null) log.info({ port: served.port }, 'metrics on /metrics');
const metrics = served.metrics;
// The daily service records every finished run (history, verified boards); the game service tells it of each one.
let daily: DailyService | null = null;
const service = new GameService({ games, settings: settingsStore, clock: systemClock, rounds, logger: app, onDuplicate: () => metrics.duplicatePrevented(), onFinished: (key, game) => daily?.recordFinished(key, game) ?? Promise.resolve() });
const replayEncoder = workerReplayEncoder();
const replays = new ReplayService({ gameStore: games, runs: dailyStores.runs, encoder: replayEncoder, logger: app });
// The full view (WEB=on): every accepted turn, from any window, is announced to the open views on every replica.
const target = { url: config.redisUrl, clusterNodes: config.redisClusterNodes };
// Loaded only when on: WEB=off never loads the full view's modules.
const webModule = config.web ? await import('./adapters/web/start.js') : null;
const fullView = webModule ? webModule.announcing(service, redis, target, config.redisPrefix) : null;
const gameApi = fullView?.games ?? service;
daily = new DailyService({ games: gameApi, gameStore: games, settings: settingsStore, clock: systemClock, logger: app, ...dailyStores });
// Finished runs a crash or an outage left unrecorded (their outbox entries): swept now and every minute.
const stopSweeper = startOutboxSweeper(daily, { logger: app });
const settings = new SettingsService(settingsStore, app, prefs);
const redisReady = async (): Promise<boolean> => (redis ? (await redis.ping()) === 'PONG' : true);

try {
  // WEB=on: every game message offers 🖥️ (LAUNCH_ACTIVITY) and, with WEB_PUBLIC_URL, a signed watch link.
  // While party members have the full view open, the message is a short pointer naming them (see docs/full-view.md).
  let inFullView: (key: ChannelKey) => readonly string[] = () => [];
  const links = config.web && webModule ? { links: webModule.gameLinks(config.web.secret, config.web.publicUrl, (key) => inFullView(key)) } : {};
  const common = { token: config.discordToken, apiBase: config.apiBase, games: gameApi, settings, daily, replays, logger: log, metrics, ...edits, ...links };
  const bot = config.http
    ? await startHttpBot({ ...common, port: config.http.port, publicKey: config.http.publicKey, drainMs: config.http.drainMs, ready: redisReady })
    : await startBot({ ...common, ...(config.shards ? { shards: config.shards } : {}) });
  const web = config.web && fullView && webModule
    ? await webModule.startFullView({ web: config.web, games: gameApi, bus: fullView.bus, redis, ...(config.redisPrefix ? { prefix: config.redisPrefix } : {}), apiBase: config.apiBase, applicationId: config.applicationId, token: config.discordToken, logger: app, refresh: (key) => bot.refresh(key) })
    : null;
  if (web) inFullView = web.players;
  if (web) log.info({ port: web.port, clientFiles: web.files, discordSignIn: config.web?.clientSecret !== undefined }, web.files > 0 ? 'full view on /app' : 'full view on /app, but the client is not built: run npm run build');
  let shuttingDown = false;
  const shutdown = (signal: string): void => {
    if (shuttingDown) return;
    shuttingDown = true;
    log.info({ signal }, 'shutting down: finishing interactions in flight');
    // If something hangs, leave anyway: a stuck shutdown is worse than an abrupt one.
    setTimeout(() => {
      log.error('shutdown took too long; exiting');
      process.exit(1);
    }, (config.http?.drainMs ?? 0) + 10_000).unref();
    void (async () => {
      await bot.stop();
      await web?.close();
      await stopSweeper();
      await replayEncoder.close();
      await served.close();
      if (redis) await redis.quit().catch(() => redis?.disconnect());
      log.info('bye');
      process.exit(0);
    })();
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
} catch (err) {
  log.fatal({ err }, config.http ? 'could not start the HTTP interactions endpoint (is PORT free?)' : 'could not start the bot (is DISCORD_TOKEN right, and is DISCORD_API_BASE reachable?)');
  if (redis) redis.disconnect();
  process.exit(1);
}
