/** Per-user preferences (any server): how that user's private views look. The zod schema is the single source. */
import { z } from 'zod';
import type { LogFields, Logger } from './ports.js';
import { salvageWith } from './settings-salvage.js';
import { RENDER_STYLES } from './settings.js';

/** Styles of a private view: the map styles, and 'text' (a description for screen readers, no map). */
export const PRIVATE_STYLES = [...RENDER_STYLES, 'text'] as const;
export type PrivateStyle = (typeof PRIVATE_STYLES)[number];

export const UserPrefsSchema = z.object({
  /** Map style of the user's private views. */
  style: z.enum(PRIVATE_STYLES).default('image'),
  /** Phone layout of the user's private views (narrow map, compact d-pad). */
  mobile: z.boolean().default(false),
  /** The one-time note on what each icon button does has been shown to this user (their first game's first press). */
  iconsExplained: z.boolean().default(false),
});
export type UserPrefs = z.infer<typeof UserPrefsSchema>;

/** A partial update with the same ranges, built without the defaults (so a patch of one pref keeps the other). */
export const UserPrefsPatchSchema = z.object({ style: z.enum(PRIVATE_STYLES).optional(), mobile: z.boolean().optional(), iconsExplained: z.boolean().optional() }).strict();
export type UserPrefsPatch = z.infer<typeof UserPrefsPatchSchema>;

/** A fresh copy of the default prefs. */
export function defaultPrefs(): UserPrefs {
  return UserPrefsSchema.parse({});
}

/** `prefs` with the fields the patch gives (an `undefined` field means "leave it"). */
export function mergePrefs(prefs: UserPrefs, patch: UserPrefsPatch): UserPrefs {
  return UserPrefsSchema.parse({ ...prefs, ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) });
}

/** Reads stored prefs text leniently for a UserPrefsStore: damaged fields read as defaults, logged, never thrown. */
export function readStoredPrefs(text: string | null, logger: Logger, fields: LogFields): UserPrefs {
  const { value, problems } = salvageWith(UserPrefsSchema, text);
  if (problems.length > 0) logger.warn('user prefs partly invalid; using defaults for those fields', { ...fields, problems });
  return value;
}
