import { describe, expect, it } from 'vitest';
import { behindFront, leaderOf, partyExpert } from '../../balance/expert-party.js';
import { playerView } from '../../balance/view.js';
import { step, type GameState } from '../../src/engine/index.js';
import type { RoleKind } from '../../src/engine/roles.js';
import { Rng } from '../../src/grid/rng.js';
import { drawState } from '../engine/fixtures.js';

/** A rounds-mode party in a fight on a drawn map, everything explored; roles in slot order. */
function fight(rows: string[], roles: RoleKind[]): GameState {
  const s = drawState(rows, { turnMode: 'rounds' });
  s.explored.fill(1);
  s.calm = 0;
  s.players.forEach((p, i) => (p.role = roles[i] ?? 'adventurer'));
  for (const m of s.monsters) m.state = 'hunt';
  return s;
}

const press = (s: GameState, user: string) => partyExpert(playerView(s, user), Rng.fromSeed(1), { waits: 0 });

/** A corridor: the fighter in front, the healer, ranger and rogue queued behind it, a goblin coming. */
const QUEUE = ['############', '#4321...g..#', '############'];

describe('party expert: a corridor front', () => {
  it('GIVEN a party queued in a corridor behind its fighter THEN all press ⚔️; behind, the order only waits its turn and is not handed back', () => {
    let s = fight(QUEUE, ['fighter', 'healer', 'ranger', 'rogue']);
    const v = playerView(s, 'p3');
    expect(behindFront(v, v.monsters)).toBe(true);
    for (const u of ['p1', 'p2', 'p3', 'p4']) {
      const a = press(s, u);
      expect(a).toEqual({ type: 'fight', user: u });
      const r = step(s, a!);
      if (!r.ok) throw new Error(r.code);
      s = r.state;
    }
    // The round resolved (everyone gave an order): the goblin came closer; no order was handed back.
    expect(s.fighting).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(s.recent.some((e) => e.type === 'run-stopped')).toBe(false);
  });

  it('GIVEN a member holding (⏳) with nothing next to it THEN it presses nothing (the hold stands); with a goblin next to it, it acts', () => {
    const s = fight(QUEUE, ['fighter', 'healer', 'ranger', 'rogue']);
    s.holding = ['p4'];
    expect(press(s, 'p4')).toBeNull();
    const goblin = s.monsters[0]!;
    [goblin.x, goblin.y] = [5, 1];
    s.holding = ['p1'];
    expect(press(s, 'p1')).not.toBeNull();
  });

  it('GIVEN a hold that stood 24 rounds with nothing coming THEN the member goes at the nearest monster by hand (no freeze)', () => {
    // A goblin that never comes (in the games: cornered runners, a guard in a corridor): the hold would stand for good.
    const s = fight(['##########', '#1....g..#', '##########'], ['fighter']);
    s.holding = ['p1'];
    const memory = { waits: 0 };
    const at = (turn: number) => partyExpert(playerView({ ...s, turn }, 'p1'), Rng.fromSeed(1), memory);
    expect(at(100)).toBeNull();
    expect(at(110)).toBeNull();
    expect(at(124)).toEqual({ type: 'move', user: 'p1', dir: 'e' });
    // It keeps going until a blow is in reach (no new hold in between).
    expect(at(125)).toEqual({ type: 'move', user: 'p1', dir: 'e' });
  });

  it('GIVEN the same party in a room THEN no one counts as behind (every member can reach the goblin)', () => {
    const s = fight(['##########', '#........#', '#.4321.g.#', '#........#', '##########'], ['fighter', 'healer', 'ranger', 'rogue']);
    const v = playerView(s, 'p3');
    expect(behindFront(v, v.monsters)).toBe(false);
  });

  it('GIVEN a hurt fighter next to a goblin and a healthy rogue behind it THEN the fighter swaps out; with the rogue hurt too it does not', () => {
    const s = fight(['##########', '#21g.....#', '##########'], ['fighter', 'rogue']);
    s.monsters[0]!.state = 'attack';
    const fighter = s.players[0]!;
    fighter.hp = Math.floor(fighter.maxHp * 0.4);
    expect(press(s, 'p1')).toEqual({ type: 'move', user: 'p1', dir: 'w' });
    s.players[1]!.hp = Math.floor(s.players[1]!.maxHp * 0.5);
    expect(press(s, 'p1')).not.toEqual({ type: 'move', user: 'p1', dir: 'w' });
  });
});

describe('party expert: the roles', () => {
  it('GIVEN a healer with an ally under 60% in reach THEN it mends; with everyone healthy it does not', () => {
    const s = fight(['##########', '#21g.....#', '##########'], ['fighter', 'healer']);
    s.players[0]!.hp = Math.floor(s.players[0]!.maxHp * 0.5);
    expect(press(s, 'p2')).toEqual({ type: 'ability', user: 'p2' });
    s.players[0]!.hp = s.players[0]!.maxHp;
    expect(press(s, 'p2')).not.toEqual({ type: 'ability', user: 'p2' });
  });

  it('GIVEN a ranger with an archer in a clear line and nothing in its reach THEN it shoots', () => {
    const s = fight(['###########', '#....2...a#', '#..1......#', '#.........#', '###########'], ['fighter', 'ranger']);
    s.monsters[0]!.state = 'attack';
    expect(press(s, 'p2')).toEqual({ type: 'ability', user: 'p2' });
  });

  it('GIVEN a front member with an archer two tiles off and its line on it THEN it closes in (standing only gives it shots)', () => {
    const s = fight(['##########', '#2.1.a...#', '##########'], ['fighter', 'healer']);
    s.monsters[0]!.state = 'attack';
    expect(press(s, 'p1')).toEqual({ type: 'move', user: 'p1', dir: 'e' });
  });
});

describe('party expert: walking', () => {
  it('GIVEN more of the level explored THEN the lead passes to the next member, so the walking presses are shared', () => {
    const big = drawState(['#'.repeat(40), ...Array.from({ length: 8 }, () => `#${'.'.repeat(38)}#`), '#1234' + '.'.repeat(35) + '#', '#'.repeat(40)]);
    big.explored.fill(0);
    expect(leaderOf(playerView(big, 'p1')).id).toBe('p1');
    for (let i = 0; i < 130; i++) big.explored[i] = 1;
    expect(leaderOf(playerView(big, 'p1')).id).toBe('p2');
  });
});
