import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/engine/config.js';
import { newGame, replay, step } from '../../src/engine/game.js';
import { Tile } from '../../src/grid/tiles.js';
import { MONSTERS } from '../../src/engine/monsters.js';
import type { Action, GameConfig, GameState } from '../../src/engine/types.js';
import { DIRECTIONS } from '../../src/engine/types.js';

const users = ['u1', 'u2', 'u3', 'u4'];

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  { weight: 10, arbitrary: fc.record({ type: fc.constant('move' as const), user: fc.constantFrom(...users), dir: fc.constantFrom(...DIRECTIONS), steps: fc.integer({ min: 1, max: 9 }) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant('wait' as const), user: fc.constantFrom(...users) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('use' as const), user: fc.constantFrom(...users) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('descend' as const), user: fc.constantFrom(...users) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('join' as const), user: fc.constantFrom(...users), name: fc.string({ maxLength: 12 }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('leave' as const), user: fc.constantFrom(...users) }) },
  { weight: 1, arbitrary: fc.constant({ type: 'resolve-round' as const }) },
);

const configArb: fc.Arbitrary<GameConfig> = fc
  .record({
    seed: fc.integer({ min: 0, max: 0xffffffff }),
    mapKind: fc.constantFrom('maze' as const, 'cavern' as const),
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
  for (const m of s.monsters) {
    expect(m.hp).toBeGreaterThan(0); // dead monsters are gone
    expect(m.hp).toBeLessThanOrEqual(MONSTERS[m.kind].hp);
  }
  for (const it of s.items) expect(s.tiles[it.y * s.width + it.x]).not.toBe(Tile.Wall);
}

describe('engine properties over random games', () => {
  it('GIVEN any seed and any action sequence WHEN stepped THEN invariants hold, versions strictly increase and rejections change nothing', () => {
    fc.assert(
      fc.property(configArb, fc.array(actionArb, { minLength: 1, maxLength: 60 }), (config, actions) => {
        let s = newGame(config);
        s = (step(s, { type: 'join', user: 'u1', name: 'One' }) as { state: GameState }).state;
        invariants(s);
        for (const a of actions) {
          const before = JSON.stringify(s);
          const r = step(s, a);
          expect(JSON.stringify(s)).toBe(before); // the input is never mutated
          if (!r.ok) continue;
          expect(r.state.version).toBe(s.version + 1);
          expect(r.state.turn).toBeGreaterThanOrEqual(s.turn);
          s = r.state;
          invariants(s);
        }
      }),
      { seed: 42, numRuns: 1500 },
    );
  });

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
