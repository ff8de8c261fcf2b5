/** Worded messages are cached (formatting costs ~10 µs a call): a cached wording is always the one formatting gives. */
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { LOCALES } from '../../src/i18n/locales.js';
import { t, tDynamic, WORDED_CACHE_SIZE } from '../../src/i18n/translate.js';

/** The wording straight from the catalogue, with no cache. */
function fresh(locale: 'en-US' | 'ru', key: string, values?: Record<string, string | number>): string {
  const source = (LOCALES[locale].catalogue as Record<string, string>)[key]!;
  return String(new IntlMessageFormat(source, locale, undefined, { ignoreTag: true }).format(values));
}

describe('the worded-message cache', () => {
  it('GIVEN the same message with other values, a number or the same digits as text WHEN worded THEN each gets its own wording', () => {
    for (const times of [1, 2, 5, 21]) {
      const values = { times, damage: 7, attacker: 'the goblin G' };
      expect(t('ru', 'log.recap-took', values)).toBe(fresh('ru', 'log.recap-took', values));
      expect(t('ru', 'log.recap-took', values)).toBe(fresh('ru', 'log.recap-took', values));
    }
    expect(t('en-US', 'log.recap-took', { times: 1, damage: 7, attacker: 'A' })).toBe('took 1 hit for 7 (A)');
    expect(t('en-US', 'log.recap-took', { times: 2, damage: 7, attacker: 'A' })).toBe('took 2 hits for 7 (A)');
    expect(tDynamic('en-US', 'log.recap-none')).toBe('no blows');
  });

  it('GIVEN more distinct wordings than the cache holds WHEN the first is worded again THEN it is still right', () => {
    const first = t('en-US', 'log.recap-took', { times: 3, damage: 0, attacker: 'first' });
    for (let i = 1; i <= WORDED_CACHE_SIZE + 10; i++) t('en-US', 'log.recap-took', { times: 3, damage: i, attacker: 'x' });
    expect(t('en-US', 'log.recap-took', { times: 3, damage: 0, attacker: 'first' })).toBe(first);
    expect(first).toBe('took 3 hits for 0 (first)');
  });
});
