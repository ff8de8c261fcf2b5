/**
 * The client's languages: the same catalogues as the bot (locales/<code>.json), each its own hashed chunk, loaded
 * when needed: the browser's language at once (navigator.languages, for the sign-in's own words), then the viewer's
 * as the server says it after sign-in (their Discord language when Discord said who they are). Messages are ICU
 * MessageFormat, as on the server; English fills any key a catalogue lacks, and a missing key shows as itself.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { pickLocale } from '../../src/adapters/web/locale-pick.js';

type Catalogue = Readonly<Record<string, string>>;
/** A value a message may interpolate. */
export type Values = Readonly<Record<string, string | number>>;

/** Every catalogue, loaded on demand (Vite makes each file a chunk of its own). */
const files = import.meta.glob<Catalogue>('../../locales/*.json', { import: 'default' });
const byCode = new Map(Object.entries(files).map(([path, load]) => [/([^/]+)\.json$/.exec(path)![1]!, load]));
/** The languages the client can speak (the catalogues' codes), English first. */
export const CODES: readonly string[] = ['en-US', ...[...byCode.keys()].filter((c) => c !== 'en-US').sort()];
const SOURCE = 'en-US';

let current = SOURCE;
const loaded = new Map<string, Catalogue>();
const compiled = new Map<string, IntlMessageFormat>();

/** The browser's language among ours (English when none of its languages is). */
export function browserLocale(): string {
  return pickLocale(navigator.languages?.length ? navigator.languages : [navigator.language], CODES) ?? SOURCE;
}

/** The language in use. */
export function currentLocale(): string {
  return current;
}

/** Loads `code`'s catalogue (and English's) and speaks it from now on; an unknown code speaks English; a failed load changes nothing. */
export async function useLocale(code: string): Promise<void> {
  const want = byCode.has(code) ? code : SOURCE;
  try {
    for (const c of new Set([SOURCE, want])) if (!loaded.has(c)) loaded.set(c, await byCode.get(c)!());
  } catch {
    // A catalogue that could not be fetched: keep speaking what is loaded (a missing key shows as itself).
    return;
  }
  current = want;
  document.documentElement.lang = want;
}

/** One message in the current language with `values` filled in. */
export function tr(key: string, values?: Values): string {
  const own = loaded.get(current)?.[key];
  const text = own ?? loaded.get(SOURCE)?.[key];
  if (text === undefined) return key;
  const locale = own === undefined ? SOURCE : current;
  const id = `${locale}\u0000${key}`;
  let fmt = compiled.get(id);
  if (!fmt) compiled.set(id, (fmt = new IntlMessageFormat(text, locale, undefined, { ignoreTag: true })));
  return String(fmt.format(values));
}
