/**
 * The daily dungeon's identity, from the UTC date alone: the same day gives the same seed, map kind and settings on
 * every process and server; another day gives another dungeon. Pure: the caller passes the time.
 */
import type { MapKind } from '../../mapgen/generate.js';
import { rulesFor, rulesForDay } from '../../engine/rules.js';
import type { Difficulty } from '../../engine/types.js';
import type { MapSize } from '../settings.js';

export const DAY_MS = 86_400_000;
/** Day 0 of the daily's numbering ("Daily #1" is this UTC day): 2026-11-24, the day the daily opened. */
export const FIRST_DAY = Date.UTC(2026, 10, 24) / DAY_MS;

/** The UTC day (whole days since 1970-01-01) of an epoch-ms time. */
export function utcDay(now: number): number {
  return Math.floor(now / DAY_MS);
}

/** The day's number as players see it ("Daily #12"); days before the first are still numbered (0, -1, ...). */
export function dayNumber(day: number): number {
  return day - FIRST_DAY + 1;
}

/** `YYYY-MM-DD` of a UTC day. */
export function dayLabel(day: number): string {
  const d = new Date(day * DAY_MS);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

/** The day's seed: FNV-1a of `daily:<day>`, 32-bit unsigned. */
export function dailySeed(day: number): number {
  let h = 0x811c9dc5;
  const text = `daily:${day}`;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The day's map kind: the day's rules version's kinds in turn, one per day (a new kind joins from its version's first day). */
export function dailyMapKind(day: number): MapKind {
  const kinds = rulesFor(rulesForDay(day)).mapKinds;
  return kinds[((day % kinds.length) + kinds.length) % kinds.length] as MapKind;
}

/** Everything a daily game is started with; none of it comes from a server's settings. */
export interface DailyRules {
  day: number;
  /** The rules version in force when the day began (engine/rules.ts `dailyFrom`). */
  rules: number;
  seed: number;
  mapKind: MapKind;
  size: MapSize;
  difficulty: Difficulty;
  mode: 'free';
  diagonals: false;
  /** A solo game: nobody else can join a daily run. */
  maxPlayers: 1;
}

/** The rules of a UTC day's daily run. */
export function dailyRules(day: number): DailyRules {
  return { day, rules: rulesForDay(day), seed: dailySeed(day), mapKind: dailyMapKind(day), size: 'medium', difficulty: 'normal', mode: 'free', diagonals: false, maxPlayers: 1 };
}
