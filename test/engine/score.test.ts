import { describe, expect, it } from 'vitest';
import { scoreRun } from '../../src/engine/score.js';

describe('scoreRun', () => {
  it('GIVEN a defeat THEN it counts depth and kills only', () => {
    expect(scoreRun({ outcome: 'defeat', depth: 3, turns: 400, kills: [{ id: 'a', name: 'A', kills: 4 }, { id: 'b', name: 'B', kills: 2 }] })).toBe(360);
  });
  it('GIVEN a victory THEN a faster one scores more, and the speed bonus never goes negative', () => {
    const win = (turns: number) => scoreRun({ outcome: 'victory', depth: 5, turns, kills: [] });
    expect(win(500)).toBe(500 + 500 + 1000);
    expect(win(500)).toBeGreaterThan(win(900));
    expect(win(5000)).toBe(1000);
  });
});
