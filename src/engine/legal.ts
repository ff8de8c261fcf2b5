/** Which controls make sense for a user right now (for enabling and disabling buttons). */
import { Tile } from '../grid/tiles.js';
import { frontier, seenStairs } from './runs.js';
import { ITEMS, ITEM_KINDS, carried, weaponStats, type ItemKind } from './items.js';
import type { Direction, GameState, Monster, Player } from './types.js';
import { nearMonster, roundsNow, threatens } from './pace.js';
import { fightable } from './fight.js';
import { partySight } from './visibility.js';
import { workspaceFor } from './workspace.js';
import { usableAbility } from './abilities.js';
import type { AbilityKind } from './roles.js';
import { DIRECTIONS, DIRECTION_DELTA } from './types.js';

/** What stepping onto a tile runs into: the one rule behind moves, bump attacks and the buttons. */
export type Bump = { kind: 'wall' } | { kind: 'ally' } | { kind: 'monster'; monster: Monster } | { kind: 'open' };

/** What a player stepping onto (x, y) would run into (a corpse is no obstacle). */
export function bumpAt(state: GameState, x: number, y: number): Bump {
  if (state.tiles[y * state.width + x] === Tile.Wall) return { kind: 'wall' };
  if (state.players.some((q) => q.alive && q.x === x && q.y === y)) return { kind: 'ally' };
  const monster = state.monsters.find((m) => m.x === x && m.y === y);
  return monster ? { kind: 'monster', monster } : { kind: 'open' };
}

const ORTHOGONAL = DIRECTIONS.slice(0, 4);

export interface LegalMoves {
  canAct: boolean;
  moves: Partial<Record<Direction, 'move' | 'attack' | 'blocked'>>;
  canDescend: boolean;
  /** A potion in hand and hp below max. */
  canUse: boolean;
  /** Items the player can use now, in table order (a potion only when hurt). */
  usable: ItemKind[];
  /** Something known and unexplored (or a known item) is left to walk to, and no monster after the party is in view. */
  canExplore: boolean;
  /** The stairs have been seen, the player is not on them, and no monster after the party is in view. */
  canTravel: boolean;
  /** A lure in hand. */
  canThrow: boolean;
  /** Hurt, and no monster in the party's view. */
  canRest: boolean;
  /** A monster after the party (awake, not running) is in the party's view: the fight order (⚔️) has a target. */
  canFight: boolean;
  /** The role's ability, when it is ready and has something to act on now (abilities.ts), else null. */
  ability: AbilityKind | null;
}

/** Which tiles the party sees now (one sight computation; ask it before computing another state's sight). */
function partySees(state: GameState): (i: number) => boolean {
  const seen = partySight(state);
  return (i) => seen.mask[i] === seen.mark;
}

/** Whether a monster passing `test` stands on a tile `sees` says the party sees. */
function inView(state: GameState, sees: (i: number) => boolean, test: (m: Monster) => boolean): boolean {
  return state.monsters.some((m) => test(m) && sees(m.y * state.width + m.x));
}

/** Whether the party sees any monster now. */
export function monsterInView(state: GameState): boolean {
  return inView(state, partySees(state), () => true);
}

/** Whether the party sees a monster that is after it (hunting or attacking): a fight, in which explore and travel wait. */
export function threatInView(state: GameState): boolean {
  return inView(state, partySees(state), threatens);
}

/** Legal moves of one user; everything is refused for strangers, the dead, finished games and players who already acted this round. */
/**
 * The party's sight for one drawing, computed at most once and shared by every legalMoves call of that drawing (the
 * same state, no other sight computed in between): a party of 8 costs one sight, not eight.
 */
export function sightOnce(state: GameState): () => (i: number) => boolean {
  let sees: ((i: number) => boolean) | null = null;
  return () => (sees ??= partySees(state));
}

/** What `userId` may do now; `sight` shares one party sight between the players of one drawing (see sightOnce). */
export function legalMoves(state: GameState, userId: string, sight: () => (i: number) => boolean = () => partySees(state)): LegalMoves {
  const dirs = state.config.topology === 4 ? ORTHOGONAL : DIRECTIONS;
  const p = state.players.find((q) => q.id === userId);
  const canAct =
    !!p && p.alive && state.status === 'playing' && !(roundsNow(state) && state.acted.includes(p.id));
  const moves: LegalMoves['moves'] = {};
  for (const d of dirs) {
    if (!p || !canAct) {
      moves[d] = 'blocked';
      continue;
    }
    const [dx, dy] = DIRECTION_DELTA[d];
    const bump = bumpAt(state, p.x + dx, p.y + dy);
    // Moving into an ally swaps places with them: a move.
    moves[d] = bump.kind === 'monster' || (bump.kind === 'open' && reachTarget(state, p, d)) ? 'attack' : bump.kind === 'wall' ? 'blocked' : 'move';
  }
  const here = p ? p.y * state.width + p.x : -1;
  const hurt = !!p && p.hp < p.maxHp;
  const stairs = canAct ? partyWide(state).stairs : -1;
  // One sight computation for every answer below, read before frontier() reuses the workspace.
  const sees = canAct && p ? sight() : null;
  // Explore and travel are refused while anyone sees a monster after the party, rest while anyone sees any monster.
  const calm = !!sees && !inView(state, sees, threatens);
  // Nor do they start close to an awake healer the party sees (it hangs back and never stops a run by itself).
  const clear = calm && !!p && sees !== null && !nearMonster(state, p, sees);
  const quiet = !!sees && !inView(state, sees, () => true);
  const canFight = !!sees && inView(state, sees, fightable);
  const ability = canAct && p && sees ? usableAbility(state, p, sees) : null;
  return {
    canAct,
    moves,
    canDescend: canAct && state.tiles[here] === Tile.Stairs,
    canUse: canAct && !!p && carried(p, 'potion') > 0 && hurt,
    usable: canAct && p ? usableItems(p, hurt) : [],
    canExplore: clear && partyWide(state).unexplored(),
    canTravel: clear && stairs >= 0 && stairs !== here,
    canThrow: canAct && !!p && carried(p, 'lure') > 0,
    canRest: calm && hurt && quiet,
    canFight,
    ability,
  };
}

/** What legalMoves reads that is the same for every player of a state: the seen stairs, and whether anything known is left to explore. */
interface PartyWide {
  stairs: number;
  unexplored: () => boolean;
}

/**
 * The party-wide answers of a state, worked out once for all its players (a drawing asks legalMoves for each member
 * of the party). Kept only for a frozen state, as partySight keeps its sight: a stored state never changes, while a
 * state being built or edited in place (the balance harness's tests do) is worked out afresh each time.
 */
const partyWideOf = new WeakMap<GameState, PartyWide>();
function partyWide(state: GameState): PartyWide {
  const known = partyWideOf.get(state);
  if (known) return known;
  let unexplored: boolean | null = null;
  const made: PartyWide = {
    stairs: seenStairs(state),
    unexplored: () => (unexplored ??= frontier(state, workspaceFor(state.width, state.height), []).length > 0),
  };
  if (Object.isFrozen(state)) partyWideOf.set(state, made);
  return made;
}

/** The kinds a player carries and could use now: a potion only when hurt, a weapon or armour not already worn. */
function usableItems(p: Player, hurt: boolean): ItemKind[] {
  return ITEM_KINDS.filter((k) => carried(p, k) > 0 && (ITEMS[k].effect !== 'heal' || hurt));
}

/** A monster a reach weapon strikes from here in a direction: the first creature along the line within reach, over open floor. */
export function reachTarget(s: GameState, p: Player, dir: Direction): { monster: Monster; range: number } | null {
  const reach = weaponStats(p.weapon).reach;
  const [dx, dy] = DIRECTION_DELTA[dir];
  for (let k = 2; k <= reach; k++) {
    if (bumpAt(s, p.x + dx * (k - 1), p.y + dy * (k - 1)).kind !== 'open') return null;
    const bump = bumpAt(s, p.x + dx * k, p.y + dy * k);
    if (bump.kind === 'monster') return { monster: bump.monster, range: k };
    if (bump.kind !== 'open') return null;
  }
  return null;
}

