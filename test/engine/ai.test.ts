import { describe, expect, it } from 'vitest';
import { decide, type Perception } from '../../src/engine/ai.js';
import { step } from '../../src/engine/game.js';
import { MONSTERS } from '../../src/engine/monsters.js';
import type { GameState, Monster, MonsterKind, Player } from '../../src/engine/types.js';
import { drawMap, drawState } from './fixtures.js';

const monster = (kind: MonsterKind, over: Partial<Monster> = {}): Monster => ({
  id: 1, kind, label: 'A', maxHp: MONSTERS[kind].hp, power: 0, x: 5, y: 5, hp: MONSTERS[kind].hp, weapon: 0, state: 'wander', lastSeen: -1, stunned: 0, ...over,
});
const somePlayer = { id: 'p', name: 'P' } as Player;
const seen = (over: Partial<Perception>): Perception => {
  const p = { bloodied: false, alone: false, target: somePlayer, distance: 3, hasLastSeen: false, lured: false, recovered: true, ...over };
  return { lineDistance: p.distance, ...p };
};

describe('GIVEN a monster and what it perceives WHEN it decides', () => {
  it.each([
    ['a bloodied minion alone', 'goblin', seen({ bloodied: true, alone: true }), 'flee', 0],
    ['a healthy minion alone (fights: only a hurt lone minion runs)', 'goblin', seen({ alone: true }), 'hunt', 0],
    ['a hurt minion alone', 'goblin', seen({ alone: true, recovered: false }), 'flee', 0],
    ['a bloodied minion among friends', 'goblin', seen({ bloodied: true }), 'flee', 0],
    ['a healthy minion among friends, player adjacent', 'goblin', seen({ distance: 1 }), 'attack', 0],
    ['a healthy minion among friends, player far', 'goblin', seen({ distance: 4 }), 'hunt', 0],
    ['a bloodied skirmisher among friends', 'orc', seen({ bloodied: true, distance: 4 }), 'hunt', 0],
    ['a bloodied skirmisher alone', 'orc', seen({ bloodied: true, alone: true }), 'flee', 0],
    ['a skirmisher adjacent to a player', 'orc', seen({ distance: 1 }), 'attack', 1],
    ['a skirmisher two tiles away (spear reach)', 'orc', seen({ distance: 2 }), 'attack', 0],
    ['a healthy soldier', 'troll', seen({ distance: 1 }), 'attack', 0],
    ['a bloodied soldier alone', 'troll', seen({ bloodied: true, alone: true, distance: 1 }), 'attack', 1],
    ['a monster that lost sight but remembers', 'troll', seen({ target: null, hasLastSeen: true }), 'hunt', 0],
    ['a monster that sees no one', 'orc', seen({ target: null }), 'wander', 0],
    ['a monster that sees no one near a lure', 'orc', seen({ target: null, lured: true }), 'lured', 0],
    ['a monster that sees a player near a lure', 'goblin', seen({ distance: 4, lured: true }), 'hunt', 0],
  ] as const)('%s -> %s', (_label, kind, perception, state, weapon) => {
    expect(decide(monster(kind), perception)).toEqual({ state, weapon });
  });

  it('GIVEN a berserk soldier WHEN it is no longer bloodied-checked THEN it keeps its berserk weapon', () => {
    expect(decide(monster('troll', { weapon: 1 }), seen({ distance: 1 })).weapon).toBe(1);
  });
});

function waitTurns(s: GameState, user: string, n: number): GameState {
  for (let i = 0; i < n; i++) {
    const r = step(s, { type: 'wait', user });
    if (!r.ok) throw new Error(r.code);
    s = r.state;
  }
  return s;
}

describe('classic situations', () => {
  it('GIVEN a wall between a hunter and its prey (. t W m .) WHEN it hunts THEN it goes around instead of sticking to the wall', () => {
    let s = drawState([
      '#########',
      '#.......#',
      '#.#####.#',
      '#..1#T..#',
      '#########',
    ]);
    // The troll saw the player a moment ago; a greedy step west would hit the wall and stay stuck.
    s.monsters[0]!.state = 'hunt';
    s.monsters[0]!.lastSeen = 3 * s.width + 3;
    s = waitTurns(s, 'p1', 1);
    expect(drawMap(s)[3]).toBe('#..1#.T.#');
    s = waitTurns(s, 'p1', 12);
    const t = s.monsters[0]!;
    const p = s.players[0]!;
    expect(Math.abs(t.x - p.x) + Math.abs(t.y - p.y)).toBe(1);
  });

  it('GIVEN a bloodied goblin alone in sight of a player WHEN monsters move THEN it flees and says so', () => {
    const s = drawState([
      '############',
      '#..........#',
      '#..1.g.....#',
      '#..........#',
      '############',
    ]);
    s.monsters[0]!.hp = 2;
    const r = step(s, { type: 'wait', user: 'p1' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const g = r.state.monsters[0]!;
    expect(g.state).toBe('flee');
    // It started 2 steps from the player; fleeing takes it farther.
    expect(Math.abs(g.x - 3) + Math.abs(g.y - 2)).toBe(3);
    const fled = r.events.find((e) => e.type === 'fled');
    expect(fled).toMatchObject({ who: { kind: 'monster', id: g.id, monster: 'goblin', label: 'A' } });
    // The log says where it went: any way but back toward the player (west).
    expect(fled?.type === 'fled' && fled.toward).toMatch(/^(n|s|e)$/);
  });

  it('GIVEN an orc next to a player WHEN it acts THEN it swaps its spear for a knife and attacks', () => {
    const s = drawState([
      '##########',
      '#........#',
      '#...1o...#',
      '#...g....#',
      '##########',
    ]);
    const r = step(s, { type: 'wait', user: 'p1' });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const orc = r.state.monsters.find((m) => m.kind === 'orc')!;
    expect(orc.weapon).toBe(1);
    expect(r.events).toContainEqual({ type: 'switched-weapon', who: { kind: 'monster', id: orc.id, monster: 'orc', label: 'A' }, weapon: 'knife' });
    const attacks = r.events.filter((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'monster' && e.attacker.id === orc.id);
    expect(attacks).toHaveLength(1);
  });

  it('GIVEN a bloodied troll WHEN it fights THEN it goes berserk', () => {
    const s = drawState(['#######', '#.1T..#', '#######']);
    s.monsters[0]!.hp = 5;
    const r = step(s, { type: 'wait', user: 'p1' });
    expect(r.ok && r.state.monsters[0]!.weapon).toBe(1);
    expect(r.ok && r.events.some((e) => e.type === 'berserk')).toBe(true);
  });

  it('GIVEN monsters crowding a player in a corridor WHEN they move THEN none enters the player tile or another monster', () => {
    let s = drawState(['############', '#1.gogTg...#', '############']);
    for (let i = 0; i < 6; i++) {
      s = waitTurns(s, 'p1', 1);
      const cells = [...s.monsters.map((m) => `${m.x},${m.y}`), ...s.players.filter((p) => p.alive).map((p) => `${p.x},${p.y}`)];
      expect(new Set(cells).size).toBe(cells.length);
      if (s.status === 'over') break;
    }
  });
});

describe('fleeing and reach', () => {
  it('GIVEN a bloodied goblin that fled out of sight WHEN turns pass THEN it hides, heals and comes back to fight', () => {
    let s = drawState([
      '##################',
      '#1.g.............#',
      '##################',
    ], { fovRadius: 4 });
    s.monsters[0]!.hp = 2;
    const states: string[] = [];
    const events: string[] = [];
    for (let i = 0; i < 40 && s.status === 'playing'; i++) {
      const r = step(s, { type: 'wait', user: 'p1' });
      if (!r.ok) throw new Error(r.code);
      s = r.state;
      states.push(s.monsters[0]!.state);
      events.push(...r.events.map((e) => e.type));
    }
    expect(states[0]).toBe('flee');
    // While hiding it never turns back early: flee lasts until it is healed to 75%.
    const back = states.indexOf('hunt');
    expect(back).toBeGreaterThan(3);
    expect(states.slice(0, back).every((st) => st === 'flee')).toBe(true);
    expect(events).toContain('returned');
    expect(s.monsters[0]!.hp).toBeGreaterThanOrEqual(Math.ceil(0.75 * s.monsters[0]!.maxHp) - 1);
  });

  it('GIVEN a 4-way game and an orc diagonal to a player across a wall corner WHEN it acts THEN its spear cannot reach', () => {
    const s = drawState([
      '#######',
      '#.....#',
      '#.1#..#',
      '#..#o.#',
      '#######',
    ]);
    s.monsters[0]!.x = 3;
    s.monsters[0]!.y = 3;
    s.tiles[3 * s.width + 3] = 1;
    s.tiles[3 * s.width + 4] = 0;
    // Orc at (3,3), player at (2,2): diagonal neighbours; a spear (reach 2) must not strike around the corner.
    const r = step(s, { type: 'wait', user: 'p1' });
    expect(r.ok && r.events.some((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'monster')).toBe(false);
  });

  it('GIVEN an orc two tiles away in a straight corridor WHEN it acts THEN its spear reaches', () => {
    const s = drawState(['#######', '#1.o..#', '#######']);
    s.monsters[0]!.state = 'hunt';
    const r = step(s, { type: 'wait', user: 'p1' });
    expect(r.ok && r.events.some((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'monster' && e.weapon === 'spear')).toBe(true);
  });
});
