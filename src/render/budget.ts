/** The budget chooser: the largest viewport a style allows that still fits the code points left after the HUD and log. */
import type { RenderStyle } from './glyphs.js';

/** Width and height of a view, in tiles. */
export interface ViewSize {
  width: number;
  height: number;
}

/*
 * Display caps, in tiles. Emoji render about 22 px wide in an embed, whose text column is about 430-480 px on desktop:
 * 19 fit without wrapping. On a phone (360-412 dp) about 13 fit. A code block holds 61 ASCII columns comfortably on
 * desktop; the mobile layout is 15 wide in both styles' spirit (13 for emoji, whose tiles are wider). Odd sizes put
 * the viewer exactly in the middle.
 */
const CAPS: Readonly<Record<RenderStyle, { desktop: ViewSize; mobile: ViewSize }>> = {
  ascii: { desktop: { width: 61, height: 25 }, mobile: { width: 15, height: 15 } },
  emoji: { desktop: { width: 19, height: 13 }, mobile: { width: 13, height: 13 } },
};

/** The largest view a style shows, before budgets and map size. */
export function viewCaps(style: RenderStyle, mobile: boolean): ViewSize {
  return mobile ? CAPS[style].mobile : CAPS[style].desktop;
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
