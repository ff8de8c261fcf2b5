/**
 * Grid algorithms against rot.js on the same deterministic caverns (80x40 and 200x200, ~45% walls
 * before smoothing, wall border, only the largest connected region kept).
 */
// rot.js's ESM build (its package "module" entry). Its default CommonJS bundle (dist/rot.js), once
// loaded, made every typed-array loop in the process ~40% slower (ours too), so it is avoided here.
import * as ROT from 'rot-js/lib/index.js';
import type { BenchCase } from './harness.js';
import { AStar, DistanceField, Fov, UNREACHABLE, downhill, type Topology } from '../src/pathfinding/index.js';

interface Cavern {
  width: number;
  height: number;
  passable: Uint8Array;
}

/** Small local PRNG (mulberry32) so the maps never change. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Cellular-automaton cavern: 45% random walls, four smoothing passes, largest 4-connected region kept. */
function cavern(width: number, height: number, seed: number): Cavern {
  const rnd = prng(seed);
  let cells = new Uint8Array(width * height);
  const interior = (x: number, y: number): boolean => x > 0 && y > 0 && x < width - 1 && y < height - 1;
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) cells[y * width + x] = interior(x, y) && rnd() >= 0.45 ? 1 : 0;
  for (let pass = 0; pass < 4; pass++) {
    const next = new Uint8Array(width * height);
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        let walls = 0;
        for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (cells[(y + dy) * width + x + dx] === 0) walls++;
        next[y * width + x] = walls >= 5 ? 0 : 1;
      }
    }
    cells = next;
  }
  // Keep the largest 4-connected region.
  const region = new Int32Array(width * height).fill(-1);
  let best = -1;
  let bestSize = 0;
  for (let i = 0; i < cells.length; i++) {
    if (cells[i] === 0 || region[i] !== -1) continue;
    const stack = [i];
    region[i] = i;
    let size = 0;
    while (stack.length > 0) {
      const u = stack.pop()!;
      size++;
      for (const n of [u - width, u + width, u + 1, u - 1]) {
        if (cells[n] === 1 && region[n] === -1) {
          region[n] = i;
          stack.push(n);
        }
      }
    }
    if (size > bestSize) {
      bestSize = size;
      best = i;
    }
  }
  for (let i = 0; i < cells.length; i++) if (region[i] !== best) cells[i] = 0;
  return { width, height, passable: cells };
}

/** The floor cell nearest to (x, y) (Euclidean, ties to the lower index). */
function nearestFloor(map: Cavern, x: number, y: number): number {
  let best = -1;
  let bestD = Infinity;
  for (let i = 0; i < map.passable.length; i++) {
    if (map.passable[i] === 0) continue;
    const d = ((i % map.width) - x) ** 2 + (Math.floor(i / map.width) - y) ** 2;
    if (d < bestD) {
      bestD = d;
      best = i;
    }
  }
  return best;
}

/** `count` distinct floor cells picked with a fixed seed. */
function pickFloor(map: Cavern, count: number, seed: number, avoid: number[] = []): number[] {
  const rnd = prng(seed);
  const floor: number[] = [];
  for (let i = 0; i < map.passable.length; i++) if (map.passable[i] === 1 && !avoid.includes(i)) floor.push(i);
  const picked: number[] = [];
  while (picked.length < count) {
    const i = floor[Math.floor(rnd() * floor.length)]!;
    if (!picked.includes(i)) picked.push(i);
  }
  return picked;
}

const small = cavern(80, 40, 1234);
const big = cavern(200, 200, 5678);

function rotPassable(map: Cavern): (x: number, y: number) => boolean {
  const { width, height, passable } = map;
  return (x, y) => x >= 0 && y >= 0 && x < width && y < height && passable[y * width + x] === 1;
}

/** Path length in steps from rot.js (it reports every cell, start and goal included), -1 when none. */
function rotPathLength(map: Cavern, start: number, goal: number, topology: Topology): number {
  const w = map.width;
  const astar = new ROT.Path.AStar(goal % w, Math.floor(goal / w), rotPassable(map), { topology });
  let cells = 0;
  astar.compute(start % w, Math.floor(start / w), () => cells++);
  return cells - 1;
}

/** A* between the floor cells nearest to opposite corners; checks once that both libraries agree on the length. */
function astarCases(map: Cavern, topology: Topology): BenchCase[] {
  const name = `A* ${map.width}x${map.height} ${topology}-dir`;
  const w = map.width;
  const start = nearestFloor(map, 1, 1);
  const goal = nearestFloor(map, map.width - 2, map.height - 2);
  const check = (): void => {
    const ours = new AStar(map.width, map.height).find(map.passable, start, goal, topology);
    const theirs = rotPathLength(map, start, goal, topology);
    if (!ours || ours.length !== theirs) throw new Error(`${name}: path lengths differ (ours ${ours?.length}, rot.js ${theirs})`);
  };
  return [
    {
      name,
      impl: 'channel-crawler',
      setup: () => {
        check();
        const astar = new AStar(map.width, map.height);
        return () => astar.find(map.passable, start, goal, topology);
      },
    },
    {
      name,
      impl: 'rot.js',
      setup: () => {
        check();
        const passable = rotPassable(map);
        const [sx, sy, gx, gy] = [start % w, Math.floor(start / w), goal % w, Math.floor(goal / w)];
        return () => {
          let steps = 0;
          new ROT.Path.AStar(gx, gy, passable, { topology }).compute(sx, sy, () => steps++);
          return steps;
        };
      },
    },
  ];
}

const fieldGoals = pickFloor(small, 4, 99);
const fovOrigin = nearestFloor(small, small.width / 2, small.height / 2);
const players = pickFloor(small, 4, 7);
const monsters = pickFloor(small, 30, 8, players);

export const cases: BenchCase[] = [
  ...astarCases(small, 4),
  ...astarCases(small, 8),
  ...astarCases(big, 4),
  {
    name: 'distance field 80x40 4 goals',
    impl: 'channel-crawler',
    setup: () => {
      const df = new DistanceField(small.width, small.height);
      const out = new Int32Array(small.width * small.height);
      return () => df.compute(small.passable, fieldGoals, 8, UNREACHABLE, out);
    },
  },
  {
    name: 'distance field 80x40 4 goals',
    impl: 'rot.js',
    // ROT.Path.Dijkstra has a single target: one full expansion per goal (4 computes, 8-dir), each
    // run to exhaustion by asking for a cell that does not exist. That yields a predecessor tree per
    // goal; taking the minimum over the four is not even timed, so rot.js is favoured slightly.
    setup: () => {
      const passable = rotPassable(small);
      const w = small.width;
      return () => {
        for (const g of fieldGoals) new ROT.Path.Dijkstra(g % w, Math.floor(g / w), passable, { topology: 8 }).compute(-1, -1, () => {});
      };
    },
  },
  {
    name: 'flee map 80x40',
    impl: 'channel-crawler',
    // rot.js has no flee map. Approach field (4 goals, 8-dir) plus the flee rescan, as a turn would do.
    setup: () => {
      const df = new DistanceField(small.width, small.height);
      const approach = new Int32Array(small.width * small.height);
      const flee = new Int32Array(small.width * small.height);
      return () => {
        df.compute(small.passable, fieldGoals, 8, UNREACHABLE, approach);
        return df.flee(small.passable, approach, 8, flee);
      };
    },
  },
  {
    name: 'FOV r8 80x40',
    impl: 'channel-crawler',
    // Neither side clears the mask between runs: only the visibility computation is timed.
    setup: () => {
      const fov = new Fov(small.width, small.height);
      const out = new Uint8Array(small.width * small.height);
      const [ox, oy] = [fovOrigin % small.width, Math.floor(fovOrigin / small.width)];
      return () => fov.compute(small.passable, ox, oy, 8, out);
    },
  },
  {
    name: 'FOV r8 80x40',
    impl: 'rot.js',
    setup: () => {
      const { width, passable } = small;
      const fov = new ROT.FOV.RecursiveShadowcasting((x, y) => passable[y * width + x] === 1);
      const out = new Uint8Array(small.width * small.height);
      const [ox, oy] = [fovOrigin % width, Math.floor(fovOrigin / width)];
      return () =>
        fov.compute(ox, oy, 8, (x, y) => {
          out[y * width + x] = 1;
        });
    },
  },
  {
    name: 'monsters follow shared field 30x',
    impl: 'channel-crawler',
    // One 8-dir field from the 4 players, then each of 30 monsters picks its step downhill,
    // skipping cells held by other monsters.
    setup: () => {
      const { width, height, passable } = small;
      const df = new DistanceField(width, height);
      const field = new Int32Array(width * height);
      const occupied = new Uint8Array(width * height);
      for (const m of monsters) occupied[m] = 1;
      const free = (i: number): boolean => occupied[i] === 0;
      const steps = new Int32Array(monsters.length);
      return () => {
        df.compute(passable, players, 8, UNREACHABLE, field);
        for (let k = 0; k < monsters.length; k++) steps[k] = downhill(field, width, monsters[k]!, 8, free);
        return steps;
      };
    },
  },
  {
    name: 'monsters follow shared field 30x',
    impl: 'rot.js',
    // rot.js has no multi-goal field: each monster runs ROT.Path.AStar (8-dir) towards the nearest
    // player by Chebyshev distance and takes the first step. One AStar object per player, reused.
    setup: () => {
      const { width } = small;
      const passable = rotPassable(small);
      const stars = players.map((p) => new ROT.Path.AStar(p % width, Math.floor(p / width), passable, { topology: 8 }));
      const targets = monsters.map((m) => {
        const [mx, my] = [m % width, Math.floor(m / width)];
        let best = 0;
        let bestD = Infinity;
        players.forEach((p, k) => {
          const d = Math.max(Math.abs((p % width) - mx), Math.abs(Math.floor(p / width) - my));
          if (d < bestD) {
            bestD = d;
            best = k;
          }
        });
        return best;
      });
      const steps = new Int32Array(monsters.length);
      return () => {
        for (let k = 0; k < monsters.length; k++) {
          const m = monsters[k]!;
          let n = 0;
          stars[targets[k]!]!.compute(m % width, Math.floor(m / width), (x, y) => {
            if (n++ === 1) steps[k] = y * width + x;
          });
        }
        return steps;
      };
    },
  },
];
