/**
 * The map on a <canvas>, drawn in the browser by the same pure code that draws the image style's picture
 * (src/render/image/draw.ts: the same tiles, palette, markers and labels) from the view model the server sends. The
 * whole level arrives; a camera shows as much of it as fits at a readable tile size, centred on the viewer.
 */
import { decodeBase64 } from '../../src/engine/bytes.js';
import { placeCamera, type Viewport } from '../../src/render/camera.js';
import { drawPicture, TILE_PX } from '../../src/render/image/draw.js';
import type { ViewModel } from '../../src/render/view-model.js';
import type { WebFrame, WireViewModel } from '../../src/adapters/web/protocol.js';

/** Smallest tile on screen, in CSS px (phones: about 16 tiles across 360 px). */
export const MIN_TILE_CSS = 22;

/** The part of the level's view model inside `view`. */
export function crop(map: WireViewModel, terrain: Uint8Array, view: Viewport): ViewModel {
  const out = new Uint8Array(view.width * view.height);
  for (let y = 0; y < view.height; y++) out.set(terrain.subarray((view.y + y) * map.view.width + view.x, (view.y + y) * map.view.width + view.x + view.width), y * view.width);
  const inside = (p: { x: number; y: number }): boolean => p.x >= view.x && p.y >= view.y && p.x < view.x + view.width && p.y < view.y + view.height;
  return { view, terrain: out, items: map.items.filter(inside), players: map.players.filter(inside), monsters: map.monsters.filter(inside) };
}

/** Where the camera looks: the viewer, else the living party's centre. */
function target(frame: WebFrame): { x: number; y: number } {
  const me = frame.map.players.find((p) => p.isViewer);
  if (me) return me;
  const alive = frame.map.players.filter((p) => p.alive);
  const from = alive.length > 0 ? alive : frame.map.players;
  if (from.length === 0) return { x: frame.map.view.width >> 1, y: frame.map.view.height >> 1 };
  return { x: Math.round(from.reduce((s, p) => s + p.x, 0) / from.length), y: Math.round(from.reduce((s, p) => s + p.y, 0) / from.length) };
}

/** The viewport that fits `cssWidth` x `cssHeight` at MIN_TILE_CSS or larger. */
export function fitView(frame: WebFrame, cssWidth: number, cssHeight: number): Viewport {
  const across = Math.max(5, Math.floor(cssWidth / MIN_TILE_CSS));
  const down = Math.max(5, Math.floor(cssHeight / MIN_TILE_CSS));
  const t = target(frame);
  return placeCamera(frame.map.view.width, frame.map.view.height, across, down, t.x, t.y);
}

/** Draws `frame` on `canvas` to fit the given CSS box; returns the viewport drawn. */
export function drawMap(canvas: HTMLCanvasElement, frame: WebFrame, cssWidth: number, cssHeight: number): Viewport {
  const terrain = decodeBase64(frame.map.terrain) ?? new Uint8Array(frame.map.view.width * frame.map.view.height);
  const view = fitView(frame, cssWidth, cssHeight);
  const pic = drawPicture(crop(frame.map, terrain, view));
  if (canvas.width !== pic.width || canvas.height !== pic.height) {
    canvas.width = pic.width;
    canvas.height = pic.height;
  }
  const ctx = canvas.getContext('2d');
  if (!ctx) return view;
  const img = ctx.createImageData(pic.width, pic.height);
  const rgba = img.data;
  for (let i = 0, n = pic.width * pic.height; i < n; i++) {
    const c = pic.px[i]! * 3;
    rgba[i * 4] = pic.palette[c]!;
    rgba[i * 4 + 1] = pic.palette[c + 1]!;
    rgba[i * 4 + 2] = pic.palette[c + 2]!;
    rgba[i * 4 + 3] = 255;
  }
  ctx.putImageData(img, 0, 0);
  // Scaled down to the box when wider (fitView keeps tiles at MIN_TILE_CSS or more); pixels kept sharp by CSS.
  canvas.style.width = `${Math.min(cssWidth, view.width * TILE_PX)}px`;
  return view;
}
