/**
 * Pressing one of our buttons: the decoded custom id goes straight to the service call it stands for (a move is
 * `{ type: 'move', dir }` from the id's direction, with no detour through a pretend /rogue command). The router
 * answers the outcome on Discord and the terminal player prints it, so both refuse old, stale and finished-game
 * presses in exactly the same words.
 */
import type { ReplayServiceApi } from '../../src/app/replay-service.js';
import type { ChannelKey, GameServiceApi, GameView, ServiceFailure, UserPrefsServiceApi, UserRef } from '../../src/app/service-types.js';
import { DEFAULT_LOCALE, t, type Locale } from '../../src/i18n/index.js';
import { firstGameNote } from './first-note.js';
import { failureText } from '../replies.js';
import { endOrVote } from '../rogue.js';
import { HELP_VERBS, MEMBER_VERBS, VERB_TABLE, type PressIntent } from './buttons.js';
import { helpButtons, helpTopicText } from '../help.js';
import { gameCreatedAt, gameTag, type ButtonId } from './custom-id.js';
import { verbButton, type ButtonSpec } from './layouts.js';
import { isHost } from '../../src/app/host.js';
import { kickPress } from './kick.js';
import type { Reply } from '../types.js';

/**
 * The outcome of a press: `game` shows the view on the message the button sits on (with an optional private
 * `note`); `controller` opens the presser's own controller; `post` posts a new game message; `refused` says `text` privately, after first redrawing
 * that message with `view` when it is set (a stale or finished game's message catches up).
 */
export type ButtonOutcome =
  /** `note`: said privately after the redraw (an end vote's tally). */
  | { kind: 'game'; view: GameView; note?: string }
  | { kind: 'controller'; view: GameView }
  /** A new game message is posted with `view` (▶️ Play again); the pressed one keeps its final map and summary. */
  | { kind: 'post'; view: GameView }
  /** 🎞️ Replay: a new public message with the replay GIF. */
  | { kind: 'attachment'; text: string; file: { name: string; data: Uint8Array; description: string } }
  | { kind: 'refused'; text: string; view: GameView | null; failure: ServiceFailure | null }
  /** A question answered privately with its buttons (the host's 🏳️: "End the run for everyone?"). */
  | { kind: 'confirm'; text: string; buttons: ButtonSpec[][] }
  /** Done, said privately; the message the button sits on stays as it is (/rogue forget's confirmation). */
  | { kind: 'note'; text: string }
  /** 🖥️: open the full view (Discord answers with LAUNCH_ACTIVITY); the message stays as it is. */
  | { kind: 'launch' };

/** What the host's (or an admin's) 🏳️ asks before ending the run for everyone. */
export const CONFIRM_END_TEXT = t(DEFAULT_LOCALE, 'reply.end.confirm');
/** Said privately after the confirmed end. */
export const ENDED_TEXT = t(DEFAULT_LOCALE, 'reply.end.done');

/** Who pressed, where, and the service to run the press with. */
export interface PressContext {
  key: ChannelKey;
  user: UserRef;
  memberIsAdmin: boolean;
  games: GameServiceApi;
  /** Replays of finished runs (absent where not wired). */
  replays?: ReplayServiceApi;
  /** The interaction that carried the press (absent in the terminal): delivered twice, it is applied once. */
  interactionId?: string;
  /** The shared game message the button sits on (absent for a private controller and in the terminal). */
  pressedMessage?: string;
  /** The presser's language: refusals are worded in it (English when absent). */
  locale?: Locale;
  /** The presser's preferences: the first game's one-time note on the icon buttons is remembered there (first-note.ts). */
  prefs?: UserPrefsServiceApi;
  /** Deletes the presser's history and preferences (/rogue forget's button); absent where not wired. */
  forget?: (userId: string) => Promise<Reply>;
}

/** What a decoded button asks for; null for a d-pad spacer (nothing to do). */
export function pressIntent(id: ButtonId): PressIntent | null {
  switch (id.verb) {
    case 'mv':
      return { kind: 'act', action: { type: 'move', dir: id.dir } };
    case 'nop':
      return null;
    case 'it':
      return { kind: 'act', action: { type: 'use', item: id.item } };
    case 'kp':
    case 'kok':
      return MEMBER_VERBS[id.verb].intent(id.user);
    default:
      return VERB_TABLE[id.verb].intent;
  }
}

const refused = (text: string, view: GameView | null, failure: ServiceFailure | null = null): ButtonOutcome => ({ kind: 'refused', text, view, failure });

/** Refusals after which the message that carried the button is redrawn: it shows an older turn, or a game still running. */
function redraws(error: ServiceFailure): boolean {
  return error.kind === 'stale' || (error.kind === 'rejected' && error.code === 'game-over');
}

/** Refusals of a d-pad press that depend on where the presser stands: the shared pad shows what anyone could do. */
const WHERE_YOU_STAND: ReadonlySet<string> = new Set(['wall', 'occupied-by-ally', 'diagonal-not-allowed', 'monster-in-view']);

/** Said after such a refusal on the shared game message: its pad is the party's, 🎮 gives the presser their own. */
export const SHARED_PAD_TEXT = t(DEFAULT_LOCALE, 'reply.shared-pad');

/** The help topic buttons (no game: version 0, game tag of 0). */
export function helpRows(): ButtonSpec[][] {
  return helpButtons((topic) => verbButton(HELP_VERBS[topic], 0, gameTag(0)));
}

/** The refusal in the presser's own terms, pointing to 🎮 when a shared-pad move was not theirs to make. */
function refusalText(error: ServiceFailure, intent: PressIntent, shared: boolean, locale?: Locale): string {
  const text = failureText(error, locale);
  return shared && intent.kind === 'act' && error.kind === 'rejected' && WHERE_YOU_STAND.has(error.code) ? `${text} ${t(locale ?? DEFAULT_LOCALE, 'reply.shared-pad')}` : text;
}

/**
 * Runs a press of an action button (not a spacer) against the channel's current game. An action is one act() call,
 * which checks the button's game and version inside the compare-and-set; only a refusal that redraws loads the game
 * again.
 */
export async function runPress(ctx: PressContext, id: ButtonId, intent: PressIntent): Promise<ButtonOutcome> {
  const expectedGame = gameCreatedAt(id.game);
  const ix = ctx.interactionId !== undefined ? { interactionId: ctx.interactionId } : {};
  let result;
  switch (intent.kind) {
    case 'act':
      result = await ctx.games.act(ctx.key, ctx.user, intent.action, { seenVersion: id.version, expectedGame, ...ix, ...(ctx.pressedMessage !== undefined ? { pressedMessage: ctx.pressedMessage } : {}) });
      break;
    case 'join':
      result = await ctx.games.join(ctx.key, ctx.user, ix);
      break;
    case 'leave':
      result = await ctx.games.leave(ctx.key, ctx.user, ix);
      break;
    case 'start':
      result = await ctx.games.start(ctx.key, ctx.user, ctx.memberIsAdmin, ix);
      break;
    case 'again': {
      const started = await ctx.games.playAgain(ctx.key, ctx.user, expectedGame);
      if (started.ok) return { kind: 'post', view: started.value };
      result = started;
      break;
    }
    case 'controller': {
      const shown = await ctx.games.view(ctx.key);
      if (shown.ok && gameTag(shown.value.meta.createdAt) !== id.game) return refused(failureText({ kind: 'old-game' }, ctx.locale), null, { kind: 'old-game' });
      return shown.ok ? { kind: 'controller', view: shown.value } : refused(failureText(shown.error, ctx.locale), null, shown.error);
    }
    case 'replay': {
      const shown = await ctx.games.view(ctx.key);
      if (shown.ok && gameTag(shown.value.meta.createdAt) !== id.game) return refused(failureText({ kind: 'old-game' }, ctx.locale), null, { kind: 'old-game' });
      if (!ctx.replays) return refused(t(ctx.locale ?? DEFAULT_LOCALE, 'reply.replays-off'), null);
      const clip = await ctx.replays.replay(ctx.key);
      return clip.ok ? { kind: 'attachment', text: clip.value.caption, file: clip.value.file } : refused(failureText(clip.error, ctx.locale), null, clip.error);
    }
    case 'kick':
      return kickPress(ctx, id, intent);
    case 'help':
      return { kind: 'confirm', text: helpTopicText(intent.topic, ctx.locale), buttons: helpRows() };
    case 'launch':
      // The Activity finds the channel's game itself (the activity instance names the channel): nothing to read here.
      return { kind: 'launch' };
    case 'forget': {
      const done = ctx.forget ? await ctx.forget(ctx.user.id) : null;
      if (!done) return refused(t(ctx.locale ?? DEFAULT_LOCALE, 'reply.forget-off'), null);
      if (done.kind === 'failure') return refused(failureText(done.error, ctx.locale), null, done.error);
      return { kind: 'note', text: done.kind === 'text' ? done.text : '' };
    }
    case 'end': {
      // The host's or an admin's 🏳️ ends the run for everyone: one more tap, privately, to be sure.
      if (intent.confirmed !== true) {
        const shown = await ctx.games.view(ctx.key);
        if (shown.ok && gameTag(shown.value.meta.createdAt) === id.game && shown.value.state.status === 'playing' && (ctx.memberIsAdmin || isHost(shown.value.state, shown.value.meta, ctx.user.id))) {
          return { kind: 'confirm', text: t(ctx.locale ?? DEFAULT_LOCALE, 'reply.end.confirm'), buttons: [[verbButton('endok', shown.value.state.version, id.game)]] };
        }
      }
      const ended = await endOrVote(ctx.games, ctx.key, ctx.user, ctx.memberIsAdmin, expectedGame, ctx.interactionId, ctx.locale);
      // The game's own message shows an ending; a vote that has not ended it yet is told privately with its tally.
      if (ended.ok) return ended.value.voted || intent.confirmed === true ? { kind: 'game', view: ended.value.view, note: ended.value.voted ? ended.value.note : t(ctx.locale ?? DEFAULT_LOCALE, 'reply.end.done') } : { kind: 'game', view: ended.value.view };
      result = ended;
      break;
    }
  }
  if (result.ok) {
    // A player's first press in their first game: what each icon button does, privately, once.
    const note = await firstGameNote(ctx.prefs, ctx.user.id, result.value, ctx.locale ?? DEFAULT_LOCALE, intent.kind === 'join');
    return note ? { kind: 'game', view: result.value, note } : { kind: 'game', view: result.value };
  }
  if (!redraws(result.error)) return refused(refusalText(result.error, intent, ctx.pressedMessage !== undefined, ctx.locale), null, result.error);
  // Show the current turn (or the final screen) on the message that carried the button, then say why nothing
  // happened; never another game's picture, should the channel's game have been replaced meanwhile.
  const fresh = await ctx.games.view(ctx.key);
  const same = fresh.ok && gameTag(fresh.value.meta.createdAt) === id.game;
  return refused(failureText(result.error, ctx.locale), same ? fresh.value : null, result.error);
}
