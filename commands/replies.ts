/** Friendly words for every refusal, shared by Discord and the terminal, in the reader's language (locales/*.json). */
import type { z } from 'zod';
import type { EndVoteTally, ServiceFailure } from '../src/app/service-types.js';
import type { UserPrefs } from '../src/app/user-prefs.js';
import { DEFAULT_LOCALE, hasMessage, t, tDynamic, type Locale, type MessageKey } from '../src/i18n/index.js';
import { OPTION_MESSAGE } from './options.js';
import { formatMsg } from '../src/render/log-message.js';

/** The message key of each forbidden-action phrase the service names (`need`); an unknown one reads as Manage Server. */
const FORBIDDEN: Readonly<Record<string, MessageKey>> = {
  'Manage Server': 'failure.forbidden.manage-server',
  'the host or Manage Server': 'failure.forbidden.host',
  'the living members of the party': 'failure.forbidden.living',
};

/** The message a player sees when the service refuses, in their language (English by default). */
export function failureText(error: ServiceFailure, locale: Locale = DEFAULT_LOCALE): string {
  switch (error.kind) {
    case 'game-full':
      return t(locale, 'failure.game-full', { max: error.max });
    case 'retired':
      return retiredText(`https://discord.com/channels/${error.guildId}/${error.live.channelId}/${error.live.messageId}`, locale);
    case 'forbidden':
      return t(locale, FORBIDDEN[error.need] ?? 'failure.forbidden.manage-server');
    case 'rejected':
      return t(locale, `rejection.${error.code}`);
    case 'invalid':
      // Free-form service wording (option ranges, host limits): its catalogue message when it has one.
      return error.msg ? formatMsg(error.msg, locale) : error.message;
    default:
      // A timed-out write may still land when storage comes back, so storage-unavailable doesn't promise nothing changed.
      return t(locale, `failure.${error.kind}`);
  }
}

/** Said when someone presses a button whose custom id isn't one of ours (or is garbled). */
export const FOREIGN_BUTTON_TEXT = t(DEFAULT_LOCALE, 'reply.foreign-button');
/** Said when a member without Manage Server uses /rogue-config. */
export const NEED_MANAGE_SERVER_TEXT = t(DEFAULT_LOCALE, 'reply.need-manage-server');
/** Said when something unexpected broke: the details go to the log, not to the player. */
export const INTERNAL_ERROR_TEXT = t(DEFAULT_LOCALE, 'reply.internal-error');
/** The polite rate-limit note. */
export const RATE_LIMIT_TEXT = t(DEFAULT_LOCALE, 'reply.rate-limit');

/** An option issue's catalogue message (commands/options.ts) worded in `locale`; null for any other message. */
function worded(message: string, locale: Locale): string | null {
  if (!message.startsWith(OPTION_MESSAGE)) return null;
  try {
    const { k, v } = JSON.parse(message.slice(OPTION_MESSAGE.length)) as { k: string; v?: Record<string, string | number> };
    return hasMessage(locale, k) ? tDynamic(locale, k, v) : null;
  } catch {
    return null;
  }
}

/** Turns zod issues into one friendly line ("Option `steps`: …"), with no zod jargon. */
export function optionErrorText(error: z.ZodError, locale: Locale = DEFAULT_LOCALE): string {
  const lines = error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') return t(locale, 'reply.unknown-options', { count: issue.keys.length, names: issue.keys.map((k) => `\`${k}\``).join(', ') });
    const key = issue.path.map(String).join('.');
    const problem = worded(issue.message, locale);
    if (key === 'subcommand' || key === '') return problem ?? t(locale, 'reply.unknown-subcommand');
    return t(locale, 'reply.option-error', { name: key, problem: problem ?? issue.message });
  });
  return [...new Set(lines)].join('\n');
}

/** What a player who voted to end the game is told: the tally, or that the vote passed. */
export function endVoteText(tally: EndVoteTally, passed: boolean, locale: Locale = DEFAULT_LOCALE): string {
  if (passed) return t(locale, 'reply.end-vote.passed');
  if (tally.ended) return t(locale, 'reply.end-vote.over');
  return t(locale, 'reply.end-vote.tally', { votes: tally.votes, needed: tally.needed, living: tally.living });
}

/** What the caller of /rogue kick is told: the player is out, or the idle vote's tally. */
export function kickText(removed: boolean, votes: number, needed: number, locale: Locale = DEFAULT_LOCALE): string {
  return removed ? t(locale, 'reply.kick.removed') : t(locale, 'reply.kick.tally', { votes, needed });
}

/** What /rogue prefs answers: the prefs as they now are, and what they change. */
export function prefsText(prefs: UserPrefs, changed: boolean, locale: Locale = DEFAULT_LOCALE): string {
  const now = t(locale, 'reply.prefs.now', { style: prefs.style, mobile: prefs.mobile ? 'on' : 'off' });
  const head = t(locale, changed ? 'reply.prefs.saved' : 'reply.prefs.show', { now });
  return `${head}\n${t(locale, 'reply.prefs.scope')}`;
}

/** A press on a game message that was replaced (by /rogue map or a repost): nothing happens; where the live one is. */
export function retiredText(liveUrl: string, locale: Locale = DEFAULT_LOCALE): string {
  return t(locale, 'failure.retired', { url: liveUrl });
}

/** Said to interactions Channel Crawler does not serve (modals, menus, context-menu commands, unknown kinds). */
export const UNSUPPORTED_TEXT = t(DEFAULT_LOCALE, 'reply.unsupported');
