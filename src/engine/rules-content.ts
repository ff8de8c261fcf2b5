/**
 * Everything a rules version plays with, as plain data by table, for the pin test (test/engine/rules-pins.test.ts):
 * the rows of its kinds (presentation left out: art, legend and help text don't change a game), its difficulty table,
 * the engine constants every version shares, and the dungeons fixed seeds generate. Nothing in the engine imports this.
 */
import { Rng } from '../grid/rng.js';
import { MAP_KIND_RULES, MONSTER_MIN_DIST } from '../mapgen/generate.js';
import { PLACEMENT_SIGHT } from '../mapgen/placement.js';
import * as ai from './ai.js';
import { CLOSE_RANGE, RANGE_PENALTY } from './combat.js';
import { DEPTH_HP_STEP, PARTY_HP_STEP } from './difficulty.js';
import { BOMB_RANGE, BOMB_STUN, TELEPORT_MIN_DIST, THROW_RANGE } from './effects.js';
import { HOLD_GROUND } from './fight.js';
import { MAX_REST, MAX_RUN, MAX_STEPS, newGame } from './game.js';
import { ITEMS, STARTING_WEAPON } from './items.js';
import { enterLevel } from './level.js';
import { MONSTERS, PLAYER_BASE, POTION_HEAL, SPLIT_MIN } from './monsters.js';
import * as pace from './pace.js';
import { DAMAGE_PER_LEVEL, HP_PER_LEVEL, XP_PER_DEPTH, XP_STEP } from './progression.js';
import { rulesFor } from './rules.js';
import { ABILITIES, ABILITY_KINDS, ROLES, ROLE_KINDS } from './roles.js';
import * as abilities from './abilities.js';

/** The abilities' numbers (rules versions with roles). */
function roleConstants(): unknown[] {
  return [abilities.SHOT, abilities.CLEAVE_TO_HIT, abilities.MEND_RADIUS, abilities.MEND_BASE, abilities.MEND_PER_LEVEL, abilities.SMOKE_RADIUS, abilities.SMOKE_STUN];
}
import { scoreRun } from './score.js';
import type { GameState } from './types.js';

/** Fields of a kind row that only change how it looks or reads, never a game. */
const PRESENTATION = new Set(['art', 'legend', 'habit', 'blurb', 'describe']);

const gameplay = (row: object): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).filter(([k, v]) => !PRESENTATION.has(k) && typeof v !== 'function'));

/** The engine constants every rules version shares today (move one into RulesRow to change it for new games only). */
export function sharedConstants(): Record<string, unknown> {
  return {
    PLAYER_BASE, POTION_HEAL, STARTING_WEAPON, DEPTH_HP_STEP, PARTY_HP_STEP, XP_STEP, HP_PER_LEVEL, DAMAGE_PER_LEVEL, XP_PER_DEPTH,
    CLOSE_RANGE, RANGE_PENALTY, THROW_RANGE, BOMB_RANGE, BOMB_STUN, TELEPORT_MIN_DIST, HOLD_GROUND, MAX_STEPS, MAX_RUN, MAX_REST,
    MONSTER_MIN_DIST, PLACEMENT_SIGHT,
    scores: [scoreRun({ outcome: 'victory', depth: 5, turns: 300, kills: [{ id: 'a', name: 'a', kills: 7 }] }), scoreRun({ outcome: 'defeat', depth: 2, turns: 90, kills: [] })],
    ai: [ai.FRIEND_RADIUS, ai.ALERT_RADIUS, ai.RETURN_FRACTION, ai.HIDING_REGEN_EVERY, ai.LURE_RANGE, ai.LURE_TURNS, ai.KEEP_AWAY],
    healer: [ai.MEND_RADIUS, ai.MEND_BELOW, ai.MEND_EVERY, ai.GUARD_RADIUS],
    pace: [pace.CALM_ROUNDS, pace.WANDER_IN_ONE_IN, pace.WANDER_IN_MIN_DIST, pace.REVIVE_FRACTION, pace.NEAR_DISTANCE, pace.HOLD_WAKE_DISTANCE, pace.MAX_HOLD_ROUNDS],
  };
}

/** Every level of a few fixed seeds for each map kind of a version (tiles, monsters, items): what a seed generates. */
export function sampleDungeons(version: number): unknown[] {
  const out: unknown[] = [];
  for (const mapKind of rulesFor(version).mapKinds) {
    for (const seed of [1, 2, 3]) {
      const state: GameState = newGame({ seed, width: 40, height: 20, mapKind, topology: 4, turnMode: 'free', difficulty: 'normal', maxPlayers: 2, fovRadius: 8, maxDepth: 5, rules: version });
      const rng = Rng.fromSeed(seed);
      for (let depth = 1; depth <= 5; depth++) {
        enterLevel(state, rng, depth);
        out.push({ mapKind, seed, depth, tiles: [...state.tiles].join(''), monsters: state.monsters, items: state.items });
      }
    }
  }
  return out;
}

/** A version's content by table: change any table of a released version and its pin fails by that table's name. */
export function rulesContent(version: number): Record<string, unknown> {
  const row = rulesFor(version);
  return {
    kinds: { monsters: row.monsters, items: row.items, mapKinds: row.mapKinds, boss: row.boss, dailyFrom: row.dailyFrom },
    monsters: row.monsters.map((k) => ({ kind: k, ...gameplay(MONSTERS[k]) })),
    items: row.items.map((k) => ({ kind: k, ...gameplay(ITEMS[k]) })),
    mapKinds: row.mapKinds.map((k) => ({ kind: k, ...gameplay(MAP_KIND_RULES[k]) })),
    difficulty: row.difficulty,
    constants: sharedConstants(),
    dungeons: sampleDungeons(version),
    // Versions with roles pin the role and ability tables too (version 1 has neither).
    // Versions from 3 pin their guarded fight order, committing healers, maze shape and the new monsters' numbers.
    // Versions from 4 pin their per-kind monster density.
    ...(row.version >= 4 ? { v4: { density: row.density, explorePicksUp: row.explorePicksUp } } : {}),
    ...(row.version >= 3 ? { v3: { healerCommits: row.healerCommits, fightGuard: row.fightGuard, maze: row.maze, party: row.party, SPLIT_MIN } } : {}),
    ...(row.roles ? { roles: ROLE_KINDS.map((k) => ({ kind: k, ...gameplay(ROLES[k]) })), abilities: ABILITY_KINDS.map((k) => ({ kind: k, ...gameplay(ABILITIES[k]) })), roleConstants: roleConstants(), depthCurve: row.depth, fightIdle: row.fightIdle, slowStrikes: row.slowStrikes } : {}),
  };
}
