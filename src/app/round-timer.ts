/** The poll loop every bot process runs: resolve due rounds and end idle games about once a second, and report them. */
import type { GameServiceApi, GameView } from './service-types.js';
import type { Logger } from './ports.js';

/** Options of the poll loop. */
export interface RoundTimerOptions {
  /** Poll period; with the 3 s lease, 1000 ms keeps every round within roundSeconds + 5 s. */
  intervalMs?: number;
  /** Called with each round resolved by this process (e.g. to edit the game message). */
  onResolved: (view: GameView) => void | Promise<void>;
  logger?: Logger;
}

/**
 * Starts polling; returns a function that stops it and resolves once a tick still running has finished (so shutdown
 * can close storage after it). A tick still running when the next one is due is not overlapped.
 */
export function startRoundTimer(service: Pick<GameServiceApi, 'resolveDueRounds'>, opts: RoundTimerOptions): () => Promise<void> {
  let running: Promise<void> | null = null;
  const tick = (): void => {
    if (running) return;
    running = once().finally(() => {
      running = null;
    });
  };
  const once = async (): Promise<void> => {
    try {
      for (const view of await service.resolveDueRounds()) {
        try {
          await opts.onResolved(view);
        } catch (err) {
          opts.logger?.warn('round resolved but its message was not updated', { ...view.key, err: String(err) });
        }
      }
    } catch (err) {
      opts.logger?.error('round timer tick failed', { err: String(err) });
    }
  };
  const handle = setInterval(tick, opts.intervalMs ?? 1000);
  return async () => {
    clearInterval(handle);
    await running;
  };
}
