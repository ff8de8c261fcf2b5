/**
 * ioredis client factories (one server, or a Redis Cluster) tuned to fail fast when Redis is down (Discord answers
 * within 3 s) and to reconnect by themselves.
 */
import { Cluster, Redis, type ClusterOptions, type RedisOptions } from 'ioredis';
import { StorageUnavailableError, type Logger } from '../../app/ports.js';

/**
 * What the stores take: one server or a cluster. Both have the same command API; every multi-key command and script
 * the stores send keeps its keys under one hash tag (see keys.ts), so each runs on one cluster node.
 */
export type RedisClient = Redis | Cluster;

/** One node of a Redis Cluster to start from (the client discovers the others). */
export interface ClusterNodeAddress {
  host: string;
  port: number;
}

/** Tuning knobs; the defaults keep a failing command under about 1 s. */
export interface RedisClientOptions {
  commandTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Cap of the reconnect backoff. */
  maxReconnectDelayMs?: number;
  /** Batches commands issued in the same tick into one write (helps many channels in parallel). */
  autoPipelining?: boolean;
  logger?: Logger;
}

/**
 * A client that never queues commands while disconnected (enableOfflineQueue: false), never re-sends a command
 * whose reply was lost (a resent compare-and-set could be mistaken for a conflict, and the caller already reported
 * the failure), times out each command, and keeps reconnecting with a capped backoff.
 */
export function createRedis(url: string, opts: RedisClientOptions = {}): Redis {
  const options: RedisOptions = {
    ...nodeOptions(opts),
    enableOfflineQueue: false,
    enableAutoPipelining: opts.autoPipelining ?? true,
    retryStrategy: reconnectDelay(opts),
  };
  const client = new Redis(url, options);
  logTransitions(client, opts.logger);
  return client;
}

/**
 * A Redis Cluster client with the same guarantees as createRedis: nothing queued while the cluster is unreachable,
 * a timeout on every command, and no command re-sent after its connection dropped (retryDelayOnFailover 0: its reply
 * may have been lost after it ran). Redirections (MOVED, ASK) and refusals of a cluster in flux (TRYAGAIN,
 * CLUSTERDOWN) are retried a few times with short delays (ioredis retries an auto-pipelined batch only when none of
 * its writes ran): the node did not run the command, so a retry is safe, and a write retried too late is refused by
 * its own deadline (see RedisGameStore). When the retries run out the error is transient: storage-unavailable.
 */
export function createRedisCluster(nodes: readonly ClusterNodeAddress[], opts: RedisClientOptions = {}): Cluster {
  if (nodes.length === 0) throw new Error('a Redis Cluster needs at least one node to start from');
  const options: ClusterOptions = {
    redisOptions: nodeOptions(opts),
    enableOfflineQueue: false,
    enableAutoPipelining: opts.autoPipelining ?? true,
    clusterRetryStrategy: reconnectDelay(opts),
    retryDelayOnFailover: 0,
    retryDelayOnTryAgain: 50,
    retryDelayOnClusterDown: 100,
    retryDelayOnMoved: 0,
    // Bounds the retries above: at most about half a second is spent on a cluster in flux before it is "unavailable".
    maxRedirections: 6,
    slotsRefreshTimeout: opts.connectTimeoutMs ?? 1000,
  };
  const client = new Cluster(nodes.map((n) => ({ host: n.host, port: n.port })), options);
  logTransitions(client, opts.logger);
  return client;
}

/** Where Redis is: a URL (one server) or cluster nodes. */
export interface RedisTarget {
  url?: string | undefined;
  clusterNodes?: readonly ClusterNodeAddress[] | undefined;
}

/**
 * The client for the configuration: a cluster client when cluster nodes are given, else a one-server client when a
 * URL is, else null (no Redis: memory stores). The configuration refuses both at once (see src/config/env.ts).
 */
export function createRedisFromConfig(target: RedisTarget, opts: RedisClientOptions = {}): RedisClient | null {
  if (target.clusterNodes && target.clusterNodes.length > 0) return createRedisCluster(target.clusterNodes, opts);
  if (target.url) return createRedis(target.url, opts);
  return null;
}

/** Options of every server connection, the cluster's node connections included. */
function nodeOptions(opts: RedisClientOptions): RedisOptions {
  return {
    maxRetriesPerRequest: 0,
    autoResendUnfulfilledCommands: false,
    commandTimeout: opts.commandTimeoutMs ?? 800,
    connectTimeout: opts.connectTimeoutMs ?? 1000,
  };
}

/** The capped exponential reconnect backoff. */
function reconnectDelay(opts: RedisClientOptions): (times: number) => number {
  const maxDelay = opts.maxReconnectDelayMs ?? 1000;
  return (times) => Math.min(50 * 2 ** Math.min(times, 10), maxDelay);
}

/** Logs the start and the end of a connection outage once each, instead of every failed reconnect. */
function logTransitions(client: RedisClient, logger: Logger | undefined): void {
  let down = false;
  // Without a listener ioredis would print every failed reconnect; log the transitions once instead.
  client.on('error', (err: Error) => {
    if (!down) logger?.warn('redis connection error', { err: err.message });
    down = true;
  });
  client.on('ready', () => {
    if (down) logger?.info('redis connection restored');
    down = false;
  });
}

/**
 * Reply errors that mean Redis can't take the command now rather than a bug: loading, a replica, busy, a cluster
 * moving or down, out of memory (maxmemory), or refusing writes after a failed disk save. Inside a script the code may
 * follow "ERR Error running script ...: ".
 */
const TRANSIENT_REPLY = /^(?:ERR [^\n]*?: )?-?(LOADING|READONLY|MASTERDOWN|BUSY|TRYAGAIN|CLUSTERDOWN|NOREPLICAS|OOM|MISCONF|MOVED|ASK)\b/;

/** The transient reply code of an error ('OOM', 'READONLY', ...), or null when it is not one. */
export function transientCode(message: string): string | null {
  return TRANSIENT_REPLY.exec(message)?.[1] ?? null;
}

/**
 * ioredis attaches the failed command with all of its arguments (a whole saved state, user ids and names) to its
 * errors; keep only the command's name, its first key and the arguments' total size, so no log can carry them.
 */
export function scrubRedisCommand(err: Error): Error {
  const e = err as Error & { command?: { name?: unknown; args?: unknown }; args?: unknown };
  if (e.command && typeof e.command === 'object') {
    const args = Array.isArray(e.command.args) ? (e.command.args as unknown[]) : [];
    const isScript = e.command.name === 'evalsha' || e.command.name === 'eval';
    const key = args[isScript ? 2 : 0];
    e.command = { name: e.command.name, ...(typeof key === 'string' && key.length <= 200 ? { key } : {}), argCount: args.length, argBytes: args.reduce<number>((n, a) => n + String(a).length, 0) } as typeof e.command;
  }
  if ('args' in e) delete e.args;
  return err;
}

/** Maps connection failures, timeouts and transient server states to StorageUnavailableError; other errors pass through. */
export function toStorageError(err: unknown): unknown {
  if (err instanceof StorageUnavailableError) return err;
  if (!(err instanceof Error)) return err;
  scrubRedisCommand(err);
  // Server replies (ReplyError) are bugs or bad data unless the server is only temporarily unable to answer.
  if (err.name === 'ReplyError') return transientCode(err.message) ? new StorageUnavailableError(`redis: ${err.message.slice(0, 200)}`, { cause: err }) : err;
  // Everything else from the client (timeouts, closed connection, offline queue disabled) means unreachable.
  return new StorageUnavailableError(`redis: ${err.message}`, { cause: err });
}

/** True for the reply Redis gives when a key holds another type than the command expects (bad data, not an outage). */
export function isWrongType(err: unknown): boolean {
  return err instanceof Error && err.message.startsWith('WRONGTYPE');
}

/** Clients whose server stopped answering (a call timed out) and that a PING loop is probing until it answers. */
const hung = new WeakSet<RedisClient>();

/**
 * Runs a Redis call, translating its failure with toStorageError. A call that times out means the server stopped
 * answering (paused, overloaded, network gone) on a connection that still looks open. From then until a PING gets
 * an answer, calls fail at once instead of each waiting for its own timeout, so a burst of presses in one channel,
 * queued one behind another, is answered within about one timeout, and recovery follows the first answer.
 * On a cluster the mark covers the whole client and the probe's PING goes to any node, so one hung node costs the
 * channels of the others at most one probe's round trip, while its own channels keep failing by their own timeouts.
 */
/**
 * GET of a JSON string key (settings, prefs): its text, null when absent, and '' when the key holds another type
 * (damaged), so the caller's reader falls back to defaults and logs it instead of failing.
 */
export async function getStoredText(redis: RedisClient, key: string): Promise<string | null> {
  try {
    return await guard(redis, () => redis.get(key));
  } catch (err) {
    if (!isWrongType(err)) throw err;
    return '';
  }
}

export async function guard<T>(redis: RedisClient, call: () => Promise<T>): Promise<T> {
  if (hung.has(redis)) throw new StorageUnavailableError('redis: not answering');
  try {
    return await call();
  } catch (err) {
    if (err instanceof Error && err.message === TIMED_OUT) probeUntilAnswered(redis);
    throw toStorageError(err);
  }
}

/** ioredis' message for a command that exceeded commandTimeout. */
const TIMED_OUT = 'Command timed out';

/** Marks the client hung and PINGs (each bounded by the command timeout) until the server answers or the connection drops. */
function probeUntilAnswered(redis: RedisClient): void {
  if (hung.has(redis)) return;
  hung.add(redis);
  const probe = (): void => {
    redis.ping().then(
      () => hung.delete(redis),
      // A closed connection fails fast by itself (no offline queue), so the probe only continues while calls would hang.
      (err: unknown) => (err instanceof Error && err.message === TIMED_OUT ? probe() : hung.delete(redis)),
    );
  };
  probe();
}

/** Resolves once the client is connected (commands fail fast before that, since nothing is queued offline). */
export async function waitReady(client: RedisClient, timeoutMs = 5000): Promise<void> {
  if (client.status === 'ready') return;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      client.off('ready', onReady);
      reject(new StorageUnavailableError(`redis not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    const onReady = (): void => {
      clearTimeout(timer);
      resolve();
    };
    client.once('ready', onReady);
  });
}
