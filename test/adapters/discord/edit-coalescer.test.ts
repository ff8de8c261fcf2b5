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
});
