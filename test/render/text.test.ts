import { describe, expect, it } from 'vitest';
/** True when a string has no lone surrogate (String.prototype.isWellFormed is ES2024, past our lib). */
const wellFormed = (s: string): boolean => !/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/.test(s);

import { cleanName, codePoints, escapeMarkdown, fitLines, truncate } from '../../src/render/text.js';

describe('codePoints', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['⬛', 1],
    ['🟫', 1],
    ['⬆️', 2],
    ['🧙‍♂️', 4],
    ['a🧌b', 3],
  ])('counts %j as %i code points', (text, n) => {
    expect(codePoints(text)).toBe(n);
    expect(codePoints(text)).toBe([...text].length);
  });

  it('counts a lone surrogate as one code point, as the spread operator does', () => {
    expect(codePoints('\ud83d')).toBe(1);
    expect(codePoints('a\udc00')).toBe(2);
  });
});

describe('truncate', () => {
  it('leaves short text alone', () => {
    expect(truncate('Alice', 5)).toBe('Alice');
  });

  it('cuts long text to the limit with an ellipsis', () => {
    expect(truncate('Bartholomew', 5)).toBe('Bart…');
    expect(codePoints(truncate('Bartholomew', 5))).toBe(5);
  });

  it('never splits a surrogate pair or an emoji sequence', () => {
    const name = '🧙‍♂️🧙‍♂️🧙‍♂️';
    const cut = truncate(name, 6);
    expect(cut).toBe('🧙‍♂️…');
    expect(wellFormed(cut)).toBe(true);
    const astral = truncate('🔵🔵🔵🔵', 3);
    expect(astral).toBe('🔵🔵…');
    expect(wellFormed(astral)).toBe(true);
    expect(wellFormed('a\ud83d')).toBe(false);
  });
});

describe('cleanName', () => {
  it('flattens control characters and fills in blank names', () => {
    expect(cleanName('a\nb\tc')).toBe('a b c');
    expect(cleanName('   ')).toBe('?');
  });

  it('cuts names to 24 code points', () => {
    expect(codePoints(cleanName('x'.repeat(40)))).toBe(24);
  });
});

describe('escapeMarkdown', () => {
  it('escapes characters that would restyle the HUD', () => {
    expect(escapeMarkdown('**bold** _it_ `code` ~~s~~ |sp| > q # h [l]')).toBe(
      '\\*\\*bold\\*\\* \\_it\\_ \\`code\\` \\~\\~s\\~\\~ \\|sp\\| \\> q \\# h \\[l\\]',
    );
  });
});

describe('fitLines', () => {
  const lines = ['one', 'two', 'three', 'four'];

  it('joins everything when it fits', () => {
    expect(fitLines(lines, 100)).toBe('one\ntwo\nthree\nfour');
  });

  it('keeps the newest lines and marks the dropped ones', () => {
    expect(fitLines(lines, 100, 'last', 2)).toBe('… (2 earlier)\nthree\nfour');
  });

  it('keeps the first lines and says how many more there are', () => {
    expect(fitLines(lines, 100, 'first', 3)).toBe('one\ntwo\nthree\n… (+1 more)');
  });

  it('never exceeds the code-point budget', () => {
    const many = Array.from({ length: 200 }, (_, i) => `line ${i} 🧌🧌🧌`);
    for (const max of [1, 10, 30, 100, 1024]) {
      expect(codePoints(fitLines(many, max, 'last'))).toBeLessThanOrEqual(max);
      expect(codePoints(fitLines(many, max, 'first'))).toBeLessThanOrEqual(max);
    }
  });
});
