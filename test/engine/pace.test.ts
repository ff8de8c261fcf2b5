import { describe, expect, it } from 'vitest';
import { step } from '../../src/engine/game.js';
import { legalMoves } from '../../src/engine/legal.js';
import { CALM_ROUNDS, REVIVE_FRACTION, roundsNow } from '../../src/engine/pace.js';
import { Rng } from '../../src/grid/rng.js';
import type { Action, GameEvent, GameState, StepResult } from '../../src/engine/types.js';
import { drawMap, drawState, inFight } from './fixtures.js';

function ok(r: StepResult): GameState {
  if (!r.ok) throw new Error(`rejected: ${r.code}`);
  return r.state;
}

const ofType = <T extends GameEvent['type']>(s: GameState, type: T) => s.recent.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);
const player = (id: string) => ({ kind: 'player', id, name: id.toUpperCase() });

describe('exploits: explore and travel with a monster in view', () => {
  // The goblin stands in the open, in plain view, and is after the player; the stairs have been seen.
  const inView = (): GameState => {
    const s = drawState(['##########', '#1.....g>#', '##########']);
    s.explored.fill(1);
    s.monsters[0]!.state = 'hunt';
    return s;
  };

  it.each<Action['type']>(['explore', 'travel'])('GIVEN a monster in view WHEN the player tries to %s THEN it is refused with that reason', (type) => {
    const s = inView();
    s.explored.fill(0);
    s.explored[1 * 10 + 1] = 1;
    s.explored[1 * 10 + 8] = 1;
    expect(step(s, { type, user: 'p1' } as Action)).toEqual({ ok: false, code: 'monster-in-view' });
    expect(legalMoves(s, 'p1')).toMatchObject({ canExplore: false, canTravel: false });
  });

  it('GIVEN a solo explorer whose only way on is a monster WHEN exploring THEN the refusal names the monster, not a party member', () => {
    const s = drawState(['#######', '#1g...#', '#######']);
    s.monsters[0]!.state = 'attack';
    const r = step(s, { type: 'explore', user: 'p1' });
    expect(r).toEqual({ ok: false, code: 'monster-in-view' });
  });

  it('GIVEN an orc with a spear on the heels of a runner WHEN it attacks, hit or miss THEN the run stops right there, every seed', () => {
    const outcomes = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const s = drawState(['#############', '#.........1o#', '#############'], { seed });
      s.monsters[0]!.state = 'hunt';
      s.rng = Rng.fromSeed(seed).save();
      const r = ok(step(s, { type: 'move', user: 'p1', dir: 'w', steps: 9 }));
      const strike = r.recent.findIndex((e) => (e.type === 'attacked' || e.type === 'missed') && e.target.kind === 'player');
      if (strike < 0) continue;
      outcomes.add(r.recent[strike]!.type);
      const rest = r.recent.slice(strike);
      expect(rest.some((e) => e.type === 'moved' && e.who.kind === 'player')).toBe(false);
      expect(rest).toContainEqual(expect.objectContaining({ type: 'run-stopped', reason: 'attacked', run: 'move' }));
    }
    expect([...outcomes].sort()).toEqual(['attacked', 'missed']);
  });
});

describe('runs in a party stop for anyone in trouble', () => {
  it('GIVEN a teammate fighting a goblin WHEN another runs THEN the run stops at the goblin\'s first swing, naming the teammate', () => {
    const s = drawState(['############', '#1.........#', '############', '#2g########', '############']);
    s.monsters[0]!.state = 'hunt';
    const r = ok(step(s, { type: 'move', user: 'p1', dir: 'e', steps: 9 }));
    expect(r.players[0]!.x).toBe(2);
    expect(ofType(r, 'run-stopped')).toEqual([{ type: 'run-stopped', who: player('p1'), steps: 1, reason: 'attacked', run: 'move', by: player('p2') }]);
  });

  it('GIVEN a goblin coming round a corner toward a teammate out of the runner\'s sight WHEN the runner explores THEN the explore stops when the teammate sees it, naming them', () => {
    const s = drawState([
      '####################',
      '#1.................#',
      '####################',
      '#2....##############',
      '#####.##############',
      '#####.##############',
      '#####g##############',
      '####################',
    ]);
    s.monsters[0]!.state = 'hunt';
    s.monsters[0]!.lastSeen = 3 * 20 + 1;
    const r = ok(step(s, { type: 'explore', user: 'p1' }));
    expect(ofType(r, 'run-stopped')).toEqual([{ type: 'run-stopped', who: player('p1'), steps: expect.any(Number), reason: 'monster-in-view', run: 'explore', by: player('p2') }]);
    expect(r.players[0]!.x).toBeLessThan(18);
    expect(r.players[1]).toMatchObject({ x: 1, y: 3 });
  });
});

describe('monster movement: the corridor swap', () => {
  it('GIVEN a fleeing goblin between the player and its hunting packmate in a corridor WHEN monsters move THEN they trade places', () => {
    const s = drawState(['##########', '#1.go....#', '##########']);
    const [goblin, orc] = s.monsters;
    goblin!.state = 'flee';
    goblin!.hp = 1;
    orc!.state = 'hunt';
    const r = ok(step(s, { type: 'wait', user: 'p1' }));
    expect(drawMap(r)).toEqual(['##########', '#1.og....#', '##########']);
  });
});

describe('monsters follow the party down the stairs', () => {
  it('GIVEN a hunting orc next to the player on the stairs and a wandering goblin far off WHEN the party descends THEN the orc comes along, the goblin stays', () => {
    const s = drawState(['##############', '#.o1.......g.#', '##############'], { maxDepth: 3 });
    s.tiles[1 * 14 + 3] = 2; // stairs under the player
    const [orc, goblin] = s.monsters;
    orc!.state = 'hunt';
    const r = ok(step(s, { type: 'descend', user: 'p1' }));
    expect(r.depth).toBe(2);
    const follower = r.monsters.find((m) => m.id === orc!.id);
    expect(follower).toMatchObject({ kind: 'orc', hp: orc!.hp, state: 'hunt' });
    expect(r.monsters.some((m) => m.id === goblin!.id)).toBe(false);
    const p = r.players[0]!;
    expect(Math.max(Math.abs(follower!.x - p.x), Math.abs(follower!.y - p.y))).toBeLessThanOrEqual(3);
    expect(r.recent).toContainEqual({ type: 'followed', who: { kind: 'monster', id: orc!.id, monster: 'orc', label: follower!.label } });
    const labels = r.monsters.filter((m) => m.kind === 'orc').map((m) => m.label);
    expect(new Set(labels).size).toBe(labels.length);
  });
});

describe('resting is not free', () => {
  // Two rooms far apart: the rester's room, and one out of sight where wanderers can arrive.
  const rooms = (seed: number): GameState => {
    const s = drawState(
      [
        '##############################',
        '#.......######################',
        '#...1...#.................####',
        '#.......#.................####',
        '#...........................##',
        '#.......#.................####',
        '##############################',
      ],
      { seed },
    );
    s.rng = Rng.fromSeed(seed).save();
    s.players[0]!.hp = 1;
    return s;
  };

  it('GIVEN many seeded rests from 1 hp WHEN resting THEN wandering monsters sometimes come in from out of sight, hunting, and the same seed gives the same rest', () => {
    let arrivals = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const s = rooms(seed);
      const r = ok(step(s, { type: 'rest', user: 'p1' }));
      expect(ok(step(rooms(seed), { type: 'rest', user: 'p1' }))).toEqual(r);
      if (r.monsters.length > 0) {
        arrivals++;
        expect(r.monsters[0]!.state === 'hunt' || r.monsters[0]!.state === 'attack').toBe(true);
        expect(r.monsters[0]!.x).toBeGreaterThan(8);
      }
    }
    expect(arrivals).toBeGreaterThan(0);
    expect(arrivals).toBeLessThan(40);
  });
});

describe('rounds mode: rounds in a fight, free movement otherwise', () => {
  const duo = (): GameState =>
    drawState(['################', '#1.2...........#', '###########.####', '###########g####', '################'], { turnMode: 'rounds', fovRadius: 6 });

  it('GIVEN a rounds game with no monster in view WHEN players act THEN each action resolves at once, with no round and no waiting', () => {
    const s = duo();
    expect(roundsNow(s)).toBe(false);
    let r = ok(step(s, { type: 'wait', user: 'p1' }));
    expect(r.turn).toBe(1);
    expect(r.acted).toEqual([]);
    r = ok(step(r, { type: 'wait', user: 'p1' }));
    expect(r.turn).toBe(2);
    expect(legalMoves(r, 'p1').canAct).toBe(true);
  });

  it('GIVEN the party walking freely WHEN a run brings a hunting monster into view THEN the run stops, rounds begin for everyone and the log says so', () => {
    const s = duo();
    s.monsters[0]!.state = 'hunt';
    s.monsters[0]!.lastSeen = 1 * 16 + 11;
    const r = ok(step(s, { type: 'move', user: 'p2', dir: 'e', steps: 9 }));
    expect(roundsNow(r)).toBe(true);
    expect(r.acted).toEqual([]);
    const stop = ofType(r, 'run-stopped')[0]!;
    expect(stop).toMatchObject({ who: player('p2'), reason: 'monster-in-view' });
    expect(r.recent.at(-1)).toEqual({ type: 'pace', rounds: true, who: player('p2') });
    // Now it is a round: acting twice is refused until everyone has acted.
    const next = ok(step(r, { type: 'wait', user: 'p1' }));
    expect(next.acted).toEqual(['p1']);
    expect(step(next, { type: 'wait', user: 'p1' })).toEqual({ ok: false, code: 'not-your-turn' });
  });

  it('GIVEN an unaware goblin in plain view WHEN the party acts THEN no fight starts (free movement goes on), explore is allowed and rest is not', () => {
    const s = drawState(['################', '#1.2..........g#', '#.##############', '#.........######', '################'], { turnMode: 'rounds', fovRadius: 12 });
    s.rng = Rng.fromSeed(99).save();
    let r = ok(step(s, { type: 'move', user: 'p1', dir: 'e' }));
    // Far off, it overlooks the party at first (seeded): a goblin in view, no fight.
    expect(r.monsters[0]!.state).toBe('wander');
    expect(roundsNow(r)).toBe(false);
    expect(legalMoves(r, 'p2').canExplore).toBe(true);
    r.players[1]!.hp -= 5;
    expect(step(r, { type: 'rest', user: 'p2' })).toEqual({ ok: false, code: 'monster-in-view' });
    r.players[1]!.hp += 5;
    // Once it notices the party, the fight starts.
    for (let n = 0; n < 20 && !roundsNow(r); n++) r = ok(step(r, { type: 'wait', user: 'p2' }));
    expect(r.monsters[0]!.state === 'hunt' || r.monsters[0]!.state === 'attack').toBe(true);
    expect(roundsNow(r)).toBe(true);
  });

  it('GIVEN a lone shaman keeping out of reach in view WHEN the party acts THEN it holds no one in rounds, but a goblin after the party does', () => {
    const s = drawState(['##############', '#1.2.....s...#', '##############'], { turnMode: 'rounds', fovRadius: 12 });
    s.monsters[0]!.state = 'hunt';
    s.monsters[0]!.lastSeen = 1 * 14 + 3;
    const r = ok(step(s, { type: 'move', user: 'p1', dir: 'e' }));
    expect(roundsNow(r)).toBe(false);
    const withGoblin = drawState(['##############', '#1.2.....s.g.#', '##############'], { turnMode: 'rounds', fovRadius: 12 });
    for (const m of withGoblin.monsters) m.state = 'hunt';
    expect(roundsNow(ok(step(withGoblin, { type: 'move', user: 'p1', dir: 'e' })))).toBe(true);
  });

  it(`GIVEN a fight with no monster in view any more WHEN ${CALM_ROUNDS} rounds pass THEN the party moves freely again, and not before`, () => {
    let s = inFight(drawState(['#########', '#1.2....#', '#########'], { turnMode: 'rounds' }));
    for (let round = 1; round <= CALM_ROUNDS; round++) {
      expect(roundsNow(s)).toBe(true);
      const dir = round % 2 === 1 ? 'e' : 'w';
      s = ok(step(s, { type: 'move', user: 'p2', dir }));
      s = ok(step(s, { type: 'move', user: 'p1', dir }));
    }
    expect(roundsNow(s)).toBe(false);
    expect(s.turn).toBe(CALM_ROUNDS);
    expect(s.recent.at(-1)).toEqual({ type: 'pace', rounds: false });
    expect(s.acted).toEqual([]);
  });

  it('GIVEN a fight WHEN everyone waits THEN they hold: the rounds run by themselves until a monster comes near a holder, who must act again', () => {
    // The goblin hunts P2 down a long corridor; both players wait once.
    let s = inFight(drawState(['##################', '#1.2............g#', '##################'], { turnMode: 'rounds', fovRadius: 20 }));
    s.monsters[0]!.state = 'hunt';
    s = ok(step(s, { type: 'wait', user: 'p1' }));
    expect(s.holding).toEqual(['p1']);
    s = ok(step(s, { type: 'wait', user: 'p2' }));
    // Rounds resolved at once, with no more presses, until the goblin came within two tiles of P2.
    expect(s.turn).toBeGreaterThan(5);
    const goblin = s.monsters[0]!;
    expect(Math.abs(goblin.x - 3)).toBeLessThanOrEqual(2);
    expect(s.holding).toEqual(['p1']);
    expect(legalMoves(s, 'p2').canAct).toBe(true);
    expect(step(s, { type: 'move', user: 'p1', dir: 'e' })).toMatchObject({ ok: true });
  });

  it('GIVEN a fight\'s calm rounds WHEN a hurt player rests THEN the rounds end and the rest goes on until healed, as in free mode', () => {
    const s = inFight(drawState(['#########', '#1.2....#', '#########'], { turnMode: 'rounds' }));
    s.players[0]!.hp = s.players[0]!.maxHp - 3;
    const r = ok(step(s, { type: 'rest', user: 'p1' }));
    expect(r.players[0]!.hp).toBe(r.players[0]!.maxHp);
    expect(ofType(r, 'rested')[0]!.turns).toBeGreaterThan(1);
    expect(roundsNow(r)).toBe(false);
  });
});

describe('party explore', () => {
  it('GIVEN two players side by side WHEN one explores THEN the other walks along and the party ends up together at the far end', () => {
    const s = drawState(['####################', '#21................#', '####################'], { fovRadius: 4 });
    const r = ok(step(s, { type: 'explore', user: 'p1' }));
    const [p1, p2] = r.players;
    expect(p1!.x).toBeGreaterThan(12);
    expect(Math.abs(p1!.x - p2!.x)).toBe(1);
  });

  it('GIVEN a follower standing in the leader\'s way in a corridor WHEN the leader explores THEN they trade places instead of being blocked', () => {
    const s = drawState(['####################', '#12................#', '####################'], { fovRadius: 4 });
    const r = ok(step(s, { type: 'explore', user: 'p1' }));
    expect(r.players[0]!.x).toBeGreaterThan(12);
    expect(r.players[1]!.x).toBe(r.players[0]!.x - 1);
  });
});

describe('fallen players', () => {
  it('GIVEN a fallen player WHEN the party descends THEN they stand up again at the stairs with a little hp', () => {
    const s = drawState(['########', '#1.2...#', '########'], { maxDepth: 3 });
    s.tiles[1 * 8 + 1] = 2;
    s.players[1]!.alive = false;
    s.players[1]!.hp = 0;
    expect(step(s, { type: 'wait', user: 'p2' })).toEqual({ ok: false, code: 'dead' });
    const r = ok(step(s, { type: 'descend', user: 'p1' }));
    const p2 = r.players[1]!;
    expect(p2.alive).toBe(true);
    expect(p2.hp).toBe(Math.max(1, Math.round(p2.maxHp * REVIVE_FRACTION)));
    expect(r.recent).toContainEqual({ type: 'revived', who: player('p2'), hp: p2.hp });
    expect(ok(step(r, { type: 'wait', user: 'p2' })).version).toBe(r.version + 1);
  });
});
