/** The balance table's rows: every scenario on every map kind, and the seeds of each row. */
import { kindFromSeed, MAP_KINDS, type MapKind } from '../src/engine/index.js';
import type { Scenario } from './play.js';

export interface Row extends Scenario {
  name: string;
  kind: MapKind;
}

/** A party of four, each a different role (each member plays its role). */
const PARTY_ROLES = ['fighter', 'healer', 'ranger', 'rogue'] as const;

/** The scenarios: the targets, all on the defaults (medium map). Each runs once per map kind. */
const SCENARIOS: (Scenario & { name: string })[] = [
  { name: 'random solo normal', policy: 'random', players: 1, mode: 'free', difficulty: 'normal', size: 'medium' },
  { name: 'careful solo easy', policy: 'careful', players: 1, mode: 'free', difficulty: 'easy', size: 'medium' },
  { name: 'careful solo normal', policy: 'careful', players: 1, mode: 'free', difficulty: 'normal', size: 'medium' },
  { name: 'careful solo hard', policy: 'careful', players: 1, mode: 'free', difficulty: 'hard', size: 'medium' },
  { name: 'careful party4 rounds normal', policy: 'careful', players: 4, mode: 'rounds', difficulty: 'normal', size: 'medium' },
  { name: 'diver solo normal', policy: 'diver', players: 1, mode: 'free', difficulty: 'normal', size: 'medium' },
  { name: 'autopilot solo normal', policy: 'autopilot', players: 1, mode: 'free', difficulty: 'normal', size: 'medium', roles: ['fighter'] },
  { name: 'autopilot party4 rounds normal', policy: 'autopilot', players: 4, mode: 'rounds', difficulty: 'normal', size: 'medium', roles: PARTY_ROLES },
  { name: 'expert solo easy', policy: 'expert', players: 1, mode: 'free', difficulty: 'easy', size: 'medium', roles: ['fighter'] },
  { name: 'expert solo normal', policy: 'expert', players: 1, mode: 'free', difficulty: 'normal', size: 'medium', roles: ['fighter'] },
  { name: 'expert solo hard', policy: 'expert', players: 1, mode: 'free', difficulty: 'hard', size: 'medium', roles: ['fighter'] },
  { name: 'expert party4 rounds normal', policy: 'expert', players: 4, mode: 'rounds', difficulty: 'normal', size: 'medium', roles: PARTY_ROLES },
];

/** Every scenario on every map kind, each its own row. */
export const ROWS: Row[] = SCENARIOS.flatMap((sc) => MAP_KINDS.map((kind) => ({ ...sc, kind, name: `${sc.name} ${kind}` })));

/** The first `count` seeds (from 1) that the game turns into map kind `kind`. */
export function seedsFor(kind: MapKind, count: number): number[] {
  const out: number[] = [];
  for (let seed = 1; out.length < count; seed++) if (kindFromSeed(seed) === kind) out.push(seed);
  return out;
}
