/** OutgoingMessage -> Discord API JSON (+ files), as an interaction response body or a webhook request. */
import { MessageFlags } from 'discord-api-types/v10';
import type { OutgoingFile, OutgoingMessage } from '../interactions/types.js';

/** The JSON part of a message (attachments describe the new files by index, after the kept ones). */
export interface MessageBody {
  content?: string;
  embeds?: unknown[];
  components?: unknown[];
  attachments?: { id: string | number; filename?: string; description?: string }[];
  flags?: number;
}

/** Builds the JSON of a message; `withFlags` is false for edits, where the ephemeral flag can't change. */
export function messageBody(msg: OutgoingMessage, withFlags: boolean): MessageBody {
  const body: MessageBody = {};
  if (msg.content !== undefined) body.content = msg.content;
  if (msg.embeds !== undefined) body.embeds = msg.embeds;
  if (msg.components !== undefined) body.components = msg.components;
  const fresh = (msg.files ?? []).map((f, i) => ({ id: i, filename: f.name, ...(f.description !== undefined ? { description: f.description } : {}) }));
  if (msg.attachments !== undefined || fresh.length) body.attachments = [...(msg.attachments ?? []), ...fresh];
  if (withFlags && msg.ephemeral) body.flags = MessageFlags.Ephemeral;
  return body;
}

/** An HTTP body ready to write: JSON, or multipart/form-data with payload_json and files[n]. */
export interface EncodedBody {
  contentType: string;
  data: Buffer;
}

/** Encodes `json` alone, or as multipart with `files` (the form Discord accepts for uploads). */
export async function encodeBody(json: unknown, files: readonly OutgoingFile[] = []): Promise<EncodedBody> {
  const text = JSON.stringify(json);
  if (!files.length) return { contentType: 'application/json', data: Buffer.from(text) };
  const form = new FormData();
  form.append('payload_json', text);
  files.forEach((f, i) => form.append(`files[${i}]`, new Blob([f.data]), f.name));
  const response = new Response(form);
  return { contentType: response.headers.get('content-type') ?? 'multipart/form-data', data: Buffer.from(await response.arrayBuffer()) };
}
