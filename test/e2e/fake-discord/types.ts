/** Shared shapes of the fake Discord: what tests configure, what it records and what it stores. */

/** A guild the fake announces to the bot in READY and GUILD_CREATE. */
export interface FakeGuild {
  id: string;
  name: string;
  channels: { id: string; name: string }[];
  ownerId?: string;
}

/** One uploaded file of a multipart request (the `files[n]` parts). */
export interface RecordedFile {
  field: string;
  filename: string;
  contentType: string;
  size: number;
  data: Buffer;
}

/** One HTTP request the fake received, with what it answered. */
export interface RecordedRequest {
  method: string;
  /** Path after /api/v10, e.g. /interactions/1/tok/callback, with %40original decoded to @original. */
  path: string;
  query: Record<string, string>;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** Parsed JSON, or for multipart the parsed payload_json plus a `files` list. */
  body: unknown;
  /** The status the fake answered. */
  status: number;
  /** The JSON the fake answered (undefined for 204). */
  response?: unknown;
  /** Date.now() when the request arrived. */
  at: number;
}

/** A Discord user as it appears in payloads. */
export interface FakeUser {
  id: string;
  username: string;
  discriminator: string;
  global_name: string | null;
  avatar: string | null;
  bot?: boolean;
  /** The language chosen in Discord (GET /users/@me with the identify scope). */
  locale?: string;
}

/** An attachment on a stored message. */
export interface FakeAttachment {
  id: string;
  filename: string;
  size: number;
  url: string;
  proxy_url: string;
  content_type?: string;
  /** Alt text, as the body's `attachments[n].description` gave it. */
  description?: string;
}

/** A message the fake stores, in the shape Discord's API returns it. */
export interface FakeMessage {
  id: string;
  type: number;
  channel_id: string;
  guild_id?: string;
  author: FakeUser;
  content: string;
  embeds: FakeEmbed[];
  components: FakeComponent[];
  attachments: FakeAttachment[];
  /** 64 = ephemeral, 128 = loading (a deferred reply not yet edited). */
  flags: number;
  timestamp: string;
  edited_timestamp: string | null;
  tts: boolean;
  mention_everyone: boolean;
  mentions: unknown[];
  mention_roles: string[];
  pinned: boolean;
  webhook_id?: string;
  application_id?: string;
  interaction_metadata?: Record<string, unknown>;
}

/** An embed as sent by the bot (only the fields the fake checks are typed). */
export interface FakeEmbed {
  title?: string;
  description?: string;
  url?: string;
  color?: number;
  fields?: { name: string; value: string; inline?: boolean }[];
  footer?: { text: string; icon_url?: string };
  author?: { name: string; url?: string; icon_url?: string };
  image?: { url: string };
  thumbnail?: { url: string };
  [key: string]: unknown;
}

/** A message component: an action row (type 1) holding buttons (2) or a select (3, 5-8). */
export interface FakeComponent {
  type: number;
  components?: FakeComponent[];
  custom_id?: string;
  label?: string;
  style?: number;
  disabled?: boolean;
  url?: string;
  emoji?: { id?: string | null; name?: string | null; animated?: boolean };
  placeholder?: string;
  options?: { label: string; value: string; description?: string; default?: boolean }[];
  [key: string]: unknown;
}

/** The `data` of a message-carrying interaction callback, webhook or channel message body. */
export interface MessageData {
  content?: string | null;
  embeds?: FakeEmbed[] | null;
  components?: FakeComponent[] | null;
  flags?: number;
  attachments?: { id: string | number; filename?: string; description?: string }[];
  tts?: boolean;
  allowed_mentions?: unknown;
  [key: string]: unknown;
}

/** An interaction callback the fake accepted: the body {type, data} the bot sent. */
export interface InteractionCallback {
  type: number;
  data?: MessageData;
}
