/**
 * The key of an interaction's game and what its place refuses, before any command runs: a server that turned off
 * external apps for its members forces a user-installed app's answers private, so a shared game can't be shown there
 * (the player's own daily and every private answer still work).
 */
import { channelKeyOf } from '../../app/scope.js';
import { DEFAULT_LOCALE, t } from '../../i18n/index.js';
import type { ChannelKey } from '../../app/service-types.js';
import type { IncomingInteraction, InteractionPlace } from './types.js';

/** The place of payloads that say nothing about installs: a server channel where the bot was invited. */
export const SERVER_PLACE: InteractionPlace = { kind: 'guild', serverInstall: true, userInstall: false, externalAppsAllowed: true };

/** Said (in English) when a server turned off external apps and the bot isn't added to it, to anything that would be public. */
export const EXTERNAL_APPS_OFF_TEXT = t(DEFAULT_LOCALE, 'place.external-apps-off');

/** Said (in English) when an interaction comes from nowhere a game can live (no channel). */
export const NO_CHANNEL_TEXT = t(DEFAULT_LOCALE, 'place.no-channel');

/** Subcommands whose answers are private anyway (or the player's own daily): they work where external apps are off. */
const PRIVATE_SUBCOMMANDS: ReadonlySet<string> = new Set(['help', 'about', 'forget', 'prefs', 'board', 'history', 'daily']);

/** The game key of an interaction, or null when it has no channel. */
export function interactionKey(i: Pick<IncomingInteraction, 'guildId' | 'channelId' | 'place'>): ChannelKey | null {
  if (!i.channelId) return null;
  const place = i.place ?? SERVER_PLACE;
  if (place.kind === 'guild' && !i.guildId) return null;
  return channelKeyOf(place, i.guildId, i.channelId);
}

/** Why this interaction can't be served in its place (one private sentence in the user's language), or null. */
export function placeRefusal(i: Pick<IncomingInteraction, 'place' | 'kind' | 'invocation' | 'locale'>): string | null {
  const place = i.place ?? SERVER_PLACE;
  // Buttons sit on messages the bot could post here, so only commands are judged.
  if (place.externalAppsAllowed || i.kind !== 'command') return null;
  const sub = i.invocation?.subcommand ?? i.invocation?.command ?? '';
  return PRIVATE_SUBCOMMANDS.has(sub) ? null : t(i.locale ?? DEFAULT_LOCALE, 'place.external-apps-off');
}
