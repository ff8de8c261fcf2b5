/** Removing a player: the host's (or an admin's) kick, the party's vote against an idle member, and the idle marks behind it. */
import { resolveRound, roundsNow, step } from '../engine/index.js';
import type { Action, GameEvent, GameState } from '../engine/types.js';
import { idleIds, isHost, kickVotesNeeded, namesMsg, namesOf, waitingOnlyOnIdle } from './host.js';
import { rejection, type Plan } from './plan.js';
import type { GameMeta, ServiceFailure, StoredGame, UserRef } from './service-types.js';
import { invalid } from './invalid.js';
import { msg, type LogMsg } from '../render/log-message.js';

/** What a kick did: removed, or a vote recorded with its tally. */
export interface KickOutcome {
  removed: boolean;
  votes: number;
  needed: number;
}

/** The plan of `by` removing `target` (host or admin), or voting against an idle `target`, and what it does. */
export function kickPlan(game: StoredGame, by: UserRef, target: UserRef, isAdmin: boolean): { plan: Plan | ServiceFailure; outcome: KickOutcome } {
  const none: KickOutcome = { removed: false, votes: 0, needed: 0 };
  const s = game.state;
  if (s.status === 'over') return { plan: rejection('game-over', s.config.maxPlayers), outcome: none };
  const victim = s.players.find((p) => p.id === target.id);
  if (!victim) return { plan: invalid('kick.not-in-party', { name: target.name }), outcome: none };
  const remove = (line: LogMsg): { plan: Plan | ServiceFailure; outcome: KickOutcome } => {
    const action: Action = { type: 'leave', user: target.id };
    const r = step(s, action);
    if (!r.ok) return { plan: rejection(r.code, s.config.maxPlayers), outcome: none };
    const { [target.id]: _dropped, ...kickVotes } = game.meta.kickVotes ?? {};
    return { plan: { actions: [action], state: r.state, events: r.events, meta: { kickVotes }, logLines: [line] }, outcome: { removed: true, votes: 0, needed: 0 } };
  };
  if (target.id === by.id) return { plan: invalid('kick.self'), outcome: none };
  const host = isHost(s, game.meta, by.id);
  if (isAdmin || host) return remove(msg(host ? 'kick.removed.host' : 'kick.removed.admin', { name: victim.name }));
  const voter = s.players.find((p) => p.id === by.id);
  if (!voter) return { plan: { kind: 'not-a-player' }, outcome: none };
  if (!voter.alive) return { plan: { kind: 'forbidden', need: 'the living members of the party' }, outcome: none };
  if (!idleIds(s, game.meta).includes(target.id)) {
    return { plan: invalid('kick.not-idle', { name: victim.name }), outcome: none };
  }
  const votes = [...new Set([...(game.meta.kickVotes?.[target.id] ?? []), by.id])];
  const needed = kickVotesNeeded(s, target.id);
  if (votes.length >= needed) return remove(msg('kick.voted-out', { name: victim.name, names: namesMsg(namesOf(s, votes)) }));
  return { plan: { actions: [], state: s, events: [], meta: { kickVotes: { ...game.meta.kickVotes, [target.id]: votes } } }, outcome: { removed: false, votes: votes.length, needed } };
}

/**
 * After an action: when the round now waits only on members marked idle, it is resolved at once (a second engine step
 * in the same save), so idle members are skipped until they act again.
 */
export function skipIdle(meta: GameMeta, plan: Plan, actor: string): Plan {
  // The actor's own action clears their idle mark in this save, before the check.
  const fresh: GameMeta = { ...meta, passedRounds: { ...meta.passedRounds, [actor]: 0 } };
  if (!roundsNow(plan.state) || !waitingOnlyOnIdle(plan.state, fresh)) return plan;
  const r = resolveRound(plan.state);
  if (!r.ok) return plan;
  return { actions: [...plan.actions, { type: 'resolve-round' }], state: r.state, events: [...plan.events, ...r.events] };
}

/** Kick votes after `actions`: none against a member who acted or left, none from a member no longer living in the party. */
export function liveKickVotes(prev: Readonly<Record<string, string[]>>, actions: readonly Action[], state: GameState): Record<string, string[]> {
  const acted = new Set(actions.flatMap((a) => ('user' in a ? [a.user] : [])));
  const living = new Set(state.players.filter((p) => p.alive).map((p) => p.id));
  const out: Record<string, string[]> = {};
  for (const [target, voters] of Object.entries(prev)) {
    if (acted.has(target) || !state.players.some((p) => p.id === target)) continue;
    const still = voters.filter((v) => living.has(v));
    if (still.length > 0) out[target] = still;
  }
  return out;
}

/**
 * Rounds each member let pass in a row after `actions`: a round that ended without their action adds one, any action
 * of theirs starts again from 0 (see IDLE_PLAYER_ROUNDS).
 */
export function recordPassed(prev: Readonly<Record<string, number>>, actions: readonly Action[], events: readonly GameEvent[], state: GameState): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of state.players) if ((prev[p.id] ?? 0) > 0) out[p.id] = prev[p.id]!;
  for (const a of actions) if ('user' in a) delete out[a.user];
  for (const e of events) if (e.type === 'round-ended') for (const id of e.passed) if (state.players.some((p) => p.id === id)) out[id] = (out[id] ?? 0) + 1;
  return out;
}
