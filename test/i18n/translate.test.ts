import { describe, expect, it } from 'vitest';
import { LOCALE_CODES, resolveLocale, t, translator } from '../../src/i18n/index.js';

describe('t()', () => {
  it.each([
    [1, 'не больше 1 игрока'],
    [3, 'не больше 3 игроков'],
    [5, 'не больше 5 игроков'],
    [21, 'не больше 21 игрока'],
  ])('GIVEN Russian and max %i WHEN the full-party refusal is worded THEN the plural form is right', (max, phrase) => {
    expect(t('ru', 'failure.game-full', { max })).toContain(phrase);
  });

  it.each([
    [1, '1 player at most'],
    [4, '4 players at most'],
  ])('GIVEN English and max %i THEN it reads naturally', (max, phrase) => {
    expect(t('en-US', 'failure.game-full', { max })).toContain(phrase);
  });

  it('GIVEN a name with ICU syntax in it WHEN interpolated THEN it is inserted as is, never parsed', () => {
    const url = "https://x/{oops}'#";
    expect(translator('de')('failure.retired', { url })).toContain(url);
  });

  it('GIVEN every language WHEN a message with no values is asked for THEN it differs from English (translated, not copied)', () => {
    const english = t('en-US', 'rejection.wall');
    for (const code of LOCALE_CODES.filter((c) => c !== 'en-US')) expect(t(code, 'rejection.wall')).not.toBe(english);
  });
});

describe('resolveLocale', () => {
  it.each([
    ['de', 'de'],
    ['en-GB', 'en-US'],
    ['es-419', 'es-ES'],
    ['es-ES', 'es-ES'],
    ['pt-BR', 'pt-BR'],
    ['ru', 'ru'],
    ['fr', 'fr'],
    ['ja', 'en-US'],
    ['uk', 'en-US'],
    [undefined, 'en-US'],
    ['', 'en-US'],
    ['__proto__', 'en-US'],
  ] as const)('GIVEN Discord locale %j THEN the game speaks %s', (discord, expected) => {
    expect(resolveLocale(discord)).toBe(expected);
  });
});
