/**
 * Slash-command definitions as Discord's API JSON (typed by discord-api-types), built by a few small helpers, so the
 * command modules (and `npm run play`, which runs them) need nothing from discord.js.
 */
import {
  ApplicationCommandOptionType,
  ApplicationCommandType,
  ApplicationIntegrationType,
  ChannelType,
  InteractionContextType,
  type APIApplicationCommandBasicOption,
  type APIApplicationCommandSubcommandGroupOption,
  type APIApplicationCommandSubcommandOption,
  type RESTPostAPIChatInputApplicationCommandsJSONBody,
} from 'discord-api-types/v10';
import type { CommandData } from './types.js';

/** A subcommand with its options (all optional unless marked required). */
export function subcommand(name: string, description: string, options: APIApplicationCommandBasicOption[] = []): APIApplicationCommandSubcommandOption {
  return { type: ApplicationCommandOptionType.Subcommand, name, description, options };
}

/** A group of subcommands (`/rogue-config channel add`). */
export function subcommandGroup(name: string, description: string, options: APIApplicationCommandSubcommandOption[]): APIApplicationCommandSubcommandGroupOption {
  return { type: ApplicationCommandOptionType.SubcommandGroup, name, description, options };
}

/** A string option whose value is one of `choices` (each shown as itself). */
export function choiceOpt(name: string, description: string, choices: readonly string[], required = false): APIApplicationCommandBasicOption {
  return { type: ApplicationCommandOptionType.String, name, description, required, choices: choices.map((c) => ({ name: c, value: c })) };
}

/** A whole-number option from `min` to `max`. */
export function intOpt(name: string, description: string, min: number, max: number, required = false): APIApplicationCommandBasicOption {
  return { type: ApplicationCommandOptionType.Integer, name, description, required, min_value: min, max_value: max };
}

/** A true/false option. */
export function boolOpt(name: string, description: string): APIApplicationCommandBasicOption {
  return { type: ApplicationCommandOptionType.Boolean, name, description, required: false };
}

/** An optional user option (Discord sends the user's id). */
export function userOpt(name: string, description: string, required = false): APIApplicationCommandBasicOption {
  return { type: ApplicationCommandOptionType.User, name, description, required };
}

/** A required text-channel option. */
export function textChannelOpt(name: string, description: string): APIApplicationCommandBasicOption {
  return { type: ApplicationCommandOptionType.Channel, name, description, required: true, channel_types: [ChannelType.GuildText] };
}

/** The Manage Server permission bit (default_member_permissions of admin commands; the router checks it at run time). */
export const MANAGE_GUILD = 1n << 5n;

/**
 * Where a command may be installed and used (one row per kind of place). `anywhere`: installed to a server or to a
 * user's own account, used in servers, in DMs with the bot and in group DMs (`contexts` set explicitly, never left to
 * Discord's default). `server-admin`: only where a server installed the bot, only in its channels.
 */
export const COMMAND_PLACES = {
  anywhere: {
    integration_types: [ApplicationIntegrationType.GuildInstall, ApplicationIntegrationType.UserInstall],
    contexts: [InteractionContextType.Guild, InteractionContextType.BotDM, InteractionContextType.PrivateChannel],
  },
  'server-admin': { integration_types: [ApplicationIntegrationType.GuildInstall], contexts: [InteractionContextType.Guild] },
} as const;

/** The name of a row of COMMAND_PLACES. */
export type CommandPlace = keyof typeof COMMAND_PLACES;

/**
 * A chat-input command, as `npm run deploy-commands` registers it. Commands with default member permissions (admin
 * commands) are `server-admin` unless told otherwise; the others play anywhere.
 */
export function chatCommand(o: {
  name: string;
  description: string;
  options: (APIApplicationCommandSubcommandOption | APIApplicationCommandSubcommandGroupOption)[];
  defaultMemberPermissions?: bigint;
  place?: CommandPlace;
}): CommandData {
  const place = COMMAND_PLACES[o.place ?? (o.defaultMemberPermissions !== undefined ? 'server-admin' : 'anywhere')];
  const json: RESTPostAPIChatInputApplicationCommandsJSONBody = {
    type: ApplicationCommandType.ChatInput,
    name: o.name,
    description: o.description,
    integration_types: [...place.integration_types],
    contexts: [...place.contexts],
    options: o.options,
    ...(o.defaultMemberPermissions !== undefined ? { default_member_permissions: String(o.defaultMemberPermissions) } : {}),
  };
  return { name: o.name, toJSON: () => json };
}
