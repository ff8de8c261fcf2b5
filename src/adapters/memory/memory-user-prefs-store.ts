/** In-memory UserPrefsStore, stored as JSON text like the Redis one. */
import type { Logger, UserPrefsStore } from '../../app/ports.js';
import { mergePrefs, readStoredPrefs, type UserPrefs, type UserPrefsPatch } from '../../app/user-prefs.js';

/** Per-user prefs in process memory. */
export class MemoryUserPrefsStore implements UserPrefsStore {
  private readonly rows = new Map<string, string>();
  constructor(private readonly logger: Logger) {}

  async get(userId: string): Promise<UserPrefs> {
    return readStoredPrefs(this.rows.get(userId) ?? null, this.logger, { userId });
  }

  async set(userId: string, patch: UserPrefsPatch): Promise<UserPrefs> {
    const next = mergePrefs(await this.get(userId), patch);
    this.rows.set(userId, JSON.stringify(next));
    return next;
  }

  async forget(userId: string): Promise<void> {
    this.rows.delete(userId);
  }

  /** Overwrites the stored text (to test damaged prefs). */
  writeRaw(userId: string, text: string): void {
    this.rows.set(userId, text);
  }
}
