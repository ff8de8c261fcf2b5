import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DistanceField, FLEE_SCALE, MAX_FIELD_CELLS, UNREACHABLE, downhill, floodFill, type Topology } from '../../src/pathfinding/index.js';
import { allAt, at, bfs, grid, randomMap } from './grid-helper.js';

const mapArb = fc
  .record({ width: fc.integer({ min: 3, max: 22 }), height: fc.integer({ min: 3, max: 22 }), walls: fc.integer({ min: 0, max: 55 }) })
  .chain(({ width, height, walls }) =>
    fc.array(fc.nat(99), { minLength: width * height, maxLength: width * height }).map((rolls) => randomMap(width, height, rolls, walls)),
  );

describe('DistanceField.compute', () => {
  it('measures steps from the nearest goal and leaves walls and cut-off cells UNREACHABLE', () => {
    const g = grid([
      '#########',
      '#A.....B#',
      '#########',
      '#.......#',
      '#########',
    ]);
    const field = new DistanceField(g.width, g.height).compute(g.passable, [at(g, 'A'), at(g, 'B')], 4);
    expect(Array.from(field.subarray(9, 18))).toEqual([UNREACHABLE, 0, 1, 2, 3, 2, 1, 0, UNREACHABLE]);
    expect(field[0]).toBe(UNREACHABLE);
    expect(field[3 * 9 + 4]).toBe(UNREACHABLE); // separate room
  });

  it('stops at the limit', () => {
    const g = grid(['#########', '#A......#', '#########']);
    const field = new DistanceField(g.width, g.height).compute(g.passable, [at(g, 'A')], 8, 3);
    expect(Array.from(field.subarray(9, 18))).toEqual([UNREACHABLE, 0, 1, 2, 3, UNREACHABLE, UNREACHABLE, UNREACHABLE, UNREACHABLE]);
  });

  it('gives an impassable goal distance 0 and spreads from it; a border goal spreads nothing', () => {
    const g = grid(['#####', '#.P.#', '#####']);
    g.passable[at(g, 'P')] = 0;
    const df = new DistanceField(g.width, g.height);
    expect(Array.from(df.compute(g.passable, [at(g, 'P')], 4).subarray(5, 10))).toEqual([UNREACHABLE, 1, 0, 1, UNREACHABLE]);
    const border = df.compute(g.passable, [0], 8);
    expect(border[0]).toBe(0);
    expect(border[6]).toBe(UNREACHABLE);
  });

  it('refuses maps beyond MAX_FIELD_CELLS and masks of the wrong size', () => {
    expect(() => new DistanceField(MAX_FIELD_CELLS + 1, 1)).toThrow(RangeError);
    expect(() => new DistanceField(5, 3).compute(new Uint8Array(14), [6], 4)).toThrow(RangeError);
  });

  it('gives the same answer from two instances used alternately', () => {
    const a = grid(['#####', '#A..#', '#####']);
    const b = grid(['#######', '#...B.#', '#######']);
    const dfA = new DistanceField(a.width, a.height);
    const dfB = new DistanceField(b.width, b.height);
    const fieldA = dfA.compute(a.passable, [at(a, 'A')], 4);
    const fieldB = dfB.compute(b.passable, [at(b, 'B')], 4);
    expect(Array.from(fieldA.subarray(5, 10))).toEqual([UNREACHABLE, 0, 1, 2, UNREACHABLE]);
    expect(Array.from(fieldB.subarray(7, 14))).toEqual([UNREACHABLE, 3, 2, 1, 0, 1, UNREACHABLE]);
  });

  it('fills the caller-provided buffer and reuses it across calls', () => {
    const g = grid(['#####', '#A.B#', '#####']);
    const df = new DistanceField(5, 3);
    const out = new Int32Array(15).fill(7);
    expect(df.compute(g.passable, [at(g, 'A')], 4, undefined, out)).toBe(out);
    expect(out[8]).toBe(2);
    df.compute(g.passable, [at(g, 'B')], 4, undefined, out);
    expect(out[6]).toBe(2);
    expect(out[8]).toBe(0);
  });

  it('equals BFS distance within the limit and UNREACHABLE beyond it on random maps', () => {
    fc.assert(
      fc.property(mapArb, fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), fc.constantFrom<Topology>(4, 8), fc.option(fc.integer({ min: 0, max: 30 })), (map, picks, topology, limit) => {
        const floor = allAt(map, '.');
        if (floor.length === 0) return;
        const goals = picks.map((p) => floor[p % floor.length]!);
        const field = new DistanceField(map.width, map.height).compute(map.passable, goals, topology, limit ?? undefined);
        const ref = bfs(map.passable, map.width, map.height, goals, topology);
        for (let i = 0; i < ref.length; i++) {
          const d = ref[i]!;
          const expected = d === -1 || (limit !== null && d > limit) ? UNREACHABLE : d;
          expect(field[i]).toBe(expected);
        }
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe('downhill', () => {
  it('breaks ties in the order n, s, e, w, ne, nw, se, sw', () => {
    // Centre 5, every neighbour 1: north wins; without north, south wins; and so on.
    const field = new Int32Array([1, 1, 1, 1, 5, 1, 1, 1, 1]);
    const order = [1, 7, 5, 3, 2, 0, 8, 6];
    const blocked = new Set<number>();
    for (const expected of order) {
      expect(downhill(field, 3, 4, 8, (i) => !blocked.has(i))).toBe(expected);
      blocked.add(expected);
    }
    expect(downhill(field, 3, 4, 8, (i) => !blocked.has(i))).toBe(-1);
    expect(downhill(field, 3, 4, 4, (i) => i !== 1 && i !== 7 && i !== 5 && i !== 3)).toBe(-1);
  });

  it('picks the strictly lowest neighbour and returns -1 at a minimum', () => {
    const field = new Int32Array([9, 9, 9, 9, 4, 2, 9, 3, 9]);
    expect(downhill(field, 3, 4, 4)).toBe(5);
    expect(downhill(field, 3, 5, 8)).toBe(-1);
    expect(downhill(field, 3, 0, 8)).toBe(4); // corner cell: no wrap-around, no out-of-range read
  });

  it('walks from any reachable cell to a goal in exactly field[start] steps on random maps', () => {
    fc.assert(
      fc.property(mapArb, fc.array(fc.nat(), { minLength: 1, maxLength: 4 }), fc.constantFrom<Topology>(4, 8), (map, picks, topology) => {
        const floor = allAt(map, '.');
        if (floor.length === 0) return;
        const goals = picks.map((p) => floor[p % floor.length]!);
        const field = new DistanceField(map.width, map.height).compute(map.passable, goals, topology);
        for (const start of floor) {
          if (field[start] === UNREACHABLE) continue;
          let cur = start;
          let steps = 0;
          while (field[cur] !== 0) {
            const next = downhill(field, map.width, cur, topology, (i) => map.passable[i] === 1);
            expect(next).not.toBe(-1);
            expect(field[next]).toBe(field[cur]! - 1);
            cur = next;
            steps++;
          }
          expect(goals).toContain(cur);
          expect(steps).toBe(field[start]);
        }
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe('DistanceField.flee', () => {
  // P is the threat; m can step west (towards P, under the door) or east into a dead end.
  const g = grid([
    '####################',
    '#..................#',
    '###.################',
    '#P..m..#############',
    '####################',
  ]);
  const xy = (x: number, y: number): number => y * g.width + x;

  it('leads around the corner to the far corridor instead of into the dead end a greedy step would take', () => {
    const df = new DistanceField(g.width, g.height);
    const approach = df.compute(g.passable, [at(g, 'P')], 4);
    const flee = df.flee(g.passable, approach, 4);
    const m = at(g, 'm');
    // Greedy "maximise distance": the east neighbour is farther from P than the west one.
    expect(approach[m + 1]!).toBeGreaterThan(approach[m - 1]!);
    expect(downhill(flee, g.width, m, 4)).toBe(m - 1);
    // Following the flee map never enters the dead end and ends at the far end of the corridor.
    const visited: number[] = [];
    for (let cur = m; cur !== -1; cur = downhill(flee, g.width, cur, 4)) visited.push(cur);
    expect(visited).not.toContain(xy(5, 3));
    expect(visited).not.toContain(xy(6, 3));
    expect(visited.at(-1)).toBe(xy(18, 1));
  });

  it('steps away from the threat when next to it', () => {
    const df = new DistanceField(g.width, g.height);
    const approach = df.compute(g.passable, [at(g, 'P')], 8);
    const flee = df.flee(g.passable, approach, 8);
    const step = downhill(flee, g.width, xy(2, 3), 8);
    expect(approach[step]!).toBeGreaterThan(approach[xy(2, 3)]!);
    expect(step).toBe(xy(3, 2)); // diagonally straight into the door towards the long corridor
  });

  it(`starts each cell at -1.2 x approach x ${FLEE_SCALE} and is the relaxation fixed point, with walls UNREACHABLE (random maps)`, () => {
    fc.assert(
      fc.property(mapArb, fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), fc.constantFrom<Topology>(4, 8), (map, picks, topology) => {
        const floor = allAt(map, '.');
        if (floor.length === 0) return;
        const goals = picks.map((p) => floor[p % floor.length]!);
        const df = new DistanceField(map.width, map.height);
        const approach = df.compute(map.passable, goals, topology);
        const flee = df.flee(map.passable, approach, topology);
        // Reference: Bellman-Ford style relaxation until nothing changes.
        // Impassable cells (none here but walls) never take part; + 0 turns -0 into 0.
        const ref = Array.from(approach, (a, i) => (a === UNREACHABLE || map.passable[i] === 0 ? UNREACHABLE : Math.round(-1.2 * a * FLEE_SCALE) + 0));
        const dirs = topology === 4 ? [-map.width, map.width, 1, -1] : [-map.width, map.width, 1, -1, 1 - map.width, -1 - map.width, 1 + map.width, map.width - 1];
        for (let changed = true; changed; ) {
          changed = false;
          for (let i = 0; i < ref.length; i++) {
            if (ref[i] === UNREACHABLE) continue;
            for (const d of dirs) {
              const n = i + d;
              if (ref[n] !== undefined && ref[n] !== UNREACHABLE && ref[i]! + FLEE_SCALE < ref[n]!) {
                ref[n] = ref[i]! + FLEE_SCALE;
                changed = true;
              }
            }
          }
        }
        expect(Array.from(flee)).toEqual(ref);
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});

describe('floodFill', () => {
  it('counts the cells reachable from start and stores their step distances', () => {
    const g = grid([
      '#######',
      '#S.#..#',
      '#..#..#',
      '#######',
    ]);
    const out = new Int32Array(g.width * g.height);
    expect(floodFill(g.passable, g.width, g.height, at(g, 'S'), 4, out)).toBe(4);
    expect(out[at(g, 'S') + g.width + 1]).toBe(2);
    expect(out[4 + g.width]).toBe(-1);
    expect(floodFill(g.passable, g.width, g.height, at(g, 'S'), 8, out)).toBe(4);
    expect(out[at(g, 'S') + g.width + 1]).toBe(1);
  });

  it('handles a start on the border or outside the map without reading outside it', () => {
    const g = grid(['###', '#.#', '###']);
    expect(floodFill(g.passable, 3, 3, 0, 8)).toBe(1);
    expect(floodFill(g.passable, 3, 3, 99, 8)).toBe(0);
  });

  it('matches BFS on random maps', () => {
    fc.assert(
      fc.property(mapArb, fc.nat(), fc.constantFrom<Topology>(4, 8), (map, pick, topology) => {
        const floor = allAt(map, '.');
        if (floor.length === 0) return;
        const start = floor[pick % floor.length]!;
        const out = new Int32Array(map.width * map.height);
        const count = floodFill(map.passable, map.width, map.height, start, topology, out);
        const ref = bfs(map.passable, map.width, map.height, [start], topology);
        expect(Array.from(out)).toEqual(ref);
        expect(count).toBe(ref.filter((d) => d >= 0).length);
      }),
      { seed: 42, numRuns: 200 },
    );
  });
});
