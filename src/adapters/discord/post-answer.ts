/**
 * A game message posted as an interaction's answer (a command's /rogue new or /rogue map, a ▶️ Play again press),
 * through the one poster protocol (game-poster.ts): only how it is sent differs from a repost.
 */
import type { ChannelKey, GameView, MessageRef } from '../../app/service-types.js';
import { isPersonalDaily } from '../../app/scope.js';
import { editToken } from './edit-tokens.js';
import { lang, messageLink, privately, type RouterDeps } from './handler-kit.js';
import { notePrivately } from './applied-answer.js';
import { t } from '../../i18n/index.js';
import { gameMessage } from './payload.js';
import { gamePayload, textPayload } from './presenter.js';
import type { IncomingInteraction, InteractionResponder, OutgoingMessage } from './types.js';

/**
 * What the private "thinking" placeholder of a deferred post says. A posted game message is its own answer, so a
 * post carries no private note on either path (on the fast path that would cost one more request per post).
 */
export const POSTED_TEXT = 'Posted the game message below.';

/** What a posted game message says once withdrawn, because storage refused to record it. */
export const WITHDRAWN_TEXT = 'The game could not be saved just now, so this copy of it was withdrawn. Please try again in a moment.';

/** A post's answer: how the game message goes out, given whether the interaction was deferred and by what. */
export interface PostAnswer {
  view: GameView;
  /** The channel's recorded message when the post was decided (a marker included): what the new one replaces. */
  replaces: MessageRef | null;
  deferred: boolean;
  /** A press deferred as an update: @original is the pressed message, so the game goes out as a follow-up. */
  fromButton?: boolean;
}

/** Sends the game message as this interaction's answer; its id. */
async function send(r: InteractionResponder, p: PostAnswer, payload: OutgoingMessage): Promise<string | null> {
  // A press deferred as an update: @original is the pressed message (it keeps its summary); post a new one.
  if (p.deferred && p.fromButton) return r.followUp(payload);
  if (p.deferred && payload.ephemeral) {
    // A player's own daily: the private "thinking" placeholder becomes the private game message itself.
    await r.editOriginal(payload);
    return r.originalMessageId();
  }
  if (p.deferred) {
    // Fill the private "thinking" placeholder first: on Discord the first follow-up after a defer would replace it
    // (and inherit its ephemeral flag), and the game message must be a new public one.
    await r.editOriginal(textPayload(POSTED_TEXT));
    return r.followUp(payload);
  }
  await r.reply(payload);
  return r.originalMessageId();
}

/** Posts the game message publicly as this interaction's answer, records it, and retires the one it replaces; whether it went out. */
export async function postGameAnswer(deps: RouterDeps, i: IncomingInteraction, r: InteractionResponder, p: PostAnswer): Promise<boolean> {
  const { view } = p;
  // A player's own daily is played in their private view: its message is ephemeral, edited only through interactions.
  const payload = gameMessage(gamePayload(view, deps.now(), deps.links?.(view.key)), isPersonalDaily(view.key));
  let posted;
  try {
    posted = await deps.messages.poster.post({ key: view.key, replaces: p.replaces, markerFor: i.id, send: () => send(r, p, payload), why: 'answer' });
  } catch (err) {
    // The game itself is saved (a new game, a daily, play again): say so and how to show it, never "try again".
    deps.logger.warn({ err, interactionId: i.id, channelId: view.key.channelId }, 'could not post the game message');
    await notePrivately(r, privately(t(lang(i), 'reply.post-failed')), deps.logger, { interactionId: i.id });
    return false;
  }
  if (posted.outcome === 'unrecorded') {
    // Unrecorded, its buttons would be refused as "replaced" forever: the new message becomes a plain notice and
    // the recorded one (if any) stays live, never retired before its successor is recorded.
    if (posted.messageId) await withdraw(deps, r, p.deferred, posted.messageId, posted.replaced, view.key);
    return false;
  }
  if (posted.outcome === 'superseded' || !posted.messageId) return posted.outcome === 'superseded';
  // This interaction's token can edit the message it just posted (its @original, or after a deferral the follow-up).
  const webhookMessageId = p.deferred && !(payload.ephemeral && !p.fromButton) ? posted.messageId : '@original';
  deps.messages.offerToken(view.key, editToken(i, posted.messageId, deps.wallNow?.() ?? Date.now(), webhookMessageId));
  // Actions that came in while the id was unknown are drawn now.
  if (posted.latest && posted.latest.state.version > view.state.version) deps.messages.refreshSoon(view.key, 'catch-up');
  return true;
}

/** Turns a posted game message that could not be recorded into a plain notice (no buttons), pointing to the live one. */
async function withdraw(deps: RouterDeps, r: InteractionResponder, deferred: boolean, messageId: string, live: MessageRef | null, key: ChannelKey): Promise<void> {
  const where = live ? ` Keep playing on the game message: ${messageLink(key, live.channelId, live.messageId)}` : '';
  const notice: OutgoingMessage = { content: `${WITHDRAWN_TEXT}${where}`, embeds: [], components: [], attachments: [] };
  const edit = deferred ? r.editMessage(messageId, notice) : r.editOriginal(notice);
  await edit.catch((err: unknown) => deps.logger.warn({ err, messageId }, 'could not withdraw the unrecorded game message'));
}
