import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/engine/config.js';
import { newGame, replay, step } from '../../src/engine/game.js';
import { Tile } from '../../src/grid/tiles.js';
import type { Action, Direction, GameConfig, GameEvent, GameState } from '../../src/engine/types.js';
import { drawState } from './fixtures.js';
import { monsterInView, threatInView } from '../../src/engine/legal.js';
import { CALM_ROUNDS, roundsNow } from '../../src/engine/pace.js';
import { parseGameState } from '../../src/engine/state-schema.js';
import { DIRECTIONS } from '../../src/engine/types.js';
import { MAP_KINDS } from '../../src/mapgen/generate.js';
import { ITEM_KINDS } from '../../src/engine/items.js';
import { MONSTERS, MONSTER_KINDS } from '../../src/engine/monsters.js';
import { TACTICS } from '../../src/engine/ai.js';
import { ROLE_KINDS } from '../../src/engine/roles.js';

const users = ['u1', 'u2', 'u3', 'u4'];

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 10, arbitrary: fc.record({ type: fc.constant('move' as const), user: fc.constantFrom(...users), dir: fc.constantFrom(...DIRECTIONS), steps: fc.integer({ min: 1, max: 9 }) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('wait' as const), user: fc.constantFrom(...users) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('use' as const), user: fc.constantFrom(...users) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('descend' as const), user: fc.constantFrom(...users) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('join' as const), user: fc.constantFrom(...users), name: fc.string({ maxLength: 12 }), role: fc.option(fc.constantFrom(...ROLE_KINDS), { nil: undefined }) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('ability' as const), user: fc.constantFrom(...users) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('leave' as const), user: fc.constantFrom(...users) }) },
  { weight: 1, arbitrary: fc.constant({ type: 'resolve-round' as const }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('rest' as const), user: fc.constantFrom(...users) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('explore' as const), user: fc.constantFrom(...users) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('travel' as const), user: fc.constantFrom(...users) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('fight' as const), user: fc.constantFrom(...users) }) },
  // Every item kind, with and without a direction (thrown ones are then aimed for the player).
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant('use' as const),
      user: fc.constantFrom(...users),
      item: fc.constantFrom(...ITEM_KINDS),
      dir: fc.option(fc.constantFrom(...DIRECTIONS), { nil: undefined }),
      distance: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('throw' as const), user: fc.constantFrom(...users), dir: fc.constantFrom(...DIRECTIONS), distance: fc.option(fc.integer({ min: 1, max: 12 }), { nil: undefined }) }),
  },
);

const configArb: fc.Arbitrary<GameConfig> = fc
  .record({
    seed: fc.integer({ min: 0, max: 0xffffffff }),
    mapKind: fc.constantFrom(...MAP_KINDS),
    topology: fc.constantFrom(4 as const, 8 as const),
    turnMode: fc.constantFrom('free' as const, 'rounds' as const),
    difficulty: fc.constantFrom('easy' as const, 'normal' as const, 'hard' as const),
    width: fc.integer({ min: 20, max: 50 }),
    height: fc.integer({ min: 12, max: 30 }),
  })
  .map((c) => defaultConfig({ ...c, maxDepth: 3 }));

function invariants(s: GameState): void {
  const cells = new Set<number>();
  for (const e of [...s.players.filter((p) => p.alive), ...s.monsters]) {
    expect(e.x >= 0 && e.y >= 0 && e.x < s.width && e.y < s.height).toBe(true);
    const i = e.y * s.width + e.x;
    expect(s.tiles[i]).not.toBe(Tile.Wall);
    expect(cells.has(i)).toBe(false); // no two blockers on one tile
    cells.add(i);
  }
  for (const p of s.players) {
    expect(p.hp).toBeGreaterThanOrEqual(0);
    expect(p.hp).toBeLessThanOrEqual(p.maxHp);
    expect(p.alive).toBe(p.hp > 0);
  }
  for (const p of s.players) for (const n of Object.values(p.pack)) expect(n).toBeGreaterThan(0);
  for (const m of s.monsters) {
    expect(m.stunned).toBeGreaterThanOrEqual(0);
    expect(m.hp).toBeGreaterThan(0); // dead monsters are gone
    expect(m.hp).toBeLessThanOrEqual(m.maxHp);
    expect(m.maxHp).toBeGreaterThanOrEqual(1);
  }
  for (const it of s.items) expect(s.tiles[it.y * s.width + it.x]).not.toBe(Tile.Wall);
  // Pace: free mode never counts calm rounds; a rounds game walking freely has no round in progress.
  if (s.config.turnMode === 'free') expect(s.calm).toBe(CALM_ROUNDS);
  if (!roundsNow(s)) expect([...s.acted, ...s.holding]).toEqual([]);
  // Fight orders belong to living players of a rounds game, once each; free mode never leaves one standing.
  const living = new Set(s.players.filter((p) => p.alive).map((p) => p.id));
  expect(s.fighting.every((id) => living.has(id))).toBe(true);
  expect(new Set(s.fighting).size).toBe(s.fighting.length);
  if (s.config.turnMode === 'free') expect(s.fighting).toEqual([]);
}

/** The pace rules one accepted step must keep (before -> after, by action). */
function paceRules(before: GameState, a: Action, after: GameState, events: readonly GameEvent[]): void {
  // Explore and travel are refused while anyone sees a monster after the party, rest while anyone sees any monster.
  if (a.type === 'explore' || a.type === 'travel') expect(threatInView(before)).toBe(false);
  if (a.type === 'rest') expect(monsterInView(before)).toBe(false);
  // In a rounds game that is still playing, a monster after the party in view means rounds.
  if (after.config.turnMode === 'rounds' && after.status === 'playing' && threatInView(after)) expect(roundsNow(after)).toBe(true);
  // A run stops at the first monster attack on any party member, hit or miss: no player walks on after it.
  if (a.type === 'move' || a.type === 'explore' || a.type === 'travel') {
    const strike = events.findIndex((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'monster' && e.target.kind === 'player');
    if (strike >= 0) expect(events.slice(strike).some((e) => e.type === 'moved' && e.who.kind === 'player')).toBe(false);
  }
  // A fight order is refused with nothing to fight, and given, it strikes or steps or stands for its giver.
  const ownMove = (e: GameEvent): boolean => ((e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'player') || ((e.type === 'moved' || e.type === 'waited') && e.who.kind === 'player');
  if (a.type === 'fight') expect(events.some(ownMove)).toBe(true);
  // Taking the stairs down brings the fallen back.
  if (a.type === 'descend' && after.depth > before.depth) expect(after.players.every((p) => p.alive)).toBe(true);
}

/** A hunting monster in an open room next to a player who only alternates two moves or moves at random. */
const stallArb = fc.record({
  // Every kind that hunts to strike: a healer keeps out of reach by design (it strikes only when cornered), and a
  // boss holds its post rather than chase what it no longer sees.
  kind: fc.constantFrom(...MONSTER_KINDS.filter((k) => !TACTICS[MONSTERS[k].tactics].mends && !TACTICS[MONSTERS[k].tactics].guards)),
  mx: fc.integer({ min: 1, max: 9 }),
  my: fc.integer({ min: 1, max: 7 }),
  px: fc.integer({ min: 2, max: 8 }),
  py: fc.integer({ min: 2, max: 6 }),
  topology: fc.constantFrom(4 as const, 8 as const),
  policy: fc.oneof(
    fc.constantFrom<Direction[]>(['n', 's'], ['e', 'w'], ['n', 'e'], ['s', 'w'], ['ne', 'sw'], ['nw', 'se']),
    fc.array(fc.constantFrom(...DIRECTIONS), { minLength: 2, maxLength: 6 }),
  ),
});

describe('engine properties over random games', () => {
  it('GIVEN a hunting monster with a free path WHEN the player keeps cycling a few moves (alternating two, or any short cycle) THEN it strikes within a few turns of reaching them', () => {
    fc.assert(
      fc.property(stallArb, ({ kind, mx, my, px, py, topology, policy }) => {
        fc.pre(Math.max(Math.abs(mx - px), Math.abs(my - py)) >= 2);
        const rows = ['###########', ...Array.from({ length: 7 }, () => '#.........#'), '#########'.padEnd(11, '#')];
        let s = drawState(rows, { topology });
        s.players.push({ id: 'p1', name: 'P1', slot: 0, x: px, y: py, hp: 9999, maxHp: 9999, attack: 0, defence: 0, pack: {}, weapon: 'sword', armour: null, kills: 0, xp: 0, level: 1, alive: true, role: 'adventurer', cooldown: 0 });
        s.monsters.push({ id: 1, kind, label: 'A', maxHp: 99, power: 0, x: mx, y: my, hp: 99, weapon: 0, state: 'hunt', lastSeen: py * s.width + px, stunned: 0 });
        // It needs about as many turns as it stands steps away, plus the time a player running off needs to reach a wall of the room; never a stall.
        // A slow kind acts every `every` turns and an erratic one wastes some moves: their budgets stretch by the table's numbers.
        const pace = MONSTERS[kind].every * (TACTICS[MONSTERS[kind].tactics].erratic > 0 ? 3 : 1);
        const budget = (Math.abs(mx - px) + Math.abs(my - py) + 14) * pace;
        for (let turn = 0; turn < budget; turn++) {
          const dir = policy[turn % policy.length]!;
          let r = step(s, { type: 'move', user: 'p1', dir });
          if (!r.ok) r = step(s, { type: 'wait', user: 'p1' });
          if (!r.ok) throw new Error(r.code);
          s = r.state;
          if (r.events.some((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'monster')) return;
        }
        throw new Error(`no strike in ${budget} turns: ${kind} policy ${policy.join(',')}`);
      }),
      { seed: 11, numRuns: 3000 },
    );
  });


  it('GIVEN any seed and any action sequence WHEN stepped THEN invariants hold, versions strictly increase and rejections change nothing', () => {
    fc.assert(
      fc.property(configArb, fc.array(actionArb, { minLength: 1, maxLength: 60 }), (config, actions) => {
        let s = newGame(config);
        s = (step(s, { type: 'join', user: 'u1', name: 'One' }) as { state: GameState }).state;
        // The first player carries two of every item, so random sequences use them all (lures, bombs, scrolls, gear).
        s.players[0]!.pack = Object.fromEntries(ITEM_KINDS.map((k) => [k, 2]));
        invariants(s);
        for (const a of actions) {
          const before = JSON.stringify(s);
          const r = step(s, a);
          expect(JSON.stringify(s)).toBe(before); // the input is never mutated
          if (!r.ok) continue;
          expect(r.state.version).toBe(s.version + 1);
          expect(r.state.turn).toBeGreaterThanOrEqual(s.turn);
          paceRules(s, a, r.state, r.events);
          s = r.state;
          invariants(s);
        }
        // Whatever happened (pace switches, followers, revivals, runs stopped for a teammate), the save loads.
        expect(parseGameState(JSON.parse(JSON.stringify(s)))).toMatchObject({ ok: true });
      }),
      { seed: 42, numRuns: 1500 },
    );
    // 1,500 random games: about 10 s alone, several times that on a loaded shared machine.
  }, 120_000);

  it('GIVEN the same seed and the same actions WHEN played twice, with another game of the same size in between, (or replayed from the log) THEN the games are identical', () => {
    fc.assert(
      fc.property(configArb, fc.array(actionArb, { maxLength: 40 }), fc.integer({ min: 0, max: 0xffffffff }), (config, actions, otherSeed) => {
        const play = (): { s: GameState; log: Action[] } => {
          let s = newGame(config);
          const log: Action[] = [];
          for (const a of [{ type: 'join', user: 'u1', name: 'One' } as Action, ...actions]) {
            const r = step(s, a);
            if (r.ok) {
              s = r.state;
              log.push(a);
            }
          }
          return { s, log };
        };
        const a = play();
        // A different game on the same map size shares the engine's scratch buffers: nothing may leak between them.
        let other = newGame({ ...config, seed: otherSeed });
        for (const act of [{ type: 'join', user: 'u1', name: 'One' } as Action, ...actions]) {
          const r = step(other, act);
          if (r.ok) other = r.state;
        }
        const b = play();
        expect(JSON.stringify(b.s)).toBe(JSON.stringify(a.s));
        expect(JSON.stringify(replay(config, a.log))).toBe(JSON.stringify(a.s));
      }),
      { seed: 7, numRuns: 300 },
    );
  });
});
