/**
 * The newest game version this process has answered per channel: a press answered with an older version than one
 * already answered may reach Discord last, so it asks the coalescer for a catch-up redraw, without reading the game
 * again. Bounded (the oldest channel is forgotten first).
 */
import type { ChannelKey } from '../../app/service-types.js';

/** Per channel, the newest version answered. */
export interface VersionWatch {
  /** Notes that `version` of the channel's game was answered. */
  answered(key: ChannelKey, version: number): void;
  /** The newest version answered in the channel (-1 when none). */
  newest(key: ChannelKey): number;
}

/** A VersionWatch in process memory keeping at most `max` channels. */
export function createVersionWatch(max = 10_000): VersionWatch {
  const seen = new Map<string, number>();
  const id = (k: ChannelKey): string => `${k.guildId}/${k.channelId}`;
  return {
    answered(key, version) {
      const k = id(key);
      const before = seen.get(k) ?? -1;
      seen.delete(k);
      seen.set(k, Math.max(before, version));
      if (seen.size > max) seen.delete(seen.keys().next().value!);
    },
    newest: (key) => seen.get(id(key)) ?? -1,
  };
}
