import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AStar, MAX_ASTAR_CELLS, type Topology } from '../../src/pathfinding/index.js';
import { adjacent, allAt, at, bfs, grid, randomMap, type TestGrid } from './grid-helper.js';

function checkPath(g: TestGrid, start: number, goal: number, path: number[], topology: Topology): void {
  let prev = start;
  for (const step of path) {
    expect(adjacent(prev, step, g.width, topology)).toBe(true);
    if (step !== goal) expect(g.passable[step]).toBe(1);
    prev = step;
  }
  expect(prev).toBe(goal);
  expect(path).not.toContain(start);
}

describe('AStar.find', () => {
  const maze = grid([
    '#######',
    '#S#...#',
    '#.#.#.#',
    '#...#G#',
    '#######',
  ]);

  it('follows the only 4-dir route through a winding map', () => {
    const path = new AStar(maze.width, maze.height).find(maze.passable, at(maze, 'S'), at(maze, 'G'), 4);
    const xy = path?.map((i) => [i % maze.width, Math.floor(i / maze.width)]);
    expect(xy).toEqual([[1, 2], [1, 3], [2, 3], [3, 3], [3, 2], [3, 1], [4, 1], [5, 1], [5, 2], [5, 3]]);
  });

  it('cuts corners diagonally at cost 1 in 8-dir, even between two walls', () => {
    const path = new AStar(maze.width, maze.height).find(maze.passable, at(maze, 'S'), at(maze, 'G'), 8);
    expect(path).not.toBeNull();
    expect(path).toHaveLength(6);
    checkPath(maze, at(maze, 'S'), at(maze, 'G'), path!, 8);
    // A diagonal step between two walls is allowed (no corner-cutting rule).
    const squeeze = grid([
      '####',
      '#S##',
      '##G#',
      '####',
    ]);
    expect(new AStar(4, 4).find(squeeze.passable, at(squeeze, 'S'), at(squeeze, 'G'), 8)).toEqual([at(squeeze, 'G')]);
    expect(new AStar(4, 4).find(squeeze.passable, at(squeeze, 'S'), at(squeeze, 'G'), 4)).toBeNull();
  });

  it('returns null when the goal is walled off', () => {
    const g = grid([
      '#######',
      '#S.#.G#',
      '#..#..#',
      '#######',
    ]);
    const astar = new AStar(g.width, g.height);
    expect(astar.find(g.passable, at(g, 'S'), at(g, 'G'), 4)).toBeNull();
    expect(astar.find(g.passable, at(g, 'S'), at(g, 'G'), 8)).toBeNull();
  });

  it('returns [] when start is the goal', () => {
    expect(new AStar(maze.width, maze.height).find(maze.passable, at(maze, 'S'), at(maze, 'S'), 4)).toEqual([]);
  });

  it('refuses a blocked goal unless allowBlockedGoal, then ends the path on it', () => {
    const g = grid([
      '#######',
      '#S...P#',
      '#######',
    ]);
    const player = at(g, 'P');
    g.passable[player] = 0; // occupied by a player
    const astar = new AStar(g.width, g.height);
    expect(astar.find(g.passable, at(g, 'S'), player, 4)).toBeNull();
    const path = astar.find(g.passable, at(g, 'S'), player, 4, true);
    expect(path).toEqual([9, 10, 11, player]);
    expect(g.passable[player]).toBe(0); // the caller's mask is left untouched
  });

  it('does not path through a blocked cell that is not the goal even with allowBlockedGoal', () => {
    const g = grid([
      '#######',
      '#S.X.G#',
      '#######',
    ]);
    g.passable[at(g, 'X')] = 0;
    expect(new AStar(g.width, g.height).find(g.passable, at(g, 'S'), at(g, 'G'), 8, true)).toBeNull();
  });

  it('treats starts and goals on the border or outside the map as unreachable without crashing', () => {
    const astar = new AStar(maze.width, maze.height);
    const corner = 0;
    expect(astar.find(maze.passable, corner, at(maze, 'G'), 8)).toBeNull();
    expect(astar.find(maze.passable, at(maze, 'S'), maze.width * maze.height - 1, 8, true)).toBeNull();
    expect(astar.find(maze.passable, -5, at(maze, 'G'), 4)).toBeNull();
    expect(astar.find(maze.passable, at(maze, 'S'), 10_000, 4)).toBeNull();
  });

  it('gives correct answers when one searcher is reused across maps and goals', () => {
    const a = grid(['#####', '#S.G#', '#####']);
    const b = grid(['#####', '#S#G#', '#####']);
    const astar = new AStar(5, 3);
    for (let k = 0; k < 3; k++) {
      expect(astar.find(a.passable, at(a, 'S'), at(a, 'G'), 4)).toHaveLength(2);
      expect(astar.find(b.passable, at(b, 'S'), at(b, 'G'), 4)).toBeNull();
    }
  });

  it('gives correct answers when searchers of different sizes are used alternately', () => {
    const a = grid(['#####', '#S.G#', '#####']);
    const b = grid(['#######', '#S...G#', '#######']);
    const astarA = new AStar(a.width, a.height);
    const astarB = new AStar(b.width, b.height);
    for (let k = 0; k < 3; k++) {
      expect(astarA.find(a.passable, at(a, 'S'), at(a, 'G'), 8)).toEqual([7, 8]);
      expect(astarB.find(b.passable, at(b, 'S'), at(b, 'G'), 8)).toEqual([9, 10, 11, 12]);
    }
  });

  it('refuses maps beyond MAX_ASTAR_CELLS', () => {
    expect(() => new AStar(MAX_ASTAR_CELLS, 2)).toThrow(RangeError);
  });

  it('finds paths as long as the BFS distance on random maps, in both topologies', () => {
    const arb = fc
      .record({ width: fc.integer({ min: 3, max: 22 }), height: fc.integer({ min: 3, max: 22 }), walls: fc.integer({ min: 0, max: 55 }) })
      .chain(({ width, height, walls }) =>
        fc.record({
          map: fc.array(fc.nat(99), { minLength: width * height, maxLength: width * height }).map((rolls) => randomMap(width, height, rolls, walls)),
          picks: fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
          topology: fc.constantFrom<Topology>(4, 8),
        }),
      );
    fc.assert(
      fc.property(arb, ({ map, picks, topology }) => {
        const floor = allAt(map, '.');
        if (floor.length === 0) return;
        const astar = new AStar(map.width, map.height);
        for (const [s, t] of picks) {
          const start = floor[s % floor.length]!;
          const goal = floor[t % floor.length]!;
          const dist = bfs(map.passable, map.width, map.height, [goal], topology)[start]!;
          const path = astar.find(map.passable, start, goal, topology);
          if (dist === -1) {
            expect(path).toBeNull();
          } else {
            expect(path).not.toBeNull();
            expect(path!.length).toBe(dist);
            if (dist > 0) checkPath(map, start, goal, path!, topology);
          }
        }
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
