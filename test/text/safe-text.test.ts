import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEXT_LIMITS, safeName, safeText } from '../../src/text/safe-text.js';
import { expectSafe, hostileName } from '../support/hostile-text.js';

describe('safeText', () => {
  it.each([
    ['a long emoji name cut inside the family', `Ann ${'👨‍👩‍👧‍👦'.repeat(3)}`, 12, 'Ann 👨‍👩‍👧‍👦…'],
    ['an override that would reverse the line', 'Bob\u202Eevil', 32, 'Bobevil'],
    ['a newline and a NUL', 'Cy\nde\u0000x', 32, 'Cy de x'],
    ['mention syntax', '@everyone <@123> hi', 32, '＠everyone <＠123> hi'],
    ['a lone surrogate', 'D\uD83Dx', 32, 'D\uFFFDx'],
    ['zalgo', 'Z̷̢̛̪̫͉̝̙̹̲a', 32, 'Z̷̢̛a'],
    ['a name that fits', 'alicedaily', 24, 'alicedaily'],
  ])('GIVEN %s WHEN sanitised THEN %j', (_what, input, max, expected) => {
    expect(safeText(input, { max })).toBe(expected);
  });

  it('GIVEN an empty or all-hostile name WHEN made a display name THEN it is a visible placeholder', () => {
    expect(safeName('\u202E\u0000')).toBe('?');
    expect(safeName('Eve')).toBe('Eve');
  });

  it('PROPERTY: safeName remembers names: asked again (after 1500 other names, past its memo) it answers as safeText does', () => {
    const uncached = (name: string, max: number): string => {
      const out = safeText(name, { max });
      return out === '' || out === '…' ? '?' : out;
    };
    const names = fc.sample(fc.tuple(hostileName, fc.integer({ min: 1, max: 40 })), { seed: 24, numRuns: 1500 });
    for (const pass of [0, 1]) for (const [name, max] of names) expect(safeName(name, max), `pass ${pass}: ${JSON.stringify(name)}`).toBe(uncached(name, max));
    expect(safeName('Bob\u202Eevil', 5)).toBe('Bobe…');
    expect(safeName('Bob\u202Eevil', 32)).toBe('Bobevil');
  });

  it('PROPERTY: any hostile text, any limit: valid, within the limit, no controls, bidi or mentions, whole graphemes of the input', () => {
    fc.assert(
      fc.property(hostileName, fc.integer({ min: 1, max: 100 }), fc.boolean(), (name, max, multiline) => {
        const out = safeText(name, { max, multiline });
        expectSafe(out, max, multiline);
        // Idempotent: sanitising twice changes nothing more.
        expect(safeText(out, { max, multiline })).toBe(out);
      }),
      { seed: 2925, numRuns: 400 },
    );
  });

  it('GIVEN the limits table THEN every limit is within the Discord field it names', () => {
    expect(TEXT_LIMITS.buttonLabel).toBeLessThanOrEqual(80);
    expect(TEXT_LIMITS.altText).toBeLessThanOrEqual(1024);
    expect(TEXT_LIMITS.displayName).toBeLessThanOrEqual(32);
  });
});
