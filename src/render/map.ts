/** Draws the cells inside a viewport into one string (rows joined by '\n'), with fog of war, in either style. */
import type { GameState } from '../engine/types.js';
import type { Viewport } from './camera.js';
import { Cell, glyphTable, monsterCell, SLOT_COUNT, type RenderStyle } from './glyphs.js';

/** UTF-16 code units of every glyph, per style: tiles are written straight into a code-unit buffer (no per-tile string concatenation). */
const UNITS: Readonly<Record<RenderStyle, readonly (readonly number[])[]>> = {
  ascii: unitsOf(glyphTable('ascii')),
  emoji: unitsOf(glyphTable('emoji')),
};

function unitsOf(table: readonly string[]): number[][] {
  return table.map((g) => {
    const u: number[] = [];
    for (let i = 0; i < g.length; i++) u.push(g.charCodeAt(i));
    return u;
  });
}

// Terrain tile code (Tile.Wall 0, Floor 1, Stairs 2) -> cell code when seen now, and when only remembered.
const SEEN = [Cell.Wall, Cell.Floor, Cell.Stairs];
const DIMMED = [Cell.DimWall, Cell.DimFloor, Cell.DimStairs];

// Reused scratch buffers (rendering is synchronous, so one set per module is safe); grown on demand.
let overlay = new Uint8Array(0);
let units = new Uint16Array(0);

/** What is drawn over visible floor at each cell of the viewport (0 = nothing): items < corpses < monsters < players < the viewer. */
function fillOverlay(state: GameState, visible: Uint8Array, mark: number, view: Viewport, viewerId: string | null): Uint8Array {
  const size = view.width * view.height;
  if (overlay.length < size) overlay = new Uint8Array(size);
  overlay.fill(0, 0, size);
  const W = state.width;
  const put = (x: number, y: number, cell: number): void => {
    const vx = x - view.x;
    const vy = y - view.y;
    if (vx < 0 || vy < 0 || vx >= view.width || vy >= view.height) return;
    if (visible[y * W + x] !== mark) return;
    overlay[vy * view.width + vx] = cell;
  };
  for (const it of state.items) put(it.x, it.y, Cell.Potion);
  for (const p of state.players) if (!p.alive) put(p.x, p.y, Cell.Corpse);
  for (const m of state.monsters) if (m.hp > 0) put(m.x, m.y, monsterCell(m.kind));
  for (const p of state.players) {
    if (!p.alive || p.id === viewerId) continue;
    put(p.x, p.y, Cell.Slot0 + (((p.slot % SLOT_COUNT) + SLOT_COUNT) % SLOT_COUNT));
  }
  for (const p of state.players) if (p.alive && p.id === viewerId) put(p.x, p.y, Cell.Viewer);
  return overlay;
}

/** A drawn map: its text (rows joined by '\n') and a bit set of the cell codes that appear in it (for the legend). */
export interface DrawnMap {
  text: string;
  cells: number;
}

/** The map inside `view` as text: cells where visible[i] === mark fully, explored ones dimmed (terrain only), the rest blank. */
export function drawMap(state: GameState, visible: Uint8Array, mark: number, view: Viewport, style: RenderStyle, viewerId: string | null): DrawnMap {
  const { width: vw, height: vh } = view;
  if (vw <= 0 || vh <= 0) return { text: '', cells: 0 };
  const over = fillOverlay(state, visible, mark, view, viewerId);
  const table = UNITS[style];
  const need = vw * vh * 2 + vh;
  if (units.length < need) units = new Uint16Array(need);
  const buf = units;
  const W = state.width;
  const tiles = state.tiles;
  const explored = state.explored;
  let o = 0;
  let cells = 0;
  for (let y = 0; y < vh; y++) {
    if (y > 0) buf[o++] = 10;
    let i = (view.y + y) * W + view.x;
    let v = y * vw;
    for (let x = 0; x < vw; x++, i++, v++) {
      let cell = over[v]!;
      if (cell === 0) {
        const t = tiles[i]!;
        if (visible[i] === mark) cell = SEEN[t] ?? Cell.Wall;
        else if (explored[i] !== 0) cell = DIMMED[t] ?? Cell.DimWall;
        // else stays Cell.Unknown (0)
      }
      cells |= 1 << cell;
      const g = table[cell]!;
      buf[o++] = g[0]!;
      if (g.length > 1) buf[o++] = g[1]!;
    }
  }
  return { text: fromUnits(buf, o), cells };
}

/** Decodes code units to a string in chunks (fromCharCode.apply has an argument-count limit). */
function fromUnits(buf: Uint16Array, n: number): string {
  const CHUNK = 8192;
  if (n <= CHUNK) return String.fromCharCode.apply(null, buf.subarray(0, n) as unknown as number[]);
  let out = '';
  for (let s = 0; s < n; s += CHUNK) out += String.fromCharCode.apply(null, buf.subarray(s, Math.min(n, s + CHUNK)) as unknown as number[]);
  return out;
}
