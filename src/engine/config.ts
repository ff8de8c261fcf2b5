/** Game configuration defaults and validation. */
import { GameConfigSchema } from './state-schema.js';
import { LATEST_RULES } from './rules.js';
import type { GameConfig } from './types.js';

/** A 60x30 cavern, 4-way, free turns, normal difficulty, 4 players, sight 8, 5 levels deep, the latest rules. */
export function defaultConfig(overrides: Partial<GameConfig> = {}): GameConfig {
  const config: GameConfig = {
    seed: 1,
    width: 60,
    height: 30,
    mapKind: 'cavern',
    topology: 4,
    turnMode: 'free',
    difficulty: 'normal',
    maxPlayers: 4,
    fovRadius: 8,
    maxDepth: 5,
    rules: LATEST_RULES,
    ...overrides,
  };
  return validateConfig(config);
}

/** Returns the config when valid; an invalid config is a programmer error and throws. */
export function validateConfig(config: GameConfig): GameConfig {
  const parsed = GameConfigSchema.safeParse(config);
  if (!parsed.success) throw new Error(`invalid game config: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
