/**
 * Redis key layout. Per-channel keys share the hash tag `{guildId:channelId}` so the game, its log and its applied
 * interactions live in one cluster slot and can be written by one script; per-guild keys share `{guildId}`; the round
 * queue is split over ROUND_BUCKETS sorted sets, each its own hash tag `{0}` ... `{15}`, so no one slot (one cluster
 * node) carries every channel's timer. No command or script ever spans two hash tags: writes that touch a channel and
 * its guild (the guild indexes) are separate, best-effort commands.
 *
 * | key                                  | type       | contents                                            | expiry                                     |
 * | ------------------------------------ | ---------- | --------------------------------------------------- | ------------------------------------------ |
 * | `<p>:{<guild>:<channel>}:game`       | hash       | rev, status, state (JSON), meta (JSON)              | GAME_TTL_MS (14 d), refreshed by each save |
 * | `<p>:{<guild>:<channel>}:log`        | list       | accepted actions (JSON), log[i] at version i        | with the game                              |
 * | `<p>:{<guild>:<channel>}:summaries`  | list       | the newest 100 finished-game summaries (JSON)       | SUMMARY_TTL_MS (90 d) after the last one   |
 * | `<p>:{<guild>:<channel>}:seen`       | string     | interactions applied: 12 bytes each (id hash,       | INTERACTION_TTL_MS (20 min) after the last |
 * |                                      |            | expiry s), see SEEN_RECORD_BYTES                    |                                            |
 * | `<p>:{<guild>:<channel>}:ix`         | sorted set | legacy form of `seen` (member id, score expiry ms): | its old expiry, never refreshed            |
 * |                                      |            | read, and written only while it exists              |                                            |
 * | `<p>:{<guild>:<channel>}:last`       | hash       | the last finished run: state, meta, createdAt,      | LAST_RUN_TTL_MS (7 d) after it finished    |
 * |                                      |            | checkpoint, logBase (written by the finishing save) |                                            |
 * | `<p>:{<guild>:<channel>}:last:log`   | list       | that run's action log (a copy)                      | LAST_RUN_TTL_MS (7 d) after it finished    |
 * | `<p>:{<guild>:<channel>}:outbox`     | hash       | finished runs not yet recorded: createdAt -> summary | LAST_RUN_TTL_MS after the last finish      |
 * | `<p>:{<guild>:<channel>}:runs`       | hash       | their material until recorded: createdAt -> JSON of | LAST_RUN_TTL_MS after the last finish      |
 * |                                      |            | state, meta, logBase, checkpoint and log            |                                            |
 * | `<p>:outbox:{index}`                 | sorted set | channels that may have outbox entries (superset),   | none: the sweeper drops drained members    |
 * |                                      |            | member encodeChannelKey, score ms added             |                                            |
 * | `<p>:guild:{<guild>}:settings`       | string     | the guild's settings (JSON)                         | none: configuration                        |
 * | `<p>:guild:{<guild>}:games`          | set        | channels that may have a game (superset)            | GAME_TTL_MS + 10 min, by create and a save every 10 min |
 * | `<p>:guild:{<guild>}:summarized`     | set        | channels that have summaries (superset)             | SUMMARY_TTL_MS, refreshed when one is kept |
 * | `<p>:user:{<user>}:prefs`            | string     | the user's preferences (JSON)                       | PREFS_TTL_MS (1 year) after the last write |
 * | `<p>:rounds:{<b>}`, b = 0 ... 15     | sorted set | round deadlines (score) per channel key (member);   | none: entries are removed as rounds settle |
 * |                                      |            | a channel's bucket b is roundBucket(key)            |                                            |
 * | `<p>:rounds`                         | sorted set | legacy single queue: drained into the buckets       | none; empty once drained                   |
 *
 * `<p>` is REDIS_PREFIX (default `cc`). A reset-game deletes the game, its log and its interaction records, not the summaries.
 */
import { encodeChannelKey } from '../../app/game-codec.js';
import type { ChannelKey } from '../../app/service-types.js';

/** Default namespace of every key. */
export const DEFAULT_PREFIX = 'cc';

/**
 * How many sorted sets the round queue is split over. Part of the stored layout: a channel's entry lives in bucket
 * roundBucket(key), so changing this strands entries until they are moved.
 */
export const ROUND_BUCKETS = 16;

/** Keys of one channel: its game, its action log, its applied interactions, its finished games' summaries, its last finished run and its outbox. */
export function channelKeys(prefix: string, key: ChannelKey): ChannelKeys {
  const id = `${prefix}\u0000${key.guildId}\u0000${key.channelId}`;
  const known = channelKeysMemo.get(id);
  if (known) return known;
  const tag = `${prefix}:{${key.guildId}:${key.channelId}}`;
  const keys: ChannelKeys = Object.freeze({ game: `${tag}:game`, log: `${tag}:log`, summaries: `${tag}:summaries`, ix: `${tag}:ix`, seen: `${tag}:seen`, last: `${tag}:last`, lastLog: `${tag}:last:log`, outbox: `${tag}:outbox`, runs: `${tag}:runs` });
  if (channelKeysMemo.size >= CHANNEL_KEYS_MEMO) channelKeysMemo.delete(channelKeysMemo.keys().next().value!);
  channelKeysMemo.set(id, keys);
  return keys;
}

/** A channel's Redis key names. */
export type ChannelKeys = Readonly<{ game: string; log: string; summaries: string; ix: string; seen: string; last: string; lastLog: string; outbox: string; runs: string }>;

/** The key names of the channels used lately (a press asks for them several times; building them allocates nine strings). */
const channelKeysMemo = new Map<string, ChannelKeys>();
const CHANNEL_KEYS_MEMO = 4096;

/** The index of channels that may hold outbox entries (a superset, written before the finishing save). */
export function outboxIndexKey(prefix: string): string {
  return `${prefix}:outbox:{index}`;
}

/** Keys of one guild: settings, the (best-effort) index of its games, the channels that have summaries. */
export function guildKeys(prefix: string, guildId: string): { settings: string; games: string; summarized: string } {
  const tag = `${prefix}:guild:{${guildId}}`;
  return { settings: `${tag}:settings`, games: `${tag}:games`, summarized: `${tag}:summarized` };
}

/** The bucket of a channel's round deadline: FNV-1a of its encoded key, so every process and version agrees. */
export function roundBucket(key: ChannelKey): number {
  const text = encodeChannelKey(key);
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0) % ROUND_BUCKETS;
}

/** The sorted set of round deadlines of bucket `bucket` (0 ... ROUND_BUCKETS - 1), shared by every process. */
export function roundsBucketKey(prefix: string, bucket: number): string {
  return `${prefix}:rounds:{${bucket}}`;
}

/** Every bucket of the round queue, in bucket order. */
export function roundsBucketKeys(prefix: string): string[] {
  return Array.from({ length: ROUND_BUCKETS }, (_, b) => roundsBucketKey(prefix, b));
}

/** The round queue's key before it was split into buckets; claims drain what is left in it (see RedisRoundQueue). */
export function legacyRoundsKey(prefix: string): string {
  return `${prefix}:rounds`;
}
