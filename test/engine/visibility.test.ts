import { describe, expect, it } from 'vitest';
import { computeVisibility, defaultConfig, newGame, step, type GameState } from '../../src/engine/index.js';
import { partySight } from '../../src/engine/visibility.js';

function walked(seed: number, players: number, moves: number): GameState {
  let s = newGame(defaultConfig({ seed, width: 80, height: 40, maxPlayers: 8 }));
  for (let i = 0; i < players; i++) {
    const r = step(s, { type: 'join', user: `u${i}`, name: `P${i}` });
    if (r.ok) s = r.state;
  }
  const dirs = ['n', 'e', 's', 'w'] as const;
  for (let t = 0; t < moves; t++) {
    const r = step(s, { type: 'move', user: `u${t % players}`, dir: dirs[(t * 7 + seed) % 4]! });
    if (r.ok) s = r.state;
  }
  return s;
}

describe('partySight', () => {
  it('sees exactly what the engine says the party sees', () => {
    let compared = 0;
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const s = walked(seed, 1 + (seed % 4), 30);
      // A party that has all fallen shows what it saw last (the test below): compare the living ones here.
      if (!s.players.some((p) => p.alive)) continue;
      compared++;
      const engine = computeVisibility(s).visible;
      const { mask, mark } = partySight(s);
      const mine = Uint8Array.from(mask, (v) => (v === mark ? 1 : 0));
      expect(mine).toEqual(engine);
    }
    expect(compared).toBeGreaterThanOrEqual(5);
  });

  it('forgets the previous state (generation counter wraps cleanly)', () => {
    const a = walked(11, 2, 10);
    const b = walked(12, 2, 10);
    for (let i = 0; i < 300; i++) partySight(i % 2 ? a : b);
    const { mask, mark } = partySight(a);
    expect(Uint8Array.from(mask, (v) => (v === mark ? 1 : 0))).toEqual(computeVisibility(a).visible);
  });

  it('shows what the fallen saw last once no one is alive', () => {
    const s = walked(13, 1, 5);
    const dead = { ...s, players: s.players.map((p) => ({ ...p, alive: false })) };
    const { mask, mark } = partySight(dead);
    const alive = computeVisibility(s).visible;
    expect(Uint8Array.from(mask, (v) => (v === mark ? 1 : 0))).toEqual(alive);
  });
});
