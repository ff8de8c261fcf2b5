/** The budget chooser: the largest viewport a style allows that still fits the code points left after the HUD and log. */
import { styleSpec, type RenderStyle } from './glyphs.js';

/** Width and height of a view, in tiles. */
export interface ViewSize {
  width: number;
  height: number;
}

/** The largest view a style shows, before budgets and map size (from the style table). */
export function viewCaps(style: RenderStyle, mobile: boolean): ViewSize {
  return mobile ? styleSpec(style).caps.mobile : styleSpec(style).caps.desktop;
}

/** Code points a map of w x h tiles costs: tiles times their cost, plus one newline between rows. */
export function mapCost(width: number, height: number, tileCost: number): number {
  return width <= 0 || height <= 0 ? 0 : width * height * tileCost + (height - 1);
}

/**
 * Picks the view size: the map size capped by `caps`, then, while it costs more than `budget` code points, shrunk
 * one row or column at a time keeping the caps' aspect ratio, then grown back along either axis while it still fits
 * (so no single extra row or column would fit). Returns 0 x 0 when not even one tile fits.
 */
export function chooseViewSize(mapW: number, mapH: number, caps: ViewSize, budget: number, tileCost: number): ViewSize {
  const maxW = Math.max(0, Math.min(mapW, caps.width));
  const maxH = Math.max(0, Math.min(mapH, caps.height));
  let w = maxW;
  let h = maxH;
  while (w > 0 && h > 0 && mapCost(w, h, tileCost) > budget) {
    // Shrink the side that is relatively larger compared with the caps' shape.
    if (w * maxH >= h * maxW) w--;
    else h--;
  }
  if (w <= 0 || h <= 0) return { width: 0, height: 0 };
  while (w < maxW && mapCost(w + 1, h, tileCost) <= budget) w++;
  while (h < maxH && mapCost(w, h + 1, tileCost) <= budget) h++;
  return { width: w, height: h };
}
