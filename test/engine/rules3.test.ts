/**
 * Drawn-map tests of rules version 3: the monsters the obvious button loses to (wolf packs, splitting oozes, hexers),
 * the gear trade-offs, the guarded fight order (never a more exposed step, hand-backs when the fight changes, the
 * no-blow hand-back in rounds), the shaman that commits, and the save of today that loads and goes on.
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../src/engine/game.js';
import { ITEMS, armourDefence, armourToHit, wielded } from '../../src/engine/items.js';
import { MONSTERS, SPLIT_MIN } from '../../src/engine/monsters.js';
import { newGame } from '../../src/engine/game.js';
import { defaultConfig } from '../../src/engine/config.js';
import { enterLevel } from '../../src/engine/level.js';
import { Rng } from '../../src/grid/rng.js';
import { LATEST_RULES, rulesFor } from '../../src/engine/rules.js';
import { SCHEMA_VERSION, parseGameState } from '../../src/engine/state-schema.js';
import type { Action, GameEvent, GameState } from '../../src/engine/types.js';
import { drawState, hunting, inFight, ofType, ok, play } from './fixtures.js';

const stops = (events: readonly GameEvent[]) => ofType(events, 'run-stopped').filter((e) => e.run === 'fight').map((e) => e.reason);

describe('rules version 3', () => {
  it('GIVEN the rules table THEN version 3 is released, its dailies start 2026-11-28 and it lists the new kinds', () => {
    const v3 = rulesFor(3);
    expect(LATEST_RULES).toBeGreaterThanOrEqual(3);
    expect(new Date(v3.dailyFrom * 86_400_000).toISOString().slice(0, 10)).toBe('2026-11-28');
    expect(v3.monsters).toEqual(expect.arrayContaining(['wolf', 'ooze', 'hexer']));
    expect(v3.items).toEqual(expect.arrayContaining(['rapier', 'halberd', 'plate']));
    expect(rulesFor(2).monsters).not.toContain('wolf');
    expect([rulesFor(1).fightGuard, rulesFor(2).fightGuard, v3.fightGuard]).toEqual([false, false, true]);
  });
});

describe('the acid ooze', () => {
  const open = ['#########', '#.......#', '#.1j....#', '#.......#', '#########'];

  it('GIVEN an ooze in the open WHEN a blade wounds it THEN half of what is left oozes out beside it, awake; no hp is made', () => {
    const s = hunting(drawState(open));
    s.players[0]!.attack = 99; // every blow lands
    const ooze = s.monsters[0]!;
    const r = step(s, { type: 'move', user: 'p1', dir: 'e' });
    const after = ok(r);
    const hit = ofType(r.ok ? r.events : [], 'attacked')[0]!;
    const split = ofType(r.ok ? r.events : [], 'split');
    expect(split).toHaveLength(1);
    const oozes = after.monsters.filter((m) => m.kind === 'ooze');
    expect(oozes).toHaveLength(2);
    expect(oozes.reduce((n, m) => n + m.hp, 0)).toBe(ooze.hp - hit.damage);
    const child = oozes.find((m) => m.id !== ooze.id)!;
    expect(Math.max(Math.abs(child.x - ooze.x), Math.abs(child.y - ooze.y))).toBe(1);
    expect(child.label).not.toBe(ooze.label);
  });

  it('GIVEN an ooze with less than SPLIT_MIN hp left after the blow THEN it does not split', () => {
    const s = hunting(drawState(open));
    s.players[0]!.attack = 99;
    s.monsters[0]!.hp = SPLIT_MIN; // any blow leaves it below SPLIT_MIN
    const r = step(s, { type: 'move', user: 'p1', dir: 'e' });
    expect(ofType(r.ok ? r.events : [], 'split')).toHaveLength(0);
  });

  it('GIVEN an ooze at the end of a corridor WHEN a blade wounds it THEN there is no room beside it: no split', () => {
    const s = hunting(drawState(['#######', '#.1j###', '#######']));
    s.players[0]!.attack = 99;
    const r = step(s, { type: 'move', user: 'p1', dir: 'e' });
    expect(ofType(r.ok ? r.events : [], 'split')).toHaveLength(0);
    expect(ok(r).monsters).toHaveLength(1);
  });

  it('GIVEN an ooze WHEN a flash bomb bursts on it THEN it never splits (the item answers it)', () => {
    const s = hunting(drawState(['#########', '#.......#', '#.1..j..#', '#.......#', '#########']));
    s.players[0]!.pack = { bomb: 1 };
    const r = step(s, { type: 'use', user: 'p1', item: 'bomb', dir: 'e' });
    const events = r.ok ? r.events : [];
    expect(ofType(events, 'exploded')).toHaveLength(1);
    expect(ofType(events, 'split')).toHaveLength(0);
  });
});

describe('the wolves', () => {
  it('GIVEN rules version 3 levels WHEN wolves are rolled THEN they come in packs: every wolf has a packmate near it', () => {
    // A pack rolled on the level's last spots is cut short, and one with no free floor near takes the spots it used:
    // nearly every wolf, not every one, has a packmate beside it.
    let wolves = 0;
    let packed = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const s = newGame({ ...defaultConfig({ seed, mapKind: 'cavern' }) });
      enterLevel(s, Rng.fromSeed(seed), 4);
      const here = s.monsters.filter((m) => m.kind === 'wolf');
      wolves += here.length;
      packed += here.filter((w) => here.some((o) => o !== w && Math.max(Math.abs(o.x - w.x), Math.abs(o.y - w.y)) <= 6)).length;
    }
    expect(wolves).toBeGreaterThan(10);
    expect(packed / wolves).toBeGreaterThan(0.85);
  });

  it('GIVEN three wolves coming at a hero in the open THEN they surround it: more than one strikes in a round', () => {
    const s = hunting(drawState(['###########', '#.........#', '#.........#', '#....1....#', '#.........#', '#...www...#', '###########']));
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    const { events } = play(s, Array.from({ length: 6 }, () => ({ type: 'wait', user: 'p1' }) as Action));
    const biters = new Set(events.filter((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'monster').map((e) => (e as { attacker: { id: number } }).attacker.id));
    expect(biters.size).toBeGreaterThanOrEqual(2);
    expect(MONSTERS.wolf.pack).toBe(3);
  });
});

describe('the goblin hexer', () => {
  it('GIVEN a hexer five tiles off along a clear line THEN it hurls its bolt from there (an archer-like caster that does not close in)', () => {
    const s = hunting(drawState(['##########', '#1....x..#', '##########']));
    const r = step(s, { type: 'wait', user: 'p1' });
    const bolts = (r.ok ? r.events : []).filter((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'monster');
    expect(bolts).toHaveLength(1);
    expect((bolts[0] as { range: number }).range).toBe(5);
    expect(ok(r).monsters[0]!.x).toBe(6);
  });

  it('GIVEN a hero out of the hexer’s line, round a corner THEN it has no shot and must come (a corner answers it)', () => {
    const s = hunting(drawState(['##########', '#1#######', '#.....x..#', '##########']));
    const r = step(s, { type: 'wait', user: 'p1' });
    expect((r.ok ? r.events : []).filter((e) => e.type === 'attacked' || e.type === 'missed')).toHaveLength(0);
  });
});

describe('gear trade-offs (rules version 3 rows)', () => {
  it('GIVEN a rapier WHEN a blow is struck THEN it thrusts twice, each rolled apart', () => {
    const s = hunting(drawState(['#######', '#.1T..#', '#######']));
    s.players[0]!.weapon = 'rapier';
    s.monsters[0]!.hp = s.monsters[0]!.maxHp = 500;
    const r = step(s, { type: 'move', user: 'p1', dir: 'e' });
    const mine = (r.ok ? r.events : []).filter((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'player');
    expect(mine).toHaveLength(2);
    expect(wielded({ weapon: 'rapier', level: 1 }).hits).toBe(2);
  });

  it('GIVEN a halberd THEN it strikes from two tiles in a straight line, and trades accuracy for it', () => {
    const s = hunting(drawState(['#######', '#1.T..#', '#######']));
    s.players[0]!.weapon = 'halberd';
    s.monsters[0]!.hp = s.monsters[0]!.maxHp = 500;
    const r = step(s, { type: 'move', user: 'p1', dir: 'e' });
    expect(ok(r).players[0]!.x).toBe(1);
    expect((r.ok ? r.events : []).filter((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'player')).toHaveLength(1);
    const row = ITEMS.halberd;
    expect(row.slot === 'weapon' && row.weapon.reach === 2 && row.weapon.toHit < 0).toBe(true);
  });

  it('GIVEN plate armour THEN it buys defence with accuracy: the same blows land less often than without it', () => {
    expect([armourDefence('plate'), armourToHit('plate'), armourToHit('mail')]).toEqual([5, -2, 0]);
    const landed = (armour: 'plate' | null): number => {
      let hits = 0;
      for (let seed = 1; seed <= 60; seed++) {
        const s = hunting(drawState(['#######', '#.1T..#', '#######'], { seed }));
        s.players[0]!.armour = armour;
        s.monsters[0]!.hp = s.monsters[0]!.maxHp = 500;
        const r = step(s, { type: 'move', user: 'p1', dir: 'e' });
        hits += (r.ok ? r.events : []).filter((e) => e.type === 'attacked' && e.attacker.kind === 'player').length;
      }
      return hits;
    };
    expect(landed('plate')).toBeLessThan(landed(null));
  });
});

describe('the guarded fight order (⚔️, rules version 3)', () => {
  /**
   * A corridor opening on a room (8-way): the archer below the mouth is the target (a fight order goes after a
   * shooter), two goblins flank the mouth, kept back (stunned) so only the step decides. Stepping into the mouth puts
   * the hero next to both goblins: two more monsters in reach than in the corridor.
   */
  const mouth = (rules: number): GameState => {
    const s = hunting(drawState(['#########', '###1#####', '###.#####', '#.gag...#', '#.......#', '#########'], { rules, topology: 8 }));
    s.explored.fill(1);
    for (const m of s.monsters) if (m.kind === 'goblin') m.stunned = 5;
    s.monsters.find((m) => m.kind === 'archer')!.id = 0; // the nearest on a tie is the lowest id: the archer
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    return s;
  };

  it('GIVEN a hero in a corridor WHEN the only step toward the target brings more monsters in reach THEN it stays put and hands back: exposed', () => {
    const r = step(mouth(3), { type: 'fight', user: 'p1' });
    const after = ok(r);
    expect([after.players[0]!.x, after.players[0]!.y]).toEqual([3, 1]);
    expect(stops(r.ok ? r.events : [])).toEqual(['exposed']);
  });

  it('GIVEN rules version 2 WHEN the same order is given THEN it steps out between the goblins (the old order, kept for old games)', () => {
    const after = ok(step(mouth(2), { type: 'fight', user: 'p1' }));
    expect(after.players[0]!.y).toBeGreaterThanOrEqual(2);
  });

  it('GIVEN a fight order WHEN any monster joins the fight (a weaker kind too) THEN it hands back: monster-in-view', () => {
    let s = inFight(drawState(['##########', '#1T.....##', '#2.......#', '##.#######', '#g.#######', '##########'], { turnMode: 'rounds' }));
    s.explored.fill(1);
    for (const m of s.monsters) m.state = 'hunt';
    const troll = s.monsters.find((m) => m.kind === 'troll')!;
    troll.hp = troll.maxHp = 99;
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    s = ok(step(s, { type: 'fight', user: 'p1' }));
    Object.assign(s.monsters.find((m) => m.kind === 'goblin')!, { x: 2, y: 3 });
    const r = step(s, { type: 'wait', user: 'p2' });
    expect(stops(r.ok ? r.events : [])).toContain('monster-in-view');
  });

  // A lone fighter's rounds resolve by themselves in one step (every living player fights), so one step shows them all.
  it('GIVEN a rounds fight with a monster in view that can never come (a diagonal gap, 4-way) THEN after fightIdle quiet rounds the order hands back: no-blows', () => {
    const s = inFight(drawState(['######', '#1####', '##g###', '######'], { turnMode: 'rounds', topology: 4 }));
    s.explored.fill(1);
    for (const m of s.monsters) m.state = 'hunt';
    const r = step(s, { type: 'fight', user: 'p1' });
    const events = r.ok ? r.events : [];
    expect(events.some((e) => e.type === 'attacked' || e.type === 'missed')).toBe(false);
    expect(stops(events)).toEqual(['no-blows']);
    expect(ofType(events, 'round-ended')).toHaveLength(rulesFor(3).fightIdle!);
    expect(ok(r).fighting).toEqual([]);
  });

  it('GIVEN rules version 2 and the same stand-off THEN the rounds run on to the step’s limit (no no-blow hand-back in rounds)', () => {
    const s = inFight(drawState(['######', '#1####', '##g###', '######'], { turnMode: 'rounds', topology: 4, rules: 2 }));
    s.explored.fill(1);
    for (const m of s.monsters) m.state = 'hunt';
    const r = step(s, { type: 'fight', user: 'p1' });
    expect(stops(r.ok ? r.events : [])).toEqual(['drawn-out']);
  });

  it('GIVEN a rounds fight WHEN the monster is still coming THEN those rounds are no stand-off: it arrives and blows fall', () => {
    const s = inFight(drawState(['##########', '#1......g#', '##########'], { turnMode: 'rounds', topology: 4 }));
    s.explored.fill(1);
    for (const m of s.monsters) m.state = 'hunt';
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    const r = step(s, { type: 'fight', user: 'p1' });
    const events = r.ok ? r.events : [];
    expect(events.some((e) => e.type === 'attacked' || e.type === 'missed')).toBe(true);
    expect(stops(events)).not.toContain('no-blows');
  });
});

describe('the goblin shaman commits (rules version 3)', () => {
  it('GIVEN a shaman with no packmate fighting WHEN the hero stands two tiles off THEN it does not back away: it comes', () => {
    const s = hunting(drawState(['##########', '#1.s.....#', '##########']));
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    const after = ok(step(s, { type: 'wait', user: 'p1' }));
    expect(after.monsters[0]!.x).toBeLessThanOrEqual(3);
    expect(after.monsters[0]!.state).not.toBe('retreat');
  });

  it('GIVEN rules version 2 THEN the same shaman backs away (the old habit, kept for old games)', () => {
    const s = hunting(drawState(['##########', '#1.s.....#', '##########'], { rules: 2 }));
    const after = ok(step(s, { type: 'wait', user: 'p1' }));
    expect(after.monsters[0]!.x).toBe(4);
  });

  it('GIVEN a shaman whose packmate is striking the hero THEN it keeps out of reach', () => {
    const s = hunting(drawState(['##########', '#1gs.....#', '##########']));
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    s.monsters.find((m) => m.kind === 'goblin')!.state = 'attack';
    const after = ok(step(s, { type: 'wait', user: 'p1' }));
    expect(after.monsters.find((m) => m.kind === 'shaman')!.x).toBeGreaterThanOrEqual(3);
  });
});

describe('a game saved today (schema 8) under version 3 code', () => {
  it('GIVEN a schema-8 save WHEN it loads THEN it migrates (no quiet rounds counted yet) and the game goes on', () => {
    const s = ok(step(newGame({ ...defaultConfig({ seed: 4 }), rules: 2 }), { type: 'join', user: 'p1', name: 'Ann', role: 'ranger' }));
    const { fightQuiet: _quiet, ...old } = JSON.parse(JSON.stringify(s)) as Record<string, unknown>;
    expect(_quiet).toBe(0);
    const saved = { ...old, schema: 8 };
    const r = parseGameState(saved);
    if (!r.ok) throw new Error(JSON.stringify(r));
    expect(r.migratedFrom).toBe(8);
    expect(r.state.schema).toBe(SCHEMA_VERSION);
    expect(r.state.fightQuiet).toBe(0);
    expect(r.state.config.rules).toBe(2);
    expect(step(r.state, { type: 'wait', user: 'p1' }).ok).toBe(true);
  });
});
