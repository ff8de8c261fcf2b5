/** Render styles are rows of one table: each row's behaviour reaches the message, and no code picks a style by its name. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { RENDER_STYLES, STYLES, styleSpec, type MapPlace } from '../../src/render/glyphs.js';
import { renderGame } from '../../src/render/index.js';
import { hpBar, partyLines } from '../../src/render/hud.js';
import type { RenderedMessage } from '../../src/render/limits.js';
import { DEFAULT_SETTINGS, RENDER_STYLES as SETTING_STYLES, SETTING_ROWS } from '../../src/app/settings.js';
import { settingText } from '../../commands/rogue-config.js';
import { PRIVATE_STYLES } from '../../src/app/user-prefs.js';
import { drawState } from './fixtures.js';

const deflate = (b: Uint8Array): Uint8Array => deflateSync(b);
const state = drawState(['#########', '#1..g..2#', '#...>...#', '#########'], { names: ['Ann', 'Bo'] });

/** Where a rendered message holds its map, read from the message alone. */
function placeOf(m: RenderedMessage): MapPlace | 'none' {
  if (m.image && m.embed.image) return 'attachment';
  if (m.content.startsWith('```')) return 'code-block';
  if (m.embed.description.length > 0) return 'embed';
  return 'none';
}

describe('render style rows', () => {
  it.each(RENDER_STYLES)('GIVEN the %s row WHEN a game is rendered THEN its map goes where the row says, with its bars and marks', (style) => {
    const spec = styleSpec(style);
    const m = renderGame(state, { style, deflate });
    expect(placeOf(m)).toBe(spec.place);
    const party = partyLines(state, null, style);
    expect(party[0]).toContain(spec.marks.sep);
    const bar = hpBar(12, 24, style);
    expect(bar.includes('#')).toBe(spec.bar === 'hashes');
    expect(bar.includes('🟨')).toBe(spec.bar === 'squares');
    // A numbered ring writes the slot number after the marker.
    expect(/^\S+1 \*\*Ann\*\*/u.test(party[0]!)).toBe(spec.player === 'numbered-ring');
  });

  it('GIVEN the settings, the prefs and the stored game THEN they list exactly the table\'s styles, in its order', () => {
    expect(SETTING_STYLES).toEqual(Object.keys(STYLES));
    expect(PRIVATE_STYLES.filter((s) => s !== 'text')).toEqual(RENDER_STYLES);
    const render = SETTING_ROWS.render as { choices?: readonly string[] };
    expect(render.choices).toEqual(RENDER_STYLES);
    for (const s of RENDER_STYLES) expect(settingText('render', DEFAULT_SETTINGS, 'en-US')).toContain(STYLES[s].summary);
  });

  it('GIVEN the source WHEN searched THEN no code compares a render style with its name (dispatch on the row)', () => {
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (path.endsWith('.ts')) {
          readFileSync(path, 'utf8').split('\n').forEach((line, i) => {
            if (/\b(style|render)\s*[!=]==\s*'(image|emoji|ascii)'/.test(line) || /'(image|emoji|ascii)'\s*[!=]==\s*\w*(style|render)\b/i.test(line)) offenders.push(`${path}:${i + 1}`);
          });
        }
      }
    };
    for (const dir of ['src/render', 'src/app', 'commands']) walk(dir);
    expect(offenders).toEqual([]);
  });
});
