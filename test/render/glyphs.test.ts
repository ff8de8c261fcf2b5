import { describe, expect, it } from 'vitest';
import { Cell, glyphTable, itemCell, monsterMarker, playerMarker, SLOT_COUNT, tileCost } from '../../src/render/glyphs.js';
import { codePoints } from '../../src/render/text.js';

describe('glyph tables', () => {
  it.each(['ascii', 'emoji'] as const)('%s map glyphs are single code points, without VS16 or ZWJ', (style) => {
    for (const g of glyphTable(style)) {
      expect(codePoints(g)).toBe(1);
      expect(g).not.toMatch(/[\ufe0f\u200d]/u);
    }
    expect(tileCost(style)).toBe(1);
  });

  it.each(['ascii', 'emoji'] as const)('%s gives every cell code its own glyph except stairs, which stay stairs when remembered', (style) => {
    const t = glyphTable(style);
    expect(t[Cell.DimStairs]).toBe(t[Cell.Stairs]);
    const others = t.filter((_, i) => i !== Cell.DimStairs);
    expect(new Set(others).size).toBe(others.length);
  });

  it('uses the classic roguelike letters in ASCII', () => {
    const t = glyphTable('ascii');
    expect([t[Cell.Wall], t[Cell.Floor], t[Cell.Stairs], t[itemCell('potion')], t[Cell.Viewer], t[Cell.Corpse], t[Cell.Unknown]]).toEqual(['#', '.', '>', '!', '@', '%', ' ']);
    expect(['goblin', 'orc', 'troll'].map((k) => monsterMarker(k as 'goblin', 'ascii'))).toEqual(['g', 'o', 'T']);
  });

  it('marks player slots with digits 1-8 in ASCII and eight distinct circles in emoji', () => {
    const ascii = Array.from({ length: SLOT_COUNT }, (_, s) => playerMarker(s, 'ascii'));
    expect(ascii.join('')).toBe('12345678');
    const emoji = Array.from({ length: SLOT_COUNT }, (_, s) => playerMarker(s, 'emoji'));
    expect(emoji.join('')).toBe('🔵🟢🟡🟣🟠🔴⚪🟤');
    expect(monsterMarker('troll', 'emoji')).toBe('🧌');
  });
});
