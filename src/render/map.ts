/** Draws a view model into one string (rows joined by '\n'), with fog of war, in a text style (emoji or ASCII). */
import type { GameState } from '../engine/types.js';
import type { Viewport } from './camera.js';
import { byStyle, Cell, CELL_COUNT, glyphTable, itemCell, monsterCell, type RenderStyle } from './glyphs.js';
import { buildViewModel, slotIndex, type ViewModel } from './view-model.js';

/** UTF-16 code units of every glyph, per style: tiles are written straight into a code-unit buffer (no per-tile string concatenation). */
const UNITS = byStyle((s) => unitsOf(glyphTable(s)));

function unitsOf(table: readonly string[]): number[][] {
  return table.map((g) => {
    const u: number[] = [];
    for (let i = 0; i < g.length; i++) u.push(g.charCodeAt(i));
    return u;
  });
}

// Reused scratch buffer (rendering is synchronous, so one per module is safe); grown on demand.
let units = new Uint16Array(0);

/** The cell codes of a view model: terrain, then items < corpses < monsters < players < the viewer drawn over it. */
export function viewCells(model: ViewModel): Uint8Array {
  const { view } = model;
  const cells = model.terrain.slice();
  const put = (x: number, y: number, cell: number): void => {
    cells[(y - view.y) * view.width + (x - view.x)] = cell;
  };
  for (const it of model.items) put(it.x, it.y, itemCell(it.kind));
  for (const m of model.monsters) put(m.x, m.y, monsterCell(m.kind));
  // Players are listed fallen first, the viewer last.
  for (const p of model.players) put(p.x, p.y, !p.alive ? Cell.Corpse : p.isViewer ? Cell.Viewer : Cell.Slot0 + slotIndex(p.slot));
  return cells;
}

/** A drawn map: its text (rows joined by '\n') and which cell codes appear in it (cells[code] === 1, for the legend). */
export interface DrawnMap {
  text: string;
  cells: Uint8Array;
}

/** A view model as text in a style's glyphs. */
export function drawModel(model: ViewModel, style: RenderStyle): DrawnMap {
  const { width: vw, height: vh } = model.view;
  const cells = new Uint8Array(CELL_COUNT);
  if (vw <= 0 || vh <= 0) return { text: '', cells };
  const over = viewCells(model);
  const table = UNITS[style];
  const need = vw * vh * 2 + vh;
  if (units.length < need) units = new Uint16Array(need);
  const buf = units;
  let o = 0;
  for (let y = 0; y < vh; y++) {
    if (y > 0) buf[o++] = 10;
    for (let x = 0, v = y * vw; x < vw; x++, v++) {
      const cell = over[v]!;
      cells[cell] = 1;
      const g = table[cell]!;
      buf[o++] = g[0]!;
      if (g.length > 1) buf[o++] = g[1]!;
    }
  }
  return { text: fromUnits(buf, o), cells };
}

/** The map inside `view` as text: cells where visible[i] === mark fully, explored ones dimmed (terrain only), the rest blank. */
export function drawMap(state: GameState, visible: Uint8Array, mark: number, view: Viewport, style: RenderStyle, viewerId: string | null): DrawnMap {
  return drawModel(buildViewModel(state, visible, mark, view, viewerId), style);
}

/** Decodes code units to a string in chunks (fromCharCode.apply has an argument-count limit). */
function fromUnits(buf: Uint16Array, n: number): string {
  const CHUNK = 8192;
  if (n <= CHUNK) return String.fromCharCode.apply(null, buf.subarray(0, n) as unknown as number[]);
  let out = '';
  for (let s = 0; s < n; s += CHUNK) out += String.fromCharCode.apply(null, buf.subarray(s, Math.min(n, s + CHUNK)) as unknown as number[]);
  return out;
}
