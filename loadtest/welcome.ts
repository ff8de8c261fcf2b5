/**
 * The first-game note (issue 24: on a player's first press, a private follow-up explains the icons) is a welcome
 * after an applied press, not a refusal: the load test must not count it as one. Its opening in every language.
 */
import { LOCALE_CODES, t } from '../src/i18n/index.js';

/** The text of `first.icons` before its list of buttons, in every language. */
const OPENINGS = LOCALE_CODES.map((l) => t(l, 'first.icons', { buttons: '\u0000' }).split('\u0000')[0]!).filter((s) => s.length > 0);

/** True for the first-game note's text. */
export function isWelcome(text: string): boolean {
  return OPENINGS.some((o) => text.startsWith(o));
}

/** What the noop responder sends for the bot's share of first-game notes (so both runs count them alike). */
export const NOOP_WELCOME_TEXT = `${t('en-US', 'first.icons', { buttons: 'noop' })}`;
