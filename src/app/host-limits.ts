/**
 * The limits a server's admins set on a host's choices in `/rogue new` (settings rows host_min/max_difficulty,
 * host_min/max_round_seconds and max_players): a choice outside them is refused with a line that names the limit.
 * Choices the host leaves out take the server defaults, whatever the limits.
 */
import { DIFFICULTIES } from '../engine/difficulty.js';
import type { Difficulty } from '../engine/types.js';
import type { GuildSettings } from './settings.js';
import type { ServiceFailure } from './service-types.js';
import { choiceMsg, eitherMsg, invalid } from './invalid.js';

/** What a host may choose for one run. */
export interface HostChoices {
  difficulty?: Difficulty;
  roundSeconds?: number;
  maxPlayers?: number;
}

const rank = (d: Difficulty): number => DIFFICULTIES.indexOf(d);

/** The difficulties hosts may choose on this server, easiest first. */
export function allowedDifficulties(s: GuildSettings): Difficulty[] {
  return DIFFICULTIES.filter((d) => rank(d) >= rank(s.hostMinDifficulty) && rank(d) <= rank(s.hostMaxDifficulty));
}


/** Why a host's choice is outside the server's limits (a friendly line naming the limit), or null when all are within. */
export function hostChoiceRefusal(s: GuildSettings, c: HostChoices): ServiceFailure | null {
  if (c.difficulty !== undefined && !allowedDifficulties(s).includes(c.difficulty)) {
    return invalid('invalid.host-difficulty', { choices: eitherMsg(allowedDifficulties(s).map(choiceMsg)) });
  }
  if (c.roundSeconds !== undefined && (c.roundSeconds < s.hostMinRoundSeconds || c.roundSeconds > s.hostMaxRoundSeconds)) {
    return invalid('invalid.host-round-seconds', { min: s.hostMinRoundSeconds, max: s.hostMaxRoundSeconds });
  }
  if (c.maxPlayers !== undefined && c.maxPlayers > s.maxPlayers) return invalid('invalid.host-party', { max: s.maxPlayers });
  return null;
}

/** Why a whole set of settings contradicts itself (a minimum above its maximum), or null: checked before an update is saved. */
export function limitsConflict(s: GuildSettings): ServiceFailure | null {
  if (rank(s.hostMinDifficulty) > rank(s.hostMaxDifficulty)) return invalid('invalid.limits-difficulty', { min: choiceMsg(s.hostMinDifficulty), max: choiceMsg(s.hostMaxDifficulty) });
  if (s.hostMinRoundSeconds > s.hostMaxRoundSeconds) return invalid('invalid.limits-round-seconds', { min: s.hostMinRoundSeconds, max: s.hostMaxRoundSeconds });
  return null;
}
