/**
 * Editing the channel's game message with the bot token (the channel API), for when no interaction token is at hand:
 * the round timer, coalesced refreshes after slash actions and controller presses. Both transports use it, through
 * @discordjs/rest.
 *
 * Discord lets a bot edit a message older than one hour only 3 times per 6 seconds per channel (error 30046). A
 * game message that old is reposted instead of edited (the new one is recorded and the old one retired), and so is
 * one whose edit comes back with 30046.
 */
import type { REST } from '@discordjs/rest';
import type { InteractionCalls } from './interaction-client.js';
import { Routes } from 'discord-api-types/v10';
import { pingOnly } from './mentions.js';
import type { Logger } from 'pino';
import { decodeChannelKey, encodeChannelKey } from '../../app/game-codec.js';
import type { ChannelKey, GameServiceApi, MessageRef } from '../../app/service-types.js';
import { EditCoalescer } from './edit-coalescer.js';
import { isPendingMessage, isSnowflake } from '../../app/game-message.js';
import { interactionOnly } from '../../app/scope.js';
import { noopMetrics, type Metrics } from '../metrics/metrics.js';
import { gamePayload, retiredPayload } from './presenter.js';
import { drawingTurn } from './turn-gate.js';
import { gameMessage, restRequest } from './payload.js';
import { createGamePoster, type GamePoster } from './game-poster.js';
import type { OutgoingMessage } from './types.js';
import { canAttach, type ChannelPermissions } from './permissions.js';
import type { EditToken, EditTokens } from './edit-tokens.js';
import type { BotBudget, BudgetAnswer, Priority } from './budget.js';
import type { GameView } from '../../app/service-types.js';
import type { GameLinks } from '../../../commands/controls/index.js';

/** Discord's epoch in a snowflake (ms since 1970). */
const DISCORD_EPOCH = 1420070400000n;

/** When a message was created, from its snowflake id; null for an id that isn't one. */
export function snowflakeTime(id: string): number | null {
  if (!/^\d{1,20}$/.test(id)) return null;
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}

/**
 * A press's token for the message whose token this process kept less than this long ago is not written again: every
 * press gives one, and a token 30 s fresher buys 30 s more of a 15-minute life for one Redis round trip a press.
 */
export const OFFER_EVERY_MS = 30_000;
const OFFERED_MAX = 10_000;

/** A game message this old is reposted rather than edited: 5 minutes inside Discord's one-hour edit rule. */
export const REPOST_AFTER_MS = 55 * 60_000;

/** Discord's "Maximum number of edits to messages older than 1 hour reached". */
export const OLD_MESSAGE_EDIT_LIMIT = 30046;

/** The channel-API edits the bot makes. */
export interface GameMessages {
  /** Edits now and resolves when Discord accepted it (rejects on failure, e.g. the message was deleted). */
  editNow(ref: MessageRef, msg: OutgoingMessage): Promise<void>;
  /** Posts a new game message by the one protocol (post, record unless superseded, retire the old): game-poster.ts. */
  readonly poster: GamePoster;
  /**
   * Redraws the channel's game message soon, at most about once a second per channel (round timer). The view is
   * loaded when the edit is sent, so a burst collapses into one edit of the newest state and an edit can never put
   * an older turn over one that a button press or a command has already shown.
   */
  refreshSoon(key: ChannelKey, reason?: RefreshReason): void;
  /**
   * Keeps an interaction token that can edit the channel's game message (a press on it, or the answer that posted
   * it): refreshes then go through it instead of the bot token while it is fresh. Best effort, never throws.
   */
  offerToken(key: ChannelKey, token: EditToken): void;
  /**
   * True when the game message of `key` can be redrawn now: always where the bot token may edit it; where messages are
   * edited only through interactions (DMs, group DMs, private views), only while a fresh token is kept for `ref`.
   */
  canRedraw?(key: ChannelKey, ref: MessageRef): Promise<boolean>;
  /** Rounds mode: a short new message mentioning only `userIds`, the players the round waits for (an edit would not notify). */
  ping?(key: ChannelKey, userIds: readonly string[]): Promise<void>;
  /** Sends waiting edits and waits for every edit in flight. */
  drain(): Promise<void>;
  close(): void;
}

/** Why the game message is redrawn (a label of the bot-token metrics). All are low priority: shed first, merged. */
export type RefreshReason = 'timer' | 'action' | 'controller' | 'catch-up' | 'refresh';

/** What the channel-API editor needs. */
export interface GameMessagesDeps {
  rest: REST;
  /** The interaction endpoints' client (token edits are exempt from the global limit); default `rest`. */
  answers?: InteractionCalls;
  games: Pick<GameServiceApi, 'view' | 'setMessage'>;
  logger: Logger;
  now: () => number;
  /** Minimum gap between two refreshes of one channel (ms). */
  intervalMs?: number;
  /** Wall-clock time, to tell a message's age from its id (default Date.now; tests move it). */
  wallNow?: () => number;
  metrics?: Metrics;
  /** What the bot may do per channel: without Attach Files the map is drawn in emoji. */
  permissions?: ChannelPermissions;
  /** Interaction tokens that can edit each channel's game message (default: none kept, the bot token always). */
  editTokens?: EditTokens;
  /** The fleet's shared budget of bot-token requests (default: unlimited). */
  budget?: BotBudget;
  /** The full view's buttons for a channel's game message (WEB=on): 🖥️ and the watch link; absent: none. */
  links?: (key: ChannelKey) => GameLinks | undefined;
}

/** How often retiring an old message asks the budget for room before it is given up. */
const RETIRE_TRIES = 5;

/** How long a high-priority bot-token request waits for the budget at most before it goes anyway. */
const HIGH_PRIORITY_WAIT_MS = 5_000;

/** Route shapes of the bot-token requests, for the metrics (ids left out). */
const ROUTE_EDIT = 'PATCH /channels/:c/messages/:m';
const ROUTE_POST = 'POST /channels/:c/messages';

/** Discord's "Missing Permissions" (403): the bot lacks a channel permission, the message is still there. */
export const MISSING_PERMISSIONS = 50013;

/** True when Discord refused a request for a missing permission or access (403): not a deleted message. */
export function isForbidden(err: unknown): boolean {
  return apiError(err)?.status === 403;
}

/** The view drawn in emoji: what a channel that refuses uploads gets instead of the map picture. */
export function withoutPicture(view: GameView): GameView {
  return view.meta.render === 'image' ? { ...view, meta: { ...view.meta, render: 'emoji' } } : view;
}

/**
 * True when Discord says the message can't be edited, now or later: it was deleted (10008) or its channel was
 * (10003). A 403 is not: the bot lacks a permission (50013 Missing Permissions, say Attach Files) and the message is
 * still there with its buttons, so posting another would leave two live ones. Rate limits and 5xx are not either:
 * discord.js already retried those.
 */
export function isGone(err: unknown): boolean {
  return apiError(err)?.status === 404;
}

/**
 * Discord's error (status and JSON code) when `err` is a DiscordAPIError. Checked by shape, not instanceof: discord.js
 * loads @discordjs/rest's CommonJS build and this module its ES build, so the two classes differ.
 */
export function apiError(err: unknown): { status: number; code: number | string } | null {
  if (typeof err !== 'object' || err === null) return null;
  const e = err as { status?: unknown; code?: unknown };
  return typeof e.status === 'number' && (typeof e.code === 'number' || typeof e.code === 'string') ? { status: e.status, code: e.code } : null;
}

/** The wait (ms) of a RateLimitError (a rejected rate-limited request), else null. Checked by shape, as apiError. */
export function rateLimitWait(err: unknown): number | null {
  const name = typeof err === 'object' && err !== null ? (err as { name?: unknown }).name : undefined;
  if (typeof name !== 'string' || !name.startsWith('RateLimitError')) return null;
  const wait = (err as { retryAfter?: unknown }).retryAfter;
  return typeof wait === 'number' ? wait : null;
}

/** GameMessages over discord.js's REST client (which honours rate-limit headers and DISCORD_API_BASE). */
export function restGameMessages(deps: GameMessagesDeps): GameMessages {
  const log = deps.logger;
  /** Per channel, the token this process last kept: its message and until when it is usable (bounded, oldest first out). */
  const offered = new Map<string, { messageId: string; usableUntil: number }>();
  const channelId = (key: ChannelKey): string => `${key.guildId}:${key.channelId}`;
  const inflight = new Set<Promise<unknown>>();
  const track = <T>(p: Promise<T>): Promise<T> => {
    inflight.add(p);
    void p.then(
      () => inflight.delete(p),
      () => inflight.delete(p),
    );
    return p;
  };
  const wallNow = deps.wallNow ?? Date.now;
  const metrics = deps.metrics ?? noopMetrics;
  /** Asks the shared budget; a budget that can't answer (storage down) lets the request go rather than block it. */
  const ask = (priority: Priority): Promise<BudgetAnswer> => (deps.budget ? deps.budget.take(priority).catch((): BudgetAnswer => ({ ok: true })) : Promise.resolve({ ok: true }));
  /** A high-priority bot-token request: waits for the shared budget (a few seconds at most), then goes. */
  const highPriority = async (route: string, reason: string): Promise<void> => {
    const until = Date.now() + HIGH_PRIORITY_WAIT_MS;
    for (;;) {
      const answer = await ask('high');
      if (answer.ok || Date.now() >= until) break;
      await new Promise((r) => setTimeout(r, Math.min(answer.retryMs, until - Date.now())));
    }
    metrics.botRequest(route, reason);
  };
  /** A bot-token edit that is not a redraw (retiring an old message): high priority. */
  const editNow = (ref: MessageRef, msg: OutgoingMessage): Promise<void> => {
    // A marker or any other id that is not Discord's never reaches Discord.
    if (!isSnowflake(ref.messageId)) return Promise.reject(new Error('not a Discord message id'));
    return track(highPriority(ROUTE_EDIT, 'retire').then(() => deps.rest.patch(Routes.channelMessage(ref.channelId, ref.messageId), restRequest(msg, false))).then(() => undefined));
  };
  /**
   * Retires an old game message (drops its buttons; presses on it are refused as retired whatever happens here).
   * Players can trigger it at will (/rogue map), so it spends no shared budget when it can help it: through the
   * channel's fresh interaction token for that message (exempt from the global limit), else as a 'player' request,
   * which waits for room above what the timers need (a few tries) and is otherwise given up.
   */
  const retireOld = async (key: ChannelKey, ref: MessageRef): Promise<void> => {
    if (!isSnowflake(ref.messageId)) return;
    const t = deps.editTokens ? await deps.editTokens.fresh(key, ref.messageId, wallNow()).catch(() => null) : null;
    if (t) {
      try {
        await track((deps.answers ?? deps.rest).patch(Routes.webhookMessage(t.applicationId, t.token, t.webhookMessageId), { ...restRequest(retiredPayload(), false), auth: false, reply: false }));
        metrics.tokenEdit('retire');
        return;
      } catch (err) {
        log.info({ ...key, status: apiError(err)?.status }, 'could not retire through the interaction token; trying the bot token');
      }
    }
    for (let attempt = 0; attempt < RETIRE_TRIES; attempt++) {
      const go = await ask('player');
      if (go.ok) {
        metrics.botRequest(ROUTE_EDIT, 'retire');
        await track(deps.rest.patch(Routes.channelMessage(ref.channelId, ref.messageId), restRequest(retiredPayload(), false)));
        return;
      }
      await new Promise((r) => setTimeout(r, go.retryMs));
    }
    metrics.budgetShed('retire');
    log.info({ ...key, messageId: ref.messageId }, 'old game message left unretired: the shared budget had no room for players (presses on it still point to the live one)');
  };
  const poster = createGamePoster({ games: deps.games, retire: retireOld, logger: log });
  /** A redraw through the bot token (the budget already said yes). */
  const editWithBotToken = (ref: MessageRef, msg: OutgoingMessage, reason: string): Promise<void> => {
    metrics.botRequest(ROUTE_EDIT, reason);
    return track(deps.rest.patch(Routes.channelMessage(ref.channelId, ref.messageId), restRequest(msg, false)).then(() => undefined));
  };
  /**
   * A redraw through the channel's fresh interaction token, if it has one for this message: true when sent. A token
   * Discord refuses (expired, unknown webhook) is forgotten and the caller falls back to the bot token.
   */
  const editWithToken = async (key: ChannelKey, ref: MessageRef, payload: OutgoingMessage, reason: string): Promise<boolean> => {
    const t = deps.editTokens ? await deps.editTokens.fresh(key, ref.messageId, wallNow()).catch(() => null) : null;
    if (!t) return false;
    try {
      await track((deps.answers ?? deps.rest).patch(Routes.webhookMessage(t.applicationId, t.token, t.webhookMessageId), { ...restRequest(payload, false), auth: false, reply: false }));
      metrics.tokenEdit(reason);
      return true;
    } catch (err) {
      const e = apiError(err);
      if (e === null || (e.status !== 404 && e.status !== 401)) throw err;
      // Expired or unknown: never logged with the token, only the channel.
      log.info({ ...key, status: e.status, code: e.code }, 'interaction token refused for a game-message edit; using the bot token');
      await deps.editTokens!.forget(key, t.token).catch(() => undefined);
      offered.delete(channelId(key));
      return false;
    }
  };

  /**
   * Posts the game message afresh at the bottom of the channel by the one protocol (recorded unless another message
   * was recorded meanwhile, then the old one retired). False when the post failed (no permission to send, say): the
   * caller then keeps the old message.
   */
  const repost = async (key: ChannelKey, ref: MessageRef, payload: OutgoingMessage, why: string): Promise<boolean> => {
    const send = async (): Promise<string | null> => {
      await highPriority(ROUTE_POST, 'repost');
      const created = (await track(deps.rest.post(Routes.channelMessages(ref.channelId), restRequest(payload, true)))) as { id?: unknown } | null;
      return typeof created?.id === 'string' ? created.id : null;
    };
    try {
      const posted = await poster.post({ key, replaces: ref, send, why });
      if (posted.messageId === null) return false;
      log.info({ ...key, old: ref.messageId, messageId: posted.messageId, why, outcome: posted.outcome }, 'game message reposted');
      return true;
    } catch (err) {
      log.warn({ err, ...key, messageId: ref.messageId, why }, 'could not repost the game message; keeping the old one');
      return false;
    }
  };

  /**
   * A 403 on an edit: a missing permission, not a deleted message, so the message stays recorded and no other is
   * posted. A refused picture is retried once in emoji, and the channel's later edits skip the picture.
   */
  const forbidden = async (key: ChannelKey, ref: MessageRef, view: GameView, payload: OutgoingMessage, err: unknown): Promise<void> => {
    metrics.refusal('missing-permission');
    if ((payload.files?.length ?? 0) > 0) {
      deps.permissions?.refused(key.channelId, 'Attach Files');
      log.warn({ ...key, messageId: ref.messageId, code: apiError(err)?.code }, 'upload refused (missing permission?): drawing the map in emoji here');
      try {
        await editWithBotToken(ref, gameMessage(gamePayload(withoutPicture(view), deps.now(), deps.links?.(key))), 'emoji-fallback');
        return;
      } catch (again) {
        if (!isForbidden(again)) throw again;
      }
    }
    log.warn({ ...key, messageId: ref.messageId, code: apiError(err)?.code }, 'game message edit refused for a missing permission; the message is kept');
  };

  /**
   * Where the bot has no channel access (a DM, a group DM, a private view), a redraw goes through an interaction token
   * or not at all: the next press or command brings the message back (never a bot-token request, never a repost).
   */
  const refreshThroughToken = async (key: ChannelKey, ref: MessageRef, payload: OutgoingMessage, reason: RefreshReason): Promise<void> => {
    try {
      if (await editWithToken(key, ref, payload, reason)) return;
    } catch (err) {
      log.info({ err, ...key, messageId: ref.messageId }, 'game message not redrawn through its interaction token');
      return;
    }
    log.debug({ ...key, reason }, 'no fresh interaction token: the game message waits for the next press');
  };

  const refresh = async (key: ChannelKey, reason: RefreshReason): Promise<void> => {
    const current = await deps.games.view(key);
    if (!current.ok) {
      log.warn({ ...key, failure: current.error.kind }, 'game message not refreshed: the game could not be loaded');
      return;
    }
    const ref = current.value.meta.message;
    // No message, or one still being posted (the router refreshes again once its id is recorded).
    if (!ref || isPendingMessage(ref)) return;
    // Where the bot may not upload (app_permissions said so, or an upload was refused), the map is drawn in emoji.
    const uploads = canAttach(deps.permissions?.get(key.channelId) ?? null);
    await drawingTurn();
    const payload = gameMessage(gamePayload(uploads ? current.value : withoutPicture(current.value), deps.now(), deps.links?.(key)));
    if (interactionOnly(key)) return refreshThroughToken(key, ref, payload, reason);
    const born = snowflakeTime(ref.messageId);
    if (born !== null && wallNow() - born >= REPOST_AFTER_MS && (await repost(key, ref, payload, 'older than 55 minutes'))) return;
    try {
      // The freshest press token first (exempt from the global limit); the bot token only when none is fresh, and
      // only while the shared budget has room above its reserve: otherwise this redraw is shed and done later, merged.
      if (await editWithToken(key, ref, payload, reason)) return;
      const go = await ask('low');
      if (!go.ok) {
        metrics.budgetShed(reason);
        const later = setTimeout(() => requestRefresh(key, reason), go.retryMs);
        later.unref();
        return;
      }
      await editWithBotToken(ref, payload, reason);
    } catch (err) {
      if (apiError(err)?.code === OLD_MESSAGE_EDIT_LIMIT) {
        await repost(key, ref, payload, 'edit limit of old messages (30046)');
        return;
      }
      const wait = rateLimitWait(err);
      if (wait !== null) {
        // Rejected instead of queued (see rejectGameMessageEdits): try again once the limit has passed, with the
        // newest state then, so superseded frames are dropped rather than sent one after another.
        log.info({ ...key, retryAfterMs: wait }, 'game message edit rate-limited; will redraw after the limit');
        const retry = setTimeout(() => requestRefresh(key, reason), wait);
        retry.unref();
        return;
      }
      if (isForbidden(err)) {
        await forbidden(key, ref, current.value, payload, err);
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

  const coalescer = new EditCoalescer<{ key: ChannelKey; reason: RefreshReason }>(
    (_id, job) => refresh(job.key, job.reason),
    (id, err) => log.warn({ err, ...decodeChannelKey(id) }, 'game message refresh failed'),
    // Throttled on wall time (real timers), whatever clock the game runs on.
    deps.intervalMs ?? 1000,
  );
  /** Queues a redraw; waiting ones merge (the newest reason names it). */
  function requestRefresh(key: ChannelKey, reason: RefreshReason): void {
    coalescer.edit(encodeChannelKey(key), { key, reason });
    metrics.editQueueDepth(coalescer.size);
  }
  return {
    editNow,
    async canRedraw(key, ref) {
      if (!interactionOnly(key)) return true;
      const t = deps.editTokens ? await deps.editTokens.fresh(key, ref.messageId, wallNow()).catch(() => null) : null;
      return t !== null;
    },
    poster,
    async ping(key, userIds) {
      const body = pingPayload(userIds);
      // No channel posts where the bot has no channel access (rounds mode, which pings, is refused there anyway).
      if (!body || interactionOnly(key)) return;
      try {
        // A bot-token post like any other: it waits for the fleet's shared budget.
        await highPriority(ROUTE_POST, 'ping');
        await track(deps.rest.post(Routes.channelMessages(key.channelId), restRequest(body, true)));
      } catch (err) {
        log.warn({ err, ...key, players: userIds.length }, 'could not ping the players the round waits for');
      }
    },
    refreshSoon: (key, reason = 'refresh') => requestRefresh(key, reason),
    offerToken: (key, token) => {
      if (!deps.editTokens) return;
      // A token for the same message kept by this process less than OFFER_EVERY_MS ago is nearly as fresh: skip the write
      // (one Redis round trip a press), at the cost of the kept token expiring at most that much sooner.
      const id = channelId(key);
      const last = offered.get(id);
      if (last && last.messageId === token.messageId && token.usableUntil - last.usableUntil < OFFER_EVERY_MS) return;
      offered.delete(id);
      offered.set(id, { messageId: token.messageId, usableUntil: token.usableUntil });
      if (offered.size > OFFERED_MAX) offered.delete(offered.keys().next().value!);
      deps.editTokens.remember(key, token).catch((err: unknown) => {
        offered.delete(id);
        log.info({ err: err instanceof Error ? err.name : 'unknown', ...key }, 'could not keep an edit token');
      });
    },
    async drain() {
      await coalescer.drain();
      await Promise.allSettled([...inflight]);
    },
    close: () => coalescer.close(),
  };
}

/** The whose-turn ping: a short message that mentions, and may ping, only the players named; null when none is a user id. */
export function pingPayload(userIds: readonly string[]): OutgoingMessage | null {
  const ids = userIds.filter((id) => /^\d{1,20}$/.test(id));
  if (ids.length === 0) return null;
  return { content: `⏳ The round is waiting for ${ids.map((id) => `<@${id}>`).join(' ')}: your move!`, allowedMentions: pingOnly(ids) };
}

/**
 * discord.js's REST option `rejectOnRateLimit`: edits of a message (the game message) are rejected rather than queued
 * behind a rate limit, so no waiting edit holds anything up and the coalescer redraws the newest state afterwards.
 */
export function rejectGameMessageEdits(info: { method: string; route: string }): boolean {
  return info.method.toUpperCase() === 'PATCH' && /^\/channels\/[^/]+\/messages\/[^/]+$/.test(info.route);
}
