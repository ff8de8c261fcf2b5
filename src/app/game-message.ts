/** The channel's public game message as the service records it, including the marker of one still being posted. */
import type { MessageRef } from './service-types.js';

const PENDING = 'pending:';

/** True for a Discord id (a snowflake): the only kind of message id ever sent to Discord. */
export function isSnowflake(id: string): boolean {
  return /^\d{1,20}$/.test(id);
}

/**
 * The message id recorded while a posted game message is on its way (its real id is learned after the answer, in
 * HTTP mode after a read of @original): actions in that window know a message is coming, post no second one, and
 * are drawn once the real id is recorded. The marker carries the real message it replaces (`previous`), so a post
 * stuck behind a storage outage can still retire that one later, and nothing ever sends the marker to Discord.
 */
export function pendingMessageId(interactionId: string, previous?: MessageRef | null): string {
  const real = realMessage(previous);
  return real ? `${PENDING}${interactionId}:${real.messageId}` : `${PENDING}${interactionId}`;
}

/** True for a message id recorded by pendingMessageId. */
export function isPendingMessage(ref: MessageRef | null | undefined): boolean {
  return ref?.messageId.startsWith(PENDING) ?? false;
}

/**
 * The real Discord message behind a recorded ref: the ref itself, or the one a pending marker replaces; null when
 * there is none (no ref, a marker of a first post, or an id that is not a snowflake).
 */
export function realMessage(ref: MessageRef | null | undefined): MessageRef | null {
  if (!ref) return null;
  if (!isPendingMessage(ref)) return isSnowflake(ref.messageId) ? ref : null;
  const previous = ref.messageId.slice(PENDING.length).split(':')[1];
  return previous !== undefined && isSnowflake(previous) ? { channelId: ref.channelId, messageId: previous } : null;
}

/** A press on `pressedOn` when `live` is the channel's game message: true when that message was retired (reposted since). */
export function isRetired(live: MessageRef | null | undefined, pressedOn: string): boolean {
  return !!live && !isPendingMessage(live) && live.messageId !== pressedOn;
}
