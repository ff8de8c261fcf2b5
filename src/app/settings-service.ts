/**
 * Per-guild settings behind SettingsServiceApi. Updates are read-modify-write without compare-and-set: they are
 * rare admin commands, and the last write winning is acceptable there.
 */
import type { Logger, SettingsStore, UserPrefsStore } from './ports.js';
import type { Result, SettingsServiceApi, UserPrefsServiceApi } from './service-types.js';
import { limitsConflict } from './host-limits.js';
import { storageGuarded } from './storage-guard.js';
import { UserPrefsService } from './user-prefs-service.js';
import { defaultSettings, GuildSettingsPatchSchema, GuildSettingsSchema, type GuildSettings, type GuildSettingsPatch } from './settings.js';

/** Settings reads and validated updates. */
export class SettingsService implements SettingsServiceApi {
  readonly prefs?: UserPrefsServiceApi;

  constructor(
    private readonly store: SettingsStore,
    private readonly logger: Logger,
    prefs?: UserPrefsStore,
  ) {
    if (prefs) this.prefs = new UserPrefsService(prefs, logger);
  }

  async get(guildId: string): Promise<Result<GuildSettings>> {
    return this.guarded(guildId, async () => ({ ok: true, value: await this.store.get(guildId) }));
  }

  async update(guildId: string, patch: GuildSettingsPatch): Promise<Result<GuildSettings>> {
    const parsed = GuildSettingsPatchSchema.safeParse(patch);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      return { ok: false, error: { kind: 'invalid', message: first ? `${first.path.join('.') || 'settings'}: ${first.message}` : 'invalid settings' } };
    }
    // Only the fields the caller gave: an explicit `undefined` means "leave it", not "reset it to the default".
    const given = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
    return this.modify(guildId, (s) => ({ ...s, ...given }));
  }

  async addChannel(guildId: string, channelId: string): Promise<Result<GuildSettings>> {
    return this.modify(guildId, (s) => (s.allowedChannels.includes(channelId) ? s : { ...s, allowedChannels: [...s.allowedChannels, channelId] }));
  }

  async removeChannel(guildId: string, channelId: string): Promise<Result<GuildSettings>> {
    return this.modify(guildId, (s) => ({ ...s, allowedChannels: s.allowedChannels.filter((c) => c !== channelId) }));
  }

  async reset(guildId: string): Promise<Result<GuildSettings>> {
    return this.guarded(guildId, async () => {
      await this.store.clear(guildId);
      return { ok: true, value: defaultSettings() };
    });
  }

  private async modify(guildId: string, change: (s: GuildSettings) => GuildSettings): Promise<Result<GuildSettings>> {
    return this.guarded(guildId, async () => {
      const next = GuildSettingsSchema.safeParse(change(await this.store.get(guildId)));
      if (!next.success) return { ok: false, error: { kind: 'invalid', message: next.error.issues[0]?.message ?? 'invalid settings' } };
      // A minimum above its maximum would refuse every host's choice: refused here, before it is saved.
      const conflict = limitsConflict(next.data);
      if (conflict !== null) return { ok: false, error: conflict };
      await this.store.set(guildId, next.data);
      return { ok: true, value: next.data };
    });
  }

  private async guarded<T>(guildId: string, run: () => Promise<Result<T>>): Promise<Result<T>> {
    return storageGuarded(this.logger, { guildId }, run);
  }
}
