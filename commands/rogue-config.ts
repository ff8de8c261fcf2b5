/** /rogue-config: per-server settings, the allowed-channel list and resets (Manage Server only). */
import { DIFFICULTY } from '../src/engine/difficulty.js';
import { MAP_KINDS } from '../src/engine/index.js';
import { RENDER_STYLES } from '../src/render/glyphs.js';
import { z } from 'zod';
import type { Result } from '../src/app/service-types.js';
import type { APIApplicationCommandBasicOption } from 'discord-api-types/v10';
import { MAP_SIZES, SETTING_FIELDS, SETTING_ROWS, type GuildSettings, type GuildSettingsPatch, type SettingField, type SettingRow, type SettingValue } from '../src/app/settings.js';
import { boolOpt, chatCommand, choiceOpt, intOpt, MANAGE_GUILD, subcommand, subcommandGroup, textChannelOpt } from './definitions.js';
import { boolOption, channelOption, choiceOption, intOption, schemaInput, unknownSubcommand } from './options.js';
import { DEFAULT_LOCALE, hasMessage, isLocale, LOCALES, t, tDynamic, type Locale } from '../src/i18n/index.js';
import { choiceName } from './help.js';
import { optionErrorText } from './replies.js';
import type { CommandContext, CommandModule, Reply, ReplyEmbed } from './types.js';

/** The row of each option name (as typed), in display order: derived from the settings table. */
export const SETTING_OPTIONS = Object.fromEntries(SETTING_FIELDS.map((field) => [SETTING_ROWS[field].option, field])) as Record<string, SettingField>;

/** The sections `/rogue-config show` groups the settings into (one overview line each; `section:` explains one). */
export const CONFIG_SECTIONS = ['look', 'games', 'turns', 'host', 'daily'] as const;
export type ConfigSection = (typeof CONFIG_SECTIONS)[number];

/** Each section's emoji (its name is the i18n key `config.section.<name>`). */
const SECTION_EMOJI: Readonly<Record<ConfigSection, string>> = { look: '🎨', games: '🗺️', turns: '⏳', host: '👑', daily: '📅' };

/** The section of every setting: a Record over the fields, so a new setting can't be left out of show. */
export const SETTING_SECTION: Readonly<Record<SettingField, ConfigSection>> = {
  render: 'look',
  mobile: 'look',
  language: 'look',
  mapSize: 'games',
  mapKind: 'games',
  difficulty: 'games',
  maxPlayers: 'games',
  diagonals: 'games',
  turnMode: 'turns',
  roundSeconds: 'turns',
  pingSeconds: 'turns',
  idleEndHours: 'turns',
  hostMinDifficulty: 'host',
  hostMaxDifficulty: 'host',
  hostMinRoundSeconds: 'host',
  hostMaxRoundSeconds: 'host',
  dailyEnabled: 'daily',
  globalBoard: 'daily',
  dailyRetentionDays: 'daily',
};

/** The zod option that parses one row's value from Discord (typed) or the terminal (a string). */
export function rowOption(row: SettingRow) {
  switch (row.kind) {
    case 'choice':
      return choiceOption(row.choices);
    case 'int':
      return intOption(row.min, row.max);
    case 'bool':
      return boolOption();
  }
}

/** The Discord option of one row. */
export function rowDiscordOption(row: SettingRow): APIApplicationCommandBasicOption {
  switch (row.kind) {
    case 'choice':
      return choiceOpt(row.option, row.hint, row.choices);
    case 'int':
      return intOpt(row.option, row.hint, row.min, row.max);
    case 'bool':
      return boolOpt(row.option, row.hint);
  }
}

/** `set`'s options: every row, optional, under its option name. */
const setShape = Object.fromEntries(SETTING_FIELDS.map((field) => [SETTING_ROWS[field].option, rowOption(SETTING_ROWS[field]).optional()])) as {
  [K in SettingField as (typeof SETTING_ROWS)[K]['option']]: z.ZodOptional<z.ZodType<SettingValue<(typeof SETTING_ROWS)[K]>>>;
};

/** The parsed options of every /rogue-config subcommand. */
export const rogueConfigOptions = z.discriminatedUnion(
  'subcommand',
  [
    z.object({ subcommand: z.literal('show'), section: choiceOption(CONFIG_SECTIONS).optional() }).strict(),
    z.object({ subcommand: z.literal('set'), ...setShape }).strict(),
    z.object({ subcommand: z.literal('channel add'), channel: channelOption() }).strict(),
    z.object({ subcommand: z.literal('channel remove'), channel: channelOption() }).strict(),
    z.object({ subcommand: z.literal('reset-game') }).strict(),
    z.object({ subcommand: z.literal('reset') }).strict(),
  ],
  unknownSubcommand('rogue-config'),
);
export type RogueConfigOptions = z.infer<typeof rogueConfigOptions>;

type SetOptions = Extract<RogueConfigOptions, { subcommand: 'set' }>;

/** The fields `set` was given, in display order. */
function givenFields(options: SetOptions): SettingField[] {
  const given = options as Record<string, unknown>;
  return SETTING_FIELDS.filter((field) => given[SETTING_ROWS[field].option] !== undefined);
}

/** Pure mapping from `set`'s options to a settings patch holding only the settings given. */
export function toPatch(options: SetOptions): GuildSettingsPatch {
  const given = options as Record<string, unknown>;
  return Object.fromEntries(givenFields(options).map((field) => [field, given[SETTING_ROWS[field].option]])) as GuildSettingsPatch;
}

/** A section's heading: its emoji and its name in `locale`. */
function sectionName(section: ConfigSection, locale: Locale): string {
  return `${SECTION_EMOJI[section]} ${t(locale, `config.section.${section}`)}`;
}

/** An option of `/rogue-config set` as `locale` names it (what an admin types; English: the option itself). */
export function optionName(option: string, locale: Locale): string {
  const key = `command.rogue-config.set.${option}.name`;
  return locale !== DEFAULT_LOCALE && hasMessage(locale, key) ? tDynamic(locale, key) : option;
}

/** A setting's value as an admin picks it in `locale`: a choice by its shown name, a number or yes/no as it is. */
export function valueName(field: SettingField, settings: GuildSettings, locale: Locale): string {
  const value = String(settings[field]);
  // English shows the values as typed; others their shown names, yes/no, a language named in itself.
  if (locale === DEFAULT_LOCALE || SETTING_ROWS[field].kind === 'int') return value;
  if (SETTING_ROWS[field].kind === 'bool') return t(locale, 'config.bool', { value });
  if (field === 'language') return isLocale(value) ? LOCALES[value].native : t(locale, 'config.auto');
  return choiceName(locale, value);
}

/** One overview line of a section: its emoji, then each setting's option and value (host limits as ranges). */
function sectionLine(settings: GuildSettings, section: ConfigSection, locale: Locale): string {
  if (section === 'host') {
    const [dMin, dMax] = [choiceName(locale, settings.hostMinDifficulty), choiceName(locale, settings.hostMaxDifficulty)];
    const { hostMinRoundSeconds: rMin, hostMaxRoundSeconds: rMax } = settings;
    return `${SECTION_EMOJI.host} ${optionName('difficulty', locale)} \`${dMin}\`–\`${dMax}\` · ${optionName('round_seconds', locale)} \`${rMin}\`–\`${rMax}\``;
  }
  const values = SETTING_FIELDS.filter((f) => SETTING_SECTION[f] === section).map((f) => `${optionName(SETTING_ROWS[f].option, locale)} \`${valueName(f, settings, locale)}\``);
  return `${SECTION_EMOJI[section]} ${values.join(' · ')}`;
}

/** What a setting does, in `locale` (`config.setting.<option>`; the lists and ranges from the tables). */
export function settingText(field: SettingField, settings: GuildSettings, locale: Locale): string {
  const row = SETTING_ROWS[field];
  const either = (items: readonly string[]): string => new Intl.ListFormat(locale, { type: 'disjunction' }).format(items);
  if (field === 'difficulty') {
    const d = DIFFICULTY[settings.difficulty];
    return t(locale, 'config.difficulty', { count: d.count, hp: d.hp, attack: d.attack, potions: d.potions, regen: d.regenEvery });
  }
  const values: Record<string, string | number> = {
    ...(row.kind === 'int' ? { min: row.min, max: row.max } : {}),
    ...(field === 'render' ? { styles: either(RENDER_STYLES.map((st) => tDynamic(locale, `config.style.${st}`))) } : {}),
    ...(field === 'mapKind' ? { kinds: MAP_KINDS.map((k) => choiceName(locale, k)).join(', ') } : {}),
    ...(field === 'mapSize' ? { sizes: Object.entries(MAP_SIZES).map(([name, s]) => `${choiceName(locale, name)} ${s.width}×${s.height}`).join(', ') } : {}),
  };
  return tDynamic(locale, `config.setting.${row.option}`, values);
}

/**
 * The settings at a glance, to fit one phone screen: one line of values per section (its emoji first), what the
 * emoji mean and how to explain a section, then the allowed channels; what each setting does is one
 * `/rogue-config show section:…` away.
 */
export function settingsOverview(settings: GuildSettings, locale: Locale = DEFAULT_LOCALE): ReplyEmbed {
  // Each section as the `section:` choice is named in this language (Discord shows the localised choice names).
  const legend = CONFIG_SECTIONS.map((section) => `${SECTION_EMOJI[section]} ${choiceName(locale, section)}`).join(' · ');
  return {
    title: t(locale, 'config.title'),
    description: [...CONFIG_SECTIONS.map((section) => sectionLine(settings, section, locale)), '', `${legend}: ${t(locale, 'config.overview')}`].join('\n'),
    fields: [{ name: t(locale, 'config.channels'), value: channelList(settings, locale) }],
    footer: t(locale, 'config.footer'),
    color: 0x5865f2,
  };
}

/** The settings as an embed, one field per setting (what it does), plus the allowed channels; `section` narrows it. */
export function settingsEmbed(settings: GuildSettings, title = t(DEFAULT_LOCALE, 'config.title'), section?: ConfigSection, locale: Locale = DEFAULT_LOCALE): ReplyEmbed {
  const fields = section ? SETTING_FIELDS.filter((f) => SETTING_SECTION[f] === section) : SETTING_FIELDS;
  return {
    title: section ? `${title} · ${sectionName(section, locale)}` : title,
    description: t(locale, 'config.change'),
    fields: [
      ...fields.map((field) => ({
        name: optionName(SETTING_ROWS[field].option, locale),
        // Difficulty says what it does from the engine's table, so the text can't drift from the numbers.
        value: `\`${valueName(field, settings, locale)}\`: ${settingText(field, settings, locale)}`,
      })),
      ...(section ? [] : [{ name: t(locale, 'config.channels'), value: channelList(settings, locale) }]),
    ],
    footer: t(locale, 'config.footer'),
    color: 0x5865f2,
  };
}

function channelList(settings: GuildSettings, locale: Locale = DEFAULT_LOCALE): string {
  if (settings.allowedChannels.length === 0) return t(locale, 'config.channels-all');
  return settings.allowedChannels.map((id) => `<#${id}>`).join(', ').slice(0, 1024);
}

/** A reply with the settings overview (a phone screen), or one section's settings explained. */
function settingsReply(result: Result<GuildSettings>, text: string, locale?: Locale, section?: ConfigSection): Reply {
  if (!result.ok) return { kind: 'failure', error: result.error };
  const lang = locale ?? DEFAULT_LOCALE;
  return { kind: 'text', text, embed: section ? settingsEmbed(result.value, t(lang, 'config.title'), section, lang) : settingsOverview(result.value, lang) };
}

async function run(ctx: CommandContext): Promise<Reply> {
  // default_member_permissions only hides the command; server admins can override it, so check again here.
  if (!ctx.memberIsAdmin) return { kind: 'text', text: t(ctx.locale ?? DEFAULT_LOCALE, 'reply.need-manage-server') };
  const parsed = rogueConfigOptions.safeParse(schemaInput(ctx));
  if (!parsed.success) return { kind: 'text', text: optionErrorText(parsed.error, ctx.locale) };
  const opts = parsed.data;
  const lang = ctx.locale ?? DEFAULT_LOCALE;
  switch (opts.subcommand) {
    case 'show':
      return settingsReply(await ctx.settings.get(ctx.guildId), '', ctx.locale, opts.section);
    case 'set': {
      const changed = givenFields(opts);
      if (changed.length === 0) return settingsReply(await ctx.settings.get(ctx.guildId), t(lang, 'config.set.none'), ctx.locale);
      const result = await ctx.settings.update(ctx.guildId, toPatch(opts));
      if (!result.ok) return { kind: 'failure', error: result.error };
      const lines = changed.map((field) => t(lang, 'config.set.now', { option: optionName(SETTING_ROWS[field].option, lang), value: valueName(field, result.value, lang) }));
      return { kind: 'text', text: lines.join('\n'), embed: settingsOverview(result.value, ctx.locale) };
    }
    case 'channel add': {
      const result = await ctx.settings.addChannel(ctx.guildId, opts.channel);
      return settingsReply(result, t(lang, 'config.channel.added', { channel: opts.channel, channels: result.ok ? channelList(result.value, lang) : '' }), ctx.locale);
    }
    case 'channel remove': {
      const result = await ctx.settings.removeChannel(ctx.guildId, opts.channel);
      return settingsReply(result, t(lang, 'config.channel.removed', { channel: opts.channel, channels: result.ok ? channelList(result.value, lang) : '' }), ctx.locale);
    }
    case 'reset-game': {
      const result = await ctx.games.resetGame({ guildId: ctx.guildId, channelId: ctx.channelId });
      if (!result.ok) return { kind: 'failure', error: result.error };
      return { kind: 'text', text: t(lang, result.value.deleted ? 'config.reset-game.done' : 'config.reset-game.none') };
    }
    case 'reset':
      return settingsReply(await ctx.settings.reset(ctx.guildId), t(lang, 'config.reset.done'), ctx.locale);
  }
}

/** The /rogue-config command module. */
export default {
  data: chatCommand({
    name: 'rogue-config',
    description: 'Channel Crawler settings for this server',
    defaultMemberPermissions: MANAGE_GUILD,
    options: [
      subcommand('show', 'Show the current settings', [choiceOpt('section', 'Explain one section of settings', CONFIG_SECTIONS)]),
      subcommand('set', 'Change one or more settings', SETTING_FIELDS.map((field) => rowDiscordOption(SETTING_ROWS[field]))),
      subcommandGroup('channel', 'The channels where games may be played (empty = all)', [
        subcommand('add', 'Allow games in a channel', [textChannelOpt('channel', 'The channel')]),
        subcommand('remove', 'Remove a channel from the list', [textChannelOpt('channel', 'The channel')]),
      ]),
      subcommand('reset-game', "Delete this channel's game (stuck or damaged saves)"),
      subcommand('reset', 'Restore the default settings'),
    ],
  }),
  options: rogueConfigOptions,
  run,
} satisfies CommandModule;
