import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { decodeButtonId, encodeButtonId, gameCreatedAt, gameTag, type ButtonId } from '../../commands/controls/custom-id.js';

describe('button custom-id codec', () => {
  it.each<[ButtonId, string]>([
    [{ verb: 'mv', dir: 'n', version: 42, game: 'abc' }, 'cc1:mv:n:42:abc'],
    [{ verb: 'wait', version: 42, game: 'abc' }, 'cc1:wait::42:abc'],
    [{ verb: 'desc', version: 0, game: 'z9' }, 'cc1:desc::0:z9'],
    [{ verb: 'use', version: 7, game: '1' }, 'cc1:use::7:1'],
    [{ verb: 'nop', index: 3, version: 7, game: '1' }, 'cc1:nop:3:7:1'],
  ])('GIVEN %j WHEN encoded THEN it reads %s and decodes back', (id, text) => {
    expect(encodeButtonId(id)).toBe(text);
    expect(decodeButtonId(text)).toEqual({ ok: true, value: id });
  });

  it.each([
    'ttt:1:2',
    'cc1:mv:up:4:abc',
    'cc1:mv:n:-1:abc',
    'cc1:mv:n:4',
    'cc1:wait:x:4:abc',
    'cc2:wait::4:abc',
    'cc1:fly::4:abc',
    'cc1:mv:n:4:ABC',
    '',
    'cc1:mv:n:4:abc:extra',
    `cc1:mv:n:4:${'a'.repeat(120)}`,
  ])('GIVEN a custom id that is not ours (%s) WHEN decoded THEN it is foreign', (text) => {
    expect(decodeButtonId(text)).toEqual({ ok: false, reason: 'foreign' });
  });

  it('GIVEN any button WHEN encoded THEN it fits in 100 characters and round-trips', () => {
    const arb = fc.oneof(
      fc.record({ verb: fc.constant('mv' as const), dir: fc.constantFrom('n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw' as const), version: fc.nat(), game: fc.nat().map(gameTag) }),
      fc.record({ verb: fc.constantFrom('wait', 'desc', 'use' as const), version: fc.nat(), game: fc.nat().map(gameTag) }),
    );
    fc.assert(
      fc.property(arb, (id) => {
        const text = encodeButtonId(id as ButtonId);
        return text.length <= 100 && JSON.stringify(decodeButtonId(text)) === JSON.stringify({ ok: true, value: id });
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('GIVEN two creation times WHEN tagged THEN the tags differ, and each reads back as its creation time', () => {
    expect(gameTag(1_700_000_000_000)).not.toBe(gameTag(1_700_000_000_001));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 48 }), (t) => gameCreatedAt(gameTag(t)) === t),
      { seed: 42, numRuns: 200 },
    );
  });
});
