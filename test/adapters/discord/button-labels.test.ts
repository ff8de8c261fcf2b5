/** Button labels per language: English keeps the drawn label without decoding ids; others translate only the row's own label. */
import { describe, expect, it } from 'vitest';
import { encodeButtonId } from '../../../commands/controls/custom-id.js';
import type { ButtonSpec } from '../../../commands/controls/layouts.js';
import { labelIn, toApiRows } from '../../../src/adapters/discord/presenter.js';

const spec = (customId: string, label: string): ButtonSpec => ({ customId, label, emoji: '', disabled: false, tone: 'secondary', spacer: false });
const wait = spec(encodeButtonId({ verb: 'wait', version: 3, game: 'abc' }), 'wait');
const end = spec(encodeButtonId({ verb: 'end', version: 3, game: 'abc' }), 'end (1/3)');
const drawn = spec(encodeButtonId({ verb: 'wait', version: 3, game: 'abc' }), 'wait here');
const foreign = spec('something:else', 'wait');

describe('labelIn', () => {
  it.each([
    ['a verb in English', wait, 'en-US', 'wait'],
    ['a foreign id in English', foreign, 'en-US', 'wait'],
    ['a verb in German', wait, 'de', 'warten'],
    ['a label drawn specially, in German', drawn, 'de', 'wait here'],
    ['a foreign id in German', foreign, 'de', 'wait'],
  ] as const)('GIVEN %s THEN the label is %j', (_what, b, locale, want) => {
    expect(labelIn(b, locale)).toBe(want);
  });

  it('GIVEN the end button with votes THEN English keeps the count as drawn and German words it', () => {
    expect(labelIn(end, 'en-US')).toBe('end (1/3)');
    expect(labelIn(end, 'de')).not.toBe('end (1/3)');
    expect(labelIn(end, 'de')).toMatch(/1.*3/u);
    expect(toApiRows([[wait, end]], 'en-US')[0]!.components.map((c) => c.label)).toEqual(['wait', 'end (1/3)']);
  });
});
