import { describe, expect, it } from 'vitest';
import { chooseViewSize, mapCost, viewCaps } from '../../src/render/budget.js';
import { RENDER_STYLES } from '../../src/render/index.js';

describe('mapCost', () => {
  it('counts every tile and one newline between rows', () => {
    expect(mapCost(19, 13, 1)).toBe(19 * 13 + 12);
    expect(mapCost(3, 2, 2)).toBe(13);
    expect(mapCost(0, 5, 1)).toBe(0);
  });
});

describe('viewCaps', () => {
  it('fits a 360 px phone: at most 11 emoji, 28 to 30 ASCII columns', () => {
    expect(viewCaps('emoji', true).width).toBeLessThanOrEqual(11);
    expect(viewCaps('ascii', true).width).toBeGreaterThanOrEqual(28);
    expect(viewCaps('ascii', true).width).toBeLessThanOrEqual(30);
  });

  it.each(RENDER_STYLES)('GIVEN the %s style WHEN the mobile setting is on THEN its map is narrower (what /rogue-config show promises)', (style) => {
    expect(viewCaps(style, true).width).toBeLessThan(viewCaps(style, false).width);
  });

  it('lets the desktop ASCII map use most of a 2,000 code-point message', () => {
    const c = viewCaps('ascii', false);
    expect(mapCost(c.width, c.height, 1) + 8).toBeLessThanOrEqual(2000);
  });
});

describe('chooseViewSize', () => {
  const caps = { width: 19, height: 13 };

  it('takes the full caps when the budget allows', () => {
    expect(chooseViewSize(200, 200, caps, 4096, 1)).toEqual({ width: 19, height: 13 });
  });

  it('never exceeds the map', () => {
    expect(chooseViewSize(20, 12, { width: 61, height: 25 }, 4096, 1)).toEqual({ width: 20, height: 12 });
  });

  it('shrinks to fit a tight budget, keeping roughly the caps shape', () => {
    const size = chooseViewSize(200, 200, caps, 100, 1);
    expect(mapCost(size.width, size.height, 1)).toBeLessThanOrEqual(100);
    expect(size).toEqual({ width: 11, height: 8 });
  });

  it('picks a view that fits and that cannot grow by a row or a column', () => {
    for (let budget = 1; budget <= 400; budget += 7) {
      for (const cost of [1, 2]) {
        const { width: w, height: h } = chooseViewSize(200, 200, caps, budget, cost);
        expect(mapCost(w, h, cost)).toBeLessThanOrEqual(budget);
        if (w === 0) {
          expect(mapCost(1, 1, cost)).toBeGreaterThan(budget);
          continue;
        }
        if (w < caps.width) expect(mapCost(w + 1, h, cost)).toBeGreaterThan(budget);
        if (h < caps.height) expect(mapCost(w, h + 1, cost)).toBeGreaterThan(budget);
      }
    }
  });

  it('returns an empty view when not even one tile fits', () => {
    expect(chooseViewSize(200, 200, caps, 0, 1)).toEqual({ width: 0, height: 0 });
    expect(chooseViewSize(200, 200, caps, -50, 1)).toEqual({ width: 0, height: 0 });
  });
});
