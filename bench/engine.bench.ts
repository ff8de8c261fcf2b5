/** Full engine turns (player action + monster phase + sight + fog) with 4 players and 30 monsters. */
import { BOSS_KIND, defaultConfig, MONSTER_KINDS, MONSTERS, newGame, parseGameState, step, Tile, type GameState } from '../src/engine/index.js';
import { exploreField } from '../src/engine/runs.js';
import { workspaceFor } from '../src/engine/workspace.js';
import { bfs } from '../src/grid/flood.js';
import type { BenchCase } from './harness.js';

const USERS = ['100000000000000001', '100000000000000002', '100000000000000003', '100000000000000004'];

/**
 * A game of the given size with 4 players and exactly 30 monsters, 15 of them moved 3 to 10 steps from the party
 * so that they see it and hunt, attack or flee every turn (the expensive case), the rest where the generator put them.
 */
export function partyState(width: number, height: number, seed = 4): GameState {
  let s = newGame(defaultConfig({ seed, width, height, difficulty: 'hard', mapKind: 'cavern' }));
  for (const u of USERS) {
    const r = step(s, { type: 'join', user: u, name: `P${u.slice(-1)}` });
    if (!r.ok) throw new Error(r.code);
    s = r.state;
  }
  // The level may hold fewer than 30 (the count formula decides): the rest are copies on free floor, far end first.
  const monsters = s.monsters.slice(0, 30).map((m) => ({ ...m }));
  const used = new Set([...s.players.map((p) => p.y * width + p.x), ...monsters.map((m) => m.y * width + m.x)]);
  const placed = monsters.length;
  for (let i = s.tiles.length - 1; i >= 0 && monsters.length < 30 && placed > 0; i--) {
    if (s.tiles[i] !== Tile.Floor || used.has(i)) continue;
    monsters.push({ ...monsters[monsters.length % placed]!, id: s.nextId + monsters.length, x: i % width, y: Math.floor(i / width) });
    used.add(i);
  }
  if (monsters.length < 30) throw new Error(`only ${monsters.length} monsters`);
  const lead = s.players[0]!;
  const dist = new Int32Array(s.tiles.length);
  const order = new Int32Array(s.tiles.length);
  const count = bfs(s.tiles, width, height, lead.y * width + lead.x, dist, order);
  const taken = new Set([...s.players.map((p) => p.y * width + p.x), ...monsters.map((m) => m.y * width + m.x)]);
  let moved = 0;
  for (let k = 0; k < count && moved < 15; k++) {
    const i = order[k]!;
    if (dist[i]! < 3 || dist[i]! > 10 || s.tiles[i] !== Tile.Floor || taken.has(i)) continue;
    const m = monsters[moved++]!;
    taken.delete(m.y * width + m.x);
    m.x = i % width;
    m.y = Math.floor(i / width);
    taken.add(i);
  }
  if (moved < 15) throw new Error(`could only place ${moved} monsters near the party`);
  // Every kind of the monster table but the boss, in turn, so the new behaviours (archers, bats, golems, shamans) are in the mix.
  const kinds = MONSTER_KINDS.filter((k) => !MONSTERS[k].boss);
  monsters.forEach((m, k) => {
    m.kind = kinds[k % kinds.length]!;
    m.weapon = 0;
  });
  return { ...s, monsters };
}

function turnCase(width: number, height: number): BenchCase {
  return {
    name: `engine turn ${width}x${height} 4p 30m`,
    impl: 'channel-crawler',
    setup: () => waitTurns(partyState(width, height)),
  };
}

/**
 * A turn function: the players wait in turn, each time on a parsed copy of `base`, as the service hands the engine a
 * freshly loaded state every turn (no cache keyed on the state's arrays can hide work).
 */
function waitTurns(base: GameState): () => GameState {
  const copies = copiesOf(base);
  let i = 0;
  return () => {
    const r = step(copies[i & 7]!, { type: 'wait', user: USERS[i & 3]! });
    i++;
    if (!r.ok) throw new Error(r.code);
    return r.state;
  };
}

/** Parsed copies of a state, as the service loads one every turn. */
function copiesOf(base: GameState): GameState[] {
  return Array.from({ length: 8 }, () => {
    const r = parseGameState(JSON.parse(JSON.stringify(base)));
    if (!r.ok) throw new Error('bench state does not parse');
    return r.state;
  });
}

/** A turn in which the whole pack has been alerted (hunting the party's last known place) and two monsters flee. */
function packCase(width: number, height: number): BenchCase {
  return {
    name: `engine turn ${width}x${height} 4p 30m pack alerted, 2 fleeing`,
    impl: 'channel-crawler',
    setup: () => {
      const base = partyState(width, height);
      const lead = base.players[0]!;
      base.monsters.forEach((m, k) => {
        m.state = k < 2 ? 'flee' : 'hunt';
        m.lastSeen = lead.y * width + lead.x;
        if (k < 2) m.hp = 1;
      });
      return waitTurns(base);
    },
  };
}

/** The explore map: frontier of the party's explored area and a distance field over known cells. */
function exploreCase(width: number, height: number): BenchCase {
  return {
    name: `explore map ${width}x${height}`,
    impl: 'channel-crawler',
    setup: () => {
      let s = partyState(width, height);
      // A few turns of play so that part of the map is explored and the frontier is long.
      for (let k = 0; k < 6; k++) {
        const r = step(s, { type: 'explore', user: USERS[k & 3]! });
        if (r.ok) s = r.state;
      }
      const ws = workspaceFor(width, height);
      return () => exploreField(s, ws);
    },
  };
}

/**
 * A cavern turn with ranged monsters and the boss in the fight: the four monsters nearest the party are goblin
 * archers (line-of-fire checks, stepping back down the flee map) and the fifth the boss, hunting within its post.
 */
function rangedBossCase(width: number, height: number): BenchCase {
  return {
    name: `engine turn ${width}x${height} cavern 4p 30m, 4 archers + boss`,
    impl: 'channel-crawler',
    setup: () => {
      const base = partyState(width, height);
      const lead = base.players[0]!;
      base.monsters.forEach((m, k) => {
        if (k < 4) m.kind = 'archer';
        if (k === 4) {
          m.kind = BOSS_KIND;
          m.hp = m.maxHp = MONSTERS[BOSS_KIND].hp;
        }
        if (k < 5) {
          m.weapon = 0;
          m.state = 'hunt';
          m.lastSeen = lead.y * width + lead.x;
        }
      });
      return waitTurns(base);
    },
  };
}

export const cases: BenchCase[] = [turnCase(80, 40), turnCase(200, 200), packCase(80, 40), exploreCase(80, 40), rangedBossCase(80, 40)];
