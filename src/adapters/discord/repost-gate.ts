/**
 * Limits on what players can make the bot spend from the fleet's shared bot-token budget: a `/rogue map` repost
 * (which posts a new game message and retires the old one) is allowed once per channel every REPOST_COOLDOWN_MS and
 * once per user every USER_REPOST_COOLDOWN_MS; within either, the command is answered privately with a link to the
 * live message instead. `memoryRepostGate` is one process's (tests, the embedded default); `RedisRepostGate`
 * (src/adapters/redis/redis-repost-gate.ts) holds for every replica and shard, so N replicas don't give N allowances.
 */
import type { ChannelKey } from '../../app/service-types.js';

/** A /rogue map within this long of the last repost in the channel (by any replica) is answered privately instead. */
export const REPOST_COOLDOWN_MS = 5_000;

/** A user's /rogue map within this long of their last repost anywhere (any channel, any replica) is answered privately. */
export const USER_REPOST_COOLDOWN_MS = 5_000;

/** A repost claim's answer: go ahead, or which limit refused it (the channel's, or the user's). */
export type RepostVerdict = 'ok' | 'channel' | 'user';

/** May `userId` repost the game message of `key` now? The same interaction asked again is answered the same (a redelivery). */
export interface RepostGate {
  claim(key: ChannelKey, userId: string, interactionId: string): Promise<RepostVerdict>;
}

/** The cooldowns of a gate (ms; 0 turns that limit off). */
export interface RepostCooldowns {
  channelMs: number;
  userMs: number;
}

/** The defaults, or one cooldown for both (the `repostCooldownMs` option: 0 turns the gate off). */
export function repostCooldowns(both?: number): RepostCooldowns {
  return both === undefined ? { channelMs: REPOST_COOLDOWN_MS, userMs: USER_REPOST_COOLDOWN_MS } : { channelMs: both, userMs: both };
}

/** The channel's and the user's cooldown keys (the identity of what each limit counts). */
export function repostSubjects(key: ChannelKey, userId: string): { channel: string; user: string } {
  return { channel: `${key.guildId}:${key.channelId}`, user: userId };
}

/** A gate in this process's memory (bounded: the oldest subjects are forgotten first). */
export function memoryRepostGate(cooldowns: RepostCooldowns = repostCooldowns(), now: () => number = Date.now, max = 10_000): RepostGate {
  const held = new Map<string, { until: number; by: string }>();
  /** Claims `subject` for `ms` unless someone else holds it; the holder's own interaction is let through again. */
  const claim = (subject: string, ms: number, id: string, t: number): boolean => {
    if (ms <= 0) return true;
    const h = held.get(subject);
    if (h && h.until > t) return h.by === id;
    held.delete(subject);
    held.set(subject, { until: t + ms, by: id });
    if (held.size > max) held.delete(held.keys().next().value!);
    return true;
  };
  return {
    async claim(key, userId, interactionId) {
      const t = now();
      const s = repostSubjects(key, userId);
      if (!claim(`c:${s.channel}`, cooldowns.channelMs, interactionId, t)) return 'channel';
      if (claim(`u:${s.user}`, cooldowns.userMs, interactionId, t)) return 'ok';
      // Refused for the user: the channel's claim made for this interaction is given back.
      if (held.get(`c:${s.channel}`)?.by === interactionId) held.delete(`c:${s.channel}`);
      return 'user';
    },
  };
}
