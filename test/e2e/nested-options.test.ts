/** Issue 29: options nested or sized beyond Discord's shapes get a clear private refusal: never a 500, never silence. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { ALICE, ephemeralText, startHarness, TRANSPORTS, type Harness } from './harness.js';

/** An option tree nested `depth` levels deep. */
function nested(depth: number): unknown[] {
  let options: unknown[] = [{ name: 'seed', type: 4, value: 1 }];
  for (let d = 0; d < depth; d++) options = [{ name: 'new', type: 1, options }];
  return options;
}

const REFUSAL = t('en-US', 'reply.options-shape');

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ transport });
  });
  afterAll(async () => {
    await h.close();
  });

  it.each([
    ['nested 1,000 deep', nested(1000)],
    ['26 options in a level', [{ name: 'new', type: 1, options: Array.from({ length: 26 }, (_, n) => ({ name: `o${n}`, type: 3, value: 'x' })) }]],
    ['a 7,000-character value', [{ name: 'new', type: 1, options: [{ name: 'seed', type: 3, value: 'x'.repeat(7000) }] }]],
  ])('GIVEN a command with options %s WHEN it arrives THEN it is refused privately with a clear note', async (_what, options) => {
    const r = await h.command(ALICE, 'rogue', options);
    expect(r.callback.type).toBe(4);
    expect(ephemeralText(r.callback)).toBe(REFUSAL);
    expect(h.fake.failures().filter((f) => f.status >= 500)).toEqual([]);
  });
});
