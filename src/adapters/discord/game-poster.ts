/**
 * The one protocol by which a channel gets a new game message, whoever posts it (a command's answer, ▶️ Play again,
 * a repost of a message near Discord's one-hour edit rule): post, record unless superseded, retire the old.
 *
 * 1. Optionally record a marker first (`pending:<interaction>:<old id>`), so an action in between posts no second
 *    game message (best effort: a storage outage only loses that guard).
 * 2. Send. If that fails, drop our marker (if it is still ours) and rethrow: the next command posts afresh.
 * 3. Record the new message unless another was recorded meanwhile (a racing /rogue map keeps the newest).
 * 4. Only once recorded, retire the real message it replaces: never a marker (a marker names the real message it
 *    replaced, so a post stuck behind an outage still retires that one), never an id that is not a snowflake.
 *    Unrecorded, the new message is withdrawn by the caller instead and the old one stays live.
 */
import { interactionOnly } from '../../app/scope.js';
import type { Logger } from 'pino';
import { isSnowflake, pendingMessageId, realMessage } from '../../app/game-message.js';
import type { ChannelKey, GameServiceApi, GameView, MessageRef } from '../../app/service-types.js';

/** One post of a game message. */
export interface PostRequest {
  key: ChannelKey;
  /** The channel's recorded message when the post was decided (possibly a marker): what the new one replaces. */
  replaces: MessageRef | null;
  /** Record a pending marker under this interaction id before sending (command and button answers). */
  markerFor?: string;
  /** Sends the message; its id (null when Discord did not say). */
  send: () => Promise<string | null>;
  /** Why (for the log). */
  why: string;
}

/** What became of a post. */
export interface PostResult {
  /** The new message's id (null when Discord did not say). */
  messageId: string | null;
  /** 'recorded': the channel's game message now; 'superseded': another was recorded meanwhile; 'unrecorded': storage refused. */
  outcome: 'recorded' | 'superseded' | 'unrecorded';
  /** The game as read after the post (null when it could not be read): tells the caller whether actions landed meanwhile. */
  latest: GameView | null;
  /** The real message this one replaces (retired once recorded). */
  replaced: MessageRef | null;
}

/** What the poster needs: the service and how to retire a message (a bot-token edit that drops its buttons). */
export interface PosterDeps {
  games: Pick<GameServiceApi, 'view' | 'setMessage'>;
  retire: (key: ChannelKey, ref: MessageRef) => Promise<void>;
  logger: Logger;
}

/** Posts game messages by the one protocol. */
export interface GamePoster {
  post(req: PostRequest): Promise<PostResult>;
}

/** Builds the poster. */
export function createGamePoster(deps: PosterDeps): GamePoster {
  const log = deps.logger;
  /** Drops `marker` if it is still the recorded message (a failed post leaves nothing behind). */
  const dropMarker = async (key: ChannelKey, marker: string): Promise<void> => {
    const stuck = await deps.games.view(key);
    if (stuck.ok && stuck.value.meta.message?.messageId === marker) await deps.games.setMessage(key, null);
  };
  const retire = (ref: MessageRef | null, newId: string | null, key: ChannelKey): void => {
    // Retiring is a bot-token edit: never where the bot has no channel access (a press on an old copy there is still
    // answered with a link to the live one, as its action checks the recorded message).
    if (!ref || ref.messageId === newId || !isSnowflake(ref.messageId) || interactionOnly(key)) return;
    deps.retire(key, ref).catch((err: unknown) => log.info({ err, ...key, messageId: ref.messageId }, 'could not retire the old game message'));
  };
  return {
    async post(req) {
      const { key } = req;
      const replaced = realMessage(req.replaces);
      const marker = req.markerFor !== undefined ? pendingMessageId(req.markerFor, replaced) : null;
      const marked = marker ? await deps.games.setMessage(key, { channelId: key.channelId, messageId: marker }) : null;
      let messageId: string | null;
      try {
        messageId = await req.send();
      } catch (err) {
        if (marker) await dropMarker(key, marker).catch(() => undefined);
        throw err;
      }
      const read = await deps.games.view(key);
      const latest = read.ok ? read.value : null;
      const stored = latest?.meta.message ?? null;
      const ours = !latest || !stored || stored.messageId === marker || stored.messageId === req.replaces?.messageId || (marked !== null && !marked.ok);
      if (!ours) return { messageId, outcome: 'superseded', latest, replaced };
      const saved = await deps.games.setMessage(key, messageId ? { channelId: key.channelId, messageId } : null);
      if (!saved.ok) {
        log.warn({ ...key, failure: saved.error.kind, why: req.why }, 'could not record the new game message');
        return { messageId, outcome: 'unrecorded', latest, replaced };
      }
      if (messageId) retire(replaced, messageId, key);
      return { messageId, outcome: 'recorded', latest, replaced };
    },
  };
}
