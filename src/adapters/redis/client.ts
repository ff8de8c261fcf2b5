/** ioredis client factory tuned to fail fast when Redis is down (Discord answers within 3 s) and to reconnect by itself. */
import { Redis, type RedisOptions } from 'ioredis';
import { StorageUnavailableError, type Logger } from '../../app/ports.js';

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
  const maxDelay = opts.maxReconnectDelayMs ?? 1000;
  const options: RedisOptions = {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    autoResendUnfulfilledCommands: false,
    commandTimeout: opts.commandTimeoutMs ?? 800,
    connectTimeout: opts.connectTimeoutMs ?? 1000,
    enableAutoPipelining: opts.autoPipelining ?? true,
    retryStrategy: (times) => Math.min(50 * 2 ** Math.min(times, 10), maxDelay),
  };
  const client = new Redis(url, options);
  let down = false;
  // Without a listener ioredis would print every failed reconnect; log the transitions once instead.
  client.on('error', (err: Error) => {
    if (!down) opts.logger?.warn('redis connection error', { err: err.message });
    down = true;
  });
  client.on('ready', () => {
    if (down) opts.logger?.info('redis connection restored');
    down = false;
  });
  return client;
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
const hung = new WeakSet<Redis>();

/**
 * Runs a Redis call, translating its failure with toStorageError. A call that times out means the server stopped
 * answering (paused, overloaded, network gone) on a connection that still looks open. From then until a PING gets
 * an answer, calls fail at once instead of each waiting for its own timeout, so a burst of presses in one channel,
 * queued one behind another, is answered within about one timeout, and recovery follows the first answer.
 */
export async function guard<T>(redis: Redis, call: () => Promise<T>): Promise<T> {
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
function probeUntilAnswered(redis: Redis): void {
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
export async function waitReady(client: Redis, timeoutMs = 5000): Promise<void> {
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
