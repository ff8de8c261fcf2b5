import { describe, expect, it } from 'vitest';
import { waitingIds } from '../../src/app/host.js';
import type { GameMeta } from '../../src/app/service-types.js';
import { defaultConfig, newGame, step, type GameState } from '../../src/engine/index.js';
import { partyLines, partyTitle } from '../../src/render/hud.js';

/** A rounds-mode party of four in a fight: Ann acted, Bo holds, Cy fights by standing order, Di has yet to act. */
function fight(): GameState {
  let s = newGame(defaultConfig({ seed: 5, width: 40, height: 20, turnMode: 'rounds' }));
  for (const [user, name] of [['a', 'Ann'], ['b', 'Bo'], ['c', 'Cy'], ['d', 'Di']] as const) {
    const r = step(s, { type: 'join', user, name });
    if (!r.ok) throw new Error(r.code);
    s = r.state;
  }
  return { ...s, calm: 0, acted: ['a'], holding: ['b'], fighting: ['c'] };
}

const meta = { passedRounds: {} } as unknown as GameMeta;

describe('who a round waits for', () => {
  it('GIVEN members who acted, hold or fight by standing order WHEN the round is shown THEN only the one still to act is waited for, pinged and marked "to act" in words; the fighter "fighting"', () => {
    const s = fight();
    expect(waitingIds(s, meta)).toEqual(['d']);
    expect(partyTitle(s, 30)).toBe('Party · this round: 3/4 acted, waiting for Di · 30 s left');
    for (const style of ['emoji', 'ascii'] as const) expect(partyLines(s, null, style).map((l) => /(acted|fighting|to act)$/.exec(l)?.[1])).toEqual(['acted', 'acted', 'fighting', 'to act']);
  });
});
