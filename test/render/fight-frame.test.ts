/** Property: every monster in a fight with a party member is on the shared picture (its main view or a player's inset). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inside, PHONE_PUBLIC_VIEW, PUBLIC_VIEW, publicFrame, type Frame } from '../../src/render/image/frame.js';
import type { GameState } from '../../src/engine/types.js';
import { allSeen, drawState } from './fixtures.js';

const NEIGHBOURS = [[-1, -1], [0, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [0, 1], [1, 1]] as const;

/** A drawn arena: room size, players (each with the neighbour cells of its foes), stray monsters. */
interface Arena {
  w: number;
  h: number;
  players: { x: number; y: number; foes: number[] }[];
  strays: { x: number; y: number }[];
}

/** A walled room of w x h with players and, beside some of them, the monsters attacking them. */
const arena: fc.Arbitrary<Arena> = fc.record({
  w: fc.integer({ min: 20, max: 70 }),
  h: fc.integer({ min: 14, max: 50 }),
  players: fc.array(fc.record({ x: fc.nat(), y: fc.nat(), foes: fc.uniqueArray(fc.integer({ min: 0, max: 7 }), { maxLength: 3 }) }), { minLength: 1, maxLength: 4 }),
  strays: fc.array(fc.record({ x: fc.nat(), y: fc.nat() }), { maxLength: 4 }),
});

function draw(a: Arena): GameState {
  const rows = Array.from({ length: a.h }, (_, y) => Array.from({ length: a.w }, (_, x): string => (x === 0 || y === 0 || x === a.w - 1 || y === a.h - 1 ? '#' : '.')));
  const put = (x: number, y: number, c: string): void => {
    if (rows[y]?.[x] === '.') rows[y]![x] = c;
  };
  a.players.forEach((p, i) => put(1 + (p.x % (a.w - 2)), 1 + (p.y % (a.h - 2)), String(i + 1)));
  a.players.forEach((p) => {
    for (const f of p.foes) put(1 + (p.x % (a.w - 2)) + NEIGHBOURS[f]![0], 1 + (p.y % (a.h - 2)) + NEIGHBOURS[f]![1], 'o');
  });
  for (const s of a.strays) put(1 + (s.x % (a.w - 2)), 1 + (s.y % (a.h - 2)), 'g');
  return drawState(rows.map((r) => r.join('')));
}

/** The living monsters next to a living player: each is attacking that player or being attacked by them. */
function fought(state: GameState): GameState['monsters'] {
  const living = state.players.filter((p) => p.alive);
  return state.monsters.filter((m) => m.hp > 0 && living.some((p) => Math.max(Math.abs(p.x - m.x), Math.abs(p.y - m.y)) <= 1));
}

const onPicture = (f: Frame, x: number, y: number): boolean => inside(f.view, x, y) || f.strip.some((w) => inside(w, x, y));

describe('the shared picture frames every fight', () => {
  it.each([['PUBLIC_VIEW', PUBLIC_VIEW], ['PHONE_PUBLIC_VIEW', PHONE_PUBLIC_VIEW]] as const)('GIVEN any party in fights WHEN framed at %s THEN every fought monster is on it', (_name, cap) => {
    fc.assert(
      fc.property(arena, (a) => {
        const state = draw(a);
        const frame = publicFrame(state, allSeen(state), 1, cap);
        for (const m of fought(state)) expect(onPicture(frame, m.x, m.y), `monster at ${m.x},${m.y}`).toBe(true);
        for (const p of state.players) expect(onPicture(frame, p.x, p.y), `player at ${p.x},${p.y}`).toBe(true);
      }),
      { seed: 24, numRuns: 300 },
    );
  });
});
