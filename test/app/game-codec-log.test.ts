/** decodeGame checks the rolling log by hand on its fast path: it must decide exactly as the recursive schema does. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeGame, encodeState, GameMetaSchema } from '../../src/app/game-codec.js';
import { sampleMeta, sampleStored } from './fixtures.js';

const stateText = encodeState(sampleStored());

/** Log-line-like JSON values: valid messages, near misses (long text, bad flags, stray keys, wrong types), nesting. */
const text = fc.oneof(
  { arbitrary: fc.string({ maxLength: 5 }), weight: 6 },
  { arbitrary: fc.string({ minLength: 95, maxLength: 105 }), weight: 1 },
  { arbitrary: fc.string({ minLength: 395, maxLength: 405 }), weight: 1 },
);
/** Rarely a near miss: most generated lines are valid, so a check the fast path forgot shows up. */
const rarely = <T, U>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<U>): fc.Arbitrary<T | U> => fc.oneof({ arbitrary: usual, weight: 8 }, { arbitrary: odd, weight: 1 });
const { line } = fc.letrec((tie) => ({
  line: fc.oneof({ depthSize: 'small', withCrossShrink: true }, text, tie('msg'), tie('msg'), rarely(tie('msg'), fc.constantFrom(null, 3, []))),
  msg: fc.tuple(fc.record(
    {
      k: rarely(text, fc.integer()),
      v: rarely(
        fc.dictionary(
          rarely(fc.string({ maxLength: 3 }), fc.string({ minLength: 39, maxLength: 42 })),
          fc.oneof(text, fc.double({ noNaN: true, noDefaultInfinity: true }), tie('msg'), rarely(tie('msg'), fc.boolean())),
          { maxKeys: 3 },
        ),
        fc.constant(null),
      ),
      d: text,
      c: rarely(fc.constant(1), fc.constantFrom(2, '1')),
    },
    { requiredKeys: ['k'] },
  ), rarely(fc.constant(null), fc.string())).map(([m, extra]) => (extra === null ? m : { ...m, extra })),
}));

describe('decodeGame: the rolling log', () => {
  it('GIVEN any stored rolling log WHEN decoded THEN the result and the error are the full schema\'s', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 3 }), (log) => {
        const metaText = JSON.stringify({ ...sampleMeta(), recentLog: log });
        const got = decodeGame(stateText, metaText);
        const want = GameMetaSchema.safeParse(JSON.parse(metaText));
        if (want.success) {
          expect(got.kind).toBe('found');
          if (got.kind === 'found') expect(got.game.meta).toStrictEqual(want.data);
        } else {
          const first = want.error.issues[0]!;
          expect(got).toEqual({ kind: 'corrupt', reason: `meta ${first.path.join('.')}: ${first.message}` });
        }
      }),
      { seed: 2811, numRuns: 400 },
    );
  });

  it('GIVEN a rolling log with a message carrying a stray key WHEN decoded THEN the key is dropped as before', () => {
    const metaText = JSON.stringify({ ...sampleMeta(), recentLog: ['Ann waits.', { k: 'log.walked', v: { actor: 'Ann', steps: 3, m: { k: 'x', z: 1 } }, q: 2 }] });
    const got = decodeGame(stateText, metaText);
    expect(got.kind === 'found' && got.game.meta.recentLog).toEqual(['Ann waits.', { k: 'log.walked', v: { actor: 'Ann', steps: 3, m: { k: 'x' } } }]);
  });
});
