/**
 * t(locale, key, values): one ICU MessageFormat message (intl-messageformat), in the given language, English when the
 * language lacks the key. Plurals come from the platform's Intl.PluralRules (CLDR), so Russian's one/few/many are right
 * with no hand-made rules. Pure: no I/O, no clock; the renderer receives a Translate made here.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { DEFAULT_LOCALE, LOCALES, type Locale, type MessageKey } from './locales.js';

/** A value a message may interpolate: text (names are inserted as they are, never parsed) or a number (plurals). */
export type MessageValue = string | number;
/** The values of one message, by argument name. */
export type MessageValues = Readonly<Record<string, MessageValue>>;
/** A translator bound to one language: what renderers and replies receive. */
export type Translate = (key: MessageKey, values?: MessageValues) => string;

const compiled = new Map<string, IntlMessageFormat>();

/** The compiled message for (locale, key), cached; the English text when the locale lacks it. */
function message(locale: Locale, key: string): IntlMessageFormat {
  const id = `${locale}\u0000${key}`;
  let fmt = compiled.get(id);
  if (fmt) return fmt;
  const own = (LOCALES[locale].catalogue as Readonly<Record<string, string>>)[key];
  const source = own ?? (LOCALES[DEFAULT_LOCALE].catalogue as Readonly<Record<string, string>>)[key];
  if (source === undefined) throw new Error(`i18n: no message "${key}" in ${DEFAULT_LOCALE}`);
  fmt = new IntlMessageFormat(source, own === undefined ? DEFAULT_LOCALE : locale, undefined, { ignoreTag: true });
  compiled.set(id, fmt);
  return fmt;
}

/** Worded messages kept for reuse: the same line is worded again on most presses (log, HUD, alt text, buttons). */
export const WORDED_CACHE_SIZE = 4096;
const worded = new Map<string, string>();

/**
 * `key` in `locale` with `values` (text or numbers only, so the cache key is exact), from the cache when worded before:
 * formatting costs about 10 µs, the lookup under 1. The oldest entry goes when the cache is full.
 */
function word(locale: Locale, key: string, values?: MessageValues): string {
  let id = `${locale}\u0000${key}`;
  if (values) for (const name in values) id += `\u0000${name}\u0001${typeof values[name]}\u0001${values[name]}`;
  const hit = worded.get(id);
  if (hit !== undefined) return hit;
  const text = String(message(locale, key).format(values));
  if (worded.size >= WORDED_CACHE_SIZE) worded.delete(worded.keys().next().value!);
  worded.set(id, text);
  return text;
}

/** One message in `locale` with `values` filled in. */
export function t(locale: Locale, key: MessageKey, values?: MessageValues): string {
  return word(locale, key, values);
}

/** Whether `locale` (or English, its fallback) has a message for a key built at run time (a command path, a kind). */
export function hasMessage(locale: Locale, key: string): boolean {
  return Object.hasOwn(LOCALES[locale].catalogue, key) || Object.hasOwn(LOCALES[DEFAULT_LOCALE].catalogue, key);
}

/** A message whose key is built at run time (`kind.monster.${kind}`); the key must exist (hasMessage). */
export function tDynamic(locale: Locale, key: string, values?: MessageValues): string {
  return word(locale, key, values);
}

/** A Translate bound to `locale`. */
export function translator(locale: Locale): Translate {
  return (key, values) => t(locale, key, values);
}
