import { describe, expect, it } from 'vitest';
import { CONFIG_SECTIONS, SETTING_SECTION, settingsEmbed, settingsOverview } from '../../commands/rogue-config.js';
import type { ReplyEmbed } from '../../commands/types.js';
import { DEFAULT_SETTINGS, SETTING_FIELDS, SETTING_ROWS } from '../../src/app/settings.js';
import { INVITE_PERMISSIONS, permissionReport } from '../../src/adapters/discord/permissions.js';
import { LOCALE_CODES } from '../../src/i18n/index.js';
import { PlaySession } from '../../src/play.js';

/**
 * A phone screen: on a 360 px phone an embed's text column (after the avatar, margins and padding) is about 260 px,
 * 36 characters of Discord's 15 px font, and the ~610 px between Discord's header and its message box hold about
 * 26 lines of ~20 px once the message header, the embed's padding and "Only you can see this" are taken off.
 */
const CHARS_PER_LINE = 36;
const SCREEN_LINES = 26;

/** Lines an embed takes on a 360 px phone, with extra fields (the permission report the Discord handler adds to show). */
function phoneLines(e: ReplyEmbed, extra: { name: string; value: string }[] = []): number {
  // A channel mention shows as its name (#game-room), not its id.
  const wrap = (text: string) => text.replace(/<#\d+>/g, '#game-room').split('\n').reduce((n, line) => n + Math.max(1, Math.ceil([...line].length / CHARS_PER_LINE)), 0);
  return [e.title, e.description, e.footer, ...[...e.fields, ...extra].flatMap((f) => [f.name, f.value])].reduce((n, t) => n + wrap(t), 0);
}

/** The permission report the Discord handler adds to show, for a bot that has what it needs (the usual case). */
const permissions = { name: 'Bot permissions in this channel', value: permissionReport(INVITE_PERMISSIONS) };
const longest = { ...DEFAULT_SETTINGS, allowedChannels: ['100000000000000001', '100000000000000002', '100000000000000003'] };

describe('/rogue-config show on a phone', () => {
  it.each(LOCALE_CODES)('GIVEN the %s language WHEN show lists the settings THEN the overview with the bot permissions fits one phone screen', (locale) => {
    expect(phoneLines(settingsOverview(longest, locale), [permissions])).toBeLessThanOrEqual(SCREEN_LINES);
  });

  it('GIVEN the old listing (every setting explained) WHEN measured the same way THEN it did not fit (the measure can fail)', () => {
    expect(phoneLines(settingsEmbed(longest), [permissions])).toBeGreaterThan(SCREEN_LINES);
  });

  it.each(CONFIG_SECTIONS)('GIVEN the section %s WHEN explained THEN it fits one phone screen and lists exactly its settings', (section) => {
    const embed = settingsEmbed(longest, 'Channel Crawler settings', section);
    expect(phoneLines(embed)).toBeLessThanOrEqual(SCREEN_LINES);
    expect(embed.fields.map((f) => f.name)).toEqual(SETTING_FIELDS.filter((f) => SETTING_SECTION[f] === section).map((f) => SETTING_ROWS[f].option));
  });

  it('GIVEN every setting WHEN the overview is drawn THEN its value is on its section\'s line', () => {
    const settings = { ...DEFAULT_SETTINGS, roundSeconds: 77, mobile: true, hostMaxRoundSeconds: 555 };
    const lines = settingsOverview(settings).description.split('\n');
    for (const field of SETTING_FIELDS) expect(lines[CONFIG_SECTIONS.indexOf(SETTING_SECTION[field])]).toContain(`\`${String(settings[field])}\``);
    expect(lines.join('\n')).toContain('round_seconds `77`');
    expect(lines.join('\n')).toContain('mobile `true`');
    expect(lines.join('\n')).toContain('round_seconds `10`–`555`');
    for (const section of CONFIG_SECTIONS) expect(Object.values(SETTING_SECTION)).toContain(section);
  });

  it('GIVEN /rogue-config show section:turns WHEN run THEN it explains that section only; a bad section is refused kindly', async () => {
    const session = new PlaySession({ seed: 1, render: 'ascii' });
    const turns = await session.line('/rogue-config show section:turns');
    expect(turns).toContain('## round_seconds');
    expect(turns).toContain('seconds before a round resolves');
    expect(turns).not.toContain('## render');
    const overview = await session.line('/rogue-config show');
    expect(overview).toContain('⏳ turn_mode `free` · round_seconds `60`');
    expect(overview).not.toContain('seconds before a round resolves');
    expect(await session.line('/rogue-config show section:colours')).toContain('Option `section`: must be one of look, games, turns, host, daily.');
  });
});
