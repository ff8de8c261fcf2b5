/** The full view's client words: every key web/src asks tr() for is in the catalogues (tr() shows a missing key as itself). */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, hasMessage, tDynamic } from '../../src/i18n/index.js';
import { sourceFiles } from './english-literals.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Catalogue keys named as string literals in the client: tr('web.ui.over'), and the action table's 'button.fgt'. */
const keys = [
  ...new Set(
    sourceFiles(ROOT, 'web/src').flatMap((file) => [...readFileSync(`${ROOT}/${file}`, 'utf8').matchAll(/\btr\(\s*'([\w.-]+)'|'((?:web|button|hud)\.[\w.-]+)'/g)].map((m) => m[1] ?? m[2]!)),
  ),
].sort();

describe('the full view client in every language', () => {
  it('GIVEN web/src WHEN its catalogue keys are listed THEN there are some (the scan sees tr calls)', () => {
    expect(keys).toEqual(expect.arrayContaining(['web.ui.over', 'web.ui.round', 'web.ui.pad', 'button.fgt', 'hud.you']));
  });

  it.each(LOCALE_CODES)('GIVEN %s WHEN every key the client asks for is looked up THEN the catalogue has it', (code) => {
    expect(keys.filter((k) => !hasMessage(code, k))).toEqual([]);
  });

  it.each([
    ['en-US', 'attack northeast', 'Round: waiting on Ann, Bo · ⏳ 12 s'],
    ['de', 'nach Nordosten angreifen', 'Runde: wartet auf Ann, Bo · ⏳ 12 s'],
    ['ru', 'атаковать на северо-восток', 'Раунд: ждём: Ann, Bo · ⏳ 12 с'],
  ] as const)('GIVEN %s WHEN the pad and the round line are worded THEN they read in that language', (code, pad, round) => {
    expect(tDynamic(code, 'web.ui.pad', { attack: 'yes', dir: 'ne' })).toBe(pad);
    expect(tDynamic(code, 'web.ui.round', { waiting: 'yes', names: 'Ann, Bo', timer: 'yes', secs: 12 })).toBe(round);
  });
});
