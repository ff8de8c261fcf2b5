/** Hostile player-written text for property tests, and the checks every sanitised surface must pass. */
import fc from 'fast-check';
import { expect } from 'vitest';
import { codePoints } from '../../src/text/safe-text.js';

/** Pieces hostile names are made of: long emoji sequences, zalgo, RTL text, overrides, line breaks, NUL, halves of surrogate pairs, mentions. */
export const HOSTILE_PIECES = [
  '👨‍👩‍👧‍👦', '🧙‍♂️', '🏳️‍🌈', '🇫🇷', '1️⃣', '👍🏽', 'Z̷̢̛̪̫͉̝̙̹̲̈́͌̀̋̓̉͋a̸̧̛͎̣͇̙̿̑̾͂l̴g̶o', 'مرحبا', 'שלום', '\u202E', '\u2066', '\u200F',
  '\n', '\r\n', '\u0000', '\u0007', '\u007F', '\u0085', '\u2028', '\uD83D', '\uDE00', '@everyone', '@here', '<@123456789012345678>', '<@&42>',
  '<@!7>', 'Ann', ' ', 'x'.repeat(40), '\t', 'é', 'e\u0301', '\u200B',
];

/** An arbitrary hostile name: up to 12 hostile pieces and random strings (any UTF-16 units). */
export const hostileName = fc.array(fc.oneof(fc.constantFrom(...HOSTILE_PIECES), fc.string({ unit: 'binary', maxLength: 6 }), fc.string({ unit: 'grapheme', maxLength: 6 })), { maxLength: 12 }).map((parts) => parts.join(''));

/** What every sanitised text must be: the checks the property tests of every surface share. */
export function expectSafe(out: string, max: number, multiline = false): void {
  expect(out, 'a lone surrogate: not valid Unicode').not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u);
  expect(codePoints(out)).toBeLessThanOrEqual(max);
  expect(out).not.toMatch(multiline ? /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]/u : /[\u0000-\u001F\u007F-\u009F\u2028\u2029]/u);
  expect(out).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200E\u200F]/u);
  expect(out).not.toMatch(/@everyone|@here|<@/iu);
  // No grapheme stacks more than three combining marks (zalgo).
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(out)) {
    expect([...segment].filter((c) => /\p{M}/u.test(c) && c !== '\uFE0F' && c !== '\u20E3').length).toBeLessThanOrEqual(3);
  }
}
