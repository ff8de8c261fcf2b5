/** /rogue-config: per-server settings, the allowed-channel list and resets (Manage Server only). */
import { describeDifficulty } from '../src/engine/difficulty.js';
import { MAP_CHOICES, MAP_KINDS } from '../src/engine/index.js';
import { z } from 'zod';
import type { Result } from '../src/app/service-types.js';
import { IDLE_END_HOURS, RENDER_STYLES, type GuildSettings, type GuildSettingsPatch } from '../src/app/settings.js';
import { boolOpt, chatCommand, choiceOpt, intOpt, MANAGE_GUILD, subcommand, subcommandGroup, textChannelOpt } from './definitions.js';
import { boolOption, channelOption, choiceOption, intOption, schemaInput, unknownSubcommand } from './options.js';
import { NEED_MANAGE_SERVER_TEXT, optionErrorText } from './replies.js';
import type { CommandContext, CommandModule, Reply, ReplyEmbed } from './types.js';

/** Option name (as typed) -> settings field, in display order. */
export const SETTING_OPTIONS = {
  render: 'render',
  turn_mode: 'turnMode',
  round_seconds: 'roundSeconds',
  max_players: 'maxPlayers',
  map_size: 'mapSize',
  map_kind: 'mapKind',
  difficulty: 'difficulty',
  mobile: 'mobile',
  diagonals: 'diagonals',
  idle_end_hours: 'idleEndHours',
} as const satisfies Record<string, keyof GuildSettings>;
type SettingOption = keyof typeof SETTING_OPTIONS;

/** One line per setting saying what it does (for `show` and the README). */
export const SETTING_DESCRIPTIONS: Record<SettingOption, string> = {
  render: 'image map (a picture), emoji map in an embed, or ASCII map in a code block',
  turn_mode: 'anyone acts any time (free), or everyone acts once per round (rounds)',
  round_seconds: 'rounds mode: seconds before a round resolves without the stragglers (10-600)',
  max_players: 'party size limit (1-8)',
  map_size: 'small 40x20, medium 60x30, large 120x60',
  map_kind: `${MAP_KINDS.join(', ')}, or random per game (decided by the seed)`,
  difficulty: 'monster numbers and strength',
  mobile: 'narrower map view for phones',
  diagonals: '8-way movement with diagonal moves and buttons (off: 4-way)',
  idle_end_hours: `a game nobody acts in for this many hours ends by itself (${IDLE_END_HOURS.min}-${IDLE_END_HOURS.max})`,
};

/** The parsed options of every /rogue-config subcommand. */
export const rogueConfigOptions = z.discriminatedUnion(
  'subcommand',
  [
    z.object({ subcommand: z.literal('show') }).strict(),
    z
      .object({
        subcommand: z.literal('set'),
        render: choiceOption(RENDER_STYLES).optional(),
        turn_mode: choiceOption(['free', 'rounds']).optional(),
        round_seconds: intOption(10, 600).optional(),
        max_players: intOption(1, 8).optional(),
        map_size: choiceOption(['small', 'medium', 'large']).optional(),
        map_kind: choiceOption(MAP_CHOICES).optional(),
        difficulty: choiceOption(['easy', 'normal', 'hard']).optional(),
        mobile: boolOption().optional(),
        diagonals: boolOption().optional(),
        idle_end_hours: intOption(IDLE_END_HOURS.min, IDLE_END_HOURS.max).optional(),
      })
      .strict(),
    z.object({ subcommand: z.literal('channel add'), channel: channelOption() }).strict(),
    z.object({ subcommand: z.literal('channel remove'), channel: channelOption() }).strict(),
    z.object({ subcommand: z.literal('reset-game') }).strict(),
    z.object({ subcommand: z.literal('reset') }).strict(),
  ],
  unknownSubcommand('rogue-config'),
);
export type RogueConfigOptions = z.infer<typeof rogueConfigOptions>;

/** The options `set` was given, in display order. */
function givenOptions(options: Extract<RogueConfigOptions, { subcommand: 'set' }>): SettingOption[] {
  return (Object.keys(SETTING_OPTIONS) as SettingOption[]).filter((option) => options[option] !== undefined);
}

/** Pure mapping from `set`'s options to a settings patch holding only the settings given. */
export function toPatch(options: Extract<RogueConfigOptions, { subcommand: 'set' }>): GuildSettingsPatch {
  return Object.fromEntries(givenOptions(options).map((option) => [SETTING_OPTIONS[option], options[option]])) as GuildSettingsPatch;
}

/** The settings as an embed: one field per setting plus the allowed channels. */
export function settingsEmbed(settings: GuildSettings, title = 'Channel Crawler settings'): ReplyEmbed {
  return {
    title,
    description: 'Change them with `/rogue-config set`. New games use them; running games keep theirs.',
    fields: [
      ...Object.entries(SETTING_OPTIONS).map(([option, field]) => ({
        name: option,
        // Difficulty says what it does, from the engine's table, so the text can't drift from the numbers.
        value: field === 'difficulty' ? `\`${settings.difficulty}\`: ${describeDifficulty(settings.difficulty)}` : `\`${String(settings[field])}\`: ${SETTING_DESCRIPTIONS[option as SettingOption]}`,
      })),
      { name: 'allowed channels', value: channelList(settings) },
    ],
    footer: 'Only you can see this.',
    color: 0x5865f2,
  };
}

function channelList(settings: GuildSettings): string {
  if (settings.allowedChannels.length === 0) return 'every channel (the list is empty)';
  return settings.allowedChannels.map((id) => `<#${id}>`).join(', ').slice(0, 1024);
}

function settingsReply(result: Result<GuildSettings>, text: string, title?: string): Reply {
  if (!result.ok) return { kind: 'failure', error: result.error };
  return { kind: 'text', text, embed: settingsEmbed(result.value, title) };
}

async function run(ctx: CommandContext): Promise<Reply> {
  // default_member_permissions only hides the command; server admins can override it, so check again here.
  if (!ctx.memberIsAdmin) return { kind: 'text', text: NEED_MANAGE_SERVER_TEXT };
  const parsed = rogueConfigOptions.safeParse(schemaInput(ctx));
  if (!parsed.success) return { kind: 'text', text: optionErrorText(parsed.error) };
  const opts = parsed.data;
  switch (opts.subcommand) {
    case 'show':
      return settingsReply(await ctx.settings.get(ctx.guildId), '');
    case 'set': {
      const changed = givenOptions(opts);
      if (changed.length === 0) return settingsReply(await ctx.settings.get(ctx.guildId), 'Nothing to change: give at least one option to `/rogue-config set`.');
      const result = await ctx.settings.update(ctx.guildId, toPatch(opts));
      if (!result.ok) return { kind: 'failure', error: result.error };
      const lines = changed.map((option) => `\`${option}\` is now \`${String(result.value[SETTING_OPTIONS[option]])}\`.`);
      return { kind: 'text', text: lines.join('\n'), embed: settingsEmbed(result.value) };
    }
    case 'channel add': {
      const result = await ctx.settings.addChannel(ctx.guildId, opts.channel);
      return settingsReply(result, `<#${opts.channel}> is allowed. Allowed channels: ${result.ok ? channelList(result.value) : ''}`);
    }
    case 'channel remove': {
      const result = await ctx.settings.removeChannel(ctx.guildId, opts.channel);
      return settingsReply(result, `<#${opts.channel}> is no longer on the list. Allowed channels: ${result.ok ? channelList(result.value) : ''}`);
    }
    case 'reset-game': {
      const result = await ctx.games.resetGame({ guildId: ctx.guildId, channelId: ctx.channelId });
      if (!result.ok) return { kind: 'failure', error: result.error };
      return { kind: 'text', text: result.value.deleted ? "Deleted this channel's game. Start a new one with /rogue new." : 'There was no game in this channel to delete.' };
    }
    case 'reset':
      return settingsReply(await ctx.settings.reset(ctx.guildId), 'Settings restored to their defaults.');
  }
}

/** The /rogue-config command module. */
export default {
  data: chatCommand({
    name: 'rogue-config',
    description: 'Channel Crawler settings for this server',
    defaultMemberPermissions: MANAGE_GUILD,
    options: [
      subcommand('show', 'Show the current settings'),
      subcommand('set', 'Change one or more settings', [
        choiceOpt('render', SETTING_DESCRIPTIONS.render, RENDER_STYLES),
        choiceOpt('turn_mode', 'free or rounds', ['free', 'rounds']),
        intOpt('round_seconds', 'Seconds per round in rounds mode', 10, 600),
        intOpt('max_players', 'Party size limit', 1, 8),
        choiceOpt('map_size', 'Default map size', ['small', 'medium', 'large']),
        choiceOpt('map_kind', 'Default map kind', MAP_CHOICES),
        choiceOpt('difficulty', 'Monster strength', ['easy', 'normal', 'hard']),
        boolOpt('mobile', 'Narrower map view for phones'),
        boolOpt('diagonals', 'Allow diagonal moves (8-way) in new games'),
        intOpt('idle_end_hours', 'Hours without an action before a game ends by itself', IDLE_END_HOURS.min, IDLE_END_HOURS.max),
      ]),
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
