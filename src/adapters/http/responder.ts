/**
 * The InteractionResponder of HTTP mode: the first answer becomes the HTTP response body itself, except an answer
 * with files (the image map): Discord documents only JSON there, so that one is POSTed to the callback endpoint
 * (multipart, `with_response=true`, which also gives the new message's id) and Discord's request then gets 202 with
 * no body. Everything after it (editOriginal, followUp) goes to the interaction webhook through @discordjs/rest,
 * with the interaction token and no bot authorisation, through the interaction client (interaction-client.ts).
 */
import { InteractionResponseType, MessageFlags, Routes } from 'discord-api-types/v10';
import type { APIApplicationCommandOptionChoice } from 'discord-api-types/v10';
import type { AnswerType, IncomingInteraction, InteractionResponder, OutgoingMessage } from '../discord/types.js';
import { apiError } from '../discord/messages.js';
import { ANSWER_TYPE_NAMES, editOriginal, followUp, originalId } from '../discord/webhook.js';
import { encodeBody, restRequest, type EncodedBody, type RestFile } from '../discord/payload.js';
import type { InteractionCalls } from '../discord/interaction-client.js';

/** What the adapter's private placeholder says when the handler's late answer is a public message posted below it. */
export const POSTED_BELOW_TEXT = 'Posted below.';

/** The first answer, ready to be written as the HTTP response. */
export interface FirstAnswer {
  /** The interaction callback type (4, 5, 6, 7, 8 or 12). */
  type: number;
  /** The HTTP response body; null when the answer went through the callback endpoint (then: 202, no body). */
  body: EncodedBody | null;
}

/** How the adapter answers by itself when the handler is slow: "thinking" for commands, a silent ack for components. */
export function fallbackDeferType(kind: IncomingInteraction['kind']): number {
  if (kind === 'button' || kind === 'select') return InteractionResponseType.DeferredMessageUpdate;
  if (kind === 'autocomplete') return InteractionResponseType.ApplicationCommandAutocompleteResult;
  return InteractionResponseType.DeferredChannelMessageWithSource;
}

/** One interaction's responder; the server awaits `first` and calls `delivered()` once the response is written. */
export class HttpResponder implements InteractionResponder {
  /** Resolves with the first answer, whoever gives it (the handler, or the adapter's own deferral). */
  readonly first: Promise<FirstAnswer>;
  private resolveFirst!: (answer: FirstAnswer) => void;
  private markDelivered!: () => void;
  private readonly deliveredP: Promise<void>;
  private firstType: number | null = null;
  /** Set when the adapter, not the handler, answered first (a deferral after the deadline). */
  private byAdapter = false;
  /** After the adapter's deferral, the public message a handler's reply became (posted below the placeholder). */
  private postedBelow: string | null = null;
  /** The message a file-carrying reply created, as the callback's `with_response` said. */
  private createdId: string | null = null;
  /** True while a file-carrying answer is on its way to the callback endpoint: the adapter must not defer over it. */
  private sendingFiles = false;

  constructor(
    private readonly interaction: IncomingInteraction,
    private readonly rest: InteractionCalls,
  ) {
    this.first = new Promise((resolve) => (this.resolveFirst = resolve));
    this.deliveredP = new Promise((resolve) => (this.markDelivered = resolve));
  }

  /** True once the first answer was given. */
  get answered(): boolean {
    return this.firstType !== null;
  }

  /** How the interaction was first answered (null before it). */
  get answerType(): AnswerType | null {
    return this.firstType === null ? null : (ANSWER_TYPE_NAMES[this.firstType] ?? null);
  }

  /** True when the adapter deferred on the handler's behalf. */
  get deferredByAdapter(): boolean {
    return this.byAdapter;
  }

  /** Called by the server once the HTTP response is on the wire: webhook calls wait for it. */
  delivered(): void {
    this.markDelivered();
  }

  async reply(msg: OutgoingMessage): Promise<void> {
    if (this.byAdapter) return this.replyAfterAdapterDefer(msg);
    await this.answerWith(InteractionResponseType.ChannelMessageWithSource, msg, true);
  }

  async update(msg: OutgoingMessage): Promise<void> {
    // After the adapter's type 6, @original is the message the component sits on: the update edits it.
    if (this.byAdapter) return this.editOriginal(msg);
    await this.answerWith(InteractionResponseType.UpdateMessage, msg, false);
  }

  async defer(ephemeral: boolean): Promise<void> {
    if (this.byAdapter) return;
    await this.answer(InteractionResponseType.DeferredChannelMessageWithSource, ephemeral ? { flags: MessageFlags.Ephemeral } : undefined);
  }

  async deferUpdate(): Promise<void> {
    if (this.byAdapter) return;
    await this.answer(InteractionResponseType.DeferredMessageUpdate, undefined);
  }

  async autocomplete(choices: APIApplicationCommandOptionChoice[]): Promise<void> {
    if (this.byAdapter) return;
    await this.answer(InteractionResponseType.ApplicationCommandAutocompleteResult, { choices });
  }

  async launchActivity(): Promise<void> {
    // Only a first answer can open the Activity: after the adapter's own deferral the caller says so privately.
    if (this.byAdapter) throw new Error('the interaction was already deferred: LAUNCH_ACTIVITY must be the first answer');
    await this.answer(InteractionResponseType.LaunchActivity, undefined);
  }

  async editOriginal(msg: OutgoingMessage): Promise<void> {
    await this.afterFirst();
    await whenKnown(() => editOriginal(this.rest, this.interaction, msg));
  }

  async editMessage(messageId: string, msg: OutgoingMessage): Promise<void> {
    await this.afterFirst();
    await whenKnown(() => editOriginal(this.rest, this.interaction, msg, messageId));
  }

  async followUp(msg: OutgoingMessage): Promise<string | null> {
    await this.afterFirst();
    return whenKnown(() => followUp(this.rest, this.interaction, msg));
  }

  /** The message a reply created: read back from @original once the HTTP response is on the wire. */
  async originalMessageId(): Promise<string | null> {
    await this.afterFirst();
    if (this.byAdapter) return this.postedBelow;
    if (this.createdId !== null) return this.createdId;
    return whenKnown(() => originalId(this.rest, this.interaction));
  }

  /**
   * The handler's reply after the adapter already deferred for it. On a component (type 6) @original is the message
   * the button sits on, so the reply becomes a new message. On a command (type 5, private "thinking"), a private
   * reply fills the placeholder; a public one can't (the placeholder stays private), so it closes the placeholder
   * and follows up publicly, as the router does after its own deferral.
   */
  private async replyAfterAdapterDefer(msg: OutgoingMessage): Promise<void> {
    if (this.firstType === InteractionResponseType.DeferredMessageUpdate) {
      await this.followUp(msg);
      return;
    }
    if (msg.ephemeral) return this.editOriginal(msg);
    await this.editOriginal({ content: POSTED_BELOW_TEXT });
    this.postedBelow = await this.followUp(msg);
  }

  /** The adapter's own first answer when the handler is too slow (or finished without answering); false if too late. */
  async answerForHandler(): Promise<boolean> {
    if (this.answered || this.sendingFiles) return false;
    const type = fallbackDeferType(this.interaction.kind);
    this.byAdapter = true;
    const data = type === InteractionResponseType.DeferredChannelMessageWithSource ? { flags: MessageFlags.Ephemeral } : type === InteractionResponseType.ApplicationCommandAutocompleteResult ? { choices: [] } : undefined;
    await this.answer(type, data);
    return true;
  }

  /** A first answer carrying a message (type 4 or 7): in the HTTP response, or through the callback when it has files. */
  private async answerWith(type: number, msg: OutgoingMessage, create: boolean): Promise<void> {
    const { body, files } = restRequest(msg, create);
    if (files?.length) return this.answerWithFiles(type, body, files);
    await this.answer(type, body);
  }

  private async answer(type: number, data: unknown): Promise<void> {
    if (this.firstType !== null) throw new Error(`interaction already answered (type ${this.firstType})`);
    this.firstType = type;
    this.resolveFirst({ type, body: encodeBody(data === undefined ? { type } : { type, data }) });
  }

  /**
   * The documented way to answer with files: a multipart POST to the callback endpoint with `with_response`, then
   * 202 with no body to Discord's request. If the POST fails, the interaction is still unanswered (the caller's
   * error path answers it in the HTTP response instead).
   */
  private async answerWithFiles(type: number, data: unknown, files: RestFile[]): Promise<void> {
    if (this.firstType !== null) throw new Error(`interaction already answered (type ${this.firstType})`);
    this.sendingFiles = true;
    let response: { resource?: { message?: { id?: unknown } } } | null;
    try {
      response = (await this.rest.post(Routes.interactionCallback(this.interaction.id, this.interaction.token), {
        body: { type, data },
        files,
        auth: false,
        // Only a new message (type 4) has an id to learn; an update (type 7) edits the message the press came from,
        // so it goes without with_response: Discord answers 204 and no copy of the whole message is read.
        ...(type === InteractionResponseType.ChannelMessageWithSource ? { query: new URLSearchParams({ with_response: 'true' }) } : {}),
      })) as typeof response;
    } finally {
      this.sendingFiles = false;
    }
    this.firstType = type;
    const id = response?.resource?.message?.id;
    if (typeof id === 'string') this.createdId = id;
    this.resolveFirst({ type, body: null });
  }

  private async afterFirst(): Promise<void> {
    if (this.firstType === null) throw new Error('answer the interaction (reply, update or defer) before editing or following up');
    await this.deliveredP;
  }
}

/**
 * Runs a webhook call, trying again a few times (25, 50, 100, 200 ms apart) while Discord answers 404: it takes in
 * the HTTP response (and creates @original) a moment after the response is on the wire, so a call right after it can
 * find the interaction's webhook or message unknown for a moment.
 */
async function whenKnown<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (err) {
      if (attempt >= 4 || apiError(err)?.status !== 404) throw err;
      await new Promise((r) => setTimeout(r, 25 * 2 ** attempt));
    }
  }
}
