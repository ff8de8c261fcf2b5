import { describe, expect, it } from 'vitest';
import { drawingTurn } from '../../../src/adapters/discord/turn-gate.js';

describe('drawingTurn: one drawing per event-loop turn', () => {
  it('GIVEN three answers waiting to draw WHEN released THEN they go in order, each in its own macrotask, never two in one', async () => {
    const order: string[] = [];
    let released = 0;
    const waiters = ['a', 'b', 'c'].map((name) =>
      drawingTurn().then(() => {
        released++;
        order.push(name);
      }),
    );
    // Nothing is released synchronously, nor within the same microtask checkpoint.
    await Promise.resolve();
    expect(released).toBe(0);
    await waiters[0];
    // After the first one's microtasks have run, the second still waits for the next turn.
    for (let i = 0; i < 10; i++) await Promise.resolve();
    expect(released).toBe(1);
    await Promise.all(waiters);
    expect(order).toEqual(['a', 'b', 'c']);
  });

  it('GIVEN three answers waiting to draw WHEN released THEN each comes on its own event-loop iteration, so I/O is polled between two drawings', async () => {
    // A probe that counts event-loop iterations: it runs once per check phase and schedules itself for the next one.
    let iteration = 0;
    let counting = true;
    const tick = (): void => {
      iteration++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    const seen = await Promise.all([0, 1, 2].map(() => drawingTurn().then(() => iteration)));
    counting = false;
    // Released all in one check phase (a setImmediate each), they would all see the same iteration.
    expect(new Set(seen).size).toBe(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
  });

  it('GIVEN a waiter that arrives after the queue has drained WHEN it waits THEN it is released too', async () => {
    await drawingTurn();
    await new Promise((resolve) => setImmediate(resolve));
    await expect(drawingTurn()).resolves.toBeUndefined();
  });
});
