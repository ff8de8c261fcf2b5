import { describe, expect, it } from 'vitest';
import { configFor, type Scenario } from '../../balance/play.js';
import { autopilotPolicy, carefulPolicy, diverPolicy, expertPolicy } from '../../balance/policies.js';
import { playGame } from '../../balance/play.js';
import { ROWS, seedsFor } from '../../balance/rows.js';
import { playerView } from '../../balance/view.js';
import { GameService } from '../../src/app/game-service.js';
import { kindFromSeed, MAP_KINDS, Tile } from '../../src/engine/index.js';
import { Rng } from '../../src/grid/rng.js';
import { FakeClock, freshKey, memoryKit } from '../app/fixtures.js';
import { drawState } from '../engine/fixtures.js';

/** Marks every tile of the drawing explored except the columns from `fromX` on. */
function exploreUpTo(s: ReturnType<typeof drawState>, fromX: number): void {
  for (let i = 0; i < s.tiles.length; i++) s.explored[i] = i % s.width < fromX ? 1 : 0;
}

describe('balance harness', () => {
  it.each(MAP_KINDS.map((k) => [k]))('GIVEN map kind %s THEN its row seeds are exactly the seeds the game turns into that kind', (kind) => {
    const seeds = seedsFor(kind, 40);
    expect(seeds).toHaveLength(40);
    expect([...seeds].sort((a, b) => a - b)).toEqual(seeds);
    for (const seed of seeds) expect(kindFromSeed(seed)).toBe(kind);
    // No seed of that kind is skipped below the last one.
    const all = Array.from({ length: seeds.at(-1)! }, (_, i) => i + 1).filter((s) => kindFromSeed(s) === kind);
    expect(all).toEqual(seeds);
  });

  it('GIVEN the rows THEN every scenario runs once per map kind', () => {
    const byScenario = new Map<string, string[]>();
    for (const r of ROWS) byScenario.set(r.name.replace(` ${r.kind}`, ''), [...(byScenario.get(r.name.replace(` ${r.kind}`, '')) ?? []), r.kind]);
    for (const kinds of byScenario.values()) expect(kinds).toEqual([...MAP_KINDS]);
    expect(new Set(ROWS.map((r) => r.policy))).toEqual(new Set(['random', 'careful', 'diver', 'autopilot', 'expert']));
  });

  it.each([
    [{ policy: 'careful', players: 1, mode: 'free', difficulty: 'normal', size: 'medium' }, 7],
    [{ policy: 'careful', players: 4, mode: 'rounds', difficulty: 'hard', size: 'medium' }, 12],
    [{ policy: 'diver', players: 1, mode: 'free', difficulty: 'easy', size: 'small' }, 4242],
  ] as [Scenario, number][])('GIVEN scenario %o and seed %d THEN the harness plays the game /rogue new seed:N starts', async (sc, seed) => {
    const kit = await memoryKit();
    const service = new GameService({ games: kit.games, settings: kit.settings, clock: new FakeClock(), rounds: kit.rounds, logger: kit.logger });
    const r = await service.newGame(freshKey(), { id: 'u1', name: 'u1' }, { seed, size: sc.size, mode: sc.mode, difficulty: sc.difficulty });
    await kit.close();
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    expect(configFor(sc, seed)).toEqual(r.value.state.config);
  });
});

describe('playerView', () => {
  it('GIVEN a goblin behind a wall and an unexplored room THEN the view holds only what the player sees and has explored', () => {
    const s = drawState([
      '##########',
      '#1....#g.#',
      '#.....#..#',
      '#..g..#..#',
      '##########',
    ]);
    exploreUpTo(s, 6);
    const v = playerView(s, 'p1');
    expect(v.monsters.map((m) => [m.x, m.y])).toEqual([[3, 3]]);
    // The room beyond the wall is unknown: it reads as rock.
    expect(v.known[1 * s.width + 8]).toBe(Tile.Wall);
    expect(v.known[1 * s.width + 2]).toBe(Tile.Floor);
    expect(v.stairs).toBe(-1);
  });
});

describe('diverPolicy', () => {
  it('GIVEN known stairs and nothing in view THEN it travels', () => {
    const s = drawState(['#########', '#1.....>#', '#########']);
    exploreUpTo(s, 9);
    expect(diverPolicy(playerView(s, 'p1'), Rng.fromSeed(1), { waits: 0 })).toEqual({ type: 'travel', user: 'p1' });
  });

  it('GIVEN known stairs and a goblin in view off the way THEN it walks on toward the stairs instead of fighting', () => {
    const s = drawState(['#########', '#1.....>#', '#.#######', '#g#######', '#########']);
    exploreUpTo(s, 9);
    expect(diverPolicy(playerView(s, 'p1'), Rng.fromSeed(1), { waits: 0 })).toEqual({ type: 'move', user: 'p1', dir: 'e' });
  });

  it('GIVEN the goblin stands in the only way THEN it strikes through', () => {
    const s = drawState(['#########', '#1g....>#', '#########']);
    exploreUpTo(s, 9);
    expect(diverPolicy(playerView(s, 'p1'), Rng.fromSeed(1), { waits: 0 })).toEqual({ type: 'move', user: 'p1', dir: 'e' });
  });

  it('GIVEN the stairs unseen and a monster in view THEN it walks to the unexplored edge', () => {
    const s = drawState(['##########', '#g..1....#', '##########']);
    exploreUpTo(s, 6);
    expect(diverPolicy(playerView(s, 'p1'), Rng.fromSeed(1), { waits: 0 })).toEqual({ type: 'move', user: 'p1', dir: 'e' });
  });
});

describe('carefulPolicy', () => {
  it.each([
    ['attack', { type: 'move', user: 'p1', dir: 'e' }],
    ['hunt', { type: 'wait', user: 'p1' }],
  ] as const)('GIVEN an archer three tiles off in state %s THEN it %o (charges a shooter, lets a hunter come)', (aiState, expected) => {
    const s = drawState(['#########', '#1..a...#', '#########']);
    exploreUpTo(s, 9);
    s.monsters[0]!.state = aiState;
    expect(carefulPolicy(playerView(s, 'p1'), Rng.fromSeed(1), { waits: 0 })).toEqual(expected);
  });
});

describe('the autopilot and the expert', () => {
  it('GIVEN a goblin next to the autopilot THEN it fights (never a move), and with nothing in view it explores', () => {
    const s = drawState(['#######', '#1g...#', '#######']);
    s.monsters[0]!.state = 'attack';
    const rng = Rng.fromSeed(1);
    expect(autopilotPolicy(playerView(s, 'p1'), rng, { waits: 0 })).toEqual({ type: 'fight', user: 'p1' });
    const calm = drawState(['#######', '#1....#', '#######']);
    exploreUpTo(calm, 4);
    expect(autopilotPolicy(playerView(calm, 'p1'), rng, { waits: 0 })).toEqual({ type: 'explore', user: 'p1' });
  });

  it('GIVEN seeded games THEN the autopilot never presses a move nor an item other than a potion', () => {
    const r = playGame({ policy: 'autopilot', players: 1, mode: 'free', difficulty: 'normal', size: 'small', roles: ['fighter'] }, 3);
    expect(r.moves).toBe(0);
    expect(Object.keys(r.breakdown).filter((k) => /step|attack|throw|ability/.test(k))).toEqual([]);
  });

  it('GIVEN a ranger expert and a shaman hanging back in sight THEN it shoots; a hurt healer expert mends itself', () => {
    const s = drawState(['#########', '#1....s.#', '#########']);
    s.players[0]!.role = 'ranger';
    s.monsters[0]!.state = 'retreat';
    expect(expertPolicy(playerView(s, 'p1'), Rng.fromSeed(1), { waits: 0 })).toEqual({ type: 'ability', user: 'p1' });
    const h = drawState(['#######', '#1....#', '#######']);
    h.players[0]!.role = 'healer';
    h.players[0]!.hp = 5;
    expect(expertPolicy(playerView(h, 'p1'), Rng.fromSeed(1), { waits: 0 })).toEqual({ type: 'ability', user: 'p1' });
  });

  it('GIVEN a hurt expert next to a monster in a corridor with a healthy ally behind THEN it swaps places', () => {
    const s = drawState(['########', '#21g...#', '########']);
    s.monsters[0]!.state = 'attack';
    s.players[0]!.hp = 5;
    s.players[0]!.pack = {};
    expect(expertPolicy(playerView(s, 'p1'), Rng.fromSeed(1), { waits: 0 })).toEqual({ type: 'move', user: 'p1', dir: 'w' });
  });
});
