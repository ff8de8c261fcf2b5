/** Endings: a run ended by vote (every player leaves), by idleness or by death keeps its last map and its summary. */
import { describe, expect, it } from 'vitest';
import { zlibDeflate } from '../../src/adapters/render/image.js';
import { step } from '../../src/engine/index.js';
import type { GameState } from '../../src/engine/types.js';
import { renderGame } from '../../src/render/index.js';
import { drawState } from './fixtures.js';

const ROWS = ['##########', '#1.g....>#', '#..2.....#', '##########'];

/** Everyone leaves, as /rogue end and the idle ending do it. */
function endedByVote(): GameState {
  let s = drawState(ROWS, { names: ['Alice', 'Bob'] });
  for (const id of ['p1', 'p2']) {
    const r = step(s, { type: 'leave', user: id });
    if (!r.ok) throw new Error(r.code);
    s = r.state;
  }
  return s;
}

function endedByDeath(): GameState {
  const s = drawState(ROWS, { names: ['Alice', 'Bob'], dead: ['1', '2'] });
  return { ...s, status: 'over', summary: {
      outcome: 'defeat',
      depth: 1,
      turns: 3,
      kills: [],
      recap: { ending: { how: 'killed', depth: 1, turn: 3 }, kills: {}, used: {}, deepest: 1, score: 100 },
    },
  };
}

describe('endings keep the last map and the summary', () => {
  it.each([
    ['a vote or idleness (both end the run by every player leaving)', endedByVote, ['p1', 'p2']],
    ['death', endedByDeath, []],
  ] as const)('GIVEN a run ended by %s WHEN its final message is drawn THEN the party is on the map and the summary is there', (_how, make, living) => {
    const state = make();
    expect(state.status).toBe('over');
    const img = renderGame(state, { style: 'image', deflate: zlibDeflate });
    expect(img.image!.alt).not.toContain('No one is in the party yet.');
    expect(img.image!.alt).toContain('Alice');
    expect(img.image!.markers.map((m) => m.playerId).sort()).toEqual(living);
    expect(img.embed.fields.some((f) => f.name === 'Run summary')).toBe(true);
    const emoji = renderGame(state, { style: 'emoji' });
    // The map still shows the level: more than the never-seen cells.
    expect(emoji.embed.description).toMatch(/🟫|⬛|⬜|🧱/u);
    expect(emoji.embed.fields.some((f) => f.name === 'Run summary')).toBe(true);
  });
});
