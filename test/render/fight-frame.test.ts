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

describe('blows from afar and the black around the frame (issue 24)', () => {
  it.each([['PUBLIC_VIEW', PUBLIC_VIEW], ['PHONE_PUBLIC_VIEW', PHONE_PUBLIC_VIEW]] as const)('GIVEN monsters trading blows with players from any distance WHEN framed at %s THEN each of them is on the picture', (_name, cap) => {
    fc.assert(
      fc.property(arena, fc.array(fc.record({ player: fc.nat(), monster: fc.nat(), hit: fc.boolean(), fromMonster: fc.boolean() }), { minLength: 1, maxLength: 4 }), (a, blows) => {
        const state = draw(a);
        if (state.monsters.length === 0) return;
        state.recent = blows.map((b) => {
          const p = state.players[b.player % state.players.length]!;
          const m = state.monsters[b.monster % state.monsters.length]!;
          const pr = { kind: 'player' as const, id: p.id, name: p.name };
          const mr = { kind: 'monster' as const, id: m.id, monster: m.kind, label: m.label };
          const [attacker, target] = b.fromMonster ? [mr, pr] : [pr, mr];
          return b.hit ? { type: 'attacked' as const, attacker, target, damage: 1, weapon: 'bow', verb: 'shoots', range: 5 } : { type: 'missed' as const, attacker, target, weapon: 'bow', range: 5 };
        });
        const frame = publicFrame(state, allSeen(state), 1, cap);
        for (const b of blows) {
          const m = state.monsters[b.monster % state.monsters.length]!;
          expect(onPicture(frame, m.x, m.y), `monster at ${m.x},${m.y}`).toBe(true);
        }
        for (const m of fought(state)) expect(onPicture(frame, m.x, m.y), `monster at ${m.x},${m.y}`).toBe(true);
      }),
      { seed: 2424, numRuns: 300 },
    );
  });

  /** A 60 x 30 level of which the party has explored one corridor (row 15, x 10..50), the fight at its east end. */
  function corridorFight(): GameState {
    const rows = Array.from({ length: 30 }, (_, y) => Array.from({ length: 60 }, (_, x): string => (y === 15 && x >= 10 && x <= 50 ? '.' : '#')));
    const explored = rows.map((r, y) => r.map((_, x) => (y >= 14 && y <= 16 && x >= 9 && x <= 51 ? 'x' : ' ')).join(''));
    const put = (x: number, c: string): void => void (rows[15]![x] = c);
    put(44, 'o');
    put(45, '1');
    put(46, '2');
    put(48, '3');
    put(50, '4');
    put(38, 'g');
    return drawState(rows.map((r) => r.join('')), { explored });
  }

  it('GIVEN a fight at the east end of an explored corridor WHEN framed THEN the frame slides west over the corridor: no unexplored column east of it, and the goblin coming down the corridor is in it', () => {
    const state = corridorFight();
    const { view, strip } = publicFrame(state, allSeen(state), 1, PUBLIC_VIEW);
    expect(strip).toEqual([]);
    // The corridor ends at x = 51 (its wall): centred on the party (x 44..50), the view would run to x = 55.
    expect(view.x + view.width - 1).toBeLessThanOrEqual(51);
    for (const who of [...state.players, ...state.monsters]) expect(inside(view, who.x, who.y), `${who.x},${who.y}`).toBe(true);
  });
});
