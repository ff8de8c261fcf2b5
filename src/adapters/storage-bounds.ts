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
 * Applied interaction ids: every one is kept for INTERACTION_TTL_MS (20 minutes, longer than the 15 minutes an
 * interaction token lives, after which Discord can neither take an answer nor have a reason to deliver it again),
 * however many the channel applies in that time: duplicate protection holds for the whole window at any rate. In
 * Redis each costs SEEN_RECORD_BYTES in one string per channel (not a sorted-set member of ~118 bytes).
 */

/** The most actions a game's log holds before it is checkpointed and restarted. */
export const LOG_MAX_ACTIONS = 5000;

/**
 * Bytes per applied interaction in a channel's exactly-once record (Redis): the first 8 bytes of the SHA-1 of its id,
 * then when the record expires, in whole Unix seconds (4 bytes, big-endian, rounded up: a record lasts at least
 * INTERACTION_TTL_MS and less than a second more).
 */
export const SEEN_RECORD_BYTES = 12;
