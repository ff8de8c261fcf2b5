/**
 * The real clock and timers, captured when the fake is first imported, so that a test which later
 * installs fake timers (vi.useFakeTimers) does not freeze the fake's ack window or its waits.
 */

/** Milliseconds since the epoch from the real clock. */
export const now: () => number = Date.now.bind(Date);

/** The real setTimeout. */
export const setTimer: typeof setTimeout = globalThis.setTimeout.bind(globalThis) as typeof setTimeout;

/** The real clearTimeout. */
export const clearTimer: typeof clearTimeout = globalThis.clearTimeout.bind(globalThis);

/** An ISO timestamp from the real clock. */
export function isoNow(): string {
  return new Date(now()).toISOString();
}
