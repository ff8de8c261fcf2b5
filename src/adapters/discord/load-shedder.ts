/**
 * Load shedding: past capacity, a press is answered at once with an honest "busy, try again" instead of being queued
 * until its answer comes too late (Discord shows "This interaction failed" after 3 s, while the action may still be
 * applied). Three signals, all cheap: how old the interaction already is when the router starts on it (Discord's
 * snowflake carries its creation time, so this counts the time it waited in the kernel's socket queue, the gateway's
 * buffer and our event loop); an adaptive limit on the interactions in flight (`slow`: it shrinks by a fifth whenever
 * an admitted one took longer than `targetMs` to its first answer, at most once per `targetMs`, and grows back by one
 * for every `limit` answered in time, so a starved process holds fewer at once and answers them in time, and
 * recovers as soon as its answers are fast again: nothing stays shed for a past slowness); and a hard cap on them.
 * A shed press touches neither Redis nor the renderer: nothing is applied, so the answer is true.
 */
import type { Logger } from 'pino';
import { DEFAULT_LOCALE, t, type Locale } from '../../i18n/index.js';
import type { Metrics } from '../metrics/metrics.js';
import { textPayload } from './presenter.js';
import type { Router } from './router.js';
import type { InteractionResponder, OutgoingMessage } from './types.js';

/** Discord's epoch (2015-01-01) in Unix ms: a snowflake's top 42 bits are ms since it. */
const DISCORD_EPOCH_MS = 1420070400000;

/** What a shed interaction is told, privately (in the default locale; each player gets theirs: `reply.busy`). */
export const BUSY_TEXT = t(DEFAULT_LOCALE, 'reply.busy');

/** Options of the load shedder. */
export interface LoadShedderOptions {
  /** Shed an interaction already this old (ms since Discord created it) when the router starts on it (default 1,000). */
  maxAgeMs: number;
  /** Never more than this many interactions in flight in this process (default 200): the adaptive limit's ceiling. */
  maxInFlight: number;
  /**
   * The time to first answer the adaptive limit aims at (default 500 ms: admitted at most 1 s old, answered within
   * about 0.5 s more, an answer stays inside Discord's 3 s with room for a stall and its trip). 0 turns the limit off.
   */
  targetMs: number;
  /** Where the adaptive limit starts (default 32) and its floor (default 2: something is always admitted). */
  initialLimit: number;
  minLimit: number;
  /** Wall-clock time in Unix ms (default Date.now). */
  wallNow: () => number;
  /** A monotonic clock in ms, to time the work (default performance.now). */
  now: () => number;
}

/** Why an interaction was shed, or null when it is admitted. */
export type ShedReason = 'old' | 'in-flight' | 'slow' | null;

/** The weight of the newest duration in the moving average of the time to finish an interaction (reported only). */
const SERVICE_WEIGHT = 0.2;
/** The limit is multiplied by this when an answer came later than the target. */
const LIMIT_CUT = 0.8;

/** The creation time (Unix ms) of a Discord snowflake id, or null for an id that is not one. */
export function snowflakeTimeMs(id: string): number | null {
  if (!/^\d{15,20}$/.test(id)) return null;
  return Number(BigInt(id) >> 22n) + DISCORD_EPOCH_MS;
}

/** Decides, per interaction, whether to start on it or to answer "busy"; counts what is in flight. */
export class LoadShedder {
  private readonly o: LoadShedderOptions;
  private inFlight = 0;
  /** The moving average of how long the admitted interactions took to their first answer, ms (0 until one has). */
  private serviceMs = 0;
  /** The adaptive limit on interactions in flight, and when it was last cut (the monotonic clock). */
  private limitNow: number;
  private lastCut = -Infinity;
  /** How many were shed, by reason (for logs and metrics). */
  readonly shed = { old: 0, 'in-flight': 0, slow: 0 };

  constructor(options: Partial<LoadShedderOptions> = {}) {
    this.o = {
      maxAgeMs: options.maxAgeMs ?? 1000,
      maxInFlight: options.maxInFlight ?? 200,
      targetMs: options.targetMs ?? 500,
      initialLimit: options.initialLimit ?? 32,
      minLimit: options.minLimit ?? 2,
      wallNow: options.wallNow ?? Date.now,
      now: options.now ?? (() => performance.now()),
    };
    this.limitNow = Math.min(this.o.maxInFlight, Math.max(this.o.minLimit, this.o.initialLimit));
  }

  /** The recent time to the first answer (moving average, ms). */
  get serviceTimeMs(): number {
    return this.serviceMs;
  }

  /** Interactions this process is working on now. */
  get active(): number {
    return this.inFlight;
  }

  /** How many may be in flight now (the adaptive limit, whole). */
  get limit(): number {
    return this.o.targetMs > 0 ? Math.floor(this.limitNow) : this.o.maxInFlight;
  }

  /**
   * Whether to shed the interaction `id` now. An id whose time is implausible (more than 10 minutes off this clock,
   * as made-up ids in tests are) counts as new.
   */
  check(id: string): ShedReason {
    const born = snowflakeTimeMs(id);
    const raw = born === null ? null : this.o.wallNow() - born;
    const age = raw !== null && raw < 600_000 ? Math.max(0, raw) : 0;
    const reason: ShedReason = age > this.o.maxAgeMs ? 'old' : this.inFlight >= this.o.maxInFlight ? 'in-flight' : this.inFlight >= this.limit ? 'slow' : null;
    if (reason) this.shed[reason]++;
    return reason;
  }

  /**
   * Runs `work` counted as in flight. Its time to the first answer (when `work` first calls `answered`; else to its end)
   * moves the adaptive limit: what the deadline is about, so a slow command that defers at once (a replay being
   * drawn) does not count its drawing.
   */
  async track<T>(work: (answered: () => void) => Promise<T>): Promise<T> {
    this.inFlight++;
    const started = this.o.now();
    let took: number | null = null;
    const answered = (): void => {
      if (took !== null) return;
      took = this.o.now() - started;
      this.adapt(took);
    };
    try {
      return await work(answered);
    } finally {
      this.inFlight--;
      answered();
    }
  }

  /** One first answer took `t` ms: late, the limit is cut (once per target, for a burst of late ones); in time, it grows. */
  private adapt(t: number): void {
    this.serviceMs = this.serviceMs === 0 ? t : this.serviceMs + (t - this.serviceMs) * SERVICE_WEIGHT;
    const { targetMs, minLimit, maxInFlight } = this.o;
    if (targetMs <= 0) return;
    const at = this.o.now();
    if (t > targetMs) {
      if (at - this.lastCut < targetMs) return;
      this.lastCut = at;
      this.limitNow = Math.max(minLimit, this.limitNow * LIMIT_CUT);
    } else this.limitNow = Math.min(maxInFlight, this.limitNow + 1 / this.limitNow);
  }
}

/** The responder methods that make an interaction's first answer. */
const FIRST_ANSWERS = new Set<string | symbol>(['reply', 'update', 'defer', 'deferUpdate', 'autocomplete', 'launchActivity']);

/** `r`, telling `answered` when a call of one of its first-answer methods has settled (the first such call counts). */
function onFirstAnswer(r: InteractionResponder, answered: () => void): InteractionResponder {
  return new Proxy(r, {
    get(target, prop) {
      const v: unknown = Reflect.get(target, prop, target);
      if (typeof v !== 'function') return v;
      const f = (v as (...args: unknown[]) => unknown).bind(target);
      if (!FIRST_ANSWERS.has(prop)) return f;
      // Timed when the answer has gone (its request done, or failed): sending it is part of being in time.
      return (...args: unknown[]) => {
        const sent = f(...args);
        if (sent instanceof Promise) void sent.then(answered, answered);
        else answered();
        return sent;
      };
    },
  });
}

/** The private "busy" answer in `locale` (the player's). */
export function busyMessage(locale: Locale | undefined): OutgoingMessage {
  return { ...textPayload(t(locale ?? DEFAULT_LOCALE, 'reply.busy')), ephemeral: true };
}

/** Records one shed interaction: the refusal metric (`busy-<reason>`) and a debug line. */
export function noteShed(shedder: LoadShedder, reason: Exclude<ShedReason, null>, interactionId: string, metrics: Pick<Metrics, 'refusal'>, log: Pick<Logger, 'debug'>): void {
  metrics.refusal(`busy-${reason}`);
  log.debug({ interactionId, reason, inFlight: shedder.active, limit: shedder.limit, serviceMs: Math.round(shedder.serviceTimeMs) }, 'interaction shed (busy)');
}

/**
 * The router behind a load shedder: a command or press that comes too late, or while too many are in flight, is
 * answered privately that nothing was done (no storage, no render), so overload never accepts what it cannot finish.
 */
export function shedRouter(
  inner: Router,
  shedder: LoadShedder,
  metrics: Pick<Metrics, 'refusal'>,
  log: Pick<Logger, 'debug' | 'info'>,
): Router {
  return {
    ...inner,
    handle(i, r) {
      if (i.kind !== 'button' && i.kind !== 'command') return inner.handle(i, r);
      const reason = shedder.check(i.id);
      if (!reason) return shedder.track((answered) => inner.handle(i, onFirstAnswer(r, answered)));
      noteShed(shedder, reason, i.id, metrics, log);
      return r.reply(busyMessage(i.locale)).catch((err: unknown) => log.info({ err, interactionId: i.id }, 'could not answer a shed interaction'));
    },
  };
}
