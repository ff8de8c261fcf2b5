/** The party's vote to end a game: who may vote, how many votes end it, and the tally a button shows. */
import type { GameState } from '../engine/types.js';
import type { EndVoteTally, GameMeta } from './service-types.js';

/** Ids of the party's living members, in party order: the voters (the fallen watch). */
export function voterIds(state: GameState): string[] {
  return state.players.filter((p) => p.alive).map((p) => p.id);
}

/** The votes that still count in `state`: those of living members still in the party (a join keeps the vote open). */
export function livingVotes(state: GameState, votes: readonly string[]): string[] {
  const voters = voterIds(state);
  return votes.filter((id) => voters.includes(id));
}

/** Votes that end a game of `voters` party members: more than half. */
export function votesNeeded(voters: number): number {
  return Math.floor(voters / 2) + 1;
}

/** The current tally of a game's end vote (votes of players who left or fell do not count); `living` counts the voters. */
export function endTally(state: GameState, meta: GameMeta): EndVoteTally {
  const voters = voterIds(state);
  const votes = (meta.endVotes ?? []).filter((id) => voters.includes(id)).length;
  return { votes, needed: votesNeeded(voters.length), living: voters.length, ended: state.status === 'over' };
}

/** The votes after `voter` votes (each party member counts once). */
export function withVote(state: GameState, meta: GameMeta, voter: string): string[] {
  const voters = voterIds(state);
  return [...new Set([...(meta.endVotes ?? []), voter])].filter((id) => voters.includes(id));
}
