/**
 * Where an interaction happened, read from Discord's payload: `context` (0 a server channel, 1 a DM with the bot, 2 a
 * group DM or a DM between users), the channel's type (1 DM, 3 group DM) for payloads without `context`,
 * `authorizing_integration_owners` (who installed the app for this interaction: "0" the server, "1" the user) and
 * the member's Use External Apps permission (bit 50: without it, a user-installed app's answers are forced private).
 */
import { ChannelType, InteractionContextType } from 'discord-api-types/v10';
import type { InteractionPlace, PlaceKind } from './types.js';

/** Use External Apps: lets user-installed apps (not installed to the server) answer publicly. */
export const USE_EXTERNAL_APPS = 1n << 50n;

/** The raw fields placeOf reads. */
export interface RawPlaceFields {
  guild_id?: string | undefined;
  context?: number | undefined;
  channel?: { type?: number | undefined } | undefined;
  member?: { permissions: string } | undefined;
  authorizing_integration_owners?: Record<string, string | number> | undefined;
}

/** Which kind of place: the context when Discord sent it, else the guild id and the channel type. */
function kindOf(raw: RawPlaceFields): PlaceKind {
  if (raw.context === InteractionContextType.Guild) return 'guild';
  if (raw.context === InteractionContextType.BotDM) return 'dm';
  if (raw.context === InteractionContextType.PrivateChannel) return 'group-dm';
  if (raw.guild_id !== undefined) return 'guild';
  return raw.channel?.type === ChannelType.GroupDM ? 'group-dm' : 'dm';
}

/** The place of a raw interaction (validated by the caller's zod schema). */
export function placeOf(raw: RawPlaceFields): InteractionPlace {
  const kind = kindOf(raw);
  const owners = raw.authorizing_integration_owners;
  // Payloads from before user installs carry no owners: the bot was in the server, as it always was then.
  const serverInstall = owners === undefined ? kind === 'guild' : '0' in owners;
  const userInstall = owners !== undefined && '1' in owners;
  const perms = raw.member ? BigInt(raw.member.permissions) : null;
  const externalAppsAllowed = kind !== 'guild' || serverInstall || perms === null || (perms & USE_EXTERNAL_APPS) !== 0n;
  return { kind, serverInstall, userInstall, externalAppsAllowed };
}
