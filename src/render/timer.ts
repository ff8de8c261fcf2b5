/** The rounds countdown as a Discord timestamp, which every client counts down by itself. */

/** `<t:UNIX:R>` for a deadline in epoch milliseconds ("in 42 seconds", then "42 seconds ago"); rounded up to the second. */
export function relativeTime(deadlineMs: number): string {
  return `<t:${Math.ceil(deadlineMs / 1000)}:R>`;
}

/** The party field's countdown line: when the round ends, live; or that the timer waits for someone to act. */
export function countdownLine(deadlineMs: number | null | undefined, paused: boolean): string | null {
  if (paused) return '⏸️ Round timer paused until someone acts.';
  if (deadlineMs == null || !Number.isFinite(deadlineMs)) return null;
  return `⏳ Round ends ${relativeTime(deadlineMs)}.`;
}
