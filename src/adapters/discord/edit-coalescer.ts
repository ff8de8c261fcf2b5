/**
 * Coalesces edits of one message (in practice: one channel's game message) to at most one per `intervalMs`:
 * the first edit goes at once, later ones within the window collapse into a single trailing edit of the latest payload.
 */

/** Sends one edit; rejects on failure (the coalescer logs through `onError`). */
export type EditFn<P> = (key: string, payload: P) => Promise<void>;

/** Per-key leading + trailing throttle of edits. */
export class EditCoalescer<P> {
  private readonly slots = new Map<string, { last: number; pending: P | null; timer: NodeJS.Timeout | null; inflight: Promise<void> | null }>();
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
    slot.timer = setTimeout(() => this.flush(key), wait);
  }

  private flush(key: string): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    slot.timer = null;
    const payload = slot.pending;
    slot.pending = null;
    if (payload === null) return;
    slot.last = this.now();
    const p = this.send(key, payload).catch((err: unknown) => this.onError(key, err));
    // The slot stays (one per channel) so the next edit still sees `last` and waits its turn.
    const tracked: Promise<void> = p.finally(() => {
      if (slot.inflight === tracked) slot.inflight = null;
    });
    slot.inflight = tracked;
  }

  /** Sends every waiting edit now and waits for all of them (shutdown). */
  async drain(): Promise<void> {
    for (const [key, slot] of this.slots) {
      if (slot.timer) {
        clearTimeout(slot.timer);
        this.flush(key);
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
