/**
 * When a game nobody plays ends by itself, and when its channel's entry in the round queue (the RoundScheduler port)
 * must wake a process: at the round deadline or at the idle end, whichever comes first.
 */
import type { GameMeta, StoredGame } from './service-types.js';
import { DEFAULT_SETTINGS } from './settings.js';
import { pingAt } from './host.js';

const HOUR_MS = 3_600_000;

/** Epoch ms at which a game with no player action since its last one ends by itself. */
export function idleEndsAt(meta: GameMeta): number {
  return (meta.lastActionAt ?? meta.updatedAt) + (meta.idleEndHours ?? DEFAULT_SETTINGS.idleEndHours) * HOUR_MS;
}

/** The channel's next wake-up: the round deadline, its whose-turn ping or the idle end, whichever is first; null once the game is over. */
export function wakeAt(game: StoredGame): number | null {
  if (game.state.status !== 'playing') return null;
  const idle = idleEndsAt(game.meta);
  // A lobby wakes its channel when it starts by itself.
  if (game.meta.lobbyUntil !== undefined) return Math.min(game.meta.lobbyUntil, idle);
  const ping = pingAt(game.state, game.meta);
  return game.meta.roundDeadline === null ? idle : Math.min(game.meta.roundDeadline, idle, ping ?? Infinity);
}

/**
 * The wake-up the queue holds for a game as saved, as far as the service knows: a free-mode game saved before the idle
 * end existed (no lastActionAt) has no entry, so its first save must schedule one.
 */
export function queuedWake(game: StoredGame): number | null {
  if (game.meta.lastActionAt === undefined) return game.state.status === 'playing' ? game.meta.roundDeadline : null;
  return wakeAt(game);
}
