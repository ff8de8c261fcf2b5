/** The outbox sweeper every bot process runs: once at start-up, then every SWEEP_INTERVAL_MS, it records finished runs a crash or an outage left unrecorded. */
import type { Logger } from '../ports.js';

/** How often the outbox is swept. A finishing request records its own run; the sweep is only for what it could not. */
export const SWEEP_INTERVAL_MS = 60_000;

/**
 * Starts sweeping (a first sweep at once); returns a function that stops it and resolves once a sweep still running
 * has finished. A sweep still running when the next is due is not overlapped.
 */
export function startOutboxSweeper(target: { sweep(): Promise<number> }, opts: { intervalMs?: number; logger?: Logger } = {}): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = (): void => {
    if (running) return;
    running = target
      .sweep()
      .then(() => {})
      .catch((err: unknown) => opts.logger?.warn('outbox sweep failed', { err: String(err) }))
      .finally(() => {
        running = null;
      });
  };
  tick();
  const handle = setInterval(tick, opts.intervalMs ?? SWEEP_INTERVAL_MS);
  handle.unref();
  return async () => {
    clearInterval(handle);
    await running;
  };
}
