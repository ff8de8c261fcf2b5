/** The standing fight order (⚔️): what a fighter does each round, and each thing that hands the fight back. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { step } from '../../src/engine/game.js';
import { newThreat } from '../../src/engine/fight.js';
import { legalMoves } from '../../src/engine/legal.js';
import { roundsNow } from '../../src/engine/pace.js';
import { parseGameState } from '../../src/engine/state-schema.js';
import type { Action, GameEvent, GameState, StepResult } from '../../src/engine/types.js';
import { drawState, inFight } from './fixtures.js';

function ok(r: StepResult): GameState {
  if (!r.ok) throw new Error(`rejected: ${r.code}`);
  return r.state;
}

const ofType = <T extends GameEvent['type']>(events: readonly GameEvent[], type: T) => events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

/** A rounds game drawn from rows, in a fight, every monster hunting, the map known. */
function roundsFight(rows: string[], rules?: number): GameState {
  const s = inFight(drawState(rows, { turnMode: 'rounds', ...(rules ? { rules } : {}) }));
  s.explored.fill(1);
  for (const m of s.monsters) m.state = 'hunt';
  return s;
}

describe('the fight order (⚔️)', () => {
  it('GIVEN nothing after the party in view WHEN a player orders a fight THEN it is refused and the button is off', () => {
    const s = drawState(['#######', '#1...g#', '#######'], { turnMode: 'rounds' });
    s.explored.fill(1);
    expect(step(s, { type: 'fight', user: 'p1' })).toEqual({ ok: false, code: 'nothing-to-fight' });
    expect(legalMoves(s, 'p1').canFight).toBe(false);
  });

  it('GIVEN a goblin next to the player WHEN they order a fight THEN they strike it now and stand by their order', () => {
    const s = roundsFight(['#######', '#1g...#', '#2.....', '#######']);
    expect(legalMoves(s, 'p1').canFight).toBe(true);
    const r = step(s, { type: 'fight', user: 'p1' });
    if (!r.ok) throw new Error(r.code);
    expect(r.events.some((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'player')).toBe(true);
    expect(r.state.fighting).toEqual(['p1']);
  });

  it('GIVEN a fighter with a cornered, fleeing goblin next to them WHEN the rounds resolve THEN they strike it rather than stand and take its stabs', () => {
    let s = roundsFight(['#######', '#g1...#', '#T....#', '#....2#', '#######']);
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    for (const m of s.monsters) m.hp = m.maxHp = 999;
    s = ok(step(s, { type: 'fight', user: 'p1' }));
    // Badly hurt, it keeps fleeing; walled in, it stabs whoever stands next to it.
    const goblin = s.monsters.find((m) => m.kind === 'goblin')!;
    goblin.state = 'flee';
    goblin.hp = 100;
    const r = step(s, { type: 'wait', user: 'p2' });
    if (!r.ok) throw new Error(r.code);
    const blows = ofType(r.events, 'attacked').filter((e) => e.attacker.kind === 'player' && e.attacker.id === 'p1');
    expect(blows.some((e) => e.target.kind === 'monster' && e.target.id === goblin.id)).toBe(true);
  });

  it('GIVEN a fighter and a partner WHEN the partner acts THEN the round resolves with the fighter striking again by itself', () => {
    let s = roundsFight(['########', '#1T....#', '#......#', '#.....2#', '########']);
    s.monsters[0]!.hp = 99;
    s.monsters[0]!.maxHp = 99;
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    s = ok(step(s, { type: 'fight', user: 'p1' }));
    const r = step(s, { type: 'wait', user: 'p2' });
    if (!r.ok) throw new Error(r.code);
    const swings = r.events.filter((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'player');
    // Everyone now holds or fights: rounds go on by themselves, p1 swinging each round.
    expect(swings.length).toBeGreaterThan(1);
    expect(ofType(r.events, 'round-ended').length).toBeGreaterThan(1);
  });

  it('GIVEN an archer out of reach WHEN a fighter acts THEN they step toward it', () => {
    const s = roundsFight(['##########', '#1.....a.#', '#2........', '##########']);
    const r = step(s, { type: 'fight', user: 'p1' });
    if (!r.ok) throw new Error(r.code);
    expect(r.state.players[0]!.x).toBe(2);
  });

  it('GIVEN a goblin hunting from afar and no partner engaged WHEN a fighter acts THEN they hold their ground to strike first', () => {
    const s = roundsFight(['##########', '#1.....g.#', '#2........', '##########']);
    const r = step(s, { type: 'fight', user: 'p1' });
    if (!r.ok) throw new Error(r.code);
    expect(r.state.players[0]!.x).toBe(1);
    expect(ofType(r.events, 'waited').map((e) => e.who)).toContainEqual({ kind: 'player', id: 'p1', name: 'P1' });
  });

  it('GIVEN a goblin at a partner\'s side WHEN a fighter acts THEN they go to help', () => {
    const s = roundsFight(['##########', '#1....2g.#', '##########']);
    const r = step(s, { type: 'fight', user: 'p1' });
    if (!r.ok) throw new Error(r.code);
    expect(r.state.players.find((p) => p.id === 'p1')!.x).toBe(2);
  });

  it('GIVEN a fighter WHEN their hp falls below half THEN the order ends, says why, and they must press again', () => {
    let s = roundsFight(['########', '#1T....#', '#2.....#', '########']);
    s.monsters[0]!.hp = 99;
    s.monsters[0]!.maxHp = 99;
    s.players[0]!.hp = 13; // of 24: one blow takes them below 12
    s = ok(step(s, { type: 'fight', user: 'p1' }));
    let r = step(s, { type: 'wait', user: 'p2' });
    for (let k = 0; k < 20 && r.ok && r.state.fighting.includes('p1') && r.state.players[0]!.alive; k++) r = step(r.state, { type: 'resolve-round' });
    if (!r.ok) throw new Error(r.code);
    if (!r.state.players[0]!.alive) return; // one troll blow may kill outright: then no order is left either
    expect(r.state.fighting).toEqual([]);
    const stops = ofType(r.state.recent, 'run-stopped').filter((e) => e.run === 'fight');
    expect(stops.map((e) => e.reason)).toContain('hurt');
  });

  it('GIVEN fighters WHEN a party member falls THEN every order ends with that reason', () => {
    let s = roundsFight(['#########', '#1T.....#', '#2......#', '#3......#', '#########']);
    s.monsters[0]!.hp = 99;
    s.monsters[0]!.maxHp = 99;
    s.monsters[0]!.state = 'attack';
    s.players[0]!.hp = 1;
    s = ok(step(s, { type: 'fight', user: 'p2' }));
    s = ok(step(s, { type: 'fight', user: 'p3' }));
    const r = step(s, { type: 'wait', user: 'p1' });
    if (!r.ok) throw new Error(r.code);
    // The troll may miss a few times; the rounds run on by themselves until p1 falls.
    expect(r.state.players[0]!.alive).toBe(false);
    const stops = ofType(r.events, 'run-stopped').filter((e) => e.run === 'fight');
    expect(stops.map((e) => [e.who.kind === 'player' && e.who.id, e.reason])).toEqual([
      ['p2', 'ally-down'],
      ['p3', 'ally-down'],
    ]);
    expect(r.state.fighting).toEqual([]);
  });

  it('GIVEN fighters WHEN a monster of a new kind comes into view THEN the orders end: a new decision', () => {
    let s = roundsFight(['##########', '#1g.....##', '#2.......#', '##.#######', '#T.#######', '##########']);
    s.monsters[0]!.hp = 99;
    s.monsters[0]!.maxHp = 99;
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    // The archer is out of sight behind the wall until it steps up.
    s = ok(step(s, { type: 'fight', user: 'p1' }));
    expect(s.fightKnown).toEqual([s.monsters[0]!.id]);
    Object.assign(s.monsters.find((m) => m.kind === 'troll')!, { x: 2, y: 3 }); // it has come into the opening, in view
    const r = step(s, { type: 'wait', user: 'p2' });
    if (!r.ok) throw new Error(r.code);
    const stops = ofType(r.events, 'run-stopped').filter((e) => e.run === 'fight');
    expect(stops.map((e) => e.reason)).toContain('monster-in-view');
  });

  it('GIVEN rules version 2 and fighters of a troll WHEN a goblin (a weaker kind) comes into view THEN the orders stand: no news', () => {
    let s = roundsFight(['##########', '#1T.....##', '#2.......#', '##.#######', '#g.#######', '##########'], 2);
    const troll = s.monsters.find((m) => m.kind === 'troll')!;
    troll.hp = troll.maxHp = 99;
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    s = ok(step(s, { type: 'fight', user: 'p1' }));
    expect(s.fightKnown).toEqual([troll.id]);
    Object.assign(s.monsters.find((m) => m.kind === 'goblin')!, { x: 2, y: 3 }); // it has come into the opening, in view
    const r = step(s, { type: 'wait', user: 'p2' });
    if (!r.ok) throw new Error(r.code);
    const stops = ofType(r.events, 'run-stopped').filter((e) => e.run === 'fight');
    expect(stops.map((e) => e.reason)).not.toContain('monster-in-view');
    expect(r.state.fightKnown).toContain(s.monsters.find((m) => m.kind === 'goblin')!.id);
  });

  it('GIVEN the kinds a fight knows WHEN one more kind joins THEN only a more dangerous one is news (newThreat)', () => {
    expect(newThreat('troll', ['goblin'])).toBe(true);
    expect(newThreat('goblin', ['troll'])).toBe(false);
    expect(newThreat('orc', ['orc'])).toBe(false);
    expect(newThreat('goblin', [])).toBe(true);
  });

  it('GIVEN fighters WHEN the fight is over and the calm comes THEN the orders stand ready for the next fight', () => {
    let s = roundsFight(['#########', '#1g.....#', '#2......#', '#########']);
    s.monsters[0]!.hp = 1;
    s.players[0]!.attack = 99;
    s = ok(step(s, { type: 'fight', user: 'p2' }));
    const r = step(s, { type: 'fight', user: 'p1' });
    if (!r.ok) throw new Error(r.code);
    expect(r.state.monsters).toEqual([]);
    expect(roundsNow(r.state)).toBe(false);
    expect(r.state.fighting.sort()).toEqual(['p1', 'p2']);
  });

  it('GIVEN a free-mode game WHEN a player orders a fight THEN they fight turn after turn until nothing is left, and no order stands', () => {
    const s = drawState(['#########', '#1.g....#', '#########']);
    s.explored.fill(1);
    s.monsters[0]!.state = 'hunt';
    s.monsters[0]!.hp = s.monsters[0]!.maxHp = 1;
    const r = step(s, { type: 'fight', user: 'p1' });
    if (!r.ok) throw new Error(r.code);
    expect(r.state.monsters).toEqual([]);
    expect(r.state.fighting).toEqual([]);
    expect(ofType(r.events, 'run-stopped').at(-1)).toMatchObject({ run: 'fight', reason: 'no-target' });
  });

  it('GIVEN a fighter WHEN they press anything else THEN the order ends', () => {
    let s = roundsFight(['########', '#1T....#', '#2.....#', '########']);
    s = ok(step(s, { type: 'fight', user: 'p1' }));
    s = { ...s, acted: [] };
    s = ok(step(s, { type: 'wait', user: 'p1' } as Action));
    expect(s.fighting).toEqual([]);
  });
});

describe('saves from schema 5', () => {
  it('GIVEN a rounds game saved mid-fight before fight orders WHEN loaded THEN no order stands and play goes on with one', () => {
    const raw: unknown = JSON.parse(readFileSync(new URL('./fixtures/save-schema5.json', import.meta.url), 'utf8'));
    const parsed = parseGameState(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    expect(parsed.migratedFrom).toBe(5);
    let s = parsed.state;
    expect([s.fighting, s.fightKnown]).toEqual([[], []]);
    for (const u of ['u1', 'u2']) {
      const a: Action = legalMoves(s, u).canFight ? { type: 'fight', user: u } : { type: 'wait', user: u };
      s = ok(step(s, a));
    }
    expect(s.version).toBeGreaterThan(parsed.state.version);
    expect(parseGameState(JSON.parse(JSON.stringify(s))).ok).toBe(true);
  });
});

describe('no freezes: a fight with no blows hands back', () => {
  // A hunting goblin stands stunned three tiles off: ⚔️ lets it come, and it never does.
  const standOff = (rules: number): GameState => {
    const s = drawState(['########', '#1..g..#', '########'], { rules });
    s.monsters[0]!.state = 'hunt';
    s.monsters[0]!.stunned = 60;
    return s;
  };

  it('GIVEN rules version 2 and a monster that never comes WHEN fighting THEN the order hands back after a few quiet turns, with the reason', () => {
    const s = ok(step(standOff(2), { type: 'fight', user: 'p1' }));
    const stop = ofType(s.recent, 'run-stopped')[0];
    expect(stop).toMatchObject({ run: 'fight', reason: 'no-blows' });
    expect(s.turn).toBeLessThanOrEqual(5);
  });

  it('GIVEN rules version 1 (old games and logs) WHEN fighting the same THEN it waits on as it always did', () => {
    const s = ok(step(standOff(1), { type: 'fight', user: 'p1' }));
    expect(ofType(s.recent, 'run-stopped').some((e) => e.reason === 'no-blows')).toBe(false);
    expect(s.turn).toBeGreaterThan(5);
  });
});
