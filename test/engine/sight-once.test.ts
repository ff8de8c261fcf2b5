/** Issue 25: one party sight per drawing. Sharing it between every player's legal moves changes no answer. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/engine/config.js';
import { newGame, step } from '../../src/engine/game.js';
import { legalMoves, sightOnce } from '../../src/engine/legal.js';
import type { Action, GameState } from '../../src/engine/types.js';
import { DIRECTIONS } from '../../src/engine/types.js';

const users = ['u1', 'u2', 'u3', 'u4', 'u5', 'u6'];
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ type: fc.constant('move' as const), user: fc.constantFrom(...users), dir: fc.constantFrom(...DIRECTIONS) }),
  fc.record({ type: fc.constant('wait' as const), user: fc.constantFrom(...users) }),
  fc.record({ type: fc.constant('explore' as const), user: fc.constantFrom(...users) }),
  fc.record({ type: fc.constant('fight' as const), user: fc.constantFrom(...users) }),
);

describe('legal moves with one shared party sight', () => {
  it('GIVEN random party games WHEN every player asks with the drawing\'s one sight THEN each answer equals their own computation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(4 as const, 8 as const), fc.array(actionArb, { maxLength: 40 }), (seed, topology, actions) => {
        let s: GameState = newGame(defaultConfig({ seed, topology }));
        for (const u of users) {
          const r = step(s, { type: 'join', user: u, name: u });
          if (r.ok) s = r.state;
        }
        for (const a of actions) {
          const r = step(s, a);
          if (r.ok) s = r.state;
        }
        const own = s.players.map((p) => legalMoves(s, p.id));
        const sight = sightOnce(s);
        const shared = s.players.map((p) => legalMoves(s, p.id, sight));
        expect(shared).toEqual(own);
      }),
      { seed: 25, numRuns: 60 },
    );
  });
});
