/**
 * The fleet's budget of bot-token requests: Discord allows each bot 50 requests per second in total, whatever the
 * number of processes, and sustained 429s end in a temporary ban. A token bucket shared by every replica (in Redis;
 * in memory for one process) is asked before each bot-token request. Low-priority requests (a timer tick's or a
 * refresh's redraw of the game message) may only use the bucket above a reserve, so under pressure they are shed
 * first (and redrawn later, merged with whatever happened meanwhile); high-priority ones (a repost, retiring an old
 * message) may use it all.
 */

/**
 * How urgent a bot-token request is: 'high' (a repost, a whose-turn ping) may use the whole bucket; 'low' (a timer's
 * or a refresh's redraw) stops at the reserve; 'player' (what players can trigger at will: retiring the old message
 * of a /rogue map) stops higher still, so a flood of them never takes what the timers need.
 */
export type Priority = 'high' | 'low' | 'player';

/** The outcome of asking the budget: go, or wait this long before asking again. */
export type BudgetAnswer = { ok: true } | { ok: false; retryMs: number };

/** A shared budget of bot-token requests. */
export interface BotBudget {
  take(priority: Priority): Promise<BudgetAnswer>;
}

/** The budget's shape: tokens per second, burst, and the part of the burst that only high priority may use. */
export interface BudgetShape {
  perSecond: number;
  burst: number;
  /** Tokens kept for high priority: a low-priority request is shed while the bucket holds this many or fewer. */
  reserve: number;
  /** Tokens a player-triggered request leaves (default reserve + 2): it is shed while the bucket holds this many or fewer. */
  playerReserve?: number;
}

/** The level a priority may take a token at (it needs at least this many). */
export function floorOf(shape: BudgetShape, priority: Priority): number {
  if (priority === 'high') return 1;
  return (priority === 'player' ? (shape.playerReserve ?? Math.min(shape.burst - 1, shape.reserve + 2)) : shape.reserve) + 1;
}

/**
 * Discord's 50 a second with a margin: 40 a second and a burst of 8, so no one-second window holds more than 48
 * (the burst plus a second's refill), leaving room for the gateway's own calls; 3 of the burst are kept for high
 * priority.
 */
export const DEFAULT_BUDGET: BudgetShape = { perSecond: 40, burst: 8, reserve: 3 };

/**
 * One step of the bucket, shared by both implementations (the Redis script does the same arithmetic): refill from
 * the time passed, then take one token if the priority may. Returns the new level and the answer.
 */
export function takeFrom(level: number, last: number, now: number, shape: BudgetShape, priority: Priority): { level: number; answer: BudgetAnswer } {
  const refilled = Math.min(shape.burst, level + (Math.max(0, now - last) * shape.perSecond) / 1000);
  const floor = floorOf(shape, priority);
  if (refilled >= floor) return { level: refilled - 1, answer: { ok: true } };
  return { level: refilled, answer: { ok: false, retryMs: Math.ceil(((floor - refilled) * 1000) / shape.perSecond) } };
}

/** The budget of one process (tests, the embedded mode, a single gateway process). */
export class MemoryBudget implements BotBudget {
  private level: number;
  private last: number;

  constructor(
    private readonly shape: BudgetShape = DEFAULT_BUDGET,
    private readonly now: () => number = Date.now,
  ) {
    this.level = shape.burst;
    this.last = now();
  }

  async take(priority: Priority): Promise<BudgetAnswer> {
    const t = this.now();
    const step = takeFrom(this.level, this.last, t, this.shape, priority);
    this.level = step.level;
    this.last = t;
    return step.answer;
  }
}
