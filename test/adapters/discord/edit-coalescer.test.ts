import { afterEach, describe, expect, it, vi } from 'vitest';
import { EditCoalescer } from '../../../src/adapters/discord/edit-coalescer.js';

describe('edit coalescer', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('GIVEN five edits of one channel within a second WHEN time passes THEN only the first and the latest are sent', async () => {
    vi.useFakeTimers();
    const sent: [string, number][] = [];
    const c = new EditCoalescer<number>(async (k, p) => void sent.push([k, p]), () => {}, 1000, () => Date.now());
    for (let i = 1; i <= 5; i++) {
      c.edit('chan', i);
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent).toEqual([
      ['chan', 1],
      ['chan', 5],
    ]);
  });

  it('GIVEN edits of two channels WHEN sent THEN each channel has its own budget', async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const c = new EditCoalescer<string>(async (_k, p) => void sent.push(p), () => {}, 1000, () => Date.now());
    c.edit('a', 'a1');
    c.edit('b', 'b1');
    await vi.advanceTimersByTimeAsync(10);
    expect(sent.sort()).toEqual(['a1', 'b1']);
  });

  it('GIVEN a failing edit WHEN sent THEN the error is reported, not thrown, and drain waits for pending edits', async () => {
    const errors: unknown[] = [];
    const c = new EditCoalescer<number>(async () => Promise.reject(new Error('gone')), (_k, e) => errors.push(e), 1000);
    c.edit('x', 1);
    await c.drain();
    expect(errors).toHaveLength(1);
  });

  it('GIVEN edits that arrive while one is still in flight WHEN it lands THEN the newest one still goes out afterwards (the last state is never dropped)', async () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    let release: () => void = () => {};
    const c = new EditCoalescer<number>(
      (_k, p) => {
        sent.push(p);
        return p === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
      },
      () => {},
      1000,
      () => Date.now(),
    );
    c.edit('chan', 1);
    await vi.advanceTimersByTimeAsync(1);
    c.edit('chan', 2);
    c.edit('chan', 3);
    await vi.advanceTimersByTimeAsync(1500);
    release();
    await vi.advanceTimersByTimeAsync(1500);
    expect(sent).toEqual([1, 3]);
  });

  it('GIVEN a failed edit WHEN the next edit comes THEN it is still sent, one interval later', async () => {
    vi.useFakeTimers();
    const sent: number[] = [];
    const errors: unknown[] = [];
    const c = new EditCoalescer<number>(
      async (_k, p) => {
        sent.push(p);
        if (p === 1) throw new Error('404 Unknown Message');
      },
      (_k, e) => errors.push(e),
      1000,
      () => Date.now(),
    );
    c.edit('chan', 1);
    await vi.advanceTimersByTimeAsync(10);
    c.edit('chan', 2);
    await vi.advanceTimersByTimeAsync(500);
    expect(sent).toEqual([1]);
    await vi.advanceTimersByTimeAsync(600);
    expect(sent).toEqual([1, 2]);
    expect(errors).toHaveLength(1);
  });

  it('GIVEN an edit waiting for its turn WHEN drained (shutdown) THEN it is sent at once rather than dropped', async () => {
    const sent: number[] = [];
    const c = new EditCoalescer<number>(async (_k, p) => void sent.push(p), () => {}, 60_000);
    c.edit('chan', 1);
    await new Promise((r) => setTimeout(r, 5));
    c.edit('chan', 2);
    await c.drain();
    expect(sent).toEqual([1, 2]);
  });

  it('GIVEN edits of many channels WHEN they have gone out and their interval is over THEN no channel is held any more', async () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const c = new EditCoalescer<number>(async (k) => void sent.push(k), () => {}, 1000, () => Date.now());
    for (let i = 0; i < 50; i++) c.edit(`chan${i}`, i);
    await vi.advanceTimersByTimeAsync(10);
    c.edit('chan0', 99);
    expect(c.size).toBe(50);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toHaveLength(51);
    expect(c.size).toBe(1); // chan0's trailing edit has its own interval still running
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.size).toBe(0);
    c.edit('chan1', 100);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent.at(-1)).toBe('chan1'); // a forgotten channel's next edit goes out at once
  });
});
