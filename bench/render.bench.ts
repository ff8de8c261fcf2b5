/** Rendering benchmarks: a 4-player view of a 200x200 cavern, in both styles (target ≤ 100 µs median each). */
import { defaultConfig, newGame, step, type GameState } from '../src/engine/index.js';
import { renderGame, type RenderStyle } from '../src/render/index.js';
import type { BenchCase } from './harness.js';

/** A 200x200 game with four players who have walked a little, so that the view has fog, monsters and a log. */
function fourPlayers200(): GameState {
  let s = newGame(defaultConfig({ seed: 2024, width: 200, height: 200, maxPlayers: 4 }));
  const users = ['u1', 'u2', 'u3', 'u4'];
  for (const [i, u] of users.entries()) {
    const r = step(s, { type: 'join', user: u, name: `Player ${i + 1}` });
    if (r.ok) s = r.state;
  }
  const dirs = ['e', 's', 'w', 'n'] as const;
  for (let t = 0; t < 40; t++) {
    const r = step(s, { type: 'move', user: users[t % 4]!, dir: dirs[(t >> 2) % 4]! });
    if (r.ok) s = r.state;
  }
  return s;
}

function renderCase(style: RenderStyle): BenchCase {
  return {
    name: `render 4-player 200x200 ${style}`,
    impl: 'channel-crawler',
    setup: () => {
      const state = fourPlayers200();
      return () => renderGame(state, { style, viewerId: 'u1' });
    },
  };
}

export const cases: BenchCase[] = [renderCase('emoji'), renderCase('ascii')];
