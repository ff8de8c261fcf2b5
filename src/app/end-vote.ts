/** The party's vote to end a game: who may vote, how many votes end it, and the tally a button shows. */
import type { GameState } from '../engine/types.js';
import type { EndVoteTally, GameMeta } from './service-types.js';

/** Ids of the players still alive, in party order: the voters. */
export function livingIds(state: GameState): string[] {
  return state.players.filter((p) => p.alive).map((p) => p.id);
}

/** Votes that end a game of `living` players: more than half. */
export function votesNeeded(living: number): number {
  return Math.floor(living / 2) + 1;
}

/** The current tally of a game's end vote (votes of players no longer alive do not count). */
export function endTally(state: GameState, meta: GameMeta): EndVoteTally {
  const living = livingIds(state);
  const votes = (meta.endVotes ?? []).filter((id) => living.includes(id)).length;
  return { votes, needed: votesNeeded(living.length), living: living.length, ended: state.status === 'over' };
}

/** The votes after `voter` votes (each living player counts once). */
export function withVote(state: GameState, meta: GameMeta, voter: string): string[] {
  const living = livingIds(state);
  return [...new Set([...(meta.endVotes ?? []), voter])].filter((id) => living.includes(id));
}

/** True when the living party is no longer the one that voted (someone joined, left or died): the vote starts over. */
export function partyChanged(before: GameState, after: GameState): boolean {
  const a = livingIds(before);
  const b = livingIds(after);
  return a.length !== b.length || a.some((id, i) => id !== b[i]);
}
