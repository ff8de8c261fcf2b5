/** What one write of the game service plans, and the helpers the service and its parts (lobby, kick, ping) share. */
import { step } from '../engine/index.js';
import type { Action, GameEvent, GameState, RejectionCode } from '../engine/types.js';
import type { ChannelKey, GameMeta, GameView, MessageRef, Result, ServiceFailure, StoredGame } from './service-types.js';
import type { LogLine } from '../render/log-message.js';
import { invalid } from './invalid.js';

/** What one attempt wants to write: the actions it stepped (possibly none), the resulting state and meta, its events. */
export interface Plan {
  actions: Action[];
  state: GameState;
  events: GameEvent[];
  message?: MessageRef | null;
  /** Meta fields this write sets besides the bookkeeping of nextMeta (an end vote, why the game ended). */
  meta?: Partial<GameMeta>;
  /** Lines for the rolling log besides the events' own (who removed whom). */
  logLines?: LogLine[];
}

/** A successful result. */
export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
/** A failed result. */
export const fail = <T>(error: ServiceFailure): Result<T> => ({ ok: false, error });
/** True when a plan function refused. */
export const isFailure = (x: Plan | ServiceFailure | GameView): x is ServiceFailure => 'kind' in x;

/** Engine refusals that the Discord layer words differently get their own failure kind. */
export function rejection(code: RejectionCode, maxPlayers: number): ServiceFailure {
  if (code === 'not-in-game') return { kind: 'not-a-player' };
  if (code === 'game-full') return { kind: 'game-full', max: maxPlayers };
  return { kind: 'rejected', code };
}

/**
 * Ending a game = every player leaves, as engine actions, so the log still replays to the saved state; the engine ends
 * a game whose last player left as 'abandoned' and keeps the players who left, so its summary credits everyone's kills.
 */
export function endPlan(start: GameState): Plan | ServiceFailure {
  let state = start;
  const actions: Action[] = [];
  const events: GameEvent[] = [];
  // The fallen leave first: were the living to go first, the fallen left behind would lose the game (a defeat, then
  // a refused leave) instead of ending it.
  for (const p of [...start.players.filter((q) => !q.alive), ...start.players.filter((q) => q.alive)]) {
    const action: Action = { type: 'leave', user: p.id };
    const r = step(state, action);
    if (!r.ok) return rejection(r.code, state.config.maxPlayers);
    actions.push(action);
    events.push(...r.events);
    state = r.state;
  }
  if (state.status !== 'over') return invalid('invalid.not-ended');
  return { actions, state, events };
}

/** The view of a stored game with the events of the write that made it. */
export function view(key: ChannelKey, game: StoredGame, events: GameEvent[]): GameView {
  return { key, state: game.state, meta: game.meta, events };
}
