/**
 * Button presses: parse the custom id into what the press asks for, then run it (commands/controls) and answer on
 * the message that carries the button. The game is read once per press: the action's own compare-and-set result is
 * what gets drawn, and a press on the shared message that is not an action reads it once to check the message is
 * still live (🎮 draws the presser's controller from that same read).
 */
import { forgetUser } from '../../../commands/about.js';
import { decodeButtonId, gameTag, pressIntent, runPress, type ButtonId, type ButtonOutcome, type PressIntent } from '../../../commands/controls/index.js';
import { failureText, retiredText } from '../../../commands/replies.js';
import { t, type Locale } from '../../i18n/index.js';
import { isPendingMessage, isRetired, realMessage } from '../../app/game-message.js';
import type { ChannelKey, GameView, MessageRef, Result } from '../../app/service-types.js';
import type { Metrics } from '../metrics/metrics.js';
import { answerApplied, notePrivately } from './applied-answer.js';
import { editToken } from './edit-tokens.js';
import { answerPrivately as noteNow, controllerFor, isAdmin, keepUpdated, lang, logFailure, messageLink, privately, roundsResolved, withDeferral, type KindHandler, type RouterDeps } from './handler-kit.js';
import { withoutPicture } from './messages.js';
import { drawingTurn } from './turn-gate.js';
import { gameMessage } from './payload.js';
import { postGameAnswer } from './post-answer.js';
import { gamePayload, toApiRows } from './presenter.js';
import type { VersionWatch } from './version-watch.js';
import { interactionKey } from './place-guard.js';
import { endedScoredDaily, finishedDailyPost, pressTarget } from './personal-daily.js';
import { isPersonalDaily } from '../../app/scope.js';
import type { IncomingInteraction, InteractionResponder, OutgoingMessage } from './types.js';

/** A press ready to run; `intent` null for a d-pad spacer (nothing to do). */
export interface ParsedPress {
  id: ButtonId;
  intent: PressIntent | null;
  key: ChannelKey;
}

/** What a press comes to: the controls' outcome, or a press on a retired message. */
type PressOutcome = ButtonOutcome | { kind: 'retired'; live: MessageRef };

/** Where the press came from. */
interface Press {
  i: IncomingInteraction;
  r: InteractionResponder;
  key: ChannelKey;
  deferred: boolean;
  /** On a player's private controller (an ephemeral message): that controller is redrawn, not the public message. */
  onController: boolean;
  pressedOn: string | null;
}

/** 🎮 from the one read of the game: the presser's controller, or why not. */
function controllerOutcome(current: Result<GameView>, id: ButtonId, locale: Locale): ButtonOutcome {
  if (!current.ok) return { kind: 'refused', text: failureText(current.error, locale), view: null, failure: current.error };
  if (gameTag(current.value.meta.createdAt) !== id.game) {
    return { kind: 'refused', text: failureText({ kind: 'old-game' }, locale), view: null, failure: { kind: 'old-game' } };
  }
  return { kind: 'controller', view: current.value };
}

/** The button handler. */
export function buttonHandler(deps: RouterDeps, metrics: Metrics, versions: VersionWatch): KindHandler<ParsedPress> {
  const log = deps.logger;

  async function work(p: ParsedPress, i: IncomingInteraction, intent: PressIntent, shared: boolean, pressedOn: string | null): Promise<PressOutcome> {
    // A retired game message stays retired: a press on it changes nothing and points to the live one. An action
    // checks this inside its compare-and-set (pressedMessage); the other buttons look first, with the one read.
    // 🖥️ needs no read: the Activity finds the channel's game itself, and a retired message has no buttons left.
    if (shared && intent.kind !== 'act' && intent.kind !== 'launch') {
      const current = await deps.games.view(p.key);
      const live = current.ok ? current.value.meta.message : null;
      if (live && pressedOn && isRetired(live, pressedOn)) return { kind: 'retired', live };
      if (intent.kind === 'controller') return controllerOutcome(current, p.id, lang(i));
    }
    const forget = (userId: string) => forgetUser({ settings: deps.settings, daily: deps.daily }, userId, lang(i));
    const ctx = { key: p.key, user: i.user, memberIsAdmin: isAdmin(i), locale: lang(i), games: deps.games, interactionId: i.id, forget, ...(deps.settings.prefs ? { prefs: deps.settings.prefs } : {}), ...(deps.replays ? { replays: deps.replays } : {}), ...(shared && pressedOn ? { pressedMessage: pressedOn } : {}) };
    return runPress(ctx, p.id, intent);
  }

  /** Draws `view` on the message that carries the button (the public message, or the presser's controller). */
  const draw = async (x: Press, view: GameView, picture = true): Promise<OutgoingMessage> => {
    await drawingTurn();
    if (x.onController) return controllerFor(deps, picture ? view : withoutPicture(view), x.i.user.id, x.i.locale);
    return gameMessage(gamePayload(picture ? view : withoutPicture(view), deps.now(), deps.links?.(view.key)));
  };

  /** An applied action (or a refusal that catches the message up): redrawn in place, with fallbacks that never lie. */
  async function showApplied(x: Press, view: GameView): Promise<void> {
    const full = await draw(x, view);
    const where = { interactionId: x.i.id, channelId: x.key.channelId };
    // Drawn without the picture only if the answer with it fails.
    const shown = await answerApplied(x.r, x.deferred ? 'edit-original' : 'update', full, () => draw(x, view, false), log, where, t(lang(x.i), 'reply.applied'));
    if (shown && x.onController) keepUpdated(deps, x.r, view, x.i.user.id, x.i.locale);
  }

  /** After an action shown on the shared message: record it, keep its token, and catch up if a newer one was answered. */
  async function afterShared(x: Press, view: GameView): Promise<void> {
    const stored = view.meta.message;
    const { pressedOn, key } = x;
    if (!pressedOn) return;
    // Recorded again when storage lost it, or when a marker of a post that never got recorded still names this one.
    const lost = isPendingMessage(stored) ? realMessage(stored)?.messageId === pressedOn : stored?.messageId !== pressedOn;
    if (lost) await deps.games.setMessage(key, { channelId: key.channelId, messageId: pressedOn });
    // A press on the shared message gives a token that can edit it for 15 minutes: later redraws use it.
    deps.messages.offerToken(key, editToken(x.i, pressedOn, deps.wallNow?.() ?? Date.now()));
    // Presses answered at once can reach Discord out of order: if a newer version was answered meanwhile, redraw the
    // newest state through the coalescer, so the message settles on it (no second read of the game here).
    if (versions.newest(key) > view.state.version) deps.messages.refreshSoon(key, 'catch-up');
  }

  async function onGame(x: Press, view: GameView, note?: string): Promise<void> {
    if (view.events.length > 0) metrics.turn();
    versions.answered(view.key, view.state.version);
    await showApplied(x, view);
    if (note) await notePrivately(x.r, privately(note), log, { interactionId: x.i.id });
    if (isPersonalDaily(view.key) && endedScoredDaily(view)) await postFinishedDaily(x, view);
    roundsResolved(deps, view, x.onController ? x.i.user.id : undefined);
    if (x.onController) return deps.messages.refreshSoon(x.key, 'controller');
    await afterShared(x, view).catch((err: unknown) => log.warn({ err, interactionId: x.i.id, channelId: x.key.channelId }, 'could not record the pressed game message'));
  }

  /** A player's own scored daily just ended: its share card and board, publicly (best effort: the run is recorded anyway). */
  async function postFinishedDaily(x: Press, view: GameView): Promise<void> {
    try {
      await x.r.followUp(await finishedDailyPost(deps.daily, view, x.i.user));
    } catch (err) {
      log.warn({ err, ...view.key }, 'could not post the finished daily run');
    }
  }

  async function answer(x: Press, outcome: PressOutcome): Promise<void> {
    const { r, deferred, key } = x;
    switch (outcome.kind) {
      case 'attachment':
        return void (await noteNow(r, deferred, { content: outcome.text, files: [outcome.file] }));
      case 'retired':
        return void (await noteNow(r, deferred, privately(retiredText(messageLink(key, outcome.live.channelId, outcome.live.messageId), lang(x.i)))));
      case 'controller': {
        // 🎮 on the public message: the presser's own controller, privately.
        const msg = await controllerFor(deps, outcome.view, x.i.user.id, x.i.locale);
        await noteNow(r, deferred, msg);
        if (!deferred) keepUpdated(deps, r, outcome.view, x.i.user.id, x.i.locale);
        return;
      }
      case 'post': {
        // ▶️ Play again: a new game message; the pressed one keeps its last map and summary, and loses its buttons.
        const replaces = !x.onController && x.pressedOn ? { channelId: key.channelId, messageId: x.pressedOn } : null;
        await postGameAnswer(deps, x.i, r, { view: outcome.view, replaces, deferred, fromButton: true });
        return;
      }
      case 'game':
        return onGame(x, outcome.view, outcome.note);
      case 'confirm':
        // The host's 🏳️: the question and its button, privately; the game message stays as it is.
        return void (await noteNow(r, deferred, { ...privately(outcome.text), components: toApiRows(outcome.buttons) }));
      case 'refused':
        return onRefused(x, outcome);
      case 'note':
        return void (await noteNow(r, deferred, privately(outcome.text)));
      case 'launch':
        // LAUNCH_ACTIVITY (type 12) can only be the first answer; the press never waits long enough to be deferred.
        return deferred ? void (await noteNow(r, deferred, privately(t(lang(x.i), 'reply.launch-again')))) : r.launchActivity();
    }
  }

  /** A refusal: the message catches up first when it showed an older turn, then the reason, by whichever path works. */
  async function onRefused(x: Press, outcome: Extract<ButtonOutcome, { kind: 'refused' }>): Promise<void> {
    if (outcome.failure) logFailure(deps, metrics, outcome.failure, x.i);
    if (outcome.view) {
      const msg = await draw(x, outcome.view);
      await (x.deferred ? x.r.editOriginal(msg) : x.r.update(msg)).catch((err: unknown) => log.warn({ err, interactionId: x.i.id }, 'could not redraw a refused press'));
    }
    await notePrivately(x.r, privately(outcome.text), log, { interactionId: x.i.id });
  }

  return {
    async parse(i) {
      const decoded = decodeButtonId(i.customId ?? '');
      const key = interactionKey(i);
      if (!decoded.ok || !key) return { ok: false, text: t(lang(i), 'reply.foreign-button') };
      const intent = pressIntent(decoded.value);
      if (intent && !(await deps.rateLimiter.take(i.user.id, i.id))) return { ok: false, text: t(lang(i), 'reply.rate-limit') };
      return { ok: true, value: { id: decoded.value, intent, key } };
    },
    async run(parsed, i, r) {
      // A d-pad spacer (Discord never sends a press of a disabled button, but answer anyway).
      const intent = parsed.intent;
      if (!intent) return r.deferUpdate();
      const pressedOn = i.message?.id ?? null;
      // A press on an ephemeral message: the presser's own daily (its private game message or another private message
      // of it), or a private controller of the channel's game, which is redrawn instead of the game message.
      const target = i.message?.ephemeral ? await pressTarget(deps.games, parsed.key, i.user.id, i.customId ?? '', pressedOn) : { key: parsed.key, onGameMessage: false };
      const p = { ...parsed, key: target.key };
      const onController = (i.message?.ephemeral ?? false) && !target.onGameMessage;
      const shared = !onController && pressedOn !== null;
      // 🎞️ is deferred at once (type 6: the game message stays as it is) while the replay is drawn.
      const { value, deferred } = await withDeferral(work(p, i, intent, shared, pressedOn), intent.kind === 'replay' ? 0 : (deps.deferAfterMs ?? 1500), () => r.deferUpdate());
      await answer({ i, r, key: p.key, deferred, onController, pressedOn }, value);
    },
  };
}
