/** Editing the channel's game message with the bot token (the channel API), for when no interaction token is at hand. */
import { Routes, type REST } from 'discord.js';
import type { MessageRef } from '../../app/service-types.js';
import { EditCoalescer } from './edit-coalescer.js';

/** A message body for PATCH /channels/:c/messages/:m. */
export type MessageEdit = object;

/** The channel-API edits the bot makes. */
export interface GameMessages {
  /** Edits now and resolves when Discord accepted it (rejects on failure, e.g. the message was deleted). */
  editNow(ref: MessageRef, body: MessageEdit): Promise<void>;
  /** Edits soon, coalesced to about one edit a second per channel (round timer). */
  editSoon(ref: MessageRef, body: MessageEdit): void;
  /** Sends waiting edits and waits for them. */
  drain(): Promise<void>;
  close(): void;
}

/** GameMessages over discord.js's REST client (which honours rate-limit headers and DISCORD_API_BASE). */
export function restGameMessages(rest: REST, onError: (err: unknown, ref: MessageRef) => void, intervalMs = 1000): GameMessages {
  const editNow = async (ref: MessageRef, body: MessageEdit): Promise<void> => {
    await rest.patch(Routes.channelMessage(ref.channelId, ref.messageId), { body });
  };
  const refs = new Map<string, MessageRef>();
  const coalescer = new EditCoalescer<{ ref: MessageRef; body: MessageEdit }>(
    (_channel, { ref, body }) => editNow(ref, body),
    (channel, err) => onError(err, refs.get(channel) ?? { channelId: channel, messageId: '?' }),
    intervalMs,
  );
  return {
    editNow,
    editSoon(ref, body) {
      refs.set(ref.channelId, ref);
      coalescer.edit(ref.channelId, { ref, body });
    },
    drain: () => coalescer.drain(),
    close: () => coalescer.close(),
  };
}
