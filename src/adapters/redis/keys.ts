/**
 * Redis key layout. Per-channel keys share the hash tag `{guildId:channelId}` so the game and its log live in
 * one cluster slot and can be written by one script; per-guild keys share `{guildId}`.
 */
import type { ChannelKey } from '../../app/service-types.js';

/** Default namespace of every key. */
export const DEFAULT_PREFIX = 'cc';

/** Keys of one channel: its game, its action log (both expire with the game) and its finished games' summaries (kept). */
export function channelKeys(prefix: string, key: ChannelKey): { game: string; log: string; summaries: string } {
  const tag = `${prefix}:{${key.guildId}:${key.channelId}}`;
  return { game: `${tag}:game`, log: `${tag}:log`, summaries: `${tag}:summaries` };
}

/** Keys of one guild: settings, the (best-effort) index of its games, the channels that have summaries. */
export function guildKeys(prefix: string, guildId: string): { settings: string; games: string; summarized: string } {
  const tag = `${prefix}:guild:{${guildId}}`;
  return { settings: `${tag}:settings`, games: `${tag}:games`, summarized: `${tag}:summarized` };
}

/** The sorted set of round deadlines shared by every process. */
export function roundsKey(prefix: string): string {
  return `${prefix}:rounds`;
}
