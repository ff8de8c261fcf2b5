/** The image map's alt text: who is where, what is near whom, which way the stairs are; what a sighted player sees, in at most 1,024 characters. */
import type { GameState } from '../../engine/types.js';
import { LIMITS } from '../limits.js';
import { cleanName, truncate } from '../text.js';
import { knownStairs, monsterLabels, slotIndex } from '../view-model.js';

/** Discord's limit on an attachment's description. */
export const ALT_MAX = LIMITS.attachmentDescription;

/** Monsters this close (in steps, diagonals counting one) are "near" a player. */
export const NEAR = 5;

/** Most monsters listed near one player. */
const NEAR_MAX = 3;

/** Most items named. */
const ITEMS_MAX = 4;

/** A compass direction from (x0, y0) to (x1, y1) in words; '' when they are the same cell. */
export function direction(x0: number, y0: number, x1: number, y1: number): string {
  const dx = x1 - x0;
  const dy = y1 - y0;
  const ns = dy < 0 ? 'north' : dy > 0 ? 'south' : '';
  const ew = dx < 0 ? 'west' : dx > 0 ? 'east' : '';
  if (Math.abs(dx) > 2 * Math.abs(dy)) return ew;
  if (Math.abs(dy) > 2 * Math.abs(dx)) return ns;
  return ns && ew ? `${ns}-${ew}` : ns || ew;
}

/** "3 tiles north-east", "1 tile west", "here". */
export function whereFrom(x0: number, y0: number, x1: number, y1: number): string {
  const d = Math.max(Math.abs(x1 - x0), Math.abs(y1 - y0));
  return d === 0 ? 'here' : `${d} ${d === 1 ? 'tile' : 'tiles'} ${direction(x0, y0, x1, y1)}`;
}

/** Which part of the level a cell is in: "north-west", "centre"... (the level cut in thirds each way). */
function region(state: GameState, x: number, y: number): string {
  const col = Math.min(2, Math.floor((3 * x) / state.width));
  const row = Math.min(2, Math.floor((3 * y) / state.height));
  const ns = ['north', '', 'south'][row]!;
  const ew = ['west', '', 'east'][col]!;
  return ns && ew ? `${ns}-${ew}` : ns || ew || 'centre';
}

/**
 * The alt text of a picture of `state` where cell i is seen now when visible[i] === mark: depth, where the stairs
 * are from the first living player (or that they are not found yet), then each player by slot with the monsters in
 * sight near them, nearest first.
 */
export function describePicture(state: GameState, visible: Uint8Array, mark: number): string {
  const labels = monsterLabels(state);
  const seen = state.monsters.filter((m) => m.hp > 0 && visible[m.y * state.width + m.x] === mark);
  const players = [...state.players].sort((a, b) => a.slot - b.slot);
  const living = players.filter((p) => p.alive);
  const parts: string[] = [`Dungeon map, depth ${state.depth} of ${state.config.maxDepth}.`];
  const stairs = knownStairs(state);
  const lead = living[0];
  if (!stairs) parts.push('Stairs not found yet.');
  else if (lead) parts.push(`Stairs ${whereFrom(lead.x, lead.y, stairs.x, stairs.y)} of ${cleanName(lead.name)}.`);
  // Items in sight, nearest to the lead first: what a sighted player spots at once on the picture.
  const items = lead ? state.items.filter((it) => visible[it.y * state.width + it.x] === mark) : [];
  if (lead && items.length > 0) {
    const d = (it: { x: number; y: number }): number => Math.max(Math.abs(it.x - lead.x), Math.abs(it.y - lead.y));
    const named = [...items].sort((a, b) => d(a) - d(b)).slice(0, ITEMS_MAX).map((it) => `${it.kind} ${whereFrom(lead.x, lead.y, it.x, it.y)}`);
    const rest = items.length > ITEMS_MAX ? `, and ${items.length - ITEMS_MAX} more` : '';
    parts.push(`Items in sight from ${cleanName(lead.name)}: ${named.join(', ')}${rest}.`);
  }
  for (const p of players) {
    const who = `${slotIndex(p.slot) + 1} ${cleanName(p.name)}`;
    if (!p.alive) {
      parts.push(`${who} has fallen.`);
      continue;
    }
    const near = seen
      .map((m) => ({ m, d: Math.max(Math.abs(m.x - p.x), Math.abs(m.y - p.y)) }))
      .filter((n) => n.d <= NEAR)
      .sort((a, b) => a.d - b.d || a.m.id - b.m.id)
      .slice(0, NEAR_MAX)
      .map((n) => `${labels.get(n.m.id)!.label} ${whereFrom(p.x, p.y, n.m.x, n.m.y)}`);
    const others = living.filter((q) => q !== p && Math.max(Math.abs(q.x - p.x), Math.abs(q.y - p.y)) <= NEAR).length;
    const company = others > 0 ? `, ${others} ${others === 1 ? 'ally' : 'allies'} close` : '';
    parts.push(`${who}, ${p.hp}/${p.maxHp} HP, in the ${region(state, p.x, p.y)}${company}: ${near.length > 0 ? near.join(', ') : 'no monster near'}.`);
  }
  if (living.length === 0 && players.length === 0) parts.push('No one is in the party yet.');
  return truncate(parts.join(' '), ALT_MAX);
}
