/** The channel's public game message as the service records it, including the marker of one still being posted. */
import type { MessageRef } from './service-types.js';

/**
 * The message id recorded while a posted game message is on its way (its real id is learned after the answer, in
 * HTTP mode after a read of @original): actions in that window know a message is coming, post no second one, and
 * are drawn once the real id is recorded.
 */
export function pendingMessageId(interactionId: string): string {
  return `pending:${interactionId}`;
}

/** True for a message id recorded by pendingMessageId. */
export function isPendingMessage(ref: MessageRef | null | undefined): boolean {
  return ref?.messageId.startsWith('pending:') ?? false;
}

/** A press on `pressedOn` when `live` is the channel's game message: true when that message was retired (reposted since). */
export function isRetired(live: MessageRef | null | undefined, pressedOn: string): boolean {
  return !!live && !isPendingMessage(live) && live.messageId !== pressedOn;
}
