/**
 * Reusable typed arrays for the generation steps, one per slot, reallocated only when the map size changes,
 * so steady-state generation allocates no per-call buffers (allocation and GC showed up in the benchmarks).
 * Safe because steps never run concurrently (JS is single-threaded) and no buffer escapes the step that
 * borrowed it. Contents are left over from the last use: callers initialise what they read.
 */
const int32Slots: (Int32Array | undefined)[] = [];
const uint8Slots: (Uint8Array | undefined)[] = [];

/** Scratch slots: distinct buffers that one step may hold at the same time. */
export const Slot = { A: 0, B: 1 } as const;

/** An Int32Array of exactly n elements for this slot (stale contents). */
export function int32Scratch(slot: number, n: number): Int32Array {
  let a = int32Slots[slot];
  if (a === undefined || a.length !== n) {
    a = new Int32Array(n);
    int32Slots[slot] = a;
  }
  return a;
}

/** A Uint8Array of exactly n elements for this slot (stale contents). */
export function uint8Scratch(slot: number, n: number): Uint8Array {
  let a = uint8Slots[slot];
  if (a === undefined || a.length !== n) {
    a = new Uint8Array(n);
    uint8Slots[slot] = a;
  }
  return a;
}
