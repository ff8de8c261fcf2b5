/** The full view's client words: every key web/src asks tr() for is in the catalogues (tr() shows a missing key as itself). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, hasMessage, tDynamic } from '../../src/i18n/index.js';
import { sourceFiles } from './english-literals.js';
import { DIRECTIONS } from '../../src/engine/index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Catalogue keys named as string literals in the client: tr('web.turn.over'), and the action table's 'button.fgt'. */
const keys = [
  ...new Set(
    sourceFiles(ROOT, 'web/src').flatMap((file) => [...readFileSync(`${ROOT}/${file}`, 'utf8').matchAll(/\btr\(\s*'([\w.-]+)'|'((?:web|button|hud)\.[\w.-]+)'/g)].map((m) => m[1] ?? m[2]!)),
  ),
].sort();
/** The d-pad's labels, which the client builds as `web.pad.<move|attack>.<dir>`. */
const PAD_KEYS = (['move', 'attack'] as const).flatMap((what) => DIRECTIONS.map((dir) => `web.pad.${what}.${dir}`));

describe('the full view client in every language', () => {
  it('GIVEN web/src WHEN its catalogue keys are listed THEN there are some (the scan sees tr calls)', () => {
    expect(keys).toEqual(expect.arrayContaining(['web.turn.over', 'web.turn.round', 'web.turn.waiting', 'button.fgt', 'hud.you']));
  });

  it.each(LOCALE_CODES)('GIVEN %s WHEN every key the client asks for is looked up THEN the catalogue has it', (code) => {
    expect([...keys, ...PAD_KEYS].filter((k) => !hasMessage(code, k))).toEqual([]);
  });

  it.each([
    ['en-US', 'attack northeast', 'Round: waiting on Ann, Bo · ⏳ 12 s'],
    ['de', 'nach Nordosten angreifen', 'Runde: warten auf Ann, Bo · ⏳ 12 s'],
    ['ru', 'атаковать на северо-востоке', 'Раунд: ждём: Ann, Bo · ⏳ 12 с'],
  ] as const)('GIVEN %s WHEN the pad and the round line are worded THEN they read in that language', (code, pad, round) => {
    expect(tDynamic(code, 'web.pad.attack.ne')).toBe(pad);
    expect(tDynamic(code, 'web.turn.round', { waiting: tDynamic(code, 'web.turn.waiting', { names: 'Ann, Bo' }), seconds: 12 })).toBe(round);
  });
});
