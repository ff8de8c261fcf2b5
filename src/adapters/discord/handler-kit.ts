/**
 * What every interaction handler shares: the dependencies, the shape of a handler (`parse` then `run`, as Sapphire's
 * InteractionHandler), and the few answers they all give (a private note, a deferral after a deadline, a controller
 * in the player's own preferences, the answers that must not lie about an applied action).
 */
import type { RepostGate } from './repost-gate.js';
import type { Logger } from 'pino';
import type { CommandModule } from '../../../commands/types.js';
import type { DailyServiceApi } from '../../app/daily/daily-service.js';
import type { ReplayServiceApi } from '../../app/replay-service.js';
import type { ChannelKey, GameServiceApi, GameView, ServiceFailure, SettingsServiceApi } from '../../app/service-types.js';
import type { GameLinks } from '../../../commands/controls/index.js';
import type { Metrics } from '../metrics/metrics.js';
import type { ControllerRedraws } from './controller-redraw.js';
import type { GameMessages } from './messages.js';
import type { ChannelPermissions } from './permissions.js';
import { controllerPayload, textPayload } from './presenter.js';
import { gameMessage } from './payload.js';
import type { UserLimiter } from './rate-limit.js';
import type { IncomingInteraction, InteractionResponder, OutgoingMessage } from './types.js';
import type { ReplyEmbed } from '../../../commands/types.js';
import { DEFAULT_LOCALE, type Locale } from '../../i18n/index.js';

/** What the router and its handlers need. */
export interface RouterDeps {
  games: GameServiceApi;
  settings: SettingsServiceApi;
  /** The daily dungeon, boards and history (optional: commands say so when absent). */
  daily?: DailyServiceApi;
  replays?: ReplayServiceApi;
  commands: readonly CommandModule[];
  messages: GameMessages;
  /** What the bot may do per channel (from each interaction's app_permissions); shared with the message editor. */
  permissions?: ChannelPermissions;
  rateLimiter: UserLimiter;
  logger: Logger;
  now: () => number;
  /** Defer when the answer isn't ready after this long (ms). */
  deferAfterMs?: number;
  /** Without a repostGate: this process's gate with this cooldown per channel and per user (default 5 s; 0: none). */
  repostCooldownMs?: number;
  /** The repost limits per channel and per user (Redis in production: they hold for the fleet). */
  repostGate?: RepostGate;
  metrics?: Metrics;
  /** Wall-clock time, by which interaction tokens expire (default Date.now). */
  wallNow?: () => number;
  /** Record each interaction's time to its first answer (off where the transport measures it: the HTTP server). */
  timeInteractions?: boolean;
  /** Open private controllers, redrawn when a round resolves (see controller-redraw.ts). */
  controllers?: ControllerRedraws;
  /** The full view's buttons for a channel's game message (WEB=on): 🖥️ and the watch link; absent: none. */
  links?: (key: ChannelKey) => GameLinks | undefined;
}

/** What a handler's parse gives: the parsed input, or a private refusal. */
export type Parsed<P> = { ok: true; value: P } | { ok: false; text: string };

/** One interaction kind's handler: parse the interaction into what run needs, then run it. */
export interface KindHandler<P> {
  parse(i: IncomingInteraction): Parsed<P> | Promise<Parsed<P>>;
  run(input: P, i: IncomingInteraction, r: InteractionResponder): Promise<void>;
}

/** The language of the caller's private answers: their Discord client's. */
export const lang = (i: IncomingInteraction): Locale => i.locale ?? DEFAULT_LOCALE;

/** A private text message. */
export const privately = (text: string, embed?: ReplyEmbed): OutgoingMessage => ({ ...textPayload(text, embed), ephemeral: true });

/** Runs `work`; if it isn't done in `ms`, calls `onSlow` (a defer) once, then still waits for the work. `ms` 0 defers at once. */
export async function withDeferral<T>(work: Promise<T>, ms: number, onSlow: () => Promise<unknown>): Promise<{ value: T; deferred: boolean }> {
  if (ms <= 0) {
    await onSlow();
    return { value: await work, deferred: true };
  }
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), ms);
  });
  try {
    const first = await Promise.race([work.then((value) => ({ value })), slow]);
    if (first !== 'slow') return { value: first.value, deferred: false };
    await onSlow();
    return { value: await work, deferred: true };
  } finally {
    clearTimeout(timer);
  }
}

/** The Manage Server and Administrator permission bits (an administrator has every permission). */
const MANAGE_GUILD = 1n << 5n;
const ADMINISTRATOR = 1n << 3n;

/** True when the member may manage the server (or is an administrator). */
export const isAdmin = (i: IncomingInteraction): boolean => i.memberPermissions !== null && (i.memberPermissions & (MANAGE_GUILD | ADMINISTRATOR)) !== 0n;

export { messageLink } from '../../app/scope.js';

/** Counts a refusal or failure and logs the ones an operator should hear about. */
export function logFailure(deps: RouterDeps, metrics: Metrics, error: ServiceFailure, i: IncomingInteraction): void {
  if (error.kind === 'rejected') metrics.refusal(error.code);
  else metrics.refusal(error.kind);
  if (error.kind === 'storage-unavailable') metrics.storageFailure();
  if (error.kind === 'storage-unavailable' || error.kind === 'corrupt-save' || error.kind === 'incompatible-save') {
    deps.logger.warn({ failure: error, interactionId: i.id, channelId: i.channelId }, 'service failure');
  }
}

/** A player's controller drawn in their own preferences (image, emoji or ASCII; phone layout), defaults when none are stored. */
export async function controllerFor(deps: RouterDeps, view: GameView, userId: string, locale?: Locale): Promise<OutgoingMessage> {
  const prefs = deps.settings.prefs ? await deps.settings.prefs.get(userId) : null;
  const chosen = prefs?.ok ? prefs.value : { style: 'image' as const, mobile: false };
  // The controller is the presser's own: it speaks their language, the shared message the game's.
  return gameMessage(controllerPayload(view, userId, chosen, locale), true);
}

/** Remembers a controller just answered through `r` (its @original), so a resolved round redraws it. */
export function keepUpdated(deps: RouterDeps, r: InteractionResponder, view: GameView, userId: string, locale?: Locale): void {
  deps.controllers?.open({ key: view.key, userId, view, draw: (v) => controllerFor(deps, v, userId, locale), edit: (m) => r.editOriginal(m) });
}

/** A message as the first answer, or after a deferral as a follow-up. */
export function answerPrivately(r: InteractionResponder, deferred: boolean, msg: OutgoingMessage): Promise<unknown> {
  return deferred ? r.followUp(msg) : r.reply(msg);
}

/**
 * When an answered view resolved a round (the last member acting, a standing order), every open controller in the
 * channel is redrawn, as when the timer resolves it; the presser's own is redrawn by the answer itself.
 */
export function roundsResolved(deps: RouterDeps, view: GameView, presserId?: string): void {
  if (view.events.some((e) => e.type === 'round-ended')) deps.controllers?.roundResolved(view, presserId);
}
