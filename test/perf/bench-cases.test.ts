/**
 * Every `npm run bench` case that times a function sets up and runs once: an anchor (rot.js, @napi-rs/canvas; gifenc's cases time themselves)
 * that breaks when the game's tables grow (a new kind without the tile the anchor looks up) fails here by name, not
 * only when someone next runs the bench.
 */
import { describe, expect, it } from 'vitest';
import { allCases } from '../../bench/cases.js';

const timed = allCases().filter((c) => c.setup);

describe('the bench cases', () => {
  it('GIVEN the case table WHEN listed THEN it holds the anchors beside our own code', () => {
    const impls = new Set(timed.map((c) => c.impl));
    for (const anchor of ['channel-crawler', 'rot.js', '@napi-rs/canvas']) expect(impls).toContain(anchor);
  });

  it.each(timed.map((c) => [`${c.name} [${c.impl}]`, c] as const))('GIVEN %s WHEN set up and run once THEN it completes', async (_name, c) => {
    const fn = await c.setup!();
    await expect(Promise.resolve().then(() => fn())).resolves.not.toThrow();
  }, 60_000);
});
