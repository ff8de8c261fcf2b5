import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Tile } from '../../src/grid/tiles.js';
import { Rng } from '../../src/grid/rng.js';
import { draftToAscii, generateLevel, kindBySeed, MAP_KINDS, MONSTER_MIN_DIST, PLACEMENT_SIGHT, type Draft, type LevelSpec } from '../../src/mapgen/index.js';
import { lineOfSight } from '../../src/pathfinding/fov.js';
import { bordersAreWalls, chebyshev, distances, openAround, openCount } from './helpers.js';

const spec = (over: Partial<LevelSpec> = {}): LevelSpec => ({ width: 80, height: 40, kind: 'maze', players: 4, monsters: 12, items: 6, ...over });

const snapshot = (d: Draft) => ({
  tiles: d.tiles.join(''),
  deadEnds: d.deadEnds,
  start: d.start,
  stairs: d.stairs,
  playerStarts: d.playerStarts,
  monsterSpots: d.monsterSpots,
  itemSpots: d.itemSpots,
});

function expectValidLevel(d: Draft, s: LevelSpec): void {
  expect(bordersAreWalls(d)).toBe(true);
  // Every open tile is reachable from the start.
  const dist = distances(d, d.start);
  expect(dist.filter((v) => v >= 0).length).toBe(openCount(d));
  // Exactly one stairs tile, where draft.stairs says, at least half the greatest distance away.
  expect(d.tiles[d.stairs]).toBe(Tile.Stairs);
  expect(d.tiles.filter((t) => t === Tile.Stairs).length).toBe(1);
  expect(dist[d.stairs]!).toBeGreaterThanOrEqual(0.5 * dist.reduce((a, b) => Math.max(a, b), 0));
  // Players: the start first, then distinct floor tiles.
  expect(d.playerStarts[0]).toBe(d.start);
  expect(d.playerStarts).toHaveLength(s.players);
  expect(new Set(d.playerStarts).size).toBe(s.players);
  for (const p of d.playerStarts) expect(d.tiles[p]).toBe(Tile.Floor);
  // Monsters: distinct floor tiles, never on the start, players or stairs.
  const people = new Set([d.start, d.stairs, ...d.playerStarts]);
  expect(new Set(d.monsterSpots).size).toBe(d.monsterSpots.length);
  // Exactly the count asked for whenever the map has the room: never silently fewer.
  const freeFloor = d.tiles.filter((t) => t === Tile.Floor).length - new Set([...people].filter((i) => d.tiles[i] === Tile.Floor)).size;
  expect(d.monsterSpots.length).toBe(Math.min(s.monsters, freeFloor));
  const farTiles = d.tiles.reduce((a, t, i) => a + (t === Tile.Floor && !people.has(i) && chebyshev(d, i, d.start) > MONSTER_MIN_DIST ? 1 : 0), 0);
  for (const m of d.monsterSpots) {
    expect(d.tiles[m]).toBe(Tile.Floor);
    expect(people.has(m)).toBe(false);
    if (s.monsters <= farTiles) expect(chebyshev(d, m, d.start)).toBeGreaterThan(MONSTER_MIN_DIST);
  }
  // Items: distinct free floor tiles.
  const taken = new Set([...people, ...d.monsterSpots]);
  expect(new Set(d.itemSpots).size).toBe(d.itemSpots.length);
  expect(d.itemSpots.length).toBeLessThanOrEqual(s.items);
  for (const i of d.itemSpots) {
    expect(d.tiles[i]).toBe(Tile.Floor);
    expect(taken.has(i)).toBe(false);
  }
}

describe('generateLevel', () => {
  it('PROPERTY: every map kind at every allowed size are valid levels, the same for the same seed', () => {
    const arbSpec = fc.record({
      width: fc.integer({ min: 20, max: 200 }),
      height: fc.integer({ min: 12, max: 200 }),
      kind: fc.constantFrom(...MAP_KINDS),
      players: fc.integer({ min: 1, max: 6 }),
      monsters: fc.integer({ min: 0, max: 30 }),
      items: fc.integer({ min: 0, max: 10 }),
    });
    fc.assert(
      fc.property(arbSpec, fc.nat(), (s, seed) => {
        const d = generateLevel(s, Rng.fromSeed(seed));
        expectValidLevel(d, s);
        expect(snapshot(generateLevel(s, Rng.fromSeed(seed)))).toEqual(snapshot(d));
      }),
      { seed: 42, numRuns: 200 },
    );
  });

  it('GIVEN the extreme sizes THEN every kind generates valid levels', () => {
    for (const kind of MAP_KINDS) {
      for (const [width, height] of [[20, 12], [200, 200], [200, 12], [20, 200]] as const) {
        const s = spec({ kind, width, height });
        expectValidLevel(generateLevel(s, Rng.fromSeed(3)), s);
      }
    }
  });

  it('GIVEN different seeds THEN the maps usually differ', () => {
    for (const kind of MAP_KINDS) {
      const maps = new Set([1, 2, 3, 4, 5].map((seed) => draftToAscii(generateLevel(spec({ kind }), Rng.fromSeed(seed))).join('\n')));
      expect(maps.size).toBe(5);
    }
  });

  it('GIVEN an 80x40 cavern THEN every requested monster and potion gets a spot', () => {
    const d = generateLevel(spec({ kind: 'cavern' }), Rng.fromSeed(8));
    expect(d.monsterSpots).toHaveLength(12);
    expect(d.itemSpots).toHaveLength(6);
  });

  it('GIVEN a maze with fewer dead ends than monsters THEN every far dead end holds one and the rest stand out of sight of the start and the stairs', () => {
    const d = generateLevel(spec({ kind: 'maze', monsters: 60 }), Rng.fromSeed(8));
    expect(d.monsterSpots).toHaveLength(60);
    const farEnds = d.deadEnds.filter((i) => chebyshev(d, i, d.start) > MONSTER_MIN_DIST && d.tiles[i] === Tile.Floor && !d.playerStarts.includes(i));
    expect(farEnds.length).toBeLessThan(60);
    for (const i of farEnds) expect(d.monsterSpots).toContain(i);
    for (const m of d.monsterSpots.filter((i) => !farEnds.includes(i))) {
      expect(lineOfSight(d.tiles, d.width, d.height, d.start % d.width, Math.floor(d.start / d.width), m % d.width, Math.floor(m / d.width), PLACEMENT_SIGHT)).toBe(false);
      expect(lineOfSight(d.tiles, d.width, d.height, d.stairs % d.width, Math.floor(d.stairs / d.width), m % d.width, Math.floor(m / d.width), PLACEMENT_SIGHT)).toBe(false);
    }
  });

  it('GIVEN a maze with more dead ends than monsters THEN every monster waits in a dead end', () => {
    const d = generateLevel(spec({ kind: 'maze', monsters: 4 }), Rng.fromSeed(8));
    expect(d.monsterSpots).toHaveLength(4);
    for (const m of d.monsterSpots) {
      expect(d.deadEnds).toContain(m);
      expect(openAround(d, m)).toBe(1);
    }
  });

  it('GIVEN a cavern THEN monsters stand in packs of 2-3 and no monster is in sight of the start', () => {
    for (const seed of [1, 2, 3, 4, 5]) {
      const d = generateLevel(spec({ kind: 'cavern', monsters: 12 }), Rng.fromSeed(seed));
      expect(d.monsterSpots).toHaveLength(12);
      const sx = d.start % d.width;
      const sy = Math.floor(d.start / d.width);
      let withPackmate = 0;
      for (const m of d.monsterSpots) {
        expect(lineOfSight(d.tiles, d.width, d.height, sx, sy, m % d.width, Math.floor(m / d.width), PLACEMENT_SIGHT)).toBe(false);
        if (d.monsterSpots.some((o) => o !== m && chebyshev(d, o, m) <= 3)) withPackmate++;
      }
      expect(withPackmate).toBeGreaterThanOrEqual(10);
    }
  });

  it('GIVEN seed 1 THEN a 21x13 maze level is pinned', () => {
    const d = generateLevel({ width: 21, height: 13, kind: 'maze', players: 2, monsters: 3, items: 2 }, Rng.fromSeed(1));
    expect(draftToAscii(d)).toEqual([
      '#####################',
      '#..p@.#........!....#',
      '#.#####.#####.###.#.#',
      '#.#...#.....#...m.#.#',
      '#.#.#.#####.#...###.#',
      '#.#.#....!..#...#...#',
      '#.#.#########m#.#.#.#',
      '#...#.......#.#.#...#',
      '#####.#####.#.#.#####',
      '#.....#...#.#.#.....#',
      '#.#####.#.#.#.#####.#',
      '#...>...#m#.........#',
      '#####################',
    ]);
    // The dead end next to the start (26) is within MONSTER_MIN_DIST: the far one (240) is taken, then two hidden tiles.
    expect(d.deadEnds).toEqual([26, 240]);
    expect(d.monsterSpots).toEqual([240, 139, 79]);
  });

  it('GIVEN seed 1 THEN a 30x14 cavern level is pinned', () => {
    const d = generateLevel({ width: 30, height: 14, kind: 'cavern', players: 2, monsters: 3, items: 2 }, Rng.fromSeed(1));
    expect(draftToAscii(d)).toEqual([
      '##############################',
      '#########################.####',
      '###....################....###',
      '##..........############>...##',
      '###.........############....##',
      '#####......!############....##',
      '######.....####.#####.......##',
      '######.....##...####mm......##',
      '######.....###...##.m.......##',
      '######.p....#...............##',
      '######.@....#...............##',
      '#######...............!....###',
      '#############....#############',
      '##############################',
    ]);
    // One pack of three, out of the start's sight; the necks two tiles wide (top right, centre) keep one lane.
    expect([d.start, d.stairs, d.playerStarts, d.monsterSpots, d.itemSpots]).toEqual([307, 114, [307, 277], [230, 231, 260], [161, 352]]);
  });

  it('GIVEN seed 1 THEN a 30x14 rooms level is pinned', () => {
    const d = generateLevel({ width: 30, height: 14, kind: 'rooms', players: 2, monsters: 3, items: 2 }, Rng.fromSeed(1));
    expect(draftToAscii(d)).toEqual([
      '##############################',
      '##############################',
      '##############################',
      '##############################',
      '##....###########...m.########',
      '##....###########!....########',
      '##.>..#####.p@###.....########',
      '####...............m..########',
      '###########...###.....########',
      '###########......!...m########',
      '###########...################',
      '###########...################',
      '##############################',
      '##############################',
    ]);
    expect([d.start, d.stairs, d.playerStarts, d.monsterSpots, d.itemSpots]).toEqual([193, 183, [193, 192], [140, 229, 291], [167, 287]]);
  });

  it.each([
    [{ width: 19 }, /width/],
    [{ height: 11 }, /height/],
    [{ width: 201 }, /width/],
    [{ height: 250 }, /height/],
    [{ width: 40.5 }, /width/],
    [{ height: Number.NaN }, /height/],
    [{ kind: 'dungeon' as LevelSpec['kind'] }, /kind/],
    [{ players: 0 }, /players/],
    [{ monsters: -1 }, /monsters/],
    [{ items: 1.5 }, /items/],
  ])('GIVEN an invalid spec %o THEN it throws a clear error', (over, message) => {
    expect(() => generateLevel(spec(over), Rng.fromSeed(1))).toThrow(message);
  });
});

describe('kindBySeed', () => {
  const kindFromSeed = (seed: number) => kindBySeed(seed, MAP_KINDS);
  it('GIVEN many seeds THEN every map kind of the table comes up, each about as often', () => {
    const counts = new Map<string, number>();
    for (let seed = 1; seed <= 3000; seed++) counts.set(kindFromSeed(seed), (counts.get(kindFromSeed(seed)) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual([...MAP_KINDS].sort());
    for (const kind of MAP_KINDS) expect(counts.get(kind)).toBeGreaterThan(3000 / MAP_KINDS.length / 1.3);
  });

  it('GIVEN the first seeds 1..12 THEN every kind already comes up (neighbouring seeds are mixed)', () => {
    expect(new Set(Array.from({ length: 12 }, (_, i) => kindFromSeed(i + 1)))).toEqual(new Set(MAP_KINDS));
  });

  it('GIVEN the same seed THEN the same kind', () => {
    for (const seed of [0, 1, 42, 2 ** 31, 2 ** 32 - 1]) expect(kindFromSeed(seed)).toBe(kindFromSeed(seed));
  });
});
