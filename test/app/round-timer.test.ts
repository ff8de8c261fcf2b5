import { describe, expect, it } from 'vitest';
import { startRoundTimer } from '../../src/app/round-timer.js';
import type { GameView } from '../../src/app/service-types.js';

describe('startRoundTimer', () => {
  it('GIVEN a tick in progress WHEN the timer is stopped THEN stop resolves only after that tick has finished', async () => {
    let release!: () => void;
    const started: number[] = [];
    let finished = false;
    const service = {
      resolveDueRounds: async (): Promise<GameView[]> => {
        started.push(1);
        await new Promise<void>((r) => (release = r));
        finished = true;
        return [];
      },
    };
    const stop = startRoundTimer(service, { intervalMs: 5, onResolved: () => {} });
    while (started.length === 0) await new Promise((r) => setTimeout(r, 2));
    const stopped = stop();
    let done = false;
    void stopped.then(() => (done = true));
    await new Promise((r) => setTimeout(r, 30));
    expect(done).toBe(false);
    expect(started).toHaveLength(1); // ticks never overlap
    release();
    await stopped;
    expect(finished).toBe(true);
  });

  it('GIVEN a failing service WHEN ticks run THEN the failure is logged and the timer keeps going', async () => {
    let calls = 0;
    const errors: string[] = [];
    const logger = { info: () => {}, warn: () => {}, error: (msg: string) => void errors.push(msg) };
    const stop = startRoundTimer(
      {
        resolveDueRounds: async () => {
          calls++;
          throw new Error('boom');
        },
      },
      { intervalMs: 5, onResolved: () => {}, logger },
    );
    while (calls < 3) await new Promise((r) => setTimeout(r, 2));
    await stop();
    expect(errors[0]).toBe('round timer tick failed');
  });
});
