/** Per-user preferences behind UserPrefsServiceApi: validated patches, storage outages as a typed failure. */
import type { Logger, UserPrefsStore } from './ports.js';
import type { Result, UserPrefsServiceApi } from './service-types.js';
import { storageGuarded } from './storage-guard.js';
import { UserPrefsPatchSchema, type UserPrefs, type UserPrefsPatch } from './user-prefs.js';

/** Reads and updates a user's prefs. */
export class UserPrefsService implements UserPrefsServiceApi {
  constructor(
    private readonly store: UserPrefsStore,
    private readonly logger: Logger,
  ) {}

  async get(userId: string): Promise<Result<UserPrefs>> {
    return this.guarded(userId, async () => ({ ok: true, value: await this.store.get(userId) }));
  }

  async update(userId: string, patch: UserPrefsPatch): Promise<Result<UserPrefs>> {
    const parsed = UserPrefsPatchSchema.safeParse(patch);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return { ok: false, error: { kind: 'invalid', message: first ? `${first.path.join('.') || 'prefs'}: ${first.message}` : 'invalid prefs' } };
    }
    return this.guarded(userId, async () => ({ ok: true, value: await this.store.set(userId, parsed.data) }));
  }

  async forget(userId: string): Promise<Result<void>> {
    return this.guarded(userId, async () => {
      await this.store.forget(userId);
      return { ok: true, value: undefined };
    });
  }

  private async guarded<T>(userId: string, run: () => Promise<Result<T>>): Promise<Result<T>> {
    return storageGuarded(this.logger, { userId }, run);
  }
}
