/** The view model: what a viewer sees through a camera (terrain, players, monsters with labels, items, stairs), the one source every map style draws from. */
import { Tile } from '../grid/tiles.js';
import type { GameState, ItemKind, MonsterKind } from '../engine/types.js';
import { monsterLabel } from '../engine/index.js';
import type { Viewport } from './camera.js';
import { Cell } from './glyphs.js';
import { cleanName } from './text.js';

/** A player in the view: where, who, which slot colour and marker, and whether they are the viewer. */
export interface ViewPlayer {
  id: string;
  name: string;
  slot: number;
  /** The slot number as the party list shows it: '1'..'8'. */
  marker: string;
  x: number;
  y: number;
  alive: boolean;
  isViewer: boolean;
}

/** A monster in sight: kind, stable label ("goblin A") and its letter. */
export interface ViewMonster {
  id: number;
  kind: MonsterKind;
  label: string;
  letter: string;
  x: number;
  y: number;
}

/** An item in sight (a thrown lure still burning counts as a lure). */
export interface ViewItem {
  kind: ItemKind;
  x: number;
  y: number;
}

/**
 * Everything drawn in a viewport. `terrain` holds one terrain cell code per viewport cell, row-major (Cell.Unknown,
 * Wall, Floor, Stairs seen now, or their Dim* twins when only remembered); monsters and items are listed in map
 * coordinates when they stand on a cell seen now, players whenever they are in the view (the party knows where its
 * members are), in drawing order (later ones are drawn on top).
 */
export interface ViewModel {
  view: Viewport;
  terrain: Uint8Array;
  items: ViewItem[];
  /** Fallen players first, then the living, the viewer last. */
  players: ViewPlayer[];
  monsters: ViewMonster[];
}

// Terrain tile code (Tile.Wall 0, Floor 1, Stairs 2) -> cell code when seen now, and when only remembered.
const SEEN = [Cell.Wall, Cell.Floor, Cell.Stairs];
const DIMMED = [Cell.DimWall, Cell.DimFloor, Cell.DimStairs];

/** Labels of every living monster on the level, as the engine stores them ("goblin A", letter "A"): the log and the "In sight" list use the same. */
export function monsterLabels(state: GameState): Map<number, { label: string; letter: string }> {
  const out = new Map<number, { label: string; letter: string }>();
  for (const m of state.monsters) if (m.hp > 0) out.set(m.id, { label: monsterLabel(m), letter: m.label });
  return out;
}

/** Where the level's stairs are if the party has seen them (now or before), else null. */
export function knownStairs(state: GameState): { x: number; y: number } | null {
  const { tiles, explored } = state;
  for (let i = 0; i < tiles.length; i++) if (tiles[i] === Tile.Stairs && explored[i] !== 0) return { x: i % state.width, y: Math.floor(i / state.width) };
  return null;
}

/** Builds the view model of `view` for `viewerId` (null: the party), with cell i seen now when visible[i] === mark. */
export function buildViewModel(state: GameState, visible: Uint8Array, mark: number, view: Viewport, viewerId: string | null): ViewModel {
  const { width: vw, height: vh } = view;
  const W = state.width;
  const terrain = new Uint8Array(Math.max(0, vw * vh));
  for (let y = 0; y < vh; y++) {
    let i = (view.y + y) * W + view.x;
    let v = y * vw;
    for (let x = 0; x < vw; x++, i++, v++) {
      const t = state.tiles[i]!;
      if (visible[i] === mark) terrain[v] = SEEN[t] ?? Cell.Wall;
      else if (state.explored[i] !== 0) terrain[v] = DIMMED[t] ?? Cell.DimWall;
    }
  }
  const inView = (x: number, y: number): boolean => x >= view.x && y >= view.y && x < view.x + vw && y < view.y + vh;
  const shown = (x: number, y: number): boolean => inView(x, y) && visible[y * W + x] === mark;
  const items: ViewItem[] = state.items.filter((it) => shown(it.x, it.y)).map((it) => ({ kind: it.kind, x: it.x, y: it.y }));
  // A thrown lure is drawn with the lure's art while it lies there drawing monsters.
  for (const l of state.lures) if (shown(l.x, l.y)) items.push({ kind: 'lure', x: l.x, y: l.y });
  const labels = monsterLabels(state);
  const monsters: ViewMonster[] = [];
  for (const m of state.monsters) {
    if (m.hp <= 0 || !shown(m.x, m.y)) continue;
    const l = labels.get(m.id)!;
    monsters.push({ id: m.id, kind: m.kind, label: l.label, letter: l.letter, x: m.x, y: m.y });
  }
  const players: ViewPlayer[] = [];
  const rank = (alive: boolean, isViewer: boolean): number => (!alive ? 0 : isViewer ? 2 : 1);
  // The party always knows where its members are, seen now or not.
  for (const p of state.players) {
    if (!inView(p.x, p.y)) continue;
    players.push({
      id: p.id,
      name: cleanName(p.name),
      slot: p.slot,
      marker: String(slotIndex(p.slot) + 1),
      x: p.x,
      y: p.y,
      alive: p.alive,
      isViewer: p.id === viewerId,
    });
  }
  players.sort((a, b) => rank(a.alive, a.isViewer) - rank(b.alive, b.isViewer));
  return { view, terrain, items, players, monsters };
}

/** A slot number folded into 0..7 (the slots that have a colour and marker). */
export function slotIndex(slot: number): number {
  return ((slot % 8) + 8) % 8;
}
