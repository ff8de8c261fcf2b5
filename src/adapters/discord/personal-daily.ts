/**
 * A player's own daily, played in their private (ephemeral) view: any number of players play today's daily at once in
 * one channel, each their own run, beside the channel's game, and the same works in DMs and group DMs because every
 * message of it is created and edited through interactions. Its buttons sit on ephemeral messages, as controllers'
 * do; a press belongs to the player's daily when its game tag is that game's. When a scored run ends, its share card
 * and the board it counts on are posted publicly (in a DM, that is the reply).
 */
import { gameCreatedAt, decodeButtonId } from '../../../commands/controls/custom-id.js';
import { boardText } from '../../../commands/daily-replies.js';
import type { DailyServiceApi } from '../../app/daily/daily-service.js';
import { dailyLine } from '../../app/daily/cards.js';
import { boardGuildOf, personalDailyKey } from '../../app/scope.js';
import type { ChannelKey, GameServiceApi, GameView, UserRef } from '../../app/service-types.js';
import { textPayload } from './presenter.js';
import type { OutgoingMessage } from './types.js';

/**
 * What a press on an ephemeral message acts on: the presser's own daily when the button is that game's (then
 * `onGameMessage` tells its private game message from its other private messages), else the channel's game.
 */
export async function pressTarget(games: Pick<GameServiceApi, 'view'>, key: ChannelKey, userId: string, customId: string, messageId: string | null): Promise<{ key: ChannelKey; onGameMessage: boolean }> {
  const decoded = decodeButtonId(customId);
  if (!decoded.ok) return { key, onGameMessage: false };
  const own = personalDailyKey(key, userId);
  const view = await games.view(own);
  if (!view.ok || view.value.meta.createdAt !== gameCreatedAt(decoded.value.game)) return { key, onGameMessage: false };
  return { key: own, onGameMessage: messageId !== null && view.value.meta.message?.messageId === messageId };
}

/** True when `view` is the step that ended a scored daily run (its share card and board go public once). */
export function endedScoredDaily(view: GameView): boolean {
  return view.meta.daily?.scored === true && view.state.status === 'over' && view.events.length > 0;
}

/** The public post of a finished scored daily: its share card, then the board it counts on (the server's, or the global one). */
export async function finishedDailyPost(daily: DailyServiceApi | undefined, view: GameView, user: UserRef): Promise<OutgoingMessage> {
  const card = dailyLine(view);
  const server = boardGuildOf(view.key);
  const board = daily ? await daily.board(server ?? view.key.guildId, user, { scope: server ? 'server' : 'global' }) : null;
  const text = board?.ok ? `${card}\n\n${boardText(board.value, view.meta.locale)}` : card;
  return { ...textPayload(text), allowedMentions: { parse: [] } };
}
