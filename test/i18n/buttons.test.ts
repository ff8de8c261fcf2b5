import { describe, expect, it } from 'vitest';
import { itemButtons, VERB_TABLE, SIMPLE_VERBS } from '../../commands/controls/buttons.js';
import { gamePayload } from '../../src/adapters/discord/presenter.js';
import { ITEM_KINDS } from '../../src/engine/items.js';
import { LOCALE_CODES, LOCALES, SOURCE, type Catalogue } from '../../src/i18n/locales.js';
import { games } from './support.js';

/** The longest label English draws on a phone's game message ("End the run for everyone"). */
const LABEL_MAX = 24;
const key = { guildId: '1', channelId: '2' };

describe('button labels', () => {
  it('GIVEN the verb table WHEN each row is looked up THEN English words its label exactly (a new verb fails here by name)', () => {
    const wrong = SIMPLE_VERBS.filter((v) => (SOURCE as Catalogue)[`button.${v}`] !== VERB_TABLE[v].label);
    expect(wrong).toEqual([]);
  });

  it('GIVEN every item kind WHEN its controller button is drawn THEN English words its label exactly', () => {
    const drawn = ITEM_KINDS.flatMap((k) => itemButtons([k]));
    const wrong = drawn.filter((b) => (SOURCE as Catalogue)[`button.item.${b.item}`] !== b.label).map((b) => b.item);
    expect(wrong).toEqual([]);
  });

  it.each(LOCALE_CODES)(`GIVEN %s WHEN its button labels are measured THEN each fits ${LABEL_MAX} characters, or English's own length if longer`, (code) => {
    const size = (v: string): number => [...v.replace(/\{[^}]*\}/g, '99')].length;
    const long = Object.entries(LOCALES[code].catalogue as Catalogue)
      .filter(([k]) => k.startsWith('button.'))
      .filter(([k, v]) => size(v) > Math.max(LABEL_MAX, size((SOURCE as Catalogue)[k] ?? '')))
      .map(([k, v]) => `${k}: ${v}`);
    expect(long).toEqual([]);
  });

  it.each([
    ['de', ['beitreten', 'verlassen', 'starten']],
    ['ru', ['войти', 'выйти', 'старт']],
    ['fr', ['rejoindre', 'quitter', 'lancer']],
  ] as const)('GIVEN a %s party lobby WHEN its message is drawn THEN its buttons speak the game language', async (locale, labels) => {
    const { games: service } = games();
    const made = await service.newGame(key, { id: 'u1', name: 'ann' }, { seed: 2, size: 'small', lobby: true, maxPlayers: 4, locale });
    if (!made.ok) throw new Error(made.error.kind);
    const shown = gamePayload(made.value, 1_700_000_000_000).components.flatMap((r) => r.components.map((b) => ('label' in b ? b.label : undefined)));
    for (const label of labels) expect(shown).toContain(label);
  });
});
