/** The transport-neutral shape of a command: what Discord's router and the terminal player both feed in and read back. */
import type { ButtonSpec } from './controls/layouts.js';
import type { z } from 'zod';
import type { DailyServiceApi } from '../src/app/daily/daily-service.js';
import type { ReplayServiceApi } from '../src/app/replay-service.js';
import type { GameServiceApi, GameView, ServiceFailure, SettingsServiceApi, UserRef } from '../src/app/service-types.js';
import type { Locale } from '../src/i18n/index.js';

/** An option value as either transport delivers it (the terminal gives strings, Discord typed values). */
export type OptionValue = string | number | boolean;

/** A parsed command line or interaction: which command, which (group and) subcommand, which options. */
export interface Invocation {
  command: string;
  group: string | null;
  subcommand: string | null;
  options: Record<string, OptionValue>;
}

/** Everything a command needs to run, with no Discord type in sight. */
export interface CommandContext extends Invocation {
  user: UserRef;
  guildId: string;
  channelId: string;
  /** The member has Manage Server (checked at run time: server admins can override default_member_permissions). */
  memberIsAdmin: boolean;
  /** Set when a button was pressed: the state version the button was drawn for. */
  seenVersion?: number;
  /** Set when a button was pressed: the createdAt of the game the button was drawn for. */
  seenGame?: number;
  /** The Discord interaction id (absent in the terminal game): an interaction delivered twice is applied once. */
  interactionId?: string;
  /** The caller's language (their Discord client's `locale`): private replies use it; English when absent. */
  locale?: Locale;
  /** A Community server's language (`guild_locale`, see incoming.ts): a new game's shared message uses it over `locale`. */
  serverLocale?: Locale;
  games: GameServiceApi;
  settings: SettingsServiceApi;
  /** The daily dungeon, boards and history (absent where they are not wired: `/rogue daily` then says so). */
  daily?: DailyServiceApi;
  /** Replays of finished runs (absent where not wired). */
  replays?: ReplayServiceApi;
}

/** A titled block of text, as the renderer's status sheet and the settings listing produce it. */
export interface ReplyEmbed {
  title: string;
  description: string;
  fields: { name: string; value: string; inline?: boolean }[];
  footer: string;
  color: number;
}

/**
 * What a command answers. `game` shows the channel's public game message:
 * `update` edits it in place (an action) and tells the caller `note` privately; `post` reposts it at the bottom
 * (new game, /rogue map), and the posted message is the answer, with `note` (if any) after it as a private follow-up
 * (the first game's note on what each icon button does).
 * `text` is private to the caller (ephemeral on Discord); `failure` is a refusal the transport words the same way everywhere.
 */
export type Reply =
  | { kind: 'game'; view: GameView; mode: 'update'; note: string | null }
  | { kind: 'game'; view: GameView; mode: 'post'; note?: string }
  | { kind: 'text'; text: string; embed?: ReplyEmbed }
  /** The caller's private controller (ephemeral on Discord): the map from their position, their own d-pad. */
  | { kind: 'controller'; view: GameView }
  /** A new public message with one attachment (a replay GIF) and a caption: never an edit of the game message. */
  | { kind: 'attachment'; text: string; file: { name: string; data: Uint8Array; description: string } }
  | { kind: 'failure'; error: ServiceFailure }
  /** A private question with its buttons (/rogue forget's confirmation). */
  | { kind: 'confirm'; text: string; buttons: ButtonSpec[][] };

/** Something with a name that serialises to a Discord application command (a SlashCommandBuilder). */
export interface CommandData {
  readonly name: string;
  toJSON(): unknown;
}

/** One slash command: its Discord definition, the zod schema of its options, and the handler. */
export interface CommandModule {
  data: CommandData;
  /** Parses `{ subcommand, ...options }` (the subcommand is "group sub" inside a group). */
  options: z.ZodType;
  run(ctx: CommandContext): Promise<Reply>;
  /** Subcommands whose answer takes a while (a replay is drawn): the transport defers them at once. */
  slowSubcommands?: readonly string[];
}
