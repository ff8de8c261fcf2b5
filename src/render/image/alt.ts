/** The image map's alt text: who is where, what is near whom, which way the stairs are; what a sighted player sees, in at most 1,024 characters. */
import type { GameState } from '../../engine/types.js';
import { LIMITS } from '../limits.js';
import { cleanName, truncate } from '../text.js';
import { knownStairs, slotIndex } from '../view-model.js';
import { DEFAULT_LOCALE, t, type Locale } from '../../i18n/index.js';
import { itemKindName, monsterShortLabel } from '../names.js';

/** Discord's limit on an attachment's description. */
export const ALT_MAX = LIMITS.attachmentDescription;

/** Monsters this close (in steps, diagonals counting one) are "near" a player. */
export const NEAR = 5;

/** Most monsters listed near one player. */
const NEAR_MAX = 3;

/** Most items named. */
const ITEMS_MAX = 4;

/** A compass point from (x0, y0) to (x1, y1) ("n", "ne", ... "nw"); '' when they are the same cell. */
export function compass(x0: number, y0: number, x1: number, y1: number): string {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const ns = dy < 0 ? 'n' : dy > 0 ? 's' : '';
  const ew = dx < 0 ? 'w' : dx > 0 ? 'e' : '';
  if (Math.abs(dx) > 2 * Math.abs(dy)) return ew;
  if (Math.abs(dy) > 2 * Math.abs(dx)) return ns;
  return ns + ew;
}

const COMPASS_WORDS: Readonly<Record<string, string>> = { n: 'north', ne: 'north-east', e: 'east', se: 'south-east', s: 'south', sw: 'south-west', w: 'west', nw: 'north-west' };

/** A compass direction from (x0, y0) to (x1, y1) in English words; '' when they are the same cell. */
export function direction(x0: number, y0: number, x1: number, y1: number): string {
  return COMPASS_WORDS[compass(x0, y0, x1, y1)] ?? '';
}

/** "3 tiles north-east", "1 tile west", "here" (in `locale`). */
export function whereFrom(x0: number, y0: number, x1: number, y1: number, locale: Locale = DEFAULT_LOCALE): string {
  const d = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
  return d === 0 ? t(locale, 'alt.here') : t(locale, 'alt.away', { n: d, dir: compass(x0, y0, x1, y1) });
}

/** Which part of the level a cell is in: "nw", "" (the centre)... (the level cut in thirds each way). */
function region(state: GameState, x: number, y: number): string {
  const col = Math.min(2, Math.floor((3 * x) / state.width));
  const row = Math.min(2, Math.floor((3 * y) / state.height));
  return ['n', '', 's'][row]! + ['w', '', 'e'][col]!;
}

/**
 * The alt text of a picture of `state` where cell i is seen now when visible[i] === mark: depth, where the stairs
 * are from the first living player (or that they are not found yet), then each player by slot with the monsters in
 * sight near them, nearest first.
 */
export function describePicture(state: GameState, visible: Uint8Array, mark: number, locale: Locale = DEFAULT_LOCALE): string {
  const seen = state.monsters.filter((m) => m.hp > 0 && visible[m.y * state.width + m.x] === mark);
  const players = [...state.players].sort((a, b) => a.slot - b.slot);
  const living = players.filter((p) => p.alive);
  const parts: string[] = [t(locale, 'alt.depth', { depth: state.depth, max: state.config.maxDepth })];
  const stairs = knownStairs(state);
  const lead = living[0];
  if (!stairs) parts.push(t(locale, 'alt.no-stairs'));
  else if (lead) parts.push(t(locale, 'alt.stairs', { where: whereFrom(lead.x, lead.y, stairs.x, stairs.y, locale), name: cleanName(lead.name) }));
  // Items in sight, nearest to the lead first: what a sighted player spots at once on the picture.
  const items = lead ? state.items.filter((it) => visible[it.y * state.width + it.x] === mark) : [];
  if (lead && items.length > 0) {
    const d = (it: { x: number; y: number }): number => Math.max(Math.abs(it.x - lead.x), Math.abs(it.y - lead.y));
    const nearest = [...items].sort((a, b) => d(a) - d(b)).slice(0, ITEMS_MAX);
    const named = nearest.map((it) => `${itemKindName(it.kind, locale)} ${whereFrom(lead.x, lead.y, it.x, it.y, locale)}`);
    const more = Math.max(0, items.length - ITEMS_MAX);
    parts.push(t(locale, 'alt.items', { name: cleanName(lead.name), items: named.join(', '), more }));
  }
  for (const p of players) {
    const who = `${slotIndex(p.slot) + 1} ${cleanName(p.name)}`;
    if (!p.alive) {
      parts.push(t(locale, 'alt.fallen', { who }));
      continue;
    }
    const near = seen
      .map((m) => ({ m, d: Math.max(Math.abs(m.x - p.x), Math.abs(m.y - p.y)) }))
      .filter((n) => n.d <= NEAR)
      .sort((a, b) => a.d - b.d || a.m.id - b.m.id)
      .slice(0, NEAR_MAX)
      .map((n) => `${monsterShortLabel(n.m, locale)} ${whereFrom(p.x, p.y, n.m.x, n.m.y, locale)}`);
    const allies = living.filter((q) => q !== p && Math.max(Math.abs(q.x - p.x), Math.abs(q.y - p.y)) <= NEAR).length;
    const where = t(locale, 'alt.region', { r: region(state, p.x, p.y) });
    const shown = near.length > 0 ? near.join(', ') : t(locale, 'alt.no-monster-near');
    parts.push(t(locale, 'alt.player', { who, hp: p.hp, max: p.maxHp, region: where, allies, near: shown }));
  }
  if (living.length === 0 && players.length === 0) parts.push(t(locale, 'alt.empty'));
  return truncate(parts.join(' '), ALT_MAX);
}
