/** Builds game states from ASCII drawings, so engine tests show their maps. */
import { MaskBytes, TileBytes } from '../../src/engine/bytes.js';
import { defaultConfig } from '../../src/engine/config.js';
import { Tile } from '../../src/grid/tiles.js';
import { ITEMS, ITEM_KINDS } from '../../src/engine/items.js';
import { MONSTERS, MONSTER_KINDS, PLAYER_BASE } from '../../src/engine/monsters.js';
import { Rng } from '../../src/grid/rng.js';
import { labelFor } from '../../src/engine/level.js';
import { CALM_ROUNDS } from '../../src/engine/pace.js';
import { SCHEMA_VERSION } from '../../src/engine/state-schema.js';
import { step } from '../../src/engine/game.js';
import type { Action, GameConfig, GameEvent, GameState, ItemKind, Monster, MonsterKind, Player, StepResult } from '../../src/engine/types.js';

/** Monster and item letters come from their tables' ASCII art, so a drawn map can hold any kind. */
const KINDS = new Map<string, MonsterKind>(MONSTER_KINDS.map((k) => [MONSTERS[k].art.ascii, k]));
const ITEM_LETTERS = new Map<string, ItemKind>(ITEM_KINDS.map((k) => [ITEMS[k].art.ascii, k]));

/**
 * '#' wall, '.' floor, '>' stairs, a monster's or an item's ASCII letter from its table ('g' goblin, 'T' troll, '!' potion, ...),
 * '1'..'8' players p1..p8 (slot = digit - 1). Every cell outside the drawing is wall.
 */
export function drawState(rows: string[], config: Partial<GameConfig> = {}): GameState {
  const height = rows.length;
  const width = Math.max(...rows.map((r) => r.length));
  const tiles = new TileBytes(width * height);
  const players: Player[] = [];
  const monsters: Monster[] = [];
  const items: GameState['items'] = [];
  let nextId = 1;
  rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      const i = y * width + x;
      tiles[i] = ch === '#' || ch === ' ' ? Tile.Wall : ch === '>' ? Tile.Stairs : Tile.Floor;
      const kind = KINDS.get(ch);
      if (kind) {
        const label = labelFor(monsters.filter((m) => m.kind === kind).length);
        monsters.push({ id: nextId++, kind, label, maxHp: MONSTERS[kind].hp, power: 0, x, y, hp: MONSTERS[kind].hp, weapon: 0, state: 'wander', lastSeen: -1, stunned: 0 });
      }
      const item = ITEM_LETTERS.get(ch);
      if (item) items.push({ id: nextId++, kind: item, x, y });
      if (/[1-8]/.test(ch)) {
        const slot = Number(ch) - 1;
        players.push({ id: `p${ch}`, name: `P${ch}`, slot, x, y, hp: PLAYER_BASE.hp, maxHp: PLAYER_BASE.hp, attack: PLAYER_BASE.attack, defence: PLAYER_BASE.defence, pack: {}, weapon: 'sword', armour: null, kills: 0, xp: 0, level: 1, alive: true, role: 'adventurer', cooldown: 0 });
      }
    });
  });
  players.sort((a, b) => a.slot - b.slot);
  // Drawn maps may be smaller than the generator's minimum: the config only matters for descending.
  const cfg = { ...defaultConfig(config), width: Math.max(width, 20), height: Math.max(height, 12) };
  return {
    schema: SCHEMA_VERSION,
    version: 0,
    turn: 0,
    config: cfg,
    rng: Rng.fromSeed(cfg.seed).save(),
    depth: 1,
    width,
    height,
    tiles,
    entrance: players[0] ? players[0].y * width + players[0].x : width + 1,
    explored: new MaskBytes(width * height),
    players,
    departed: [],
    monsters,
    items,
    lures: [],
    tally: { kills: {}, used: {} },
    nextId,
    acted: [],
    calm: CALM_ROUNDS,
    holding: [],
    fighting: [],
    fightKnown: [],
    fightQuiet: 0,
    status: 'playing',
    summary: null,
    recent: [],
  };
}

/** Draws the state back as ASCII (same legend as drawState), for readable assertions. */
export function drawMap(s: GameState): string[] {
  const rows: string[] = [];
  for (let y = 0; y < s.height; y++) {
    let row = '';
    for (let x = 0; x < s.width; x++) {
      const t = s.tiles[y * s.width + x];
      const p = s.players.find((q) => q.x === x && q.y === y && q.alive);
      const m = s.monsters.find((q) => q.x === x && q.y === y);
      const it = s.items.find((q) => q.x === x && q.y === y);
      if (p) row += String(p.slot + 1);
      else if (m) row += MONSTERS[m.kind].art.ascii;
      else if (it) row += ITEMS[it.kind].art.ascii;
      else row += t === Tile.Wall ? '#' : t === Tile.Stairs ? '>' : '.';
    }
    rows.push(row);
  }
  return rows;
}

/** The state in the middle of a rounds-mode fight (no calm round yet), whatever is in view. */
export function inFight(s: GameState): GameState {
  return { ...s, calm: 0 };
}

/** The state of an accepted step (throws on a refusal, naming its code). */
export function ok(r: StepResult): GameState {
  if (!r.ok) throw new Error(`rejected: ${r.code}`);
  return r.state;
}

/** Plays `actions` in order from `s` (each must be accepted): the last state and every event. */
export function play(s: GameState, actions: readonly Action[]): { state: GameState; events: GameEvent[] } {
  const events: GameEvent[] = [];
  for (const a of actions) {
    const r = step(s, a);
    s = ok(r);
    if (r.ok) events.push(...r.events);
  }
  return { state: s, events };
}

/** The events of one type. */
export const ofType = <T extends GameEvent['type']>(events: readonly GameEvent[], type: T) => events.filter((e): e is Extract<GameEvent, { type: T }> => e.type === type);

/** Every monster hunting the first player (knows where they are). */
export const hunting = (s: GameState): GameState => {
  const p = s.players[0]!;
  for (const m of s.monsters) {
    m.state = 'hunt';
    m.lastSeen = p.y * s.width + p.x;
  }
  return s;
};
