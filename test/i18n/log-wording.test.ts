import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../src/render/events.js';
import { ANN, sampleEvents } from './event-fixtures.js';
import { LOCALE_CODES, SOURCE } from '../../src/i18n/locales.js';
import { ITEMS, ITEM_KINDS } from '../../src/engine/items.js';
import { MONSTERS, MONSTER_KINDS } from '../../src/engine/monsters.js';
import type { GameEvent } from '../../src/engine/types.js';

const english = JSON.parse(readFileSync(new URL('./fixtures/english-log.json', import.meta.url), 'utf8')) as string[];

describe('log wording through the catalogues', () => {
  it('GIVEN every event kind WHEN worded in English THEN each line reads as the golden English (hand-written lines, "You comes" fixed)', () => {
    const now = sampleEvents().flatMap((e) => [describeEvent(e, null), describeEvent(e, ANN.kind === 'player' ? ANN.id : null)]);
    const changed = now.map((line, i) => [english[i], line] as const).filter(([was, is]) => was !== is);
    expect(changed).toEqual([]);
  });
});

describe('log wording in every language', () => {
  it.each(LOCALE_CODES)('GIVEN %s WHEN every sample event is worded THEN each line is whole (no ICU syntax, no gaps) and differs from English', (code) => {
    const bad: string[] = [];
    let same = 0;
    for (const e of sampleEvents()) {
      for (const viewer of [null, 'u1']) {
        const line = describeEvent(e, viewer, code);
        if (/[{}]|undefined|NaN|\s{2}|^\s|\s$/.test(line)) bad.push(line);
        if (code !== 'en-US' && line === describeEvent(e, viewer)) same++;
      }
    }
    expect(bad).toEqual([]);
    if (code !== 'en-US') expect(same).toBe(0);
  });

  it('GIVEN the monster and item tables WHEN each row is looked up THEN English names it (a new kind fails here by name)', () => {
    const keys = [
      ...MONSTER_KINDS.map((k) => `monster.${k}`),
      ...ITEM_KINDS.map((k) => `item.${k}`),
      ...MONSTER_KINDS.flatMap((k) => MONSTERS[k].weapons.map((w) => `weapon.${w.name.replace(/\s+/g, '-')}`)),
      ...ITEM_KINDS.flatMap((k) => { const row = ITEMS[k]; return row.slot === 'weapon' ? [`weapon.${row.weapon.name.replace(/\s+/g, '-')}`] : []; }),
    ];
    expect(keys.filter((k) => !Object.hasOwn(SOURCE, k))).toEqual([]);
  });

  it.each([
    ['de', { type: 'attacked', attacker: { kind: 'monster', id: 1, monster: 'goblin', label: 'A' }, target: ANN, damage: 3, weapon: 'rusty dagger', verb: 'stabs', range: 1 }, 'u1', 'Der Goblin A trifft dich für 3 (rostiger Dolch).'],
    ['ru', { type: 'killed', attacker: ANN, target: { kind: 'monster', id: 1, monster: 'bat', label: 'B' } }, 'u1', 'Ты убиваешь летучую мышь B.'],
    ['es-ES', { type: 'killed', attacker: ANN, target: { kind: 'monster', id: 1, monster: 'goblin', label: 'B' } }, null, 'Ann mata al trasgo B.'],
    ['fr', { type: 'attacked', attacker: { kind: 'monster', id: 1, monster: 'orc', label: 'C' }, target: ANN, damage: 2, weapon: 'knife', verb: 'slashes', range: 1 }, 'u1', 'L’orque C te frappe pour 2 (couteau).'],
    ['pt-BR', { type: 'rested', who: ANN, turns: 1, healed: 2 }, null, 'Ann descansa 1 turno (+2 HP).'],
    ['ru', { type: 'rested', who: ANN, turns: 3, healed: 2 }, 'u1', 'Ты отдыхаешь 3 хода (+2 HP).'],
    ['ru', { type: 'rested', who: ANN, turns: 5, healed: 2 }, 'u1', 'Ты отдыхаешь 5 ходов (+2 HP).'],
  ] as const)('GIVEN %s WHEN an event is worded THEN it reads as a native speaker writes it', (code, event, viewer, line) => {
    expect(describeEvent(event as GameEvent, viewer, code)).toBe(line);
  });
});
