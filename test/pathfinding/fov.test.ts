import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Fov, lineOfSight } from '../../src/pathfinding/index.js';
import { allAt, at, draw, grid, randomMap, type TestGrid } from './grid-helper.js';

/** Field of view from '@' drawn over the map: visible cells keep their character, hidden ones become spaces. */
function view(rows: string[], radius: number): string[] {
  const g = grid(rows);
  const o = at(g, '@');
  const out = new Uint8Array(g.width * g.height);
  new Fov(g.width, g.height).compute(g.passable, o % g.width, Math.floor(o / g.width), radius, out);
  const mask = draw(out, g.width, g.height, '*', ' ');
  return rows.map((row, y) => [...row].map((c, x) => (mask[y]![x] === '*' ? c : ' ')).join(''));
}

const mapArb = fc
  .record({ width: fc.integer({ min: 3, max: 20 }), height: fc.integer({ min: 3, max: 20 }), walls: fc.integer({ min: 0, max: 50 }) })
  .chain(({ width, height, walls }) =>
    fc.array(fc.nat(99), { minLength: width * height, maxLength: width * height }).map((rolls) => randomMap(width, height, rolls, walls)),
  );

const xyOf = (g: TestGrid, i: number): [number, number] => [i % g.width, Math.floor(i / g.width)];

describe('Fov.compute', () => {
  it('sees the whole of an open room, walls and corners included', () => {
    const room = ['#######', '#.....#', '#.....#', '#..@..#', '#.....#', '#.....#', '#######'];
    expect(view(room, 10)).toEqual(room);
  });

  it('leaves a widening shadow behind a pillar', () => {
    expect(
      view(
        [
          '###########',
          '#.........#',
          '#.........#',
          '#.........#',
          '#...@.#...#',
          '#.........#',
          '#.........#',
          '#.........#',
          '###########',
        ],
        20,
      ),
    ).toEqual([
      '###########',
      '#.........#',
      '#.........#',
      '#........  ',
      '#...@.#    ',
      '#........  ',
      '#.........#',
      '#.........#',
      '###########',
    ]);
  });

  it('sees along a corridor and its walls but not around the corner', () => {
    expect(view(['###########', '#@....#####', '#####.#####', '#####.....#', '###########'], 20)).toEqual([
      '#######    ',
      '#@....#    ',
      '##### #    ',
      '           ',
      '           ',
    ]);
  });

  it('cuts the view to the circle dx*dx + dy*dy <= radius*radius', () => {
    const open = ['#############', ...Array.from({ length: 11 }, (_, y) => `#.....${y === 5 ? '@' : '.'}.....#`), '#############'];
    expect(view(open, 4)).toEqual([
      '             ',
      '             ',
      '      .      ',
      '    .....    ',
      '   .......   ',
      '   .......   ',
      '  ....@....  ',
      '   .......   ',
      '   .......   ',
      '    .....    ',
      '      .      ',
      '             ',
      '             ',
    ]);
  });

  it('always marks the origin, even inside a wall, on the border or with radius 0', () => {
    const g = grid(['#####', '#...#', '#####']);
    const fov = new Fov(5, 3);
    for (const [x, y, r] of [[2, 1, 0], [0, 0, 5], [4, 2, 5], [2, 0, 3]] as const) {
      const out = new Uint8Array(15);
      fov.compute(g.passable, x, y, r, out, 3);
      expect(out[y * 5 + x]).toBe(3);
      if (r === 0 || x === 0 || y === 0 || x === 4 || y === 2) expect(out.reduce((a, b) => a + b, 0)).toBe(3);
    }
  });

  it('ORs several viewers into one mask without clearing it', () => {
    const g = grid(['#########', '#a..#..b#', '#########']);
    const out = new Uint8Array(g.width * g.height);
    const fov = new Fov(g.width, g.height);
    const [a, b] = [at(g, 'a'), at(g, 'b')];
    fov.compute(g.passable, ...xyOf(g, a), 10, out);
    fov.compute(g.passable, ...xyOf(g, b), 10, out);
    expect(draw(out, g.width, g.height, '*', ' ')).toEqual(['*********', '*********', '*********']);
  });

  it('sees every cell of a convex room, its walls included, from anywhere inside (random rooms)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 25 }), fc.integer({ min: 3, max: 25 }), fc.nat(), fc.nat(), (width, height, px, py) => {
        const g = randomMap(width, height, [], 0);
        const out = new Uint8Array(width * height);
        const ox = 1 + (px % (width - 2));
        const oy = 1 + (py % (height - 2));
        new Fov(width, height).compute(g.passable, ox, oy, 40, out);
        expect(out.every((v) => v === 1)).toBe(true);
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('marks nothing beyond the radius on random maps', () => {
    fc.assert(
      fc.property(mapArb, fc.nat(), fc.double({ min: 0, max: 14, noNaN: true }), (map, pick, radius) => {
        const floor = allAt(map, '.');
        if (floor.length === 0) return;
        const [ox, oy] = xyOf(map, floor[pick % floor.length]!);
        const out = new Uint8Array(map.width * map.height);
        new Fov(map.width, map.height).compute(map.passable, ox, oy, radius, out);
        for (let i = 0; i < out.length; i++) {
          if (!out[i]) continue;
          const [x, y] = xyOf(map, i);
          expect((x - ox) ** 2 + (y - oy) ** 2).toBeLessThanOrEqual(radius * radius);
        }
        expect(out[oy * map.width + ox]).toBe(1);
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});

describe('lineOfSight', () => {
  it('agrees with Fov.compute and respects the radius', () => {
    const g = grid(['#########', '#a..#..b#', '#.......#', '#########']);
    const [ax, ay] = xyOf(g, at(g, 'a'));
    const [bx, by] = xyOf(g, at(g, 'b'));
    expect(lineOfSight(g.passable, g.width, g.height, ax, ay, ax + 2, ay, 8)).toBe(true);
    expect(lineOfSight(g.passable, g.width, g.height, ax, ay, bx, by, 8)).toBe(false); // the wall between them
    expect(lineOfSight(g.passable, g.width, g.height, ax, ay, ax + 6, ay + 1, 8)).toBe(true);
    expect(lineOfSight(g.passable, g.width, g.height, ax, ay, ax + 6, ay + 1, 6)).toBe(false); // 36 + 1 > 36
  });

  it('is symmetric between floor cells on random maps', () => {
    fc.assert(
      fc.property(mapArb, fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 8 }), fc.integer({ min: 1, max: 16 }), (map, pairs, radius) => {
        const floor = allAt(map, '.');
        if (floor.length === 0) return;
        for (const [p, q] of pairs) {
          const [ax, ay] = xyOf(map, floor[p % floor.length]!);
          const [bx, by] = xyOf(map, floor[q % floor.length]!);
          const ab = lineOfSight(map.passable, map.width, map.height, ax, ay, bx, by, radius);
          const ba = lineOfSight(map.passable, map.width, map.height, bx, by, ax, ay, radius);
          expect(ab).toBe(ba);
        }
      }),
      { seed: 42, numRuns: 400 },
    );
  });

  it('is symmetric for every pair of floor cells of a cluttered map', () => {
    const g = grid([
      '############',
      '#...#......#',
      '#.#....##..#',
      '#...#.#....#',
      '##.....#.#.#',
      '#..#.#.....#',
      '#....#..##.#',
      '############',
    ]);
    const fov = new Fov(g.width, g.height);
    const floor = allAt(g, '.');
    const seen = floor.map((i) => {
      const out = new Uint8Array(g.width * g.height);
      fov.compute(g.passable, ...xyOf(g, i), 30, out);
      return out;
    });
    let visiblePairs = 0;
    floor.forEach((a, ia) =>
      floor.forEach((b, ib) => {
        expect(seen[ia]![b]).toBe(seen[ib]![a]);
        visiblePairs += seen[ia]![b]!;
      }),
    );
    expect(visiblePairs).toBeGreaterThan(floor.length); // not trivially symmetric: cells see more than themselves
  });
});
