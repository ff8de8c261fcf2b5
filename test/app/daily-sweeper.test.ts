import { describe, expect, it } from 'vitest';
import { startOutboxSweeper } from '../../src/app/daily/sweeper.js';
import { MemoryLogger } from '../../src/adapters/memory/memory-logger.js';

describe('the outbox sweeper', () => {
  it('GIVEN a process starting WHEN the sweeper starts THEN it sweeps at once, then periodically, never two at a time, and a failed sweep is logged and retried', async () => {
    let running = 0;
    let most = 0;
    let calls = 0;
    const logger = new MemoryLogger();
    const target = {
      sweep: async () => {
        calls++;
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 15));
        running--;
        if (calls === 2) throw new Error('storage unavailable');
        return 0;
      },
    };
    const stop = startOutboxSweeper(target, { intervalMs: 5, logger });
    expect(calls).toBe(1);
    await new Promise((r) => setTimeout(r, 120));
    await stop();
    const after = calls;
    await new Promise((r) => setTimeout(r, 30));
    expect(calls).toBe(after);
    expect(after).toBeGreaterThanOrEqual(3);
    expect(most).toBe(1);
    expect(running).toBe(0);
    expect(logger.lines.filter((l) => l.message === 'outbox sweep failed').map((l) => l.level)).toEqual(['warn']);
  });
});
