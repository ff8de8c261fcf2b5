/**
 * What one channel may keep in storage, whatever the length of its game. Both stores (Redis and its in-memory twin)
 * hold to these bounds.
 *
 * The action log: when an append takes it past LOG_MAX_ACTIONS, the game's current state becomes the log's
 * checkpoint (stored beside the game, with the version it was taken at) and the log restarts empty. A long game is
 * replayed from the checkpoint plus the log since (`readLog(key, checkpointVersion)`); a game that never reached the
 * bound (every daily run does: a run's turns are far fewer) still replays from its seed and its whole log, which is
 * what the daily verification needs.
 *
 * Applied interaction ids: kept for INTERACTION_TTL_MS as before, and at most INTERACTIONS_PER_CHANNEL of them (the
 * newest). Discord retries a delivery within seconds, so a duplicate of an interaction older than the newest 1,000 of
 * its channel is not a real risk, and a button press also carries the version it was drawn for, which the
 * compare-and-set checks.
 */

/** The most actions a game's log holds before it is checkpointed and restarted. */
export const LOG_MAX_ACTIONS = 5000;

/** The most applied interaction ids a channel remembers (the newest). */
export const INTERACTIONS_PER_CHANNEL = 1000;
