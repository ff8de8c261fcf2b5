/** The whose-turn ping: a round that waited pingSeconds for some members pings just them, once per round. */
import { pingAt, waitingIds } from './host.js';
import type { StoredGame } from './service-types.js';

/** The game marked as pinged for this round and the ids to ping, when a ping is due at `now`; null otherwise. */
export function duePing(game: StoredGame, now: number): { pinged: StoredGame; ids: string[] } | null {
  const ping = pingAt(game.state, game.meta);
  const deadline = game.meta.roundDeadline;
  if (ping === null || ping > now || game.state.status !== 'playing' || deadline === null || deadline <= now) return null;
  return { pinged: { state: game.state, meta: { ...game.meta, pingedTurn: game.state.turn, updatedAt: now } }, ids: waitingIds(game.state, game.meta) };
}
