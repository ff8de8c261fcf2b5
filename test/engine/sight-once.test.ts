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

  it('GIVEN random party games WHEN the stored (frozen) state is asked for every player THEN the answers equal a fresh unfrozen copy\'s, and an unfrozen state edited in place is answered afresh', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1_000_000 }), fc.array(actionArb, { maxLength: 40 }), (seed, actions) => {
        let s: GameState = newGame(defaultConfig({ seed }));
        for (const u of users.slice(0, 4)) {
          const r = step(s, { type: 'join', user: u, name: u });
          if (r.ok) s = r.state;
        }
        for (const a of actions) {
          const r = step(s, a);
          if (r.ok) s = r.state;
        }
        const copy = (): GameState => ({ ...s, explored: s.explored.slice() as GameState['explored'] });
        const fresh = s.players.map((p) => legalMoves(copy(), p.id));
        const frozen = Object.freeze(copy());
        expect(s.players.map((p) => legalMoves(frozen, p.id))).toEqual(fresh);
        expect(s.players.map((p) => legalMoves(frozen, p.id))).toEqual(fresh);
        // Edited in place between two asks (unfrozen): everything explored and no item left, so nothing to explore.
        const edited: GameState = copy();
        const before = legalMoves(edited, s.players[0]!.id);
        edited.explored.fill(1);
        edited.items = [];
        if (before.canExplore) expect(legalMoves(edited, s.players[0]!.id).canExplore).toBe(false);
      }),
      { seed: 28, numRuns: 40 },
    );
  });
});
