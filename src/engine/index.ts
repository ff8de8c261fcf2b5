/** The pure game engine: state, actions, step(), rules, monster AI and seeded RNG. */
export * from './types.js';
export { Tile, type Grid } from '../grid/tiles.js';
export { Rng, type RngState } from '../grid/rng.js';
export { Bytes, encodeBase64, decodeBase64 } from './bytes.js';
export { MONSTERS, PLAYER_WEAPON, PLAYER_BASE, POTION_HEAL, spawnWeights } from './monsters.js';
export { defaultConfig, validateConfig } from './config.js';
export { newGame, step, resolveRound, replay, MAX_STEPS } from './game.js';
export { computeVisibility, partySight, type SeenMask, type Visibility } from './visibility.js';
export { legalMoves, type LegalMoves } from './legal.js';
export { decide, perceive, TACTICS, weaponOf, type Perception, type Decision } from './ai.js';
export { parseGameState, GameStateSchema, GameConfigSchema, SCHEMA_VERSION, type ParseResult } from './state-schema.js';
