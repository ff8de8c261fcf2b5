import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseFlags, runPlay } from '../../src/play.js';

describe('npm run play -- --locale', () => {
  it.each([
    [['--locale', 'de'], 'de'],
    [['--locale=pt-BR'], 'pt-BR'],
    [[], undefined],
  ])('GIVEN flags %j WHEN parsed THEN the session speaks %s', (argv, locale) => {
    expect(parseFlags(argv).locale).toBe(locale);
  });

  it('GIVEN a language the game does not speak WHEN parsed THEN it is refused with the list', () => {
    expect(() => parseFlags(['--locale', 'xx'])).toThrow(/en-US, de, es-ES, fr, pt-BR, ru/);
  });

  it('GIVEN --locale ru WHEN a game is played in the terminal THEN its log, buttons and refusals are Russian', async () => {
    let out = '';
    const lines = ['/rogue new seed:3 size:small lobby:false', '/rogue act wait', '!разведка', '/rogue act descend', ''].join('\n');
    await runPlay(Readable.from([lines]), (s) => (out += s), { seed: 3, render: 'ascii', locale: 'ru' });
    expect(out).toContain('Player ждёт.');
    expect(out).toContain('🧭 разведка');
    // The explore run ends with its stop line, or with the recap of the run when it wrote more than that.
    expect(out).toMatch(/Player (прекращает разведку|останавливается)|🧭 \d+ ход/);
    expect(out).toContain('Здесь нет лестницы.');
  });
});
