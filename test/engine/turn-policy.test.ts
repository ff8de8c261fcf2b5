import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { step } from '../../src/engine/game.js';
import { turnPolicy } from '../../src/engine/turn-policy.js';
import type { Action, GameState, StepResult } from '../../src/engine/types.js';
import { drawState, inFight } from './fixtures.js';

function ok(r: StepResult): GameState {
  if (!r.ok) throw new Error(`rejected: ${r.code}`);
  return r.state;
}

// A goblin three tiles off, after the party: free mode answers every act, rounds wait for the round.
const party = (rounds: boolean): GameState => {
  const s = drawState(['#########', '#12....g#', '#########'], { turnMode: rounds ? 'rounds' : 'free' });
  s.monsters[0]!.state = 'hunt';
  s.players[0]!.pack = { potion: 1 };
  s.players[0]!.hp = 5;
  return rounds ? inFight(s) : s;
};

const acts: Action[] = [
  { type: 'wait', user: 'p1' },
  { type: 'use', user: 'p1', item: 'potion' },
  { type: 'move', user: 'p1', dir: 'n', steps: 1 },
];

describe('the turn policy', () => {
  it.each(acts.filter((a) => a.type !== 'move'))('GIVEN free mode WHEN a player does $type THEN the monsters answer at once', (a) => {
    const s = ok(step(party(false), a));
    expect(s.turn).toBe(1);
    expect(s.monsters[0]!.x).toBeLessThan(7);
  });

  it.each(acts.filter((a) => a.type !== 'move'))('GIVEN rounds WHEN one of two does $type THEN the monsters wait for the round', (a) => {
    const s = ok(step(party(true), a));
    expect(s.turn).toBe(0);
    expect(s.monsters[0]!.x).toBe(7);
    expect(step(s, { ...a })).toEqual({ ok: false, code: 'not-your-turn' });
  });

  it('GIVEN rounds WHEN both players act THEN the round resolves and the monsters move once', () => {
    const s = ok(step(ok(step(party(true), { type: 'use', user: 'p1', item: 'potion' })), { type: 'wait', user: 'p2' }));
    expect(s.turn).toBeGreaterThanOrEqual(1);
    expect(s.monsters[0]!.x).toBeLessThan(7);
  });

  it('GIVEN each mode WHEN asked THEN runs go as far as asked freely and one step a round', () => {
    expect(turnPolicy(party(false)).runLength(9)).toBe(9);
    expect(turnPolicy(party(true)).runLength(9)).toBe(1);
    expect(turnPolicy({ config: party(false).config, calm: 0 }).rounds).toBe(false);
  });

  it('GIVEN the rules WHEN read THEN no free/rounds branch asks for the monsters outside the turn policy', () => {
    const src = readFileSync(new URL('../../src/engine/game.ts', import.meta.url), 'utf8');
    expect(src).not.toMatch(/if \(!?rounds\) t\.monsters\(\)/);
    expect(src.match(/roundsNow\(/g)?.length ?? 0).toBeLessThanOrEqual(2);
  });
});
