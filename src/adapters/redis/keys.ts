/**
 * Redis key layout. Per-channel keys share the hash tag `{guildId:channelId}` so the game and its log live in
 * one cluster slot and can be written by one script; per-guild keys share `{guildId}`.
 */
import type { ChannelKey } from '../../app/service-types.js';

/** Default namespace of every key. */
export const DEFAULT_PREFIX = 'cc';

/** Keys of one channel's game. */
export function channelKeys(prefix: string, key: ChannelKey): { game: string; log: string } {
  const tag = `${prefix}:{${key.guildId}:${key.channelId}}`;
  return { game: `${tag}:game`, log: `${tag}:log` };
}

/** Keys of one guild: settings, the (best-effort) index of its games, its finished-game summaries. */
export function guildKeys(prefix: string, guildId: string): { settings: string; games: string; summaries: string } {
  const tag = `${prefix}:guild:{${guildId}}`;
  return { settings: `${tag}:settings`, games: `${tag}:games`, summaries: `${tag}:summaries` };
}

/** One finished game's summary record (same slot as the guild's summaries set). */
export function summaryKey(prefix: string, guildId: string, channelId: string, createdAt: number): string {
  return `${prefix}:summary:{${guildId}}:${channelId}:${createdAt}`;
}

/** The sorted set of round deadlines shared by every process. */
export function roundsKey(prefix: string): string {
  return `${prefix}:rounds`;
}
