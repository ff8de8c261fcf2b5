/** Map keys of the in-memory stores. */
import type { ChannelKey } from '../../app/service-types.js';

/** One string per channel (JSON, so any characters in the ids are safe). */
export function channelId(key: ChannelKey): string {
  return JSON.stringify([key.guildId, key.channelId]);
}

/** Inverse of channelId. */
export function parseChannelId(text: string): ChannelKey {
  const [guildId, channelId] = JSON.parse(text) as [string, string];
  return { guildId, channelId };
}
