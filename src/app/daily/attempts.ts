/**
 * The scored attempt's claim, before its game is created. One key per user and day holds a token and a status
 * (AttemptClaim). The claimer creates the game with the token in its meta, then confirms the claim. A claimer that
 * crashed between claim and creation leaves a pending claim whose game does not exist: a later `/rogue daily` of that
 * user takes it over by compare-and-set once it is PENDING_CLAIM_MS old. A slow claimer that creates its game after
 * a takeover only makes a game with a stale token, which the board's fence (DailyAttemptStore.fence) refuses.
 */
import type { GameStore, Logger } from '../ports.js';
import type { ChannelKey } from '../service-types.js';
import { DAY_MS } from './day.js';
import type { AttemptClaim, DailyAttemptStore } from './ports.js';

/** A pending claim younger than this is a creation under way: it is left alone. Creation takes well under a second. */
export const PENDING_CLAIM_MS = 30_000;
/** A claim is kept this long, so the fence still holds when a long scored run ends (a run must end within it). */
export const ATTEMPT_TTL_MS = 30 * DAY_MS;

/** What the claim needs. */
export interface ClaimDeps {
  attempts: DailyAttemptStore;
  /** Read only: whether the game of a pending claim exists and carries its token. */
  gameStore: GameStore;
  logger: Logger;
}

/** What claiming got: the token to create the game with, or that the attempt is used, or still being started. */
export type Claimed = { token: string } | { taken: 'used' | 'starting' };

/** Claims the user's scored attempt of `day` for a game in `where`. */
export async function claimAttempt(deps: ClaimDeps, userId: string, day: number, where: ChannelKey, now: number): Promise<Claimed> {
  const got = await deps.attempts.claim(userId, day, where, now, ATTEMPT_TTL_MS);
  if (got.won) return { token: got.token };
  if (got.held.status === 'pending' && now - got.held.at < PENDING_CLAIM_MS) return { taken: 'starting' };
  const token = await takeOverStale(deps, userId, day, got.held, where, now);
  return token === null ? { taken: 'used' } : { token };
}

/** A pending claim old enough whose game does not carry its token is taken over; one whose game does is confirmed. */
async function takeOverStale(deps: ClaimDeps, userId: string, day: number, held: AttemptClaim, where: ChannelKey, now: number): Promise<string | null> {
  if (held.status !== 'pending') return null;
  const heldKey = { guildId: held.guildId, channelId: held.channelId };
  const loaded = await deps.gameStore.load(heldKey);
  if (loaded.kind === 'found' && loaded.game.meta.daily?.token === held.token) {
    // Its game was created and only the confirmation was lost: the attempt is used.
    await deps.attempts.confirm(userId, day, held.token);
    return null;
  }
  const token = await deps.attempts.takeOver(userId, day, held.token, where, now, ATTEMPT_TTL_MS);
  if (token !== null) deps.logger.info('daily attempt claim taken over: its game was never created', { userId, day, from: heldKey.channelId, ageMs: now - held.at });
  return token;
}
