/**
 * The InteractionResponder of gateway mode: the first answer is a POST to the interaction's callback route (with
 * `with_response`, so a posted game message's id comes back at once); the rest goes through the webhook. The same
 * message bodies as HTTP mode (src/adapters/discord/payload.ts), through the interaction client with the interaction token.
 */
import { InteractionResponseType, MessageFlags, Routes, type APIApplicationCommandOptionChoice } from 'discord-api-types/v10';
import { restRequest, type RestFile } from '../discord/payload.js';
import type { InteractionCalls } from '../discord/interaction-client.js';
import type { AnswerType, IncomingInteraction, InteractionResponder, OutgoingMessage } from '../discord/types.js';
import { ANSWER_TYPE_NAMES, editOriginal, followUp, originalId } from '../discord/webhook.js';

/** Answers one gateway interaction over REST. */
export class GatewayResponder implements InteractionResponder {
  private first: AnswerType | null = null;
  private createdId: string | null = null;

  constructor(
    private readonly interaction: IncomingInteraction,
    private readonly rest: InteractionCalls,
  ) {}

  get answered(): boolean {
    return this.first !== null;
  }

  get answerType(): AnswerType | null {
    return this.first;
  }

  reply(msg: OutgoingMessage): Promise<void> {
    return this.callback(InteractionResponseType.ChannelMessageWithSource, msg, true);
  }

  update(msg: OutgoingMessage): Promise<void> {
    return this.callback(InteractionResponseType.UpdateMessage, msg, false);
  }

  defer(ephemeral: boolean): Promise<void> {
    return this.send(InteractionResponseType.DeferredChannelMessageWithSource, ephemeral ? { flags: MessageFlags.Ephemeral } : undefined);
  }

  deferUpdate(): Promise<void> {
    return this.send(InteractionResponseType.DeferredMessageUpdate, undefined);
  }

  autocomplete(choices: APIApplicationCommandOptionChoice[]): Promise<void> {
    return this.send(InteractionResponseType.ApplicationCommandAutocompleteResult, { choices });
  }

  launchActivity(): Promise<void> {
    return this.send(InteractionResponseType.LaunchActivity, undefined);
  }

  editOriginal(msg: OutgoingMessage): Promise<void> {
    return editOriginal(this.rest, this.interaction, msg);
  }

  editMessage(messageId: string, msg: OutgoingMessage): Promise<void> {
    return editOriginal(this.rest, this.interaction, msg, messageId);
  }

  followUp(msg: OutgoingMessage): Promise<string | null> {
    return followUp(this.rest, this.interaction, msg);
  }

  async originalMessageId(): Promise<string | null> {
    return this.createdId ?? originalId(this.rest, this.interaction);
  }

  /** A first answer carrying a message: a reply (type 4, with `with_response` for the new message's id) or an update. */
  private callback(type: InteractionResponseType, msg: OutgoingMessage, create: boolean): Promise<void> {
    const { body, files } = restRequest(msg, create);
    return this.send(type, body, files, create);
  }

  private async send(type: InteractionResponseType, data: unknown, files?: RestFile[], withResponse = false): Promise<void> {
    if (this.first !== null) throw new Error(`interaction already answered (${this.first})`);
    const response = (await this.rest.post(Routes.interactionCallback(this.interaction.id, this.interaction.token), {
      body: data === undefined ? { type } : { type, data },
      ...(files?.length ? { files } : {}),
      auth: false,
      ...(withResponse ? { query: new URLSearchParams({ with_response: 'true' }) } : {}),
    })) as { resource?: { message?: { id?: unknown } } } | null;
    this.first = ANSWER_TYPE_NAMES[type] ?? 'reply';
    const id = response?.resource?.message?.id;
    if (typeof id === 'string') this.createdId = id;
  }
}
