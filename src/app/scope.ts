/**
 * Game keys by place. A server channel's game is keyed by its guild and channel, as always. Places where the bot has
 * no channel access get a scope in the key's guild part, so a DM, a group DM and a server channel never collide and
 * every part of the system can tell how a game's messages may be edited:
 *
 * | place                                           | key                                     | messages edited through   |
 * | ----------------------------------------------- | --------------------------------------- | ------------------------- |
 * | a channel of a server that installed the bot    | `{ guildId: G, channelId: C }`          | interaction tokens, else the bot token |
 * | a server channel, app installed by the user only | `{ guildId: 'ext.G', channelId: C }`   | interaction tokens only   |
 * | a DM with the bot                               | `{ guildId: 'dm.C', channelId: C }`     | interaction tokens only   |
 * | a group DM (or a DM between users)              | `{ guildId: 'gdm.C', channelId: C }`    | interaction tokens only   |
 * | a player's own daily (private view), anywhere   | `{ guildId: <as above>, channelId: 'daily.U' }` | interaction tokens only |
 */
import type { ChannelKey } from './service-types.js';

/** The kinds of place a game can be played in. */
export type Scope = 'guild' | 'external' | 'dm' | 'group-dm';

/** The key prefix of each scope that is not a plain guild (one row per scope). */
const PREFIX: Record<Exclude<Scope, 'guild'>, string> = { external: 'ext.', dm: 'dm.', 'group-dm': 'gdm.' };

/** The channel-part prefix of a player's own daily. */
const DAILY_PREFIX = 'daily.';

/** Where a command or press came from, as the key needs it. */
export interface Place {
  kind: 'guild' | 'dm' | 'group-dm';
  /** The server installed the bot (it is a member there and may use the channel API). */
  serverInstall: boolean;
}

/** The game key of a channel in a place. */
export function channelKeyOf(place: Place, guildId: string | null, channelId: string): ChannelKey {
  if (place.kind === 'guild' && guildId !== null) return { guildId: place.serverInstall ? guildId : `${PREFIX.external}${guildId}`, channelId };
  return { guildId: `${PREFIX[place.kind === 'guild' ? 'dm' : place.kind]}${channelId}`, channelId };
}

/** The scope of a key. */
export function scopeOf(key: Pick<ChannelKey, 'guildId'>): Scope {
  for (const [scope, prefix] of Object.entries(PREFIX) as [Exclude<Scope, 'guild'>, string][]) if (key.guildId.startsWith(prefix)) return scope;
  return 'guild';
}

/** A player's own daily in the place of `key`: keyed by the user, so any number play at once beside the channel's game. */
export function personalDailyKey(key: ChannelKey, userId: string): ChannelKey {
  return { guildId: key.guildId, channelId: `${DAILY_PREFIX}${userId}` };
}

/** True for a player's own daily (played in their private view). */
export function isPersonalDaily(key: ChannelKey): boolean {
  return key.channelId.startsWith(DAILY_PREFIX);
}

/** True when the game's messages can be created and edited only through interactions (no bot-token request ever). */
export function interactionOnly(key: ChannelKey): boolean {
  return scopeOf(key) !== 'guild' || isPersonalDaily(key);
}

/** The server whose boards a run of `key` counts on; null for DMs and group DMs (their runs go to the global board only). */
export function boardGuildOf(key: Pick<ChannelKey, 'guildId'>): string | null {
  const scope = scopeOf(key);
  if (scope === 'guild') return key.guildId;
  return scope === 'external' ? key.guildId.slice(PREFIX.external.length) : null;
}

/** A link to a message of `key`'s place (`@me` for DMs and group DMs). */
export function messageLink(key: ChannelKey, channelId: string, messageId: string): string {
  return `https://discord.com/channels/${boardGuildOf(key) ?? '@me'}/${channelId}/${messageId}`;
}

