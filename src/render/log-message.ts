/**
 * Log lines as language-neutral messages: a catalogue key with values, where a value may itself be a message (a
 * monster, an item, a reason). The game stores these, not sentences, so each reader's view words them in the
 * reader's language at render time (locales/*.json, keys ev.* and log.*). Pure.
 */
import { DEFAULT_LOCALE, hasMessage, tDynamic, type Locale } from '../i18n/index.js';

/** A value of a log message: text (a player's name, inserted as written), a number, or a nested message. */
export type LogValue = string | number | LogMsg;
/** One log message: catalogue key `k`, values `v`; `d` is the text to show when no catalogue has `k` (a new kind). */
export interface LogMsg {
  k: string;
  v?: Readonly<Record<string, LogValue>>;
  d?: string;
  /** 1: upper-case the worded message's first letter (a monster starting a sentence). */
  c?: 1;
}
/** A stored log line: a message, or (saves from before languages) an English sentence. */
export type LogLine = string | LogMsg;

/** A message with values. */
export function msg(k: string, v?: Record<string, LogValue>, d?: string): LogMsg {
  return { k, ...(v ? { v } : {}), ...(d !== undefined ? { d } : {}) };
}

/** Upper-cases the first letter (a sentence that starts with a monster: "The goblin A…"). */
export function capitalise(s: string): string {
  const first = s.codePointAt(0);
  if (first === undefined) return s;
  const c = String.fromCodePoint(first);
  return c.toUpperCase() + s.slice(c.length);
}

/** Messages worded lately, by language and message: each press words the whole rolling log again, mostly unchanged. */
const worded = new Map<string, string>();
/** Most worded messages kept; when full, the oldest is dropped. */
const WORDED_KEPT = 8192;

/** One message worded in `locale`: nested messages first, then the message itself; `d` when no catalogue knows `k`. */
export function formatMsg(m: LogLine, locale: Locale = DEFAULT_LOCALE): string {
  if (typeof m === 'string') return m;
  const id = `${locale}\u0000${JSON.stringify(m)}`;
  const known = worded.get(id);
  if (known !== undefined) return known;
  const text = wordMsg(m, locale);
  // The oldest out first (a Map keeps insertion order): a full memo no longer forgets every line at once.
  if (worded.size >= WORDED_KEPT) worded.delete(worded.keys().next().value!);
  worded.set(id, text);
  return text;
}

/** formatMsg without the memo. */
function wordMsg(m: LogMsg, locale: Locale): string {
  const values: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(m.v ?? {})) values[name] = typeof value === 'object' ? formatMsg(value, locale) : value;
  const text = hasMessage(locale, m.k) ? tDynamic(locale, m.k, values) : (m.d ?? m.k);
  return m.c === 1 ? capitalise(text) : text;
}

/** Two stored lines say the same (the rolling log counts repeats). */
export function sameLine(a: LogLine, b: LogLine): boolean {
  // An older save's English sentence matches the message that words the same in English.
  if (typeof a === 'string' || typeof b === 'string') return formatMsg(a) === formatMsg(b);
  return JSON.stringify(a) === JSON.stringify(b);
}
