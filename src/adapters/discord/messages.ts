/** Editing the channel's game message with the bot token (the channel API), for when no interaction token is at hand. */
import { DiscordAPIError, RateLimitError, Routes, type REST } from 'discord.js';
import type { Logger } from 'pino';
import { decodeChannelKey, encodeChannelKey } from '../../app/game-codec.js';
import type { ChannelKey, GameServiceApi, MessageRef } from '../../app/service-types.js';
import { EditCoalescer } from './edit-coalescer.js';
import { gamePayload, type GamePayload } from './presenter.js';

/** A message body for PATCH /channels/:c/messages/:m. */
export type MessageEdit = object;

/** The channel-API edits the bot makes. */
export interface GameMessages {
  /** Edits now and resolves when Discord accepted it (rejects on failure, e.g. the message was deleted). */
  editNow(ref: MessageRef, body: MessageEdit): Promise<void>;
  /**
   * Redraws the channel's game message soon, at most about once a second per channel (round timer). The view is
   * loaded when the edit is sent, so a burst collapses into one edit of the newest state and an edit can never put
   * an older turn over one that a button press or a command has already shown.
   */
  refreshSoon(key: ChannelKey): void;
  /** Sends waiting edits and waits for every edit in flight. */
  drain(): Promise<void>;
  close(): void;
}

/** What the channel-API editor needs. */
export interface GameMessagesDeps {
  rest: REST;
  games: Pick<GameServiceApi, 'view' | 'setMessage'>;
  logger: Logger;
  now: () => number;
  /** Minimum gap between two refreshes of one channel (ms). */
  intervalMs?: number;
}

/**
 * True when Discord says the message can't be edited, now or later: it was deleted (10008), its channel was (10003),
 * or the bot lost access to it (403). Rate limits and 5xx are not: discord.js already retried those.
 */
export function isGone(err: unknown): boolean {
  return err instanceof DiscordAPIError && (err.status === 404 || err.status === 403);
}

/** GameMessages over discord.js's REST client (which honours rate-limit headers and DISCORD_API_BASE). */
export function restGameMessages(deps: GameMessagesDeps): GameMessages {
  const log = deps.logger;
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inflight.add(p);
    void p.then(
      () => inflight.delete(p),
      () => inflight.delete(p),
    );
    return p;
  };
  const editNow = (ref: MessageRef, body: MessageEdit): Promise<void> =>
    track(deps.rest.patch(Routes.channelMessage(ref.channelId, ref.messageId), withFiles(body)).then(() => undefined));

  const refresh = async (key: ChannelKey): Promise<void> => {
    const current = await deps.games.view(key);
    if (!current.ok) {
      log.warn({ ...key, failure: current.error.kind }, 'game message not refreshed: the game could not be loaded');
      return;
    }
    const ref = current.value.meta.message;
    if (!ref) return;
    try {
      await editNow(ref, gamePayload(current.value, deps.now()));
    } catch (err) {
      if (err instanceof RateLimitError) {
        // Rejected instead of queued (see GAME_MESSAGE_ROUTE): try again once the limit has passed, with the newest
        // state then, so superseded frames are dropped rather than sent one after another.
        log.info({ ...key, retryAfterMs: err.retryAfter }, 'game message edit rate-limited; will redraw after the limit');
        const retry = setTimeout(() => coalescer.edit(encodeChannelKey(key), key), err.retryAfter);
        retry.unref();
        return;
      }
      if (!isGone(err)) throw err;
      // The message was deleted or the bot can't reach it any more: forget it, so the next command posts a fresh
      // one (as its interaction reply, which needs no channel permission) instead of failing on every round.
      log.warn({ err, ...key, messageId: ref.messageId }, 'game message is gone; it will be posted again on the next command');
      const again = await deps.games.view(key);
      if (again.ok && again.value.meta.message?.messageId === ref.messageId) await deps.games.setMessage(key, null);
    }
  };

  const coalescer = new EditCoalescer<ChannelKey>(
    (_id, key) => refresh(key),
    (id, err) => log.warn({ err, ...decodeChannelKey(id) }, 'game message refresh failed'),
    // Throttled on wall time (real timers), whatever clock the game runs on.
    deps.intervalMs ?? 1000,
  );
  return {
    editNow,
    refreshSoon: (key) => coalescer.edit(encodeChannelKey(key), key),
    async drain() {
      await coalescer.drain();
      await Promise.allSettled([...inflight]);
    },
    close: () => coalescer.close(),
  };
}

/**
 * The REST request of a channel-API edit. A body with `files` (a game payload) is sent as multipart, its `attachments`
 * naming exactly the new files: Discord then drops the message's old ones, so pictures are replaced, not piled up.
 */
function withFiles(body: MessageEdit): { body: object; files?: { name: string; data: Buffer; key: string }[] } {
  if (!('files' in body) || !Array.isArray(body.files)) return { body };
  const { files, ...rest } = body as { files: GamePayload['files'] };
  return {
    body: { ...rest, attachments: files.map((f, i) => ({ id: i, filename: f.name, description: f.description })) },
    files: files.map((f, i) => ({ name: f.name, data: Buffer.from(f.data), key: `files[${i}]` })),
  };
}

/**
 * discord.js's REST option `rejectOnRateLimit`: edits of a message (the game message) are rejected rather than queued
 * behind a rate limit, so no waiting edit holds anything up and the coalescer redraws the newest state afterwards.
 */
export function rejectGameMessageEdits(info: { method: string; route: string }): boolean {
  return info.method.toUpperCase() === 'PATCH' && /^\/channels\/[^/]+\/messages\/[^/]+$/.test(info.route);
}
