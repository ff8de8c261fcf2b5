import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, LOCALES, SOURCE } from '../../src/i18n/locales.js';
import { messageShape, type ArgShape } from './shape.js';

/** A UTF-16 half without its other half: invalid Unicode, which Discord rejects. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Keys of the command tree's localisations: English for them is the tree (commands/definitions), not a catalogue. */
const isCommandKey = (k: string): boolean => k.startsWith('command.') || k.startsWith('choice.');
const englishKeys = Object.keys(SOURCE).sort();
const others = LOCALE_CODES.filter((c) => c !== 'en-US');

/**
 * Grammar hints the code always passes, which a language uses or not: a (the subject is "you"), t (what the object
 * is), case (a monster's or item's case), and verb/weapon of a monster's attack (English words it with the verb).
 */
const HINTS = new Set(['a', 't', 'case', 'verb', 'weapon']);

/** Argument names and kinds, and the select options; plural options are checked against CLDR separately. */
function comparable(shape: ArgShape[]): string[] {
  return shape.filter((a) => !HINTS.has(a.name)).map((a) => `${a.name}:${a.kind}${a.kind === 'select' ? `[${a.options.join('|')}]` : ''}`);
}

describe('the catalogues', () => {
  it.each(others)('GIVEN %s WHEN compared with English THEN it has exactly the same keys', (code) => {
    const keys = new Set(Object.keys(LOCALES[code].catalogue));
    const missing = englishKeys.filter((k) => !keys.has(k));
    // Command and choice keys are checked against the command tree itself (commands.test.ts).
    const extra = [...keys].filter((k) => !Object.hasOwn(SOURCE, k) && !isCommandKey(k));
    expect({ missing, extra }, `${code}: add the missing keys, remove the extra ones`).toEqual({ missing: [], extra: [] });
  });

  it.each(LOCALE_CODES)('GIVEN %s WHEN every message is parsed THEN its placeholders match English', (code) => {
    const mismatched: string[] = [];
    for (const [key, text] of Object.entries(LOCALES[code].catalogue)) {
      const english = (SOURCE as Record<string, string>)[key];
      if (english === undefined) continue;
      const mine = comparable(messageShape(text, code));
      const theirs = comparable(messageShape(english, 'en-US'));
      if (mine.join(' ') !== theirs.join(' ')) mismatched.push(`${key}: ${mine.join(' ')} vs English ${theirs.join(' ')}`);
    }
    expect(mismatched).toEqual([]);
  });

  it.each(LOCALE_CODES)('GIVEN %s WHEN a message has a plural THEN it covers every CLDR category a count up to 1,000 reaches', (code) => {
    // French, Spanish and Portuguese have a CLDR "many" for millions only; the game counts far less.
    const rules = new Intl.PluralRules(code);
    const counts = Array.from({ length: 1001 }, (_, n) => n);
    const short: string[] = [];
    for (const [key, text] of Object.entries(LOCALES[code].catalogue)) {
      for (const arg of messageShape(text, code).filter((a) => a.kind === 'plural')) {
        // A count is worded by its exact case (=1) or its category (one, few, many, other).
        const unworded = counts.filter((n) => !arg.options.includes(`=${n}`) && !arg.options.includes(rules.select(n)));
        const lacking = [...new Set(unworded.map((n) => rules.select(n)))];
        if (lacking.length > 0) short.push(`${key} {${arg.name}} lacks ${lacking.join(', ')}`);
      }
    }
    expect(short).toEqual([]);
  });

  it.each(LOCALE_CODES)('GIVEN %s WHEN every value is read THEN it is a non-empty single-paragraph string with well-formed Unicode', (code) => {
    const bad = Object.entries(LOCALES[code].catalogue)
      .filter(([, v]) => typeof v !== 'string' || v.trim().length === 0 || LONE_SURROGATE.test(v) || v !== v.normalize('NFC'))
      .map(([k]) => k);
    expect(bad).toEqual([]);
  });
});
