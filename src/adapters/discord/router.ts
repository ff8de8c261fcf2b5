/**
 * One interaction -> command or button -> service -> answer, the same for both transports: the gateway and the HTTP
 * endpoint each convert Discord's payload into an IncomingInteraction and give a responder, and nothing here knows
 * which one it was.
 *
 * Every interaction gets an answer: when the work takes longer than `deferAfterMs` (default 1.5 s, well inside
 * Discord's 3 s) the router defers first and edits later, and any unexpected error is logged and answered with a
 * friendly private message. Answers never wait on an edit of the game message: that goes through the per-channel
 * coalescer (GameMessages.refreshSoon), which draws the newest state when it sends.
 */
import type { Logger } from 'pino';
import type { CommandContext, CommandModule, ReplyEmbed } from '../../../commands/types.js';
import { decodeButtonId, pressIntent, runPress } from '../../../commands/controls/index.js';
import { retiredText, UNSUPPORTED_TEXT, FOREIGN_BUTTON_TEXT, INTERNAL_ERROR_TEXT, RATE_LIMIT_TEXT, failureText } from '../../../commands/replies.js';
import type { DailyServiceApi } from '../../app/daily/daily-service.js';
import type { ReplayServiceApi } from '../../app/replay-service.js';
import type { ChannelKey, GameServiceApi, GameView, MessageRef, ServiceFailure, SettingsServiceApi, UserRef } from '../../app/service-types.js';
import { isPendingMessage, isRetired, pendingMessageId } from '../../app/game-message.js';
import type { GameMessages } from './messages.js';
import { controllerPayload, gamePayload, retiredPayload, textPayload, toApiRows, type GamePayload } from './presenter.js';
import type { RateLimiter } from './rate-limit.js';
import { editToken } from './edit-tokens.js';
import { permissionReport, type ChannelPermissions } from './permissions.js';
import { noopMetrics, type Metrics } from '../metrics/metrics.js';
import type { ControllerRedraws } from './controller-redraw.js';
import type { IncomingInteraction, InteractionResponder, OutgoingFile, OutgoingMessage } from './types.js';
import { interactionKey, NO_CHANNEL_TEXT, placeRefusal } from './place-guard.js';
import { endedScoredDaily, finishedDailyPost, pressTarget } from './personal-daily.js';
import { interactionOnly, isPersonalDaily, messageLink } from '../../app/scope.js';

/** What the router needs. */
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
  rateLimiter: RateLimiter;
  logger: Logger;
  now: () => number;
  /** Defer when the answer isn't ready after this long (ms). */
  deferAfterMs?: number;
  metrics?: Metrics;
  /** Wall-clock time, by which interaction tokens expire (default Date.now). */
  wallNow?: () => number;
  /** Record each interaction's time to its first answer (off where the transport measures it: the HTTP server). */
  timeInteractions?: boolean;
  /** Open private controllers, redrawn when a round resolves (see controller-redraw.ts). */
  controllers?: ControllerRedraws;
}

/** The interaction handler plus what shutdown needs. */
export interface Router {
  handle(interaction: IncomingInteraction, responder: InteractionResponder): Promise<void>;
  /** Stops taking new interactions (they get a "restarting" note) and waits for the ones in flight. */
  drain(): Promise<void>;
  /** Waits for the interactions in flight (their answers and follow-ups) without stopping. */
  settle(): Promise<void>;
}

/** Said to interactions that arrive while the bot shuts down. */
export const RESTARTING_TEXT = 'Channel Crawler is restarting. Please try again in a few seconds.';

/**
 * What the private "thinking" placeholder of a deferred post says. A posted game message is its own answer, so a
 * post carries no private note on either path (on the fast path that would cost one more request per post).
 */
export const POSTED_TEXT = 'Posted the game message below.';

/** Where messages are edited only through interactions and the last token expired: how the game comes back. */
export const TOKEN_EXPIRED_TEXT =
  "The game message can't show this yet: Discord lets Channel Crawler update it for 15 minutes after someone uses it. " +
  'Press any button on it, or use `/rogue map`, to bring it back up to date.';

/** What a posted game message says once withdrawn, because storage refused to record it. */
export const WITHDRAWN_TEXT = 'The game could not be saved just now, so this copy of it was withdrawn. Please try again in a moment.';

/** The Manage Server and Administrator permission bits (an administrator has every permission). */
const MANAGE_GUILD = 1n << 5n;
const ADMINISTRATOR = 1n << 3n;

const privately = (text: string, embed?: ReplyEmbed): OutgoingMessage => ({ ...textPayload(text, embed), ephemeral: true });

/** A game payload as an outgoing message: `attachments: []` so an edit keeps only the files it sends (pictures never pile up). */
export function gameMessage(p: GamePayload, ephemeral = false): OutgoingMessage {
  return { content: p.content, embeds: p.embeds, components: p.components, files: p.files, attachments: [], allowedMentions: p.allowedMentions, ...(ephemeral ? { ephemeral } : {}) };
}

/** Runs `work`; if it isn't done in `ms`, calls `onSlow` (a defer) once, then still waits for the work. `ms` 0 defers at once. */
async function withDeferral<T>(work: Promise<T>, ms: number, onSlow: () => Promise<unknown>): Promise<{ value: T; deferred: boolean }> {
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

/** What a slash command comes to once its service call is done. */
type CommandOutcome =
  | { kind: 'private'; text: string; embed?: ReplyEmbed }
  | { kind: 'controller'; view: GameView }
  | { kind: 'post'; view: GameView; retire: MessageRef | null }
  | { kind: 'attachment'; text: string; file: OutgoingFile };

/** Builds the router. */
export function createRouter(deps: RouterDeps): Router {
  const deferAfter = deps.deferAfterMs ?? 1500;
  const inflight = new Set<Promise<void>>();
  let accepting = true;
  const log = deps.logger;
  const metrics = deps.metrics ?? noopMetrics;

  function logFailure(error: ServiceFailure, i: IncomingInteraction): void {
    if (error.kind === 'rejected') metrics.refusal(error.code);
    else metrics.refusal(error.kind);
    if (error.kind === 'storage-unavailable') metrics.storageFailure();
    if (error.kind === 'storage-unavailable' || error.kind === 'corrupt-save' || error.kind === 'incompatible-save') {
      log.warn({ failure: error, interactionId: i.id, channelId: i.channelId }, 'service failure');
    }
  }

  const isAdmin = (i: IncomingInteraction): boolean => i.memberPermissions !== null && (i.memberPermissions & (MANAGE_GUILD | ADMINISTRATOR)) !== 0n;

  /** A player's controller drawn in their own preferences (image, emoji or ASCII; phone layout), defaults when none are stored. */
  async function controllerFor(view: GameView, userId: string): Promise<OutgoingMessage> {
    const prefs = deps.settings.prefs ? await deps.settings.prefs.get(userId) : null;
    const chosen = prefs?.ok ? prefs.value : { style: 'image' as const, mobile: false };
    return gameMessage(controllerPayload(view, userId, chosen), true);
  }

  /** Remembers a controller just answered through `r` (its @original), so a resolved round redraws it. */
  function keepUpdated(r: InteractionResponder, view: GameView, userId: string): void {
    deps.controllers?.open({ key: view.key, userId, view, draw: (v) => controllerFor(v, userId), edit: (m) => r.editOriginal(m) });
  }

  /** Runs the command; an action's game message is refreshed through the coalescer, never waited for. */
  async function commandWork(module: CommandModule, ctx: CommandContext, i: IncomingInteraction): Promise<CommandOutcome> {
    const reply = await module.run(ctx);
    switch (reply.kind) {
      case 'text':
        return reply.embed ? { kind: 'private', text: reply.text, embed: reply.embed } : { kind: 'private', text: reply.text };
      case 'failure':
        logFailure(reply.error, i);
        return { kind: 'private', text: failureText(reply.error) };
      case 'controller':
        return { kind: 'controller', view: reply.view };
      case 'attachment':
        return { kind: 'attachment', text: reply.text, file: reply.file };
      case 'game': {
        const ref = reply.view.meta.message;
        if (reply.mode === 'post') return { kind: 'post', view: reply.view, retire: ref };
        if (reply.view.events.length > 0) metrics.turn();
        if (!ref) return { kind: 'post', view: reply.view, retire: null };
        deps.messages.refreshSoon(reply.view.key, 'action');
        const expired = deps.messages.canRedraw && !isPendingMessage(ref) && !(await deps.messages.canRedraw(reply.view.key, ref));
        return { kind: 'private', text: expired ? `${reply.note ?? 'Done.'}\n${TOKEN_EXPIRED_TEXT}` : (reply.note ?? 'Done.') };
      }
    }
  }

  /** Posts the game message publicly as this interaction's answer, records it, and retires the previous one. */
  async function postGame(i: IncomingInteraction, r: InteractionResponder, outcome: Extract<CommandOutcome, { kind: 'post' }>, deferred: boolean, fromButton = false): Promise<void> {
    const { view, retire } = outcome;
    // A player's own daily is played in their private view: its message is ephemeral, edited only through interactions.
    const personal = isPersonalDaily(view.key);
    const payload = gameMessage(gamePayload(view, deps.now()), personal);
    // Until the posted message's id is known, record that one is on its way, so an action in between posts no
    // second game message; it is drawn once the id is recorded. (Best effort: without it the post still goes out.)
    const pending = { channelId: view.key.channelId, messageId: pendingMessageId(i.id) };
    const marked = await deps.games.setMessage(view.key, pending);
    let messageId: string | null;
    try {
      if (personal && deferred && !fromButton) {
        // The private "thinking" placeholder becomes the private game message itself.
        await r.editOriginal(payload);
        messageId = await r.originalMessageId();
      } else if (deferred && fromButton) {
        // A press deferred as an update: @original is the pressed message (it keeps its summary); post a new one.
        messageId = await r.followUp(payload);
      } else if (deferred) {
        // Fill the private "thinking" placeholder first: on Discord the first follow-up after a defer would replace it
        // (and inherit its ephemeral flag), and the game message must be a new public one.
        await r.editOriginal(textPayload(POSTED_TEXT));
        messageId = await r.followUp(payload);
      } else {
        await r.reply(payload);
        messageId = await r.originalMessageId();
      }
    } catch (err) {
      // Nothing was posted (or its id can't be had): forget the marker, so the next command posts afresh.
      const stuck = await deps.games.view(view.key);
      if (stuck.ok && stuck.value.meta.message?.messageId === pending.messageId) await deps.games.setMessage(view.key, null);
      throw err;
    }
    const latest = await deps.games.view(view.key);
    // Only if no other message was recorded meanwhile (a /rogue map racing this one keeps the newest).
    const ours = !latest.ok || !latest.value.meta.message || latest.value.meta.message.messageId === pending.messageId || !marked.ok;
    if (!ours) return;
    const saved = await deps.games.setMessage(view.key, messageId ? { channelId: view.key.channelId, messageId } : null);
    if (!saved.ok) {
      log.warn({ channelId: view.key.channelId, failure: saved.error.kind }, 'could not record the game message; withdrawing the new one');
      // Unrecorded, its buttons would be refused as "replaced" forever: the new message becomes a plain notice and
      // the recorded one (if any) stays live, never retired before its successor is recorded.
      if (messageId) await withdraw(r, deferred, messageId, retire, view.key);
      return;
    }
    if (!messageId) return;
    // This interaction's token can edit the message it just posted (its @original, or after a deferral the follow-up).
    const webhookMessage = deferred && !(personal && !fromButton) ? messageId : '@original';
    deps.messages.offerToken(view.key, editToken(i, messageId, deps.wallNow?.() ?? Date.now(), webhookMessage));
    // Actions that came in while the id was unknown are drawn now.
    if (latest.ok && latest.value.state.version > view.state.version) deps.messages.refreshSoon(view.key, 'catch-up');
    // Retiring edits the old message with the bot token: not where the bot has no channel access. A press on an old
    // copy there is still answered with a link to the live one (its action checks the recorded message).
    if (retire && retire.messageId !== messageId && !interactionOnly(view.key)) {
      deps.messages.editNow(retire, retiredPayload()).catch((err: unknown) => log.info({ err, channelId: retire.channelId, messageId: retire.messageId }, 'could not retire the old game message'));
    }
  }

  /** Turns a posted game message that could not be recorded into a plain notice (no buttons), pointing to the live one. */
  async function withdraw(r: InteractionResponder, deferred: boolean, messageId: string, live: MessageRef | null, key: ChannelKey): Promise<void> {
    const where = live && !isPendingMessage(live) ? ` Keep playing on the game message: ${messageLink(key, live.channelId, live.messageId)}` : '';
    const notice: OutgoingMessage = { content: `${WITHDRAWN_TEXT}${where}`, embeds: [], components: [], attachments: [] };
    const edit = deferred ? r.editMessage(messageId, notice) : r.editOriginal(notice);
    await edit.catch((err: unknown) => log.warn({ err, messageId }, 'could not withdraw the unrecorded game message'));
  }

  /** A new public message with one file (never an edit of the game message); after a deferral, a follow-up. */
  async function postAttachment(r: InteractionResponder, outcome: Extract<CommandOutcome, { kind: 'attachment' }>, deferred: boolean): Promise<void> {
    const msg: OutgoingMessage = { content: outcome.text, files: [outcome.file] };
    if (!deferred) return r.reply(msg);
    // As with a posted game message: fill the private placeholder first, then post the public message.
    await r.editOriginal(textPayload('Posted the replay below.'));
    await r.followUp(msg);
  }

  async function onCommand(i: IncomingInteraction, r: InteractionResponder, key: ChannelKey): Promise<void> {
    const invocation = i.invocation;
    const module = invocation && deps.commands.find((c) => c.data.name === invocation.command);
    if (!invocation || !module) {
      await r.reply(privately('That command is not known to this version of the bot. Try /rogue help.'));
      return;
    }
    if (invocation.subcommand !== 'help' && !deps.rateLimiter.take(i.user.id)) {
      await r.reply(privately(RATE_LIMIT_TEXT));
      return;
    }
    const ctx: CommandContext = { ...invocation, user: i.user, guildId: key.guildId, channelId: key.channelId, memberIsAdmin: isAdmin(i), interactionId: i.id, games: deps.games, settings: deps.settings, ...(deps.daily ? { daily: deps.daily } : {}), ...(deps.replays ? { replays: deps.replays } : {}) };
    // A slow subcommand (a replay being drawn) is deferred at once rather than after deferAfter.
    const slow = invocation.subcommand !== null && (module.slowSubcommands ?? []).includes(invocation.subcommand);
    const { value: outcome, deferred } = await withDeferral(commandWork(module, ctx, i), slow ? 0 : deferAfter, () => r.defer(true));
    if (outcome.kind === 'post') return postGame(i, r, outcome, deferred);
    if (outcome.kind === 'attachment') return postAttachment(r, outcome, deferred);
    const msg = outcome.kind === 'controller' ? await controllerFor(outcome.view, i.user.id) : privately(...withPermissions(i, invocation, outcome.text, outcome.embed));
    if (deferred) await r.editOriginal(msg);
    else await r.reply(msg);
    if (outcome.kind === 'controller') keepUpdated(r, outcome.view, i.user.id);
  }

  /**
   * A private reply with what the bot's permissions mean for this channel: `/rogue-config show` lists them all, and
   * any other reply carries, once per channel, a note on what is missing.
   */
  function withPermissions(i: IncomingInteraction, invocation: NonNullable<IncomingInteraction['invocation']>, text: string, embed?: ReplyEmbed): [string, ReplyEmbed?] {
    const bits = i.appPermissions ?? null;
    if (invocation.command === 'rogue-config' && invocation.subcommand === 'show' && embed) {
      return [text, { ...embed, fields: [...embed.fields, { name: 'Bot permissions in this channel', value: permissionReport(bits).slice(0, 1024) }] }];
    }
    const key = interactionKey(i);
    const note = key && !interactionOnly(key) && deps.permissions ? deps.permissions.noteOnce(key.channelId) : '';
    const joined = note ? (text ? `${text}\n\n${note}` : note) : text;
    return embed ? [joined, embed] : [joined];
  }

  async function onButton(i: IncomingInteraction, r: InteractionResponder, channelKey: ChannelKey): Promise<void> {
    const decoded = decodeButtonId(i.customId ?? '');
    if (!decoded.ok) {
      await r.reply(privately(FOREIGN_BUTTON_TEXT));
      return;
    }
    const intent = pressIntent(decoded.value);
    if (!intent) {
      // A d-pad spacer (Discord never sends a press of a disabled button, but answer anyway).
      await r.deferUpdate();
      return;
    }
    if (!deps.rateLimiter.take(i.user.id)) {
      await r.reply(privately(RATE_LIMIT_TEXT));
      return;
    }
    const user: UserRef = i.user;
    const pressedOn = i.message?.id ?? null;
    // A press on an ephemeral message: the presser's own daily (its private game message or another private message
    // of it), or a private controller of the channel's game.
    const target = i.message?.ephemeral ? await pressTarget(deps.games, channelKey, user.id, i.customId ?? '', pressedOn) : { key: channelKey, onGameMessage: false };
    const key = target.key;
    // A press on a private controller redraws that controller, not the game message.
    const onController = (i.message?.ephemeral ?? false) && !target.onGameMessage;
    const shared = !onController && pressedOn !== null;
    const work = (async () => {
      // A retired game message stays retired: a press on it changes nothing and points to the live one. An action
      // checks this inside its compare-and-set (pressedMessage); the other buttons look first.
      if (shared && intent.kind !== 'act') {
        const current = await deps.games.view(key);
        const live = current.ok ? current.value.meta.message : null;
        if (isRetired(live, pressedOn)) return { kind: 'retired' as const, live: live! };
      }
      return runPress({ key, user, memberIsAdmin: isAdmin(i), games: deps.games, ...(deps.replays ? { replays: deps.replays } : {}), interactionId: i.id, ...(shared ? { pressedMessage: pressedOn } : {}) }, decoded.value, intent);
    })();
    // 🎞️ is deferred at once (type 6: the game message stays as it is) while the replay is drawn.
    const { value: outcome, deferred } = await withDeferral(work, intent.kind === 'replay' ? 0 : deferAfter, () => r.deferUpdate());
    if (outcome.kind === 'attachment') {
      const msg: OutgoingMessage = { content: outcome.text, files: [outcome.file] };
      if (deferred) await r.followUp(msg);
      else await r.reply(msg);
      return;
    }
    if (outcome.kind === 'retired') {
      const text = retiredText(messageLink(key, outcome.live.channelId, outcome.live.messageId));
      if (deferred) await r.followUp(privately(text));
      else await r.reply(privately(text));
      return;
    }
    // The message that carries the button is redrawn in place: type 7, or after a deferral (type 6) an edit of @original.
    const show = async (view: GameView): Promise<void> => {
      const msg = onController ? await controllerFor(view, user.id) : gameMessage(gamePayload(view, deps.now()));
      if (deferred) await r.editOriginal(msg);
      else await r.update(msg);
      if (onController) keepUpdated(r, view, user.id);
    };
    if (outcome.kind === 'controller') {
      // 🎮 on the public message: the presser's own controller, privately.
      const msg = await controllerFor(outcome.view, user.id);
      if (deferred) await r.followUp(msg);
      else {
        await r.reply(msg);
        keepUpdated(r, outcome.view, user.id);
      }
      return;
    }
    if (outcome.kind === 'post') {
      // ▶️ Play again: a new game message; the pressed one keeps its last map and summary, and loses its buttons.
      return postGame(i, r, { kind: 'post', view: outcome.view, retire: shared ? { channelId: key.channelId, messageId: pressedOn } : null }, deferred, true);
    }
    if (outcome.kind === 'game') {
      if (outcome.view.events.length > 0) metrics.turn();
      await show(outcome.view);
      if (outcome.note) await r.followUp(privately(outcome.note));
      if (isPersonalDaily(key) && endedScoredDaily(outcome.view)) await postFinishedDaily(r, outcome.view, user);
      if (onController) {
        deps.messages.refreshSoon(key, 'controller');
        return;
      }
      const stored = outcome.view.meta.message;
      if (pressedOn && !isPendingMessage(stored) && (!stored || stored.messageId !== pressedOn)) await deps.games.setMessage(key, { channelId: key.channelId, messageId: pressedOn });
      // A press on the shared message gives a token that can edit it for 15 minutes: later redraws use it.
      if (pressedOn) deps.messages.offerToken(key, editToken(i, pressedOn, deps.wallNow?.() ?? Date.now()));
      // Presses answered at once can reach Discord out of order: if another action landed meanwhile, redraw the newest
      // state through the coalescer, so the message settles on it instead of keeping an older picture.
      const after = await deps.games.view(key);
      if (after.ok && after.value.state.version > outcome.view.state.version) deps.messages.refreshSoon(key, 'catch-up');
      return;
    }
    if (outcome.kind === 'confirm') {
      // The host's 🏳️: the question and its button, privately; the game message stays as it is.
      const ask: OutgoingMessage = { ...privately(outcome.text), components: toApiRows(outcome.buttons) };
      if (deferred) await r.followUp(ask);
      else await r.reply(ask);
      return;
    }
    if (outcome.failure) logFailure(outcome.failure, i);
    if (outcome.view) {
      await show(outcome.view);
      await r.followUp(privately(outcome.text));
    } else if (deferred) await r.followUp(privately(outcome.text));
    else await r.reply(privately(outcome.text));
  }

  /** A player's own scored daily just ended: its share card and board, publicly (best effort: the run is recorded anyway). */
  async function postFinishedDaily(r: InteractionResponder, view: GameView, user: UserRef): Promise<void> {
    try {
      await r.followUp(await finishedDailyPost(deps.daily, view, user));
    } catch (err) {
      log.warn({ err, ...view.key }, 'could not post the finished daily run');
    }
  }

  /** Autocomplete gets no suggestions; modals, selects, context-menu commands and the like get a private "not supported". */
  async function answerUnsupported(i: IncomingInteraction, r: InteractionResponder): Promise<void> {
    if (i.kind === 'autocomplete') await r.autocomplete([]);
    else await r.reply(privately(UNSUPPORTED_TEXT));
  }

  async function handleOne(i: IncomingInteraction, r: InteractionResponder): Promise<void> {
    const started = Date.now();
    const timed: InteractionResponder = deps.timeInteractions === false ? r : timedResponder(r, (outcome) => metrics.interaction(i.kind, outcome, Date.now() - started));
    if (i.kind !== 'command' && i.kind !== 'button') {
      // Everything else still gets an answer, so Discord never shows "This interaction failed".
      await answerUnsupported(i, timed).catch((err: unknown) => log.warn({ err, interactionId: i.id, kind: i.kind }, 'could not answer an unsupported interaction'));
      return;
    }
    if (!accepting) {
      await timed.reply(privately(RESTARTING_TEXT)).catch(() => {});
      return;
    }
    try {
      const key = interactionKey(i);
      const refused = key ? placeRefusal(i) : i.kind === 'button' ? FOREIGN_BUTTON_TEXT : NO_CHANNEL_TEXT;
      if (!key || refused) {
        await timed.reply(privately(refused ?? NO_CHANNEL_TEXT));
        return;
      }
      // Channel permissions mean something only where the bot is a member (not in DMs and group DMs).
      if (!interactionOnly(key)) deps.permissions?.see(key.channelId, i.appPermissions ?? null);
      if (i.kind === 'command') await onCommand(i, timed, key);
      else await onButton(i, timed, key);
    } catch (err) {
      log.error({ err, interactionId: i.id, channelId: i.channelId, kind: i.kind }, 'interaction failed');
      const answer = r.answered ? (r.answerType === 'defer' ? r.editOriginal(privately(INTERNAL_ERROR_TEXT)) : r.followUp(privately(INTERNAL_ERROR_TEXT))) : r.reply(privately(INTERNAL_ERROR_TEXT));
      await Promise.resolve(answer).catch((again: unknown) => log.error({ err: again, interactionId: i.id }, 'could not even answer the failed interaction'));
    }
  }

  return {
    handle(interaction, responder) {
      const p = handleOne(interaction, responder).finally(() => inflight.delete(p));
      inflight.add(p);
      return p;
    },
    async drain() {
      accepting = false;
      await Promise.allSettled([...inflight]);
    },
    async settle() {
      await Promise.allSettled([...inflight]);
    },
  };
}

/** Wraps a responder so the first answer reports its kind once (for the latency metric). */
function timedResponder(r: InteractionResponder, first: (outcome: string) => void): InteractionResponder {
  let reported = false;
  const once = <A extends unknown[], T>(name: string, f: (...a: A) => Promise<T>) => async (...a: A): Promise<T> => {
    const out = await f(...a);
    if (!reported) {
      reported = true;
      first(name);
    }
    return out;
  };
  return {
    reply: once('reply', (m: OutgoingMessage) => r.reply(m)),
    update: once('update', (m: OutgoingMessage) => r.update(m)),
    defer: once('defer', (e: boolean) => r.defer(e)),
    deferUpdate: once('defer-update', () => r.deferUpdate()),
    autocomplete: once('autocomplete', (c: Parameters<InteractionResponder['autocomplete']>[0]) => r.autocomplete(c)),
    editOriginal: (m) => r.editOriginal(m),
    followUp: (m) => r.followUp(m),
    editMessage: (id, m) => r.editMessage(id, m),
    originalMessageId: () => r.originalMessageId(),
    get answered() {
      return r.answered;
    },
    get answerType() {
      return r.answerType;
    },
  };
}
