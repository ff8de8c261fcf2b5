import { describe, expect, it } from 'vitest';
import rogueConfig, { rogueConfigOptions, settingsEmbed, toPatch } from '../../commands/rogue-config.js';
import { DEFAULT_SETTINGS, GuildSettingsPatchSchema, GuildSettingsSchema, SETTING_FIELDS, SETTING_ROWS, type SettingField, type SettingRow } from '../../src/app/settings.js';

/** A value different from the row's default, as Discord would send it and as the setting stores it. */
function otherValue(row: SettingRow): { sent: string | number | boolean; stored: string | number | boolean } {
  switch (row.kind) {
    case 'choice': {
      const other = row.choices.find((c) => c !== row.default) ?? row.default;
      return { sent: other, stored: other };
    }
    case 'int':
      return { sent: row.default === row.max ? row.min : row.max, stored: row.default === row.max ? row.min : row.max };
    case 'bool':
      return { sent: !row.default, stored: !row.default };
  }
}

/** A value the row must refuse. */
function badValue(row: SettingRow): unknown {
  switch (row.kind) {
    case 'choice':
      return 'no-such-choice';
    case 'int':
      return row.max + 1;
    case 'bool':
      return 'perhaps';
  }
}

interface DiscordOption {
  name: string;
  type: number;
  description: string;
  choices?: { value: string }[];
  min_value?: number;
  max_value?: number;
}

function setDiscordOptions(): DiscordOption[] {
  const json = rogueConfig.data.toJSON() as { options: { name: string; options?: DiscordOption[] }[] };
  return json.options.find((o) => o.name === 'set')?.options ?? [];
}

const rows = SETTING_FIELDS.map((field) => [field, SETTING_ROWS[field]] as [SettingField, SettingRow]);

describe('the settings table', () => {
  it('GIVEN the table WHEN the daily rows are looked up THEN daily on/off, the global board and a 30-day retention are there', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({ dailyEnabled: true, globalBoard: true, dailyRetentionDays: 30 });
  });

  it.each(rows)('GIVEN the row %s WHEN walked through the schema THEN its default parses, a changed value patches and a bad one is refused', (field, row) => {
    expect(GuildSettingsSchema.parse({})[field]).toBe(row.default);
    const { stored } = otherValue(row);
    expect(GuildSettingsPatchSchema.parse({ [field]: stored })).toEqual({ [field]: stored });
    expect(GuildSettingsPatchSchema.safeParse({ [field]: badValue(row) }).success).toBe(false);
  });

  it.each(rows)('GIVEN the row %s WHEN /rogue-config set is registered THEN Discord is offered its option with the same range or choices', (field, row) => {
    const option = setDiscordOptions().find((o) => o.name === row.option);
    expect(option, `no Discord option for ${field}`).toBeDefined();
    expect(option?.description.length).toBeLessThanOrEqual(100);
    if (row.kind === 'choice') expect(option?.choices?.map((c) => c.value)).toEqual([...row.choices]);
    if (row.kind === 'int') expect(option).toMatchObject({ min_value: row.min, max_value: row.max });
  });

  it.each(rows)('GIVEN the row %s WHEN /rogue-config set parses it THEN the patch names the setting field', (field, row) => {
    const { sent, stored } = otherValue(row);
    const parsed = rogueConfigOptions.parse({ subcommand: 'set', [row.option]: sent });
    expect(parsed.subcommand === 'set' && toPatch(parsed)).toEqual({ [field]: stored });
    expect(rogueConfigOptions.safeParse({ subcommand: 'set', [row.option]: badValue(row) }).success).toBe(false);
  });

  it.each(rows)('GIVEN the row %s WHEN /rogue-config show lists the settings THEN it has a line with its value', (field, row) => {
    const { stored } = otherValue(row);
    const embed = settingsEmbed({ ...DEFAULT_SETTINGS, [field]: stored });
    const line = embed.fields.find((f) => f.name === row.option);
    expect(line, `no show line for ${field}`).toBeDefined();
    expect(line?.value).toContain(`\`${String(stored)}\``);
  });

  it('GIVEN the Discord options WHEN counted THEN there is exactly one per row and no more than Discord allows', () => {
    expect(setDiscordOptions().map((o) => o.name)).toEqual(SETTING_FIELDS.map((f) => SETTING_ROWS[f].option));
    expect(setDiscordOptions().length).toBeLessThanOrEqual(25);
  });
});
