/**
 * UserPrefsStore on Redis: one JSON string per user at `<p>:user:{<user>}:prefs`, expiring PREFS_TTL_MS after the
 * last write. Read leniently: a damaged value (bad JSON, bad fields, a wrong Redis type) reads as defaults and is logged.
 */
import type { Logger, UserPrefsStore } from '../../app/ports.js';
import { mergePrefs, readStoredPrefs, type UserPrefs, type UserPrefsPatch } from '../../app/user-prefs.js';
import { getStoredText, guard, type RedisClient } from './client.js';
import { DEFAULT_PREFIX } from './keys.js';

/** Prefs of a user who changes nothing for a year are forgotten. */
export const PREFS_TTL_MS = 365 * 24 * 3_600_000;

/** The key of one user's prefs (its own hash tag: users are spread over cluster slots). */
export function userPrefsKey(prefix: string, userId: string): string {
  return `${prefix}:user:{${userId}}:prefs`;
}

/** Per-user prefs in Redis. */
export class RedisUserPrefsStore implements UserPrefsStore {
  private readonly prefix: string;
  constructor(
    private readonly redis: RedisClient,
    private readonly logger: Logger,
    opts: { prefix?: string } = {},
  ) {
    this.prefix = opts.prefix ?? DEFAULT_PREFIX;
  }

  async get(userId: string): Promise<UserPrefs> {
    const key = userPrefsKey(this.prefix, userId);
    return readStoredPrefs(await getStoredText(this.redis, key), this.logger, { userId, key });
  }

  async set(userId: string, patch: UserPrefsPatch): Promise<UserPrefs> {
    // Read-modify-write without compare-and-set: one user changing their own prefs; the last write wins.
    const next = mergePrefs(await this.get(userId), patch);
    await guard(this.redis, () => this.redis.set(userPrefsKey(this.prefix, userId), JSON.stringify(next), 'PX', PREFS_TTL_MS));
    return next;
  }

  async forget(userId: string): Promise<void> {
    await guard(this.redis, () => this.redis.del(userPrefsKey(this.prefix, userId)));
  }
}
