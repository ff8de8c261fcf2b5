/** The fake's message store: what the bot posted or edited, as Discord would return it. */
import { isoNow } from './clock.js';
import type { FakeAttachment, FakeComponent, FakeEmbed, FakeMessage, FakeUser, MessageData, RecordedFile } from './types.js';
import type { IdGenerator } from './ids.js';
import type { DiscordError } from './limits.js';

/** Message flag: only the invoking user sees it. */
export const EPHEMERAL = 64;
/** Message flag: a deferred reply still showing "is thinking…". */
export const LOADING = 128;

/** How a message came to be (decides its type and webhook fields). */
export interface CreateOptions {
  channelId: string;
  guildId?: string;
  /** 0 default, 20 chat-input command reply. */
  type?: number;
  /** Set for messages sent through an interaction webhook. */
  viaInteraction?: { id: string; type: number; user: FakeUser; name?: string; guildId?: string };
  extraFlags?: number;
  files?: RecordedFile[];
}

/** The error Discord answers when a message would end up with nothing to show. */
export const EMPTY_MESSAGE: DiscordError = { code: 50006, message: 'Cannot send an empty message' };

/** Stores messages in creation order; ids are snowflakes so order is also id order. */
export class MessageStore {
  private readonly byId = new Map<string, FakeMessage>();

  constructor(
    private readonly ids: IdGenerator,
    private readonly bot: FakeUser,
    private readonly applicationId: string,
    private readonly attachmentBase: string,
  ) {}

  /** Creates a message from a body already checked against the limits; answers 50006 when it would be empty. */
  create(data: MessageData, opts: CreateOptions): FakeMessage | DiscordError {
    const id = this.ids.next();
    const msg: FakeMessage = {
      id,
      type: opts.type ?? 0,
      channel_id: opts.channelId,
      author: { ...this.bot },
      content: typeof data.content === 'string' ? data.content : '',
      embeds: Array.isArray(data.embeds) ? clone(data.embeds) : [],
      components: Array.isArray(data.components) ? clone(data.components) : [],
      attachments: this.newAttachments(data, opts.files ?? []),
      flags: (typeof data.flags === 'number' ? data.flags : 0) | (opts.extraFlags ?? 0),
      timestamp: isoNow(),
      edited_timestamp: null,
      tts: data.tts === true,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      pinned: false,
    };
    if (opts.guildId !== undefined) msg.guild_id = opts.guildId;
    if (opts.viaInteraction) {
      const via = opts.viaInteraction;
      msg.webhook_id = this.applicationId;
      msg.application_id = this.applicationId;
      msg.interaction_metadata = {
        id: via.id,
        type: via.type,
        user: via.user,
        authorizing_integration_owners: via.guildId ? { '0': via.guildId } : {},
        ...(via.name !== undefined ? { name: via.name, command_type: 1 } : {}),
      };
    }
    if (isEmpty(msg)) return EMPTY_MESSAGE;
    this.byId.set(id, msg);
    return msg;
  }

  /** Applies an edit body: fields present replace, absent ones stay (as PATCH does on Discord). */
  edit(id: string, data: MessageData, files: RecordedFile[] = []): FakeMessage | DiscordError | undefined {
    const old = this.byId.get(id);
    if (!old) return undefined;
    const next: FakeMessage = { ...old, edited_timestamp: isoNow() };
    if ('content' in data) next.content = typeof data.content === 'string' ? data.content : '';
    if ('embeds' in data) next.embeds = Array.isArray(data.embeds) ? clone(data.embeds) : [];
    if ('components' in data) next.components = Array.isArray(data.components) ? clone(data.components) : [];
    if ('attachments' in data || files.length > 0) {
      const keep = new Set((data.attachments ?? []).map((a) => String(a.id)));
      const kept = 'attachments' in data ? old.attachments.filter((a) => keep.has(a.id)) : old.attachments;
      next.attachments = [...kept, ...this.newAttachments(data, files)];
    }
    // Editing a deferred reply replaces the "thinking" placeholder; other flags (ephemeral) can't change.
    next.flags = old.flags & ~LOADING;
    if (typeof data.flags === 'number') next.flags |= data.flags & ~(EPHEMERAL | LOADING);
    if (isEmpty(next)) return EMPTY_MESSAGE;
    this.byId.set(id, next);
    return next;
  }

  /** Removes a message; false when unknown. */
  delete(id: string): boolean {
    return this.byId.delete(id);
  }

  /** The message with this id. */
  get(id: string): FakeMessage | undefined {
    return this.byId.get(id);
  }

  /** All messages, oldest first, optionally of one channel. */
  list(channelId?: string): FakeMessage[] {
    const all = [...this.byId.values()];
    return channelId === undefined ? all : all.filter((m) => m.channel_id === channelId);
  }

  private newAttachments(data: MessageData, files: RecordedFile[]): FakeAttachment[] {
    // Uploaded files are `files[n]`; the body's `attachments` may give them a filename/description by id n.
    return files.map((f, i) => {
      const n = /\[(\d+)\]/.exec(f.field)?.[1] ?? String(i);
      const meta = (data.attachments ?? []).find((a) => String(a.id) === n);
      const id = this.ids.next();
      const filename = meta?.filename ?? f.filename;
      const att: FakeAttachment = {
        id,
        filename,
        size: f.size,
        url: `${this.attachmentBase}/${id}/${encodeURIComponent(filename)}`,
        proxy_url: `${this.attachmentBase}/${id}/${encodeURIComponent(filename)}`,
      };
      if (f.contentType) att.content_type = f.contentType;
      if (meta?.description !== undefined) att.description = meta.description;
      return att;
    });
  }
}

function isEmpty(m: FakeMessage): boolean {
  if ((m.flags & LOADING) !== 0) return false;
  return m.content === '' && m.embeds.length === 0 && m.components.length === 0 && m.attachments.length === 0;
}

function clone<T extends FakeEmbed | FakeComponent>(items: T[]): T[] {
  return structuredClone(items);
}

/** True when the value is an error body rather than a message. */
export function isError(v: FakeMessage | DiscordError): v is DiscordError {
  return !('channel_id' in v);
}
