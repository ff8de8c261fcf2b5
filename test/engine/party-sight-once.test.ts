/**
 * One drawing computes the party's sight once: a stored (frozen) state asked again before any other sight gets the
 * same mask back, while a state still being changed (the engine's own working copy) is computed afresh every time.
 */
import { describe, expect, it } from 'vitest';
import { partySight } from '../../src/engine/visibility.js';
import { drawState } from './fixtures.js';

const MAP = ['#########', '#.......#', '#.1...2.#', '#.......#', '#########'];

function deepFreeze<T>(v: T): T {
  if (typeof v !== 'object' || v === null || ArrayBuffer.isView(v) || Object.isFrozen(v)) return v;
  Object.freeze(v);
  for (const x of Object.values(v)) deepFreeze(x);
  return v;
}

describe('the party sight of one drawing', () => {
  it('GIVEN a frozen stored state WHEN its sight is asked twice THEN the second answer is the first mask, not a new one', () => {
    const state = deepFreeze(drawState(MAP));
    const first = partySight(state);
    const second = partySight(state);
    expect(second.mark).toBe(first.mark);
    expect(second.mask).toBe(first.mask);
  });

  it('GIVEN another state asked in between WHEN the first is asked again THEN its sight is computed afresh and still right', () => {
    const a = deepFreeze(drawState(MAP));
    const b = deepFreeze(drawState(['#####', '#1..#', '#####']));
    const first = partySight(a);
    const seenBefore = Array.from(first.mask, (v) => v === first.mark);
    partySight(drawState(MAP));
    partySight(b);
    const again = partySight(a);
    expect(again.mark).not.toBe(first.mark);
    expect(Array.from(again.mask, (v) => v === again.mark).slice(0, seenBefore.length)).toEqual(seenBefore);
  });

  it('GIVEN a state that is not frozen WHEN asked twice THEN each call computes (a working copy may have changed)', () => {
    const state = drawState(MAP);
    const first = partySight(state).mark;
    expect(partySight(state).mark).not.toBe(first);
  });
});
