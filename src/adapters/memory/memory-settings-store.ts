/** In-memory SettingsStore, stored as JSON text like the Redis one. */
import type { Logger, SettingsStore } from '../../app/ports.js';
import { readStoredSettings } from '../../app/settings-salvage.js';
import type { GuildSettings } from '../../app/settings.js';

/** Per-guild settings in process memory. */
export class MemorySettingsStore implements SettingsStore {
  private readonly rows = new Map<string, string>();
  constructor(private readonly logger: Logger) {}

  async get(guildId: string): Promise<GuildSettings> {
    return readStoredSettings(this.rows.get(guildId) ?? null, this.logger, { guildId });
  }

  async set(guildId: string, settings: GuildSettings): Promise<void> {
    this.rows.set(guildId, JSON.stringify(settings));
  }

  async clear(guildId: string): Promise<void> {
    this.rows.delete(guildId);
  }

  /** Overwrites the stored text (to test corrupt settings). */
  writeRaw(guildId: string, text: string): void {
    this.rows.set(guildId, text);
  }
}
