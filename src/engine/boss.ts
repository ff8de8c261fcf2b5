/** The last depth's guardian: the boss kind of the monster table, placed beside the stairs it guards. */
import { Tile } from '../grid/tiles.js';
import type { GameState, Monster, MonsterKind } from './types.js';

/**
 * Puts the boss on the free floor tile nearest the stairs (mutates the draft state) and returns the next free id.
 * The boss takes the place of the level's last rolled monster, so the level holds the formula's count. It starts on
 * guard, so it holds the stairs from the first turn.
 */
export function placeGuardian(state: GameState, tiles: Uint8Array, starts: readonly number[], nextId: number, kind: MonsterKind, maxHp: number, power: number): number {
  const w = state.width;
  const stairs = tiles.indexOf(Tile.Stairs);
  if (stairs < 0) return nextId;
  const taken = new Set<number>();
  for (const m of state.monsters) taken.add(m.y * w + m.x);
  taken.add(state.entrance);
  for (const i of starts) taken.add(i);
  const sx = stairs % w;
  const sy = (stairs - sx) / w;
  for (let r = 1; r <= 3; r++) {
    for (let dy = -r; dy <= r; dy++) {
      for (let dx = -r; dx <= r; dx++) {
        if (Math.max(Math.abs(dx), Math.abs(dy)) !== r) continue;
        const x = sx + dx;
        const y = sy + dy;
        if (x < 0 || y < 0 || x >= w || y >= state.height) continue;
        const i = y * w + x;
        if (tiles[i] !== Tile.Floor || taken.has(i)) continue;
        const boss: Monster = { id: nextId, kind, label: 'A', maxHp, power, x, y, hp: maxHp, weapon: 0, state: 'guard', lastSeen: -1, stunned: 0 };
        state.monsters = [...state.monsters.slice(0, -1), boss];
        return nextId + 1;
      }
    }
  }
  return nextId;
}
