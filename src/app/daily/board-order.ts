/** The one board order every store keeps: higher score first, then the earlier finish, then the user id. Pure. */
import type { BoardEntry } from './ports.js';

/** Seconds of finish time the order can tell apart: a tie in score is broken by the finish second (2^32 s reach 2106). */
const TIME_SPAN = 2 ** 32;

/**
 * One number that sorts entries in board order when sorted from high to low: the score, then the earlier finish (to
 * the second). Exact in a double (a Redis sorted-set score) for scores below 2^21.
 */
export function boardScore(entry: Pick<BoardEntry, 'score' | 'finishedAt'>): number {
  const seconds = Math.min(TIME_SPAN - 1, Math.max(0, Math.floor(entry.finishedAt / 1000)));
  return entry.score * TIME_SPAN + (TIME_SPAN - 1 - seconds);
}

/** Board order for arrays: by boardScore, high first; equal ones by user id (as Redis orders equal scores, reversed). */
export function compareEntries(a: Pick<BoardEntry, 'score' | 'finishedAt' | 'userId'>, b: Pick<BoardEntry, 'score' | 'finishedAt' | 'userId'>): number {
  return boardScore(b) - boardScore(a) || (a.userId < b.userId ? 1 : a.userId > b.userId ? -1 : 0);
}
