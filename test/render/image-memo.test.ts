/** The picture memo: a frozen state drawn again is not drawn twice, and anything that changes the picture draws anew. */
import { describe, expect, it } from 'vitest';
import { zlibDeflate } from '../../src/adapters/render/image.js';
import { freezeGame } from '../../src/app/game-codec.js';
import type { GameState } from '../../src/engine/types.js';
import { renderImageWith } from '../../src/render/image/index.js';
import { drawState, mask } from './fixtures.js';

const rows = ['##########', '#1.g.....#', '#........#', '#....>...#', '##########'];
const seenRows = ['xxxxxx....', 'xxxxxx....', 'xxxxxx....', 'xxxxxx....', 'xxxxxx....'];

/** A fresh solo state, frozen as the stores hand them out. */
function frozen(): GameState {
  const state = drawState(rows, { names: ['Alice'] });
  return freezeGame({ state, meta: {} as never }).state;
}

describe('picture memo', () => {
  it('GIVEN a frozen state drawn once WHEN it is drawn again with the same sight and options THEN the same picture comes back without a new render', () => {
    const state = frozen();
    const a = renderImageWith(state, mask(seenRows), 1, null, zlibDeflate);
    // A different buffer and mark that mean the same cells: still a hit.
    const again = mask(seenRows).map((v) => (v === 1 ? 7 : 0));
    expect(renderImageWith(state, again, 7, null, zlibDeflate)).toBe(a);
  });

  it('GIVEN a frozen state WHEN other cells are seen, another viewer or another language is asked THEN it is drawn anew, with its own bytes where the picture differs', () => {
    const state = frozen();
    const a = renderImageWith(state, mask(seenRows), 1, null, zlibDeflate);
    const wider = renderImageWith(state, new Uint8Array(state.width * state.height).fill(1), 1, null, zlibDeflate);
    expect(wider).not.toBe(a);
    expect(Buffer.from(wider.png).equals(Buffer.from(a.png))).toBe(false);
    expect(renderImageWith(state, mask(seenRows), 1, state.players[0]!.id, zlibDeflate)).not.toBe(a);
    const german = renderImageWith(state, mask(seenRows), 1, null, zlibDeflate, undefined, 'de');
    expect(german).not.toBe(a);
    expect(german.alt).not.toBe(a.alt);
  });

  it('GIVEN a frozen state whose explored cells were written into WHEN it is drawn again THEN it is drawn anew (typed arrays cannot be frozen)', () => {
    const state = frozen();
    const a = renderImageWith(state, mask(seenRows), 1, null, zlibDeflate);
    state.explored.fill(state.explored[0] === 1 ? 0 : 1);
    const b = renderImageWith(state, mask(seenRows), 1, null, zlibDeflate);
    expect(b).not.toBe(a);
    expect(Buffer.from(b.png).equals(Buffer.from(a.png))).toBe(false);
  });

  it('GIVEN a state that is not frozen WHEN it is drawn twice THEN each drawing is its own (it could have changed in between)', () => {
    const state = drawState(rows, { names: ['Alice'] });
    const a = renderImageWith(state, mask(seenRows), 1, null, zlibDeflate);
    const b = renderImageWith(state, mask(seenRows), 1, null, zlibDeflate);
    expect(b).not.toBe(a);
    expect(Buffer.from(b.png).equals(Buffer.from(a.png))).toBe(true);
  });
});
