/** SettingsStore on Redis: one JSON string per guild, read leniently (bad fields fall back to defaults with a warning). */
import type { Logger, SettingsStore } from '../../app/ports.js';
import { readStoredSettings } from '../../app/settings-salvage.js';
import type { GuildSettings } from '../../app/settings.js';
import { getStoredText, guard, type RedisClient } from './client.js';
import { DEFAULT_PREFIX, guildKeys } from './keys.js';

/** Per-guild settings in Redis (no TTL: they are configuration). */
export class RedisSettingsStore implements SettingsStore {
  private readonly prefix: string;
  constructor(
    private readonly redis: RedisClient,
    private readonly logger: Logger,
    opts: { prefix?: string } = {},
  ) {
    this.prefix = opts.prefix ?? DEFAULT_PREFIX;
  }

  async get(guildId: string): Promise<GuildSettings> {
    const key = guildKeys(this.prefix, guildId).settings;
    return readStoredSettings(await getStoredText(this.redis, key), this.logger, { guildId, key });
  }

  async set(guildId: string, settings: GuildSettings): Promise<void> {
    await guard(this.redis, () => this.redis.set(guildKeys(this.prefix, guildId).settings, JSON.stringify(settings)));
  }

  async clear(guildId: string): Promise<void> {
    await guard(this.redis, () => this.redis.del(guildKeys(this.prefix, guildId).settings));
  }
}
