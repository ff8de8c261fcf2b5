/** An interaction as both transports deliver it, with no discord.js type in sight. */
import type { APIActionRowComponent, APIAllowedMentions, APIComponentInMessageActionRow, APIEmbed, APIApplicationCommandOptionChoice } from 'discord-api-types/v10';
import type { Invocation } from '../../../commands/types.js';
import type { Locale } from '../../i18n/index.js';

/** What kind of interaction arrived; everything we do not serve is still named, so it can be answered. */
export type InteractionKind = 'command' | 'button' | 'autocomplete' | 'modal' | 'select' | 'context-menu' | 'unknown';

/** One incoming interaction, already validated at the edge (zod) by the adapter that received it. */
export interface IncomingInteraction {
  id: string;
  applicationId: string;
  /** The interaction token: never logged. */
  token: string;
  kind: InteractionKind;
  guildId: string | null;
  channelId: string | null;
  user: { id: string; name: string };
  /** The member's permission bitfield in this channel; null outside a guild. */
  memberPermissions: bigint | null;
  /** What the bot itself may do in this channel (`app_permissions`); null or absent when Discord did not say. */
  appPermissions?: bigint | null;
  /** Where it was used and who installed the app for it (see place.ts); absent: a guild channel of a server install. */
  place?: InteractionPlace;
  /** Set when the options were beyond any shape Discord sends (nested too deep, too many, too long): refused, not run. */
  optionsRefused?: true;
  /** Chat-input commands: the flattened invocation (command, group, subcommand, options). */
  invocation?: Invocation;
  /** Autocomplete and context-menu commands: the command's name. */
  commandName?: string;
  /** Buttons, selects, modals: the custom id. */
  customId?: string;
  /** The language of the user's Discord client (`locale`), resolved to one the game speaks; English when absent. */
  locale?: Locale;
  /** The server's language (`guild_locale`) when it is a Community server and the game speaks it; else null. */
  guildLocale?: Locale | null;
  /** Components: the id of the message the component sits on, and whether that message is ephemeral. */
  message?: { id: string; ephemeral: boolean };
}

/** Where an interaction happened: a server channel, a DM with the bot, or a group DM (or a DM between users). */
export type PlaceKind = 'guild' | 'dm' | 'group-dm';

/** Where an interaction was used and what the bot can do there. */
export interface InteractionPlace {
  kind: PlaceKind;
  /** The server installed the app (authorizing_integration_owners has "0"): the bot is in the server. */
  serverInstall: boolean;
  /** The user installed the app to their account (authorizing_integration_owners has "1"). */
  userInstall: boolean;
  /** The member may see public answers of user-installed apps (Use External Apps); true outside servers. */
  externalAppsAllowed: boolean;
}

/** A file to attach (the image map). */
export interface OutgoingFile {
  name: string;
  data: Uint8Array;
  /** Alt text (at most 1,024 characters). */
  description?: string;
}

/** A message body as either transport sends it (create, edit, interaction response). */
export interface OutgoingMessage {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<APIComponentInMessageActionRow>[];
  files?: OutgoingFile[];
  /** On edits: the attachments to keep (by id); [] drops the old ones so images never pile up. */
  attachments?: { id: string }[];
  ephemeral?: boolean;
  /** Who may be pinged; sent on every message body, nobody when left out. */
  allowedMentions?: APIAllowedMentions;
}

/**
 * How the handler answers one interaction. The first answer must come within 3 s: exactly one of reply, update,
 * defer, deferUpdate, autocomplete (HTTP mode writes it as the HTTP response; the gateway mode as the callback
 * POST). After a defer, editOriginal finishes it; followUp adds a message.
 */
export interface InteractionResponder {
  /** Type 4: a new message (ephemeral when msg.ephemeral). */
  reply(msg: OutgoingMessage): Promise<void>;
  /** Type 7: edit the message the component sits on. */
  update(msg: OutgoingMessage): Promise<void>;
  /** Type 5: "thinking…", to finish with editOriginal. */
  defer(ephemeral: boolean): Promise<void>;
  /** Type 6: acknowledge a component press, to finish with editOriginal. */
  deferUpdate(): Promise<void>;
  /** Type 8: autocomplete choices (may be empty). */
  autocomplete(choices: APIApplicationCommandOptionChoice[]): Promise<void>;
  /** Type 12 (LAUNCH_ACTIVITY, no data): Discord opens the app's Activity (the full view) for the presser. */
  launchActivity(): Promise<void>;
  /** PATCH /webhooks/{app}/{token}/messages/@original. */
  editOriginal(msg: OutgoingMessage): Promise<void>;
  /** PATCH /webhooks/{app}/{token}/messages/{id}: edits a follow-up this interaction posted. */
  editMessage(messageId: string, msg: OutgoingMessage): Promise<void>;
  /** POST /webhooks/{app}/{token}; the new message's id. */
  followUp(msg: OutgoingMessage): Promise<string | null>;
  /** The id of the message a reply created (to record a posted game message); null when Discord did not say. */
  originalMessageId(): Promise<string | null>;
  /** True once the first answer was sent. */
  readonly answered: boolean;
  /** How the interaction was first answered; null before. */
  readonly answerType: AnswerType | null;
}

/** The first answers: type 4, 7, 5, 6, 8 and 12. */
export type AnswerType = 'reply' | 'update' | 'defer' | 'defer-update' | 'autocomplete' | 'launch-activity';

/** The router's entry point, the same for both transports. */
export type InteractionHandler = (interaction: IncomingInteraction, responder: InteractionResponder) => Promise<void>;
