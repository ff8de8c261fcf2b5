/**
 * Drawn-map tests of rules version 4's party rule: in a party's rounds a monster joining the fight hands back only
 * the fight orders of the members near it (party.newcomerNear); version 3 hands back every order.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../src/engine/game.js';
import { rulesFor } from '../../src/engine/rules.js';
import type { GameEvent, GameState, StepResult } from '../../src/engine/types.js';
import { drawState, inFight } from './fixtures.js';

function ok(r: StepResult): GameState {
  if (!r.ok) throw new Error(`rejected: ${r.code}`);
  return r.state;
}

/** Who had a fight order handed back, and why, among `events`. */
const handedBack = (events: readonly GameEvent[]): string[] =>
  events.flatMap((e) => (e.type === 'run-stopped' && e.run === 'fight' && e.who.kind === 'player' ? [`${e.who.id}:${e.reason}`] : []));

/**
 * A long hall: p1 fights a troll at the west end, p2 another at the east end, p3 stands between them; a goblin waits
 * in a sealed pocket (out of everyone's sight) until the test puts it next to p2.
 */
function hall(rules: number): GameState {
  let s = inFight(drawState(['####################', '#1T......3.....T2..#', '#..................#', '####################', '#g##################'], { turnMode: 'rounds', rules }));
  s.explored.fill(1);
  for (const m of s.monsters) m.state = 'hunt';
  for (const m of s.monsters.filter((x) => x.kind === 'troll')) m.hp = m.maxHp = 200;
  for (const p of s.players) p.hp = p.maxHp = 500;
  s = ok(step(s, { type: 'fight', user: 'p1' }));
  s = ok(step(s, { type: 'fight', user: 'p2' }));
  Object.assign(s.monsters.find((m) => m.kind === 'goblin')!, { x: 17, y: 2 });
  return s;
}

describe('rules version 4: a party', () => {
  it('GIVEN rules version 4 THEN a newcomer is news within 4 tiles of a member, and holds stand through the calm', () => {
    expect(rulesFor(4).party).toMatchObject({ newcomerNear: 4, holdsStand: true, step: { rooms: 0.7 } });
    expect(rulesFor(3).party?.newcomerNear).toBeUndefined();
    expect(rulesFor(3).party?.holdsStand).toBeUndefined();
  });

  it.each([
    [4, ['p1', 'p2']],
    [3, []],
  ])('GIVEN rules version %i and a party holding (⏳) WHEN the fight calms down THEN the holds left standing are %j; acting ends one', (rules, standing) => {
    let s = inFight(drawState(['########', '#1.2...#', '########'], { turnMode: 'rounds', rules }));
    s.explored.fill(1);
    s = ok(step(s, { type: 'wait', user: 'p1' }));
    s = ok(step(s, { type: 'wait', user: 'p2' }));
    // Every member holds and nothing is in view: the calm rounds pass in this one step and the party walks again.
    expect(s.calm).toBeGreaterThanOrEqual(3);
    expect(s.holding).toEqual(standing);
    s = ok(step(s, { type: 'move', user: 'p2', dir: 'e' }));
    expect(s.holding).toEqual(standing.filter((id) => id !== 'p2'));
  });

  it('GIVEN two members fighting at either end of a hall WHEN a goblin joins next to one THEN only that one’s order is handed back', () => {
    const r = step(hall(4), { type: 'wait', user: 'p3' });
    expect(handedBack(r.ok ? r.events : [])).toEqual(['p2:monster-in-view']);
    expect(ok(r).fighting).toEqual(['p1']);
  });

  it('GIVEN rules version 3 and the same hall THEN both orders are handed back (the old rule, kept for old games)', () => {
    const r = step(hall(3), { type: 'wait', user: 'p3' });
    expect(handedBack(r.ok ? r.events : []).sort()).toEqual(['p1:monster-in-view', 'p2:monster-in-view']);
  });
});
