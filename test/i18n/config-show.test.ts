/** /rogue-config in every language: show (overview and sections), set, channels and resets answer in the admin's words. */
import { describe, expect, it } from 'vitest';
import rogueConfig, { CONFIG_SECTIONS, SETTING_SECTION, optionName, settingText, settingsEmbed } from '../../commands/rogue-config.js';
import type { CommandContext, Reply, ReplyEmbed } from '../../commands/types.js';
import { DEFAULT_SETTINGS, SETTING_FIELDS, SETTING_ROWS } from '../../src/app/settings.js';
import { LOCALE_CODES, t, type Locale } from '../../src/i18n/index.js';
import { games as gamesOf } from './support.js';

const others = LOCALE_CODES.filter((c) => c !== 'en-US');
/** The phone measure of test/commands/config-show.test.ts: 36 characters a line, 26 lines a screen. */
const lines = (e: ReplyEmbed): number =>
  [e.title, e.description, e.footer, ...e.fields.flatMap((f) => [f.name, f.value])].reduce(
    (n, text) => n + text.replace(/<#\d+>/g, '#game-room').split('\n').reduce((m, line) => m + Math.max(1, Math.ceil([...line].length / 36)), 0),
    0,
  );
const longest = { ...DEFAULT_SETTINGS, allowedChannels: ['100000000000000001', '100000000000000002', '100000000000000003'] };

function config(locale: Locale) {
  const { games, settings } = gamesOf();
  return (subcommand: string, options: CommandContext['options'] = {}, group: string | null = null): Promise<Reply> =>
    rogueConfig.run({ command: 'rogue-config', group, subcommand, options, user: { id: 'a', name: 'Admin' }, guildId: '1', channelId: '2', memberIsAdmin: true, locale, games, settings });
}

describe('/rogue-config in every language', () => {
  it.each(LOCALE_CODES.flatMap((code) => CONFIG_SECTIONS.map((section) => [code, section] as const)))('GIVEN %s WHEN section %s is explained THEN it fits one phone screen and names its settings as the language registers them', (code, section) => {
    const embed = settingsEmbed(longest, t(code, 'config.title'), section, code);
    expect(lines(embed)).toBeLessThanOrEqual(26);
    expect(embed.fields.map((f) => f.name)).toEqual(SETTING_FIELDS.filter((f) => SETTING_SECTION[f] === section).map((f) => optionName(SETTING_ROWS[f].option, code)));
  });

  it.each(others)('GIVEN %s WHEN every setting is explained THEN no explanation is the English one', (code) => {
    const english = SETTING_FIELDS.filter((f) => settingText(f, DEFAULT_SETTINGS, code) === settingText(f, DEFAULT_SETTINGS, 'en-US'));
    // Two rows are lists of the renderer's and the map's own names, which a language may share with English.
    expect(english.filter((f) => f !== 'mapSize' && f !== 'render')).toEqual([]);
    expect(settingText('render', DEFAULT_SETTINGS, code)).not.toBe(settingText('render', DEFAULT_SETTINGS, 'en-US'));
  });

  it('GIVEN a German admin WHEN they show, set, add a channel, reset the game and the settings THEN every answer is German', async () => {
    const run = config('de');
    const show = await run('show');
    expect(show).toMatchObject({ kind: 'text', embed: { title: t('de', 'config.title') } });
    expect(show.kind === 'text' && show.embed?.description).toContain('max_spieler `4`');
    expect(show.kind === 'text' && show.embed?.description).toContain('täglich `ja`');
    const set = await run('set', { max_players: 3, map_kind: 'cavern', daily: false });
    expect(set).toMatchObject({ kind: 'text', text: '`max_spieler` ist jetzt `3`.\n`kartenart` ist jetzt `Höhle`.\n`täglich` ist jetzt `nein`.' });
    expect(await run('set')).toMatchObject({ text: t('de', 'config.set.none') });
    expect(await run('add', { channel: '100000000000000009' }, 'channel')).toMatchObject({ text: '<#100000000000000009> ist erlaubt. Erlaubte Kanäle: <#100000000000000009>' });
    expect(await run('reset-game')).toMatchObject({ text: 'In diesem Kanal gab es kein Spiel zu löschen.' });
    expect(await run('reset')).toMatchObject({ text: 'Einstellungen auf die Standardwerte zurückgesetzt.' });
  });

  it.each(LOCALE_CODES)('GIVEN %s WHEN difficulty is explained THEN it states the engine’s numbers the reader’s way', (code) => {
    const text = settingText('difficulty', { ...DEFAULT_SETTINGS, difficulty: 'normal' }, code);
    expect(text).toContain(new Intl.NumberFormat(code).format(1.25));
    expect(text).toContain('5');
  });
});
