/**
 * /rogue about (version, source, privacy, terms) and /rogue forget (a user deletes their own history and preferences,
 * after one confirming press). The full texts are docs/privacy.md and docs/terms.md; these are their phone-sized
 * summaries, kept true to them.
 */
import type { DailyServiceApi } from '../src/app/daily/daily-service.js';
import type { SettingsServiceApi } from '../src/app/service-types.js';
import { verbButton } from './controls/layouts.js';
import type { Reply } from './types.js';
import { DEFAULT_LOCALE, t, type Locale } from '../src/i18n/index.js';

/** The version players see (package.json's; test/commands/about.test.ts keeps them equal). */
export const APP_VERSION = '0.1.0';

/** Where the source, the privacy text and the terms are. */
export const SOURCE_TEXT = 'Channel Crawler is open source: the code, docs/privacy.md and docs/terms.md are in its repository.';

/** What is stored, for how long, and how to delete it (docs/privacy.md in short). */
export const PRIVACY_TEXT = [
  'Stored: your Discord id and display name inside games you play (14 days after the last move), finished runs in your',
  "and the channel's history (90 days), daily board entries (the server's retention, 30 days by default; all-time boards",
  'keep your best), your `/rogue prefs` (1 year after the last change) and your daily attempt (30 days). No messages are',
  'read; nothing is sold or shared. `/rogue forget` deletes your history and preferences now.',
].join(' ');

/** The terms in short (docs/terms.md). */
export const TERMS_TEXT = 'Free to play, as is, without warranty; play fair (no automation against the boards). Discord’s own terms apply too.';

/** The /rogue about answer: an embed that fits a phone screen. */
export function aboutReply(): Reply {
  return {
    kind: 'text',
    text: '',
    embed: {
      title: `Channel Crawler ${APP_VERSION}`,
      description: 'A roguelike for Discord: play in a server, in a DM with the bot or in a group DM.',
      fields: [
        { name: 'Source', value: SOURCE_TEXT },
        { name: 'Privacy', value: PRIVACY_TEXT },
        { name: 'Terms', value: TERMS_TEXT },
      ],
      footer: 'Delete your data: /rogue forget',
      color: 0x5865f2,
    },
  };
}

/** What /rogue forget asks before deleting (English). */
export const FORGET_CONFIRM_TEXT = t(DEFAULT_LOCALE, 'forget.confirm');

/** Said once deleted (English). */
export const FORGOTTEN_TEXT = t(DEFAULT_LOCALE, 'forget.done');

/** /rogue forget: the question and its one button (no game needed: version and game tag 0). */
export function forgetQuestion(locale: Locale = DEFAULT_LOCALE): Reply {
  return { kind: 'confirm', text: t(locale, 'forget.confirm'), buttons: [[verbButton('forget', 0, '0')]] };
}

/** The confirmed forget: the user's history and preferences, deleted; a storage failure as its failure. */
export async function forgetUser(services: { settings: SettingsServiceApi; daily?: DailyServiceApi | undefined }, userId: string, locale: Locale = DEFAULT_LOCALE): Promise<Reply> {
  const prefs = services.settings.prefs ? await services.settings.prefs.forget(userId) : null;
  if (prefs && !prefs.ok) return { kind: 'failure', error: prefs.error };
  const history = services.daily ? await services.daily.forgetUser(userId) : null;
  if (history && !history.ok) return { kind: 'failure', error: history.error };
  return { kind: 'text', text: t(locale, 'forget.done') };
}
