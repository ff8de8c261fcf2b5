import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultConfig } from '../../src/engine/config.js';
import { DIFFICULTIES } from '../../src/engine/difficulty.js';
import { newGame, step } from '../../src/engine/game.js';
import { enterLevel, monsterCount } from '../../src/engine/level.js';
import type { GameState } from '../../src/engine/types.js';
import { Rng } from '../../src/grid/rng.js';
import { MAP_KINDS, MONSTER_MIN_DIST } from '../../src/mapgen/index.js';
import { bfs } from '../../src/grid/flood.js';

/** A game of `players` joined players (all living), on a map of the given kind and size. */
function party(kind: (typeof MAP_KINDS)[number], players: number, difficulty: (typeof DIFFICULTIES)[number], width: number, height: number, seed: number): GameState {
  let s = newGame(defaultConfig({ seed, mapKind: kind, difficulty, width, height, maxPlayers: 4 }));
  for (let k = 0; k < players; k++) {
    const r = step(s, { type: 'join', user: `u${k}`, name: `u${k}` });
    if (!r.ok) throw new Error(`join refused: ${r.code}`);
    s = r.state;
  }
  return s;
}

describe('enterLevel on every map kind', () => {
  it('PROPERTY: the monster count is the formula for every kind, depth, party size and difficulty; every monster is reachable and far from the start', () => {
    const arb = fc.record({
      kind: fc.constantFrom(...MAP_KINDS),
      players: fc.integer({ min: 1, max: 4 }),
      depth: fc.integer({ min: 1, max: 5 }),
      difficulty: fc.constantFrom(...DIFFICULTIES),
      size: fc.constantFrom<[number, number]>([40, 20], [60, 30], [120, 60]),
      seed: fc.nat(),
    });
    fc.assert(
      fc.property(arb, ({ kind, players, depth, difficulty, size: [width, height], seed }) => {
        const s = party(kind, players, difficulty, width, height, seed);
        enterLevel(s, Rng.fromSeed(seed ^ 0x1234), depth);
        expect(s.monsters).toHaveLength(monsterCount(s.config, depth, players));
        const n = width * height;
        const dist = new Int32Array(n);
        bfs(s.tiles, width, height, s.entrance, dist, new Int32Array(n));
        const ex = s.entrance % width;
        const ey = Math.floor(s.entrance / width);
        for (const m of s.monsters) {
          expect(dist[m.y * width + m.x]).toBeGreaterThan(0);
          expect(Math.max(Math.abs(m.x - ex), Math.abs(m.y - ey))).toBeGreaterThan(MONSTER_MIN_DIST);
        }
      }),
      { seed: 15, numRuns: 120 },
    );
  });

  it.each(MAP_KINDS.map((kind) => [kind]))('GIVEN a %s level for a party of 4 THEN it holds more monsters than for one player', (kind) => {
    const solo = party(kind, 1, 'normal', 60, 30, 9);
    enterLevel(solo, Rng.fromSeed(9), 3);
    const four = party(kind, 4, 'normal', 60, 30, 9);
    enterLevel(four, Rng.fromSeed(9), 3);
    expect(four.monsters.length).toBeGreaterThan(solo.monsters.length);
    expect(four.monsters).toHaveLength(monsterCount(four.config, 3, 4));
  });
});
