/**
 * Redis key layout. Per-channel keys share the hash tag `{guildId:channelId}` so the game and its log live in
 * one cluster slot and can be written by one script; per-guild keys share `{guildId}`.
 *
 * | key                                  | type       | contents                                      | expiry                                     |
 * | ------------------------------------ | ---------- | --------------------------------------------- | ------------------------------------------ |
 * | `<p>:{<guild>:<channel>}:game`       | hash       | rev, status, state (JSON), meta (JSON)        | GAME_TTL_MS (14 d), refreshed by each save |
 * | `<p>:{<guild>:<channel>}:log`        | list       | accepted actions (JSON), log[i] at version i  | with the game                              |
 * | `<p>:{<guild>:<channel>}:summaries`  | list       | the newest 100 finished-game summaries (JSON) | SUMMARY_TTL_MS (90 d) after the last one   |
 * | `<p>:guild:{<guild>}:settings`       | string     | the guild's settings (JSON)                   | none: configuration                        |
 * | `<p>:guild:{<guild>}:games`          | set        | channels that may have a game (superset)      | GAME_TTL_MS, refreshed by create and save  |
 * | `<p>:guild:{<guild>}:summarized`     | set        | channels that have summaries (superset)       | SUMMARY_TTL_MS, refreshed when one is kept |
 * | `<p>:rounds`                         | sorted set | round deadlines (score) per channel key       | none: entries are removed as rounds settle |
 *
 * `<p>` is REDIS_PREFIX (default `cc`). A reset-game deletes the game and its log, not the summaries.
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
