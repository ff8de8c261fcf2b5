import { describe, expect, it } from 'vitest';
import rogueConfig, { CONFIG_SECTIONS, SETTING_SECTION, settingsEmbed, settingsOverview } from '../../commands/rogue-config.js';
import type { ReplyEmbed } from '../../commands/types.js';
import { DEFAULT_SETTINGS, SETTING_FIELDS, SETTING_ROWS } from '../../src/app/settings.js';
import { permissionReport } from '../../src/adapters/discord/permissions.js';
import { LOCALE_CODES } from '../../src/i18n/index.js';

/**
 * A phone screen, measured as the preview measures the help: on a 360 px phone an embed's text column holds about
 * 36 characters of Discord's 15 px font, and the ~610 px between Discord's header and its message box about 26 lines
 * (title, field names and wrapped values at ~22 px each, plus the embed's padding).
 */
const CHARS_PER_LINE = 36;
const SCREEN_LINES = 26;

/** Lines an embed takes on a 360 px phone, with the permission report the Discord handler adds to show. */
function phoneLines(e: ReplyEmbed, extra: { name: string; value: string }[] = []): number {
  const wrap = (text: string) => text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil([...line].length / CHARS_PER_LINE)), 0);
  return [e.title, e.description, e.footer, ...[...e.fields, ...extra].flatMap((f) => [f.name, f.value])].reduce((n, t) => n + wrap(t), 0);
}

const permissions = { name: 'Bot permissions in this channel', value: permissionReport(0n) };
const longest = { ...DEFAULT_SETTINGS, allowedChannels: ['100000000000000001', '100000000000000002', '100000000000000003'] };

describe('/rogue-config show on a phone', () => {
  it.each(LOCALE_CODES)('GIVEN the %s language WHEN show lists the settings THEN the overview, with every permission missing, fits one phone screen', (locale) => {
    const lines = phoneLines(settingsOverview(longest, locale), [permissions]);
    expect(lines).toBeLessThanOrEqual(SCREEN_LINES);
  });

  it('GIVEN the old listing (every setting explained) WHEN measured the same way THEN it did not fit (the measure can fail)', () => {
    expect(phoneLines(settingsEmbed(longest), [permissions])).toBeGreaterThan(SCREEN_LINES);
  });

  it.each(CONFIG_SECTIONS)('GIVEN the section %s WHEN explained THEN it fits one phone screen and lists exactly its settings', (section) => {
    const embed = settingsEmbed(longest, 'Channel Crawler settings', section);
    expect(phoneLines(embed)).toBeLessThanOrEqual(SCREEN_LINES);
    expect(embed.fields.map((f) => f.name)).toEqual(SETTING_FIELDS.filter((f) => SETTING_SECTION[f] === section).map((f) => SETTING_ROWS[f].option));
  });

  it('GIVEN every setting WHEN the overview is drawn THEN each shows its value under its section, and every section has a setting', () => {
    const overview = settingsOverview({ ...DEFAULT_SETTINGS, roundSeconds: 77, mobile: true });
    for (const field of SETTING_FIELDS) {
      const line = overview.fields[CONFIG_SECTIONS.indexOf(SETTING_SECTION[field])]!.value;
      expect(line).toContain(`${SETTING_ROWS[field].option} \``);
    }
    expect(overview.fields.map((f) => f.value).join('\n')).toContain('round_seconds `77`');
    expect(overview.fields.map((f) => f.value).join('\n')).toContain('mobile `true`');
    for (const section of CONFIG_SECTIONS) expect(Object.values(SETTING_SECTION)).toContain(section);
  });

  it('GIVEN /rogue-config show section:turns WHEN run THEN it explains the turns section; a bad section is refused kindly', () => {
    expect(rogueConfig.options.safeParse({ subcommand: 'show', section: 'turns' }).success).toBe(true);
    expect(rogueConfig.options.safeParse({ subcommand: 'show', section: 'colours' }).success).toBe(false);
  });
});
