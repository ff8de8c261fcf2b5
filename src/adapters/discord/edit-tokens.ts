/**
 * Interaction tokens that can edit a channel's shared game message. A press on that message (or the command whose
 * answer posted it) gives a token whose webhook message is the game message, valid 15 minutes; an edit through it
 * (PATCH /webhooks/{app}/{token}/messages/{id}) is exempt from Discord's global 50 requests per second, which every
 * bot-token request shares. So the freshest such token is kept per channel (in Redis, shared by every replica) and
 * the bot token is used only when none is fresh. Tokens are secrets: never logged, kept only until they expire.
 */
import type { ChannelKey } from '../../app/service-types.js';

/** Discord's lifetime of an interaction token for edits and follow-ups. */
export const INTERACTION_TOKEN_MS = 15 * 60_000;

/** A token is used only while this much of its lifetime is left, so an edit never races its expiry. */
export const TOKEN_MARGIN_MS = 60_000;

/** One token that can edit the game message `messageId` (as its webhook message `webhookMessageId`). */
export interface EditToken {
  messageId: string;
  applicationId: string;
  token: string;
  /** '@original' (the message the interaction's answer is or its button sits on) or a follow-up's id. */
  webhookMessageId: string;
  /** Epoch ms after which the token is not used any more (15 min after the interaction, less the margin). */
  usableUntil: number;
}

/** The per-channel store of the freshest edit token. */
export interface EditTokens {
  /** Keeps `t` as the channel's token unless a fresher one is kept already. */
  remember(key: ChannelKey, t: EditToken): Promise<void>;
  /** The channel's token for message `messageId`, if one is still usable at `now`. */
  fresh(key: ChannelKey, messageId: string, now: number): Promise<EditToken | null>;
  /** Drops the channel's token if it is still `token` (Discord refused it: expired, unknown webhook). */
  forget(key: ChannelKey, token: string): Promise<void>;
}

/** The token an interaction at `at` gives for editing `messageId`. */
export function editToken(i: { applicationId: string; token: string }, messageId: string, at: number, webhookMessageId = '@original'): EditToken {
  return { messageId, applicationId: i.applicationId, token: i.token, webhookMessageId, usableUntil: at + INTERACTION_TOKEN_MS - TOKEN_MARGIN_MS };
}

/** EditTokens in process memory (one process; tests and the embedded mode). Bounded: the oldest channel goes first. */
export class MemoryEditTokens implements EditTokens {
  private readonly byChannel = new Map<string, EditToken>();

  constructor(private readonly max = 10_000) {}

  async remember(key: ChannelKey, t: EditToken): Promise<void> {
    const id = `${key.guildId}:${key.channelId}`;
    const kept = this.byChannel.get(id);
    if (kept && kept.usableUntil >= t.usableUntil) return;
    this.byChannel.delete(id);
    this.byChannel.set(id, t);
    if (this.byChannel.size > this.max) this.byChannel.delete(this.byChannel.keys().next().value!);
  }

  async fresh(key: ChannelKey, messageId: string, now: number): Promise<EditToken | null> {
    const t = this.byChannel.get(`${key.guildId}:${key.channelId}`);
    return t && t.messageId === messageId && t.usableUntil > now ? t : null;
  }

  async forget(key: ChannelKey, token: string): Promise<void> {
    const id = `${key.guildId}:${key.channelId}`;
    if (this.byChannel.get(id)?.token === token) this.byChannel.delete(id);
  }
}

/** Keeps no token: every redraw goes through the bot token (tests of the channel-API path). */
export const NO_EDIT_TOKENS: EditTokens = {
  remember: async () => {},
  fresh: async () => null,
  forget: async () => {},
};
