/** The pure game engine: state, actions, step(), rules, monster AI and seeded RNG. */
export * from './types.js';
export { Tile, type Grid } from '../grid/tiles.js';
export { Rng, type RngState } from '../grid/rng.js';
export { Bytes, encodeBase64, decodeBase64 } from './bytes.js';
export { MONSTERS, MONSTER_KINDS, BOSS_KIND, PLAYER_BASE, POTION_HEAL, spawnWeights } from './monsters.js';
export { ITEMS, ITEM_KINDS, WEAPON_KINDS, ARMOUR_KINDS, STARTING_WEAPON, carried, weaponStats, armourDefence, itemWeights, type ItemRow } from './items.js';
export { BOMB_RANGE } from './effects.js';
export { DIFFICULTY, DIFFICULTIES, describeDifficulty, SCALING_RULE } from './difficulty.js';
export { MAP_KINDS, MAP_CHOICES, MAP_KIND_RULES, kindFromSeed, type MapChoice } from '../mapgen/generate.js';
export { xpForLevel, levelForXp, XP_PER_DEPTH } from './progression.js';
export { monsterCount, monsterHp } from './level.js';
export { defaultConfig, validateConfig } from './config.js';
export { newGame, step, resolveRound, replay, MAX_STEPS, MAX_RUN, MAX_REST, THROW_RANGE } from './game.js';
export { computeVisibility, partySight, type SeenMask, type Visibility } from './visibility.js';
export { legalMoves, monsterInView, type LegalMoves } from './legal.js';
export { decide, perceive, TACTICS, weaponOf, monsterLabel, type Perception, type Decision } from './ai.js';
export { parseGameState, GameStateSchema, GameConfigSchema, SCHEMA_VERSION, type ParseResult } from './state-schema.js';
export { scoreRun, runKills, recapLine, SCORE_RULE } from './score.js';
