/** The words inside party and monster lines, the legend's names and /rogue status, in every language. */
import { describe, expect, it } from 'vitest';
import { defaultConfig, newGame, step, type GameState } from '../../src/engine/index.js';
import { MONSTER_KINDS, MONSTERS } from '../../src/engine/monsters.js';
import { ITEM_KINDS } from '../../src/engine/items.js';
import { hasMessage, t, tDynamic } from '../../src/i18n/index.js';
import { DEFAULT_LOCALE, LOCALE_CODES } from '../../src/i18n/locales.js';
import { legend } from '../../src/render/game.js';
import { LEGEND_NAMES, RENDER_STYLES } from '../../src/render/glyphs.js';
import { monsterNotes, partyLines, sightLines } from '../../src/render/hud.js';
import { renderStatus } from '../../src/render/status.js';
import type { Monster } from '../../src/engine/types.js';

const others = LOCALE_CODES.filter((c) => c !== 'en-US');

/** A rounds-mode party of four in a fight: Ann acted, Bo holds, Cy fights by standing order, Di has yet to act. */
function fight(): GameState {
  let s = newGame(defaultConfig({ seed: 5, width: 40, height: 20, turnMode: 'rounds' }));
  for (const [user, name] of [['a', 'Ann'], ['b', 'Bo'], ['c', 'Cy'], ['d', 'Di']] as const) {
    const r = step(s, { type: 'join', user, name });
    if (!r.ok) throw new Error(r.code);
    s = r.state;
  }
  return { ...s, calm: 0, acted: ['a'], holding: ['b'], fighting: ['c'] };
}

describe('legend names', () => {
  it('GIVEN every glyph of the legend table WHEN English is asked THEN the catalogue says what the table says', () => {
    for (const [, english, key] of LEGEND_NAMES) expect(tDynamic(DEFAULT_LOCALE, key), key).toBe(english);
  });

  it('GIVEN every monster kind WHEN its bare English name is asked THEN it is the monster table’s name', () => {
    for (const kind of MONSTER_KINDS) expect(tDynamic(DEFAULT_LOCALE, `name.monster.${kind}`)).toBe(MONSTERS[kind].name);
    for (const kind of ITEM_KINDS) expect(hasMessage(DEFAULT_LOCALE, `name.item.${kind}`), kind).toBe(true);
  });

  it.each(others)('GIVEN %s WHEN the full legend is drawn in each style THEN every name is that language’s', (code) => {
    for (const style of RENDER_STYLES) {
      const text = legend(style, null, code);
      for (const [, , key] of LEGEND_NAMES) expect(text).toContain(tDynamic(code, key));
    }
    expect(legend('emoji', null, code)).not.toBe(legend('emoji', null));
  });
});

describe('party and monster lines', () => {
  it.each(others)('GIVEN %s WHEN a round is shown THEN the marks are in that language, English’s never', (code) => {
    const s = fight();
    for (const style of ['emoji', 'ascii'] as const) {
      const lines = partyLines(s, 'a', style, ['b'], code);
      const word = (k: string): string => t(code, `hud.mark.${k}` as 'hud.mark.idle');
      expect(lines.at(-1)!.endsWith(` ${word('to-act')}`)).toBe(true);
      expect(lines[1]!).toMatch(new RegExp(` ${word('acted')}( ·)? ${word('idle')}$`));
      expect(lines[2]!.endsWith(` ${word('fighting')}`)).toBe(true);
      expect(partyLines(s, 'a', style, [], code)[0]).toContain(t(code, 'hud.you'));
      expect(partyLines(s, 'a', style, [], code).join('\n')).not.toMatch(/\b(to act|acted|fighting|\(you\))/);
    }
  });

  it('GIVEN English WHEN a round is shown THEN the marks read as before', () => {
    expect(partyLines(fight(), null, 'emoji').map((l) => /(acted|fighting|to act)$/.exec(l)?.[1])).toEqual(['acted', 'acted', 'fighting', 'to act']);
  });

  it.each(LOCALE_CODES)('GIVEN %s WHEN a wounded, stunned, berserk guard is noted THEN each note is the catalogue’s, in order', (code) => {
    const m = { kind: 'troll', state: 'guard', hp: 1, maxHp: 40, weapon: 1, stunned: 2 } as Monster;
    const keys = ['bloodied', 'berserk', 'stunned', 'guarding'] as const;
    expect(monsterNotes(m, code)).toBe(keys.map((k) => t(code, `hud.note.${k}`)).join(', '));
  });

  it.each(others)('GIVEN %s WHEN monsters are in sight THEN their names are that language’s', (code) => {
    const s = fight();
    const seen = new Uint8Array(s.width * s.height).fill(1);
    const lines = sightLines(s, seen, 1, s.players[0]!.x, s.players[0]!.y, 'emoji', new Set(), code);
    for (const [i, m] of s.monsters.filter((q) => q.hp > 0).entries()) {
      expect(lines.join('\n')).toContain(`${tDynamic(code, `name.monster.${m.kind}`)} ${m.label}`);
      if (i === 0) expect(lines.join('\n')).toContain(t(code, 'hud.off-picture'));
    }
  });
});

describe('/rogue status', () => {
  const ENGLISH = /\b(Level|Attack|Defence|Gear|Weapon|Armour|Pack|Depth|Turn|This round)\b/;

  it.each(others)('GIVEN %s WHEN a player’s sheet is drawn THEN every line is in that language', (code) => {
    const s = fight();
    const sheet = renderStatus(s, 'd', code);
    expect(sheet.description).not.toMatch(ENGLISH);
    expect(sheet.footer).not.toMatch(ENGLISH);
    expect(sheet.description).toContain(t(code, 'status.round', { acted: 'no' }));
    expect(renderStatus(s, 'zz', code).title).toBe(t(code, 'status.not-in-game'));
  });

  it('GIVEN English WHEN a sheet is drawn THEN it reads as before', () => {
    const sheet = renderStatus(fight(), 'a');
    expect(sheet.description).toContain('Attack ');
    expect(sheet.description).toContain('This round: ✅ acted');
    expect(sheet.description).toMatch(/Weapon: sword \(2-6 damage, reach 1, \+1 to hit\) · Armour: none/);
  });
});
