/**
 * What pressing one of our buttons comes to, with no Discord type in sight: the router answers it on Discord and
 * the terminal player prints it, so both refuse old, stale and finished-game presses in exactly the same words.
 */
import type { CommandModule, Invocation } from '../../../commands/types.js';
import { DIRECTION_TO_WORD } from '../../../commands/rogue.js';
import { failureText } from '../../../commands/replies.js';
import type { ChannelKey, GameServiceApi, GameView, ServiceFailure, SettingsServiceApi, UserRef } from '../../app/service-types.js';
import { gameCreatedAt, gameTag, type ButtonId, type SimpleVerb } from './custom-id.js';

/**
 * The outcome of a press: `game` shows the view on the message the button sits on; `refused` says `text` privately,
 * after first redrawing that message with `view` when it is set (a stale or finished game's message catches up).
 */
export type ButtonOutcome = { kind: 'game'; view: GameView } | { kind: 'controller'; view: GameView } | { kind: 'refused'; text: string; view: GameView | null; failure: ServiceFailure | null };

/** Who pressed, where, and the services to run the press with. */
export interface PressContext {
  key: ChannelKey;
  user: UserRef;
  memberIsAdmin: boolean;
  games: GameServiceApi;
  settings: SettingsServiceApi;
  commands: readonly CommandModule[];
}

/** The button -> invocation table (buttons run through the same command module as /rogue); null for a d-pad spacer. */
export function buttonInvocation(id: ButtonId): Invocation | null {
  switch (id.verb) {
    case 'mv':
      return { command: 'rogue', group: null, subcommand: 'move', options: { direction: DIRECTION_TO_WORD[id.dir] } };
    case 'nop':
      return null;
    default:
      return { command: 'rogue', group: null, subcommand: SIMPLE_SUBCOMMAND[id.verb], options: {} };
  }
}

/** The /rogue subcommand each argument-less button runs. */
const SIMPLE_SUBCOMMAND: Record<SimpleVerb, string> = { wait: 'wait', desc: 'descend', use: 'use', exp: 'explore', trv: 'travel', rest: 'rest', end: 'end', again: 'again', join: 'join', me: 'me' };

const refused = (text: string, view: GameView | null, failure: ServiceFailure | null = null): ButtonOutcome => ({ kind: 'refused', text, view, failure });

/** Refusals after which the message that carried the button is redrawn: it shows an older turn, or a game still running. */
function redraws(error: ServiceFailure): boolean {
  return error.kind === 'stale' || (error.kind === 'rejected' && error.code === 'game-over');
}

/**
 * Runs a decoded press of an action button (not a spacer) against the channel's current game: one act() call, which
 * checks the button's game and version inside the compare-and-set. Only a refusal that redraws loads the game again.
 */
export async function pressButton(ctx: PressContext, id: ButtonId, invocation: Invocation): Promise<ButtonOutcome> {
  const rogue = ctx.commands.find((c) => c.data.name === invocation.command);
  if (!rogue) throw new Error(`the ${invocation.command} command module is missing`);
  const reply = await rogue.run({
    ...invocation,
    user: ctx.user,
    guildId: ctx.key.guildId,
    channelId: ctx.key.channelId,
    memberIsAdmin: ctx.memberIsAdmin,
    seenVersion: id.version,
    seenGame: gameCreatedAt(id.game),
    games: ctx.games,
    settings: ctx.settings,
  });
  switch (reply.kind) {
    case 'game':
      return { kind: 'game', view: reply.view };
    case 'controller':
      return { kind: 'controller', view: reply.view };
    case 'text':
      return refused(reply.text, null);
    case 'failure': {
      if (!redraws(reply.error)) return refused(failureText(reply.error), null, reply.error);
      // Show the current turn (or the final screen) on the message that carried the button, then say why nothing
      // happened; never another game's picture, should the channel's game have been replaced meanwhile.
      const fresh = await ctx.games.view(ctx.key);
      const same = fresh.ok && gameTag(fresh.value.meta.createdAt) === id.game;
      return refused(failureText(reply.error), same ? fresh.value : null, reply.error);
    }
  }
}
