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

/** Where the source, the privacy text and the terms are (English). */
export const SOURCE_TEXT = t(DEFAULT_LOCALE, 'about.source');

/** What is stored, for how long, and how to delete it (docs/privacy.md in short; English). */
export const PRIVACY_TEXT = t(DEFAULT_LOCALE, 'about.privacy');

/** The terms in short (docs/terms.md; English). */
export const TERMS_TEXT = t(DEFAULT_LOCALE, 'about.terms');

/** The /rogue about answer in the reader's language: an embed that fits a phone screen. */
export function aboutReply(locale: Locale = DEFAULT_LOCALE): Reply {
  return {
    kind: 'text',
    text: '',
    embed: {
      title: t(locale, 'about.title', { version: APP_VERSION }),
      description: t(locale, 'about.description'),
      fields: [
        { name: t(locale, 'about.source.name'), value: t(locale, 'about.source') },
        { name: t(locale, 'about.privacy.name'), value: t(locale, 'about.privacy') },
        { name: t(locale, 'about.terms.name'), value: t(locale, 'about.terms') },
      ],
      footer: t(locale, 'about.footer'),
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
