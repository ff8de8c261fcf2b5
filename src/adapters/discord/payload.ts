/** OutgoingMessage -> Discord API JSON (+ files), as an interaction response body or a webhook request. */
import { randomBytes } from 'node:crypto';
import { MessageFlags, type APIAllowedMentions } from 'discord-api-types/v10';
import { NO_PINGS } from './mentions.js';
import type { OutgoingFile, OutgoingMessage } from './types.js';

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

/** An HTTP body ready to write: JSON, or multipart/form-data with payload_json and files[n]. */
export interface EncodedBody {
  contentType: string;
  data: Buffer;
}

/** Encodes `json` alone, or as multipart with `files` (the form Discord accepts for uploads). */
export async function encodeBody(json: unknown, files: readonly OutgoingFile[] = []): Promise<EncodedBody> {
  const text = JSON.stringify(json);
  if (!files.length) return { contentType: 'application/json', data: Buffer.from(text) };
  // multipart/form-data written directly (RFC 7578): payload_json, then files[n]. Built in one Buffer.concat, with
  // no stream or Blob machinery on the hot path of every image-map answer.
  const boundary = `----channelcrawler${randomBytes(12).toString('hex')}`;
  const parts: Buffer[] = [Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json\r\n\r\n${text}\r\n`)];
  files.forEach((f, i) => {
    const name = f.name.replace(/["\r\n\\]/g, '_');
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files[${i}]"; filename="${name}"\r\nContent-Type: ${contentTypeOf(name)}\r\n\r\n`), Buffer.from(f.data.buffer, f.data.byteOffset, f.data.byteLength), Buffer.from('\r\n'));
  });
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, data: Buffer.concat(parts) };
}

/** The content type of an attached file, from its name (the bot only attaches PNG maps). */
function contentTypeOf(name: string): string {
  return name.toLowerCase().endsWith('.png') ? 'image/png' : 'application/octet-stream';
}
