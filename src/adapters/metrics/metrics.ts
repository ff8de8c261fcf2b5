/** What the bot counts for an operator: the calls the router, service and adapters make, and a no-op for when metrics are off. */

/** The counting calls; every one is cheap and never throws. */
export interface Metrics {
  /** One interaction answered: its kind, how it was answered (reply, update, defer, auto-defer, error…), and the time to the first answer. */
  interaction(kind: string, outcome: string, ms: number): void;
  /** One accepted action (a world turn or a player's move within a round). */
  turn(): void;
  /** One refusal, by its code (wall, not-your-turn, stale…). */
  refusal(code: string): void;
  /** One storage operation that failed (Redis down, timed out). */
  storageFailure(): void;
  /** One round resolved (everyone acted, or the timer ran out). */
  roundResolved(): void;
  /** The number of channel edits waiting in the coalescer. */
  editQueueDepth(depth: number): void;
  /** An interaction delivered again and recognised as already applied. */
  duplicatePrevented(): void;
  /** One request sent with the bot token (counted against Discord's global 50/s), by route shape and reason. */
  botRequest(route: string, reason: string): void;
  /** One game-message edit sent through an interaction token instead (exempt from the global limit), by reason. */
  tokenEdit(reason: string): void;
  /** One low-priority redraw the shared budget shed (it is redrawn later, merged with what came meanwhile), by reason. */
  budgetShed(reason: string): void;
}

/** Metrics that count nothing (METRICS_PORT unset, tests, the terminal game). */
export const noopMetrics: Metrics = {
  interaction: () => {},
  turn: () => {},
  refusal: () => {},
  storageFailure: () => {},
  roundResolved: () => {},
  editQueueDepth: () => {},
  duplicatePrevented: () => {},
  botRequest: () => {},
  tokenEdit: () => {},
  budgetShed: () => {},
};
