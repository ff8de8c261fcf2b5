/**
 * The limits a server's admins set on a host's choices in `/rogue new` (settings rows host_min/max_difficulty,
 * host_min/max_round_seconds and max_players): a choice outside them is refused with a line that names the limit.
 * Choices the host leaves out take the server defaults, whatever the limits.
 */
import { DIFFICULTIES } from '../engine/difficulty.js';
import type { Difficulty } from '../engine/types.js';
import type { GuildSettings } from './settings.js';

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

/** "normal", "easy or normal", "easy, normal or hard". */
function either(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? 'none') : `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]!}`;
}

/** Why a host's choice is outside the server's limits (a friendly line naming the limit), or null when all are within. */
export function hostChoiceRefusal(s: GuildSettings, c: HostChoices): string | null {
  if (c.difficulty !== undefined && !allowedDifficulties(s).includes(c.difficulty)) {
    return `This server lets hosts choose difficulty ${either(allowedDifficulties(s))} (an admin sets host_min_difficulty and host_max_difficulty with /rogue-config set).`;
  }
  if (c.roundSeconds !== undefined && (c.roundSeconds < s.hostMinRoundSeconds || c.roundSeconds > s.hostMaxRoundSeconds)) {
    return `This server lets hosts choose round_seconds from ${s.hostMinRoundSeconds} to ${s.hostMaxRoundSeconds} (an admin sets host_min_round_seconds and host_max_round_seconds with /rogue-config set).`;
  }
  if (c.maxPlayers !== undefined && c.maxPlayers > s.maxPlayers) return `This server allows parties of at most ${s.maxPlayers} (an admin sets max_players with /rogue-config set).`;
  return null;
}

/** Why a whole set of settings contradicts itself (a minimum above its maximum), or null: checked before an update is saved. */
export function limitsConflict(s: GuildSettings): string | null {
  if (rank(s.hostMinDifficulty) > rank(s.hostMaxDifficulty)) return `host_min_difficulty (${s.hostMinDifficulty}) is harder than host_max_difficulty (${s.hostMaxDifficulty}).`;
  if (s.hostMinRoundSeconds > s.hostMaxRoundSeconds) return `host_min_round_seconds (${s.hostMinRoundSeconds}) is above host_max_round_seconds (${s.hostMaxRoundSeconds}).`;
  return null;
}
