/**
 * Coalesces edits of one message (in practice: one channel's game message) to at most one per `intervalMs`:
 * the first edit goes at once, later ones within the window collapse into a single trailing edit of the latest payload.
 */

/** Sends one edit; rejects on failure (the coalescer logs through `onError`). */
export type EditFn<P> = (key: string, payload: P) => Promise<void>;

interface Slot<P> {
  last: number;
  pending: P | null;
  timer: NodeJS.Timeout | null;
  inflight: Promise<void> | null;
}

/**
 * Per-key leading + trailing throttle of edits. A key is held only while it has an edit waiting, in flight or
 * within its interval; after that it is forgotten, so the map does not grow with every channel ever played in.
 */
export class EditCoalescer<P> {
  private readonly slots = new Map<string, Slot<P>>();
  private closed = false;

  constructor(
    private readonly send: EditFn<P>,
    private readonly onError: (key: string, err: unknown) => void,
    private readonly intervalMs = 1000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Schedules an edit of `key` with `payload` (replacing any edit still waiting for that key). */
  edit(key: string, payload: P): void {
    if (this.closed) return;
    const slot = this.slots.get(key) ?? { last: -Infinity, pending: null, timer: null, inflight: null };
    this.slots.set(key, slot);
    slot.pending = payload;
    if (slot.timer) return;
    const wait = Math.max(0, slot.last + this.intervalMs - this.now());
    slot.timer = setTimeout(() => this.flush(key, slot, true), wait);
  }

  /** Keys currently held (for tests and diagnostics). */
  get size(): number {
    return this.slots.size;
  }

  /**
   * Sends the waiting edit of `slot`, if any; with `rearm`, wakes up again when its interval is over, to send what
   * came in meanwhile or to forget the key. With nothing waiting, the interval is over: the key is forgotten.
   */
  private flush(key: string, slot: Slot<P>, rearm: boolean): void {
    slot.timer = null;
    const payload = slot.pending;
    slot.pending = null;
    if (payload === null) {
      this.forgetIfIdle(key, slot);
      return;
    }
    slot.last = this.now();
    const p = this.send(key, payload).catch((err: unknown) => this.onError(key, err));
    const tracked: Promise<void> = p.finally(() => {
      if (slot.inflight !== tracked) return;
      slot.inflight = null;
      this.forgetIfIdle(key, slot);
    });
    slot.inflight = tracked;
    if (rearm) slot.timer = setTimeout(() => this.flush(key, slot, true), this.intervalMs);
  }

  private forgetIfIdle(key: string, slot: Slot<P>): void {
    if (slot.timer === null && slot.pending === null && slot.inflight === null && this.slots.get(key) === slot) this.slots.delete(key);
  }

  /** Sends every waiting edit now and waits for all of them (shutdown). */
  async drain(): Promise<void> {
    for (const [key, slot] of this.slots) {
      if (slot.timer) {
        clearTimeout(slot.timer);
        this.flush(key, slot, false);
      }
    }
    await Promise.all([...this.slots.values()].map((s) => s.inflight));
  }

  /** Drops waiting edits and refuses new ones. */
  close(): void {
    this.closed = true;
    for (const slot of this.slots.values()) if (slot.timer) clearTimeout(slot.timer);
    this.slots.clear();
  }
}
