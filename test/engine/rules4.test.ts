/**
 * Drawn-map tests of rules version 4: the cave lizard that retreats to heal (runs when bloodied, heals out of sight,
 * comes back whole, and can be cornered) and the skeleton that resists blades (half damage from blades and arrows,
 * said once in the log; an axe, a halberd, a bomb or the fighter's cleave hurts it whole).
 */
import { describe, expect, it } from 'vitest';
import { step } from '../../src/engine/game.js';
import { MONSTERS } from '../../src/engine/monsters.js';
import { LATEST_RULES, rulesFor } from '../../src/engine/rules.js';
import { parseGameState } from '../../src/engine/state-schema.js';
import type { Action, GameEvent, GameState } from '../../src/engine/types.js';
import { MaskBytes } from '../../src/engine/bytes.js';
import { drawState, hunting, ofType, ok, play } from './fixtures.js';

const waits = (n: number): Action[] => Array.from({ length: n }, () => ({ type: 'wait', user: 'p1' }) as Action);
const mine = (events: readonly GameEvent[]) => ofType(events, 'attacked').filter((e) => e.attacker.kind === 'player');

describe('rules version 4', () => {
  it('GIVEN the rules table THEN version 4 follows 3, its dailies start 2026-11-29 and it adds the lizard and the skeleton', () => {
    const v4 = rulesFor(4);
    expect(LATEST_RULES).toBeGreaterThanOrEqual(4);
    expect(new Date(v4.dailyFrom * 86_400_000).toISOString().slice(0, 10)).toBe('2026-11-29');
    expect(v4.monsters).toEqual([...rulesFor(3).monsters, 'lizard', 'skeleton']);
    expect(rulesFor(3).monsters).not.toContain('lizard');
    expect(rulesFor(3).monsters).not.toContain('skeleton');
  });
});

describe('the skeleton (resists blades)', () => {
  const corridor = ['#######', '#.1z..#', '#######'];
  const blows = (weapon: 'sword' | 'axe' | 'dagger', seeds = 40): { damage: number[]; glanced: number } => {
    const damage: number[] = [];
    let glanced = 0;
    for (let seed = 1; seed <= seeds; seed++) {
      const s = hunting(drawState(corridor, { seed }));
      s.players[0]!.attack = 99; // every blow lands
      s.players[0]!.weapon = weapon;
      s.monsters[0]!.hp = s.monsters[0]!.maxHp = 500;
      const { events } = play(s, [
        { type: 'move', user: 'p1', dir: 'e' },
        { type: 'move', user: 'p1', dir: 'e' },
      ]);
      damage.push(...mine(events).map((e) => e.damage));
      glanced += ofType(events, 'glanced').length;
    }
    return { damage, glanced };
  };

  it('GIVEN a sword (2-6) WHEN it strikes a skeleton THEN every blow does half, rounded down, at least 1', () => {
    const { damage } = blows('sword');
    expect(damage.length).toBeGreaterThan(60); // a natural 1 always misses
    expect(Math.max(...damage)).toBe(3);
    expect(Math.min(...damage)).toBe(1);
  });

  it('GIVEN blows glancing off one skeleton THEN the log says so once, on the first, naming the weapon', () => {
    const s = hunting(drawState(corridor));
    s.players[0]!.attack = 99;
    s.monsters[0]!.hp = s.monsters[0]!.maxHp = 500;
    const first = step(s, { type: 'move', user: 'p1', dir: 'e' });
    const g = ofType(first.ok ? first.events : [], 'glanced');
    expect(g).toHaveLength(1);
    expect(g[0]!.weapon).toBe('sword');
    const { events } = play(ok(first), [{ type: 'move', user: 'p1', dir: 'e' }, { type: 'move', user: 'p1', dir: 'e' }]);
    expect(mine(events)).toHaveLength(2);
    expect(ofType(events, 'glanced')).toHaveLength(0);
    // The mark survives a save and a load (of a level as big as a stored game's), so a reloaded game does not say it again.
    const room = ['####################', '#.1z...............#', ...Array.from({ length: 9 }, () => '#..................#'), '####################'];
    const big = hunting(drawState(room));
    big.players[0]!.attack = 99;
    big.monsters[0]!.hp = big.monsters[0]!.maxHp = 500;
    const saved = ok(step(big, { type: 'move', user: 'p1', dir: 'e' }));
    const explored = new MaskBytes(saved.explored.length);
    explored.set(saved.explored);
    const loaded = parseGameState(JSON.parse(JSON.stringify({ ...saved, explored })));
    expect(loaded.ok && loaded.state.monsters[0]!.glanced).toBe(true);
  });

  it('GIVEN a battle axe (3-10) WHEN it strikes a skeleton THEN the blow lands whole and nothing glances', () => {
    const { damage, glanced } = blows('axe');
    expect(glanced).toBe(0);
    expect(Math.max(...damage)).toBeGreaterThan(5);
  });

  it('GIVEN a skeleton next to a fighter WHEN the fighter cleaves THEN the cleave crushes: whole damage, no glance', () => {
    let max = 0;
    for (let seed = 1; seed <= 30; seed++) {
      const s = hunting(drawState(corridor, { seed }));
      s.players[0]!.role = 'fighter';
      s.players[0]!.attack = 99;
      s.monsters[0]!.x = 3;
      s.monsters[0]!.hp = s.monsters[0]!.maxHp = 500;
      const r = step(s, { type: 'ability', user: 'p1' });
      expect(ofType(r.ok ? r.events : [], 'glanced')).toHaveLength(0);
      max = Math.max(max, ...mine(r.ok ? r.events : []).map((e) => e.damage));
    }
    expect(max).toBeGreaterThan(3);
  });

  it('GIVEN a flash bomb bursting on a skeleton THEN it takes the blast whole', () => {
    const s = hunting(drawState(['#########', '#.1...z.#', '#########']));
    s.players[0]!.pack = { bomb: 1 };
    s.monsters[0]!.hp = s.monsters[0]!.maxHp = 500;
    const r = step(s, { type: 'use', user: 'p1', item: 'bomb', dir: 'e' });
    const blast = mine(r.ok ? r.events : []);
    expect(blast).toHaveLength(1);
    expect(ok(r).monsters[0]!.hp).toBe(500 - blast[0]!.damage);
    expect(ofType(r.ok ? r.events : [], 'glanced')).toHaveLength(0);
  });

  it('GIVEN the skeleton row THEN its help line names what glances and what breaks it', () => {
    expect(MONSTERS.skeleton.resists).toEqual(expect.arrayContaining(['sword', 'dagger', 'rapier', 'spear', 'arrow']));
    expect(MONSTERS.skeleton.resists).not.toContain('battle axe');
    expect(MONSTERS.skeleton.habit).toMatch(/half.*axe.*halberd.*bomb.*cleave/);
  });
});

describe('the cave lizard (retreats to heal)', () => {
  /** A room with a door west to a long loop: a bloodied lizard has somewhere to run. */
  const den = ['###############', '#.............#', '#.#########.#.#', '#.#.......#...#', '#.#.1l....#.#.#', '#.#.......#.#.#', '#.#####.###.#.#', '#.............#', '###############'];

  it('GIVEN a lizard bloodied with a packmate beside it THEN it runs anyway (a goblin with friends would stay)', () => {
    const room = [...den];
    room[5] = '#.#...g...#.#.#';
    const s = hunting(drawState(room));
    s.monsters.find((m) => m.kind === 'goblin')!.stunned = 5;
    const liz = s.monsters.find((m) => m.kind === 'lizard')!;
    liz.hp = Math.floor(liz.maxHp * MONSTERS.lizard.bloodied);
    const r = step(s, { type: 'wait', user: 'p1' });
    const after = ok(r).monsters.find((m) => m.kind === 'lizard')!;
    expect(after.state).toBe('flee');
    expect(ofType(r.ok ? r.events : [], 'fled')).toHaveLength(1);
  });

  it('GIVEN a bloodied lizard out of every sight THEN it heals its regen each turn and, whole, comes back for the hero', () => {
    const s = drawState(den);
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    const liz = s.monsters[0]!;
    // Hidden in the loop's far corner, fleeing, with 4 hp.
    liz.x = 13;
    liz.y = 7;
    liz.state = 'flee';
    liz.hp = 4;
    const { state } = play(s, waits(2));
    expect(state.monsters[0]!.hp).toBe(4 + 2 * MONSTERS.lizard.regen!);
    expect(state.monsters[0]!.state).toBe('flee');
    // It turns back only once whole, and comes back to the hero: within a few more turns it is next to them.
    let at = state;
    let hpWhenBack = -1;
    for (let k = 0; k < 25; k++) {
      const r = step(at, { type: 'wait', user: 'p1' });
      if (r.ok && ofType(r.events, 'returned').length > 0) hpWhenBack = r.state.monsters[0]!.hp;
      at = ok(r);
    }
    expect(hpWhenBack).toBe(at.monsters[0]!.maxHp);
    const later = at;
    const back = later.monsters[0]!;
    const p = later.players[0]!;
    expect(Math.max(Math.abs(back.x - p.x), Math.abs(back.y - p.y))).toBeLessThanOrEqual(1);
  });

  it('GIVEN a fleeing lizard the hero keeps in view THEN it does not heal (chasing it denies the rest)', () => {
    const s = drawState(['##########', '#1..l....#', '##########']);
    const liz = s.monsters[0]!;
    liz.state = 'flee';
    liz.hp = 4;
    const { state } = play(s, waits(3));
    expect(state.monsters[0]!.hp).toBe(4);
  });

  it('GIVEN a bloodied lizard cornered at a dead end THEN it fights back where it stands, and falls to the hero', () => {
    const s = hunting(drawState(['#######', '#.1l###', '#######']));
    s.players[0]!.attack = 99;
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    s.monsters[0]!.hp = 3;
    s.monsters[0]!.state = 'flee';
    const { state, events } = play(s, [{ type: 'move', user: 'p1', dir: 'e' }, { type: 'move', user: 'p1', dir: 'e' }]);
    expect(ofType(events, 'killed')).toHaveLength(1);
    expect(state.monsters).toHaveLength(0);
  });

  it('GIVEN a fight order against a lizard WHEN it runs out of sight THEN the order hands back at once, no waiting on it (no freeze)', () => {
    const s = hunting(drawState(den));
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    s.monsters[0]!.hp = Math.floor(s.monsters[0]!.maxHp * MONSTERS.lizard.bloodied) + 1;
    s.players[0]!.attack = -99; // only natural 20s land: the lizard is hurt by chance, never killed in one go
    let state = s;
    const stops: string[] = [];
    for (let k = 0; k < 30 && state.monsters.length > 0; k++) {
      const r = step(state, { type: 'fight', user: 'p1' });
      if (!r.ok) break;
      state = r.state;
      stops.push(...ofType(r.events, 'run-stopped').map((e) => e.reason));
      if (state.monsters[0]?.state === 'flee') {
        state.monsters[0]!.hp = 1;
        const again = step(state, { type: 'fight', user: 'p1' });
        // A fleeing monster is no fight order's business: refused or handed back with a reason, never a long wait.
        if (again.ok) expect(ofType(again.events, 'run-stopped').length).toBeGreaterThan(0);
        return;
      }
    }
    // The lizard never fled in 30 orders: then it must have been killed.
    expect(state.monsters).toHaveLength(0);
  });
});

describe('explore on an item (rules version 4)', () => {
  /** A level explored to the last tile, the hero standing on a potion it began the level on. */
  const onPotion = (rules: number): GameState => {
    const s = drawState(['#######', '#.1...#', '#######'], { rules });
    s.explored.fill(1);
    s.items.push({ id: 99, kind: 'potion', x: 2, y: 1 });
    return s;
  };

  it('GIVEN the hero on an item with nothing else to explore WHEN explore is pressed THEN it picks it up (no endless explore on the spot)', () => {
    const r = step(onPotion(4), { type: 'explore', user: 'p1' });
    expect(ofType(r.ok ? r.events : [], 'picked-up')).toHaveLength(1);
    const s = ok(r);
    expect(s.items).toHaveLength(0);
    expect(s.players[0]!.pack.potion).toBe(1);
  });

  it('GIVEN rules version 3 THEN the same press ends at once with the item left under the hero (old logs replay as before)', () => {
    const r = step(onPotion(3), { type: 'explore', user: 'p1' });
    expect(ofType(r.ok ? r.events : [], 'picked-up')).toHaveLength(0);
    expect(ofType(r.ok ? r.events : [], 'run-stopped').map((e) => e.reason)).toEqual(['explored']);
    expect(ok(r).items).toHaveLength(1);
  });
});

describe('a cornered lizard (no freeze)', () => {
  it('GIVEN a bloodied lizard cornered diagonally beside a hero in a 4-way game THEN it comes out, and ⚔️ presses finish it', () => {
    const s = drawState(['#####', '#..l#', '#.1##', '#####'], { topology: 4 });
    s.players[0]!.hp = s.players[0]!.maxHp = 500;
    const liz = s.monsters[0]!;
    liz.state = 'flee';
    liz.hp = 3;
    liz.lastSeen = 2 * s.width + 2;
    const r = step(s, { type: 'wait', user: 'p1' });
    const moved = ok(r).monsters[0]!;
    // It left its corner for a tile in line with the hero.
    expect([moved.x, moved.y]).not.toEqual([3, 1]);
    let state = ok(r);
    for (let k = 0; k < 20 && state.monsters.length > 0; k++) {
      const f = step(state, { type: 'fight', user: 'p1' });
      state = f.ok ? f.state : ok(step(state, { type: 'wait', user: 'p1' }));
    }
    expect(state.monsters).toHaveLength(0);
  });
});
