/**
 * Refused arrows (issue 24): in a party's games, the share of presses on a lit shared arrow that the game refuses.
 * An arrow is lit when any living member who may act can go that way (commands/controls/layouts.ts); a press is
 * modelled as the presser choosing one lit arrow at random, and runs as the shared message runs it: a wall for the
 * presser heads that way (src/app/shared-arrow.ts), then the engine takes or refuses the step.
 * `npx tsx balance/arrows.ts [seeds] [policy]`.
 */
import { legalMoves, sightOnce, step, type Direction, type GameState } from '../src/engine/index.js';
import { sharedArrowStep } from '../src/app/shared-arrow.js';
import { playGame, type Scenario } from './play.js';
import type { PolicyName } from './policies.js';

/** Presses counted and the expected refused ones (each press weighs 1, split over the lit arrows). */
export interface ArrowTally {
  presses: number;
  refused: number;
  /** Presses where the presser had a legal move that no shared arrow showed (they must open 🎮). */
  hidden: number;
}

/** How the shared pad lights an arrow: `any` member who may act can go there (today), or `all` of them can. */
export type Lighting = 'any' | 'all';

/** Adds one press by `user` on a random lit shared arrow of `s` to `t`. */
export function tallyPress(s: GameState, user: string, t: ArrowTally, lighting: Lighting = 'any'): void {
  const sight = sightOnce(s);
  const mine = legalMoves(s, user, sight);
  if (!mine.canAct) return;
  const open = (m: typeof mine): Direction[] => (Object.entries(m.moves) as [Direction, string][]).filter(([, w]) => w !== 'blocked').map(([d]) => d);
  const acting = s.players.filter((p) => p.alive).map((p) => (p.id === user ? mine : legalMoves(s, p.id, sight))).filter((l) => l.canAct);
  const sets = acting.map((l) => new Set(open(l)));
  const lit = new Set<Direction>(lighting === 'any' ? sets.flatMap((x) => [...x]) : [...sets[0]!].filter((d) => sets.every((x) => x.has(d))));
  if (open(mine).some((d) => !lit.has(d))) t.hidden++;
  if (lit.size === 0) {
    t.presses++;
    return;
  }
  let refused = 0;
  for (const d of lit) if (!pressTaken(s, user, d)) refused++;
  t.presses++;
  t.refused += refused / lit.size;
}

/** Whether a press by `user` on the shared arrow `d` is taken (as GameService.act runs a shared-message press). */
export function pressTaken(s: GameState, user: string, d: Direction): boolean {
  const dir = sharedArrowStep(s, user, d);
  return dir !== null && step(s, { type: 'move', user, dir }).ok;
}

/** The tally over `seeds` games of a party of four. */
export function measureArrows(seeds: readonly number[], policy: PolicyName, mode: Scenario['mode'], lighting: Lighting = 'any'): ArrowTally {
  const t: ArrowTally = { presses: 0, refused: 0, hidden: 0 };
  const sc: Scenario = { policy, players: 4, mode, difficulty: 'normal', size: 'medium' };
  for (const seed of seeds) playGame(sc, seed, (s, u) => tallyPress(s, u, t, lighting));
  return t;
}

if (process.argv[1]?.endsWith('arrows.ts')) {
  const n = Number(process.argv[2] ?? 5);
  const policy = (process.argv[3] ?? 'autopilot') as PolicyName;
  const pct = (x: number, n: number): string => `${((100 * x) / Math.max(1, n)).toFixed(1)}%`;
  for (const lighting of ['any', 'all'] as const) {
    for (const mode of ['rounds', 'free'] as const) {
      const t = measureArrows(Array.from({ length: n }, (_, i) => i + 1), policy, mode, lighting);
      console.log(`${lighting} ${mode} ${policy} x${n}: ${t.presses} presses, ${pct(t.refused, t.presses)} refused, ${pct(t.hidden, t.presses)} with a move not lit`);
    }
  }
}
