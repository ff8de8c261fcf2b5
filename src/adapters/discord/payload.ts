/** OutgoingMessage -> Discord API JSON (+ files), as an interaction response body or a webhook request. */
import { MessageFlags, type APIAllowedMentions } from 'discord-api-types/v10';
import { NO_PINGS } from './mentions.js';
import type { OutgoingMessage } from './types.js';

/** The JSON part of a message (attachments describe the new files by index, after the kept ones). */
export interface MessageBody {
  content?: string;
  embeds?: unknown[];
  components?: unknown[];
  attachments?: { id: string | number; filename?: string; description?: string }[];
  flags?: number;
  allowed_mentions: APIAllowedMentions;
}

/**
 * Builds the JSON of a message; `withFlags` is false for edits, where the ephemeral flag can't change. It always
 * says who may be pinged (nobody unless the message names them), so no edit or post parses mentions by default.
 */
export function messageBody(msg: OutgoingMessage, withFlags: boolean): MessageBody {
  const body: MessageBody = { allowed_mentions: msg.allowedMentions ?? NO_PINGS };
  if (msg.content !== undefined) body.content = msg.content;
  if (msg.embeds !== undefined) body.embeds = msg.embeds;
  if (msg.components !== undefined) body.components = msg.components;
  const fresh = (msg.files ?? []).map((f, i) => ({ id: i, filename: f.name, ...(f.description !== undefined ? { description: f.description } : {}) }));
  if (msg.attachments !== undefined || fresh.length) body.attachments = [...(msg.attachments ?? []), ...fresh];
  if (withFlags && msg.ephemeral) body.flags = MessageFlags.Ephemeral;
  return body;
}

/**
 * A drawn game or controller as the one outgoing shape, `attachments: []` so an edit keeps only the files it sends
 * (pictures never pile up); `ephemeral` for a private controller.
 */
export function gameMessage(p: Omit<OutgoingMessage, 'attachments' | 'ephemeral'>, ephemeral = false): OutgoingMessage {
  return { ...p, attachments: [], ...(ephemeral ? { ephemeral } : {}) };
}

/** A file as @discordjs/rest uploads it (multipart `files[n]`, matching the attachments' ids). */
export interface RestFile {
  name: string;
  data: Buffer;
  key: string;
}

/**
 * The one place a message becomes a request, for both transports and every route (callback, webhook, channel):
 * its JSON body and, when it carries files, the files @discordjs/rest sends as multipart. `withFlags` is false for
 * edits, where the ephemeral flag can't change.
 */
export function restRequest(msg: OutgoingMessage, withFlags: boolean): { body: MessageBody; files?: RestFile[] } {
  const body = messageBody(msg, withFlags);
  if (!msg.files?.length) return { body };
  return { body, files: msg.files.map((f, i) => ({ name: f.name, data: Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength), key: `files[${i}]` })) };
}

/** An HTTP response body ready to write (the HTTP transport's first answer: JSON only, files go through the callback). */
export interface EncodedBody {
  contentType: string;
  data: Buffer;
}

/** Encodes `json` as the body of an HTTP response. */
export function encodeBody(json: unknown): EncodedBody {
  return { contentType: 'application/json', data: Buffer.from(JSON.stringify(json)) };
}
