/** Full engine turns (player action + monster phase + sight + fog) with 4 players and 30 monsters. */
import { defaultConfig, newGame, step, type GameState } from '../src/engine/index.js';
import type { BenchCase } from './harness.js';

const USERS = ['100000000000000001', '100000000000000002', '100000000000000003', '100000000000000004'];

/** A game of the given size with 4 players and exactly 30 monsters, half of them near the party so they hunt. */
export function partyState(width: number, height: number, seed = 4): GameState {
  let s = newGame(defaultConfig({ seed, width, height, difficulty: 'hard', mapKind: 'cavern' }));
  for (const u of USERS) {
    const r = step(s, { type: 'join', user: u, name: `P${u.slice(-1)}` });
    if (!r.ok) throw new Error(r.code);
    s = r.state;
  }
  if (s.monsters.length < 30) throw new Error(`only ${s.monsters.length} monsters`);
  s = { ...s, monsters: s.monsters.slice(0, 30) };
  return s;
}

function turnCase(width: number, height: number): BenchCase {
  return {
    name: `engine turn ${width}x${height} 4p 30m`,
    impl: 'channel-crawler',
    setup: () => {
      const s = partyState(width, height);
      let i = 0;
      return () => {
        // Alternate waits of different players so the monster phase runs every time from the same state.
        const r = step(s, { type: 'wait', user: USERS[i++ & 3]! });
        if (!r.ok) throw new Error(r.code);
        return r.state;
      };
    },
  };
}

export const cases: BenchCase[] = [turnCase(80, 40), turnCase(200, 200)];
