/**
 * The party expert: each member of a rounds-mode party plays its role with the solo expert's reading of a fight
 * (balance/expert.ts: what can strike where, what a blow is worth, bomb lines, gear by its numbers), and the party
 * shares the work instead of every member pressing ⚔️ at once:
 * - the member nearest the fight holds the front: ⚔️ while a monster is in reach or coming at it (one press for many
 *   rounds), a charge at a shooter two or three tiles off, a step in when a stand-off drags on;
 * - members behind the front (their way to the monsters runs through an ally, a corridor's queue) hold (⏳): one press
 *   until a monster comes next to them, where ⚔️ could only step into allies and hand back `exposed`;
 * - a hurt front member steps back through a healthier ally behind it (the swap), who then holds the front;
 * - the healer mends the most hurt member in reach, the ranger shoots (the nearest monster, shooters and healers
 *   mostly stand behind the pack's front), the fighter cleaves two or more, the rogue smokes a crowd or a brute;
 * - every member drinks only when the next blows could kill it, and bombs packs and brutes along a clear line.
 * Out of a fight the leader explores and the others follow (the careful player's walking), gear and mapping first.
 * It sees only the PlayerView.
 */
import { ABILITIES } from '../src/engine/roles.js';
import { ITEMS } from '../src/engine/items.js';
import { MONSTERS } from '../src/engine/monsters.js';
import { DIRECTION_DELTA, Tile, type Action, type Direction, type Monster } from '../src/engine/index.js';
import type { Rng } from '../src/grid/rng.js';
import { awake, betterGear, bfs, blowOf, bombLine, myBlow, score, shooter, splits, strikesFrom } from './expert.js';
import type { Memory } from './policies.js';
import { stepToFrontier, stepToward, viewDistance, type PlayerView } from './view.js';

type Pos = { x: number; y: number };
const cheb = (a: Pos, b: Pos): number => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/** What a member remembers between its presses (per memory object of the harness). */
interface PartyNotes {
  depth: number;
  /** My last press's type, and whether a fight order stood when I pressed it. */
  lastType: string;
  /** Presses before ⚔️ is tried again after the game handed it back without a blow (it would only step into the same spot). */
  noFight: number;
  /** Presses in a row in a fight with nothing in my reach, no hp lost and nothing coming closer: a stand-off. */
  stall: number;
  lastHp: number;
  /** Each threat's distance at my last press. */
  seen: Map<number, number>;
  /** Where I stood at my last press (tile index). */
  lastPos: number;
  /** Press types the game just refused, and for how many more presses not to try them. */
  refused: Map<string, number>;
  /** The turn of my last press (a hold that stood LONG_HOLD rounds since with nothing happening is a stand-off). */
  lastTurn: number;
  /** A stand-off outlasted my hold: I go at the nearest monster by hand until a blow is in reach or I am hurt. */
  restless: boolean;
}

const NOTES = new WeakMap<object, PartyNotes>();

function notesOf(memory: object, v: PlayerView): PartyNotes {
  let n = NOTES.get(memory);
  if (!n || n.depth !== v.depth) NOTES.set(memory, (n = { depth: v.depth, lastType: '', noFight: 0, stall: 0, lastHp: v.me.hp, seen: new Map(), refused: new Map(), lastPos: -1, lastTurn: v.turn, restless: false }));
  return n;
}

/** A stand-off this many presses long sends the front in (the shaman behind its pack, an archer out of reach). */
const STANDOFF = 3;
/**
 * Rounds a hold may stand with nothing coming next to me before I look again: a monster that never comes (a guard
 * in a corridor, a pack behind cornered runners) would otherwise hold the party for good.
 */
const LONG_HOLD = 24;

/** The item kinds whose effect is `effect` that I can use now. */
const usableBy = (v: PlayerView, effect: string) => v.legal.usable.find((k) => ITEMS[k].effect === effect) ?? null;

/** My ⚔️ stands and fights on by itself: a fight order given in rounds (it stands through the calm, but walking freely it does nothing). */
const standing = (v: PlayerView): boolean => v.fighting && v.rounds;

/** What a party member presses now (null: nothing, a standing order or the leader's walk carries it). */
export function partyExpert(v: PlayerView, rng: Rng, memory: Memory): Action | null {
  const notes = notesOf(memory, v);
  if (notes.noFight > 0) notes.noFight--;
  // My ⚔️ ended since my last press with nothing in reach: the game handed it back (exposed, no blows); don't press it
  // again at once.
  if (notes.lastType === 'fight' && !v.fighting && !v.dirs.some((d) => v.legal.moves[d] === 'attack')) notes.noFight = 3;
  // The game refused my last press (the harness then waited for me): don't press it again for a few presses.
  // A run that went nowhere (an ally on the stairs in its way) counts as refused too.
  const here = v.me.y * v.width + v.me.x;
  const still = here === notes.lastPos && (notes.lastType === 'explore' || notes.lastType === 'travel');
  if ((memory.waits > 0 || still) && notes.lastType !== '' && notes.lastType !== 'wait') notes.refused.set(notes.lastType, 4);
  notes.lastPos = here;
  for (const [k, n] of notes.refused) if (n <= 1) notes.refused.delete(k);
  else notes.refused.set(k, n - 1);
  if (v.rounds && v.holding && v.turn - notes.lastTurn >= LONG_HOLD) notes.restless = true;
  const a = decide(v, rng, memory, notes);
  // (The careful player's count of waits is its own: a press decided here is no wait of its.)
  if (a && a.type !== 'wait') memory.waits = 0;
  notes.lastType = a ? a.type : notes.lastType;
  notes.lastHp = v.me.hp;
  if (a) notes.lastTurn = v.turn;
  return a;
}

function decide(v: PlayerView, rng: Rng, memory: Memory, notes: PartyNotes): Action | null {
  const { me, legal } = v;
  const user = me.id;
  const w = v.width;
  const hp = me.hp / me.maxHp;
  const threats = v.monsters.filter((m) => awake(m) && !(m.state === 'guard' && cheb(m, me) > 6));
  if (legal.usable.includes('map') && v.stairs < 0) return { type: 'use', user, item: 'map' };
  if (threats.length === 0) notes.restless = false;
  if (notes.restless) {
    const go = restless(v, notes);
    if (go) return go;
  }
  if (threats.length === 0) {
    notes.stall = 0;
    notes.seen = new Map();
    const gear = betterGear(v);
    if (gear) return { type: 'use', user, item: gear };
    const mend = mendNow(v, 0.8);
    if (mend) return mend;
    return isLeader(v) ? lead(v, notes) : follow(v);
  }

  // Holding (⏳) with nothing next to me and not about to die: the hold stands (the rounds go on by the timer).
  if (v.rounds && v.holding && !v.monsters.some((m) => cheb(m, me) <= 1) && hp >= 0.3) return null;

  const blockers = new Set<number>([...v.monsters.map((m) => m.y * w + m.x), ...v.party.filter((q) => q.id !== me.id).map((q) => q.y * w + q.x)]);
  const strikers = threats.filter((m) => m.stunned === 0 && strikesFrom(v, m, me, blockers));
  const incoming = strikers.reduce((n, m) => n + blowOf(m, me).max, 0);
  const inReach = v.dirs.filter((d) => legal.moves[d] === 'attack');
  const adjacent = v.monsters.filter((m) => cheb(m, me) === 1);

  // Who came closer since my last press; a stand-off is a run of presses with nothing in reach, closer or hurting.
  const before = notes.seen;
  notes.seen = new Map(threats.map((m) => [m.id, viewDistance(v, me, m)]));
  const closer = threats.some((m) => (before.get(m.id) ?? 99) > viewDistance(v, me, m));
  notes.stall = inReach.length === 0 && !closer && me.hp >= notes.lastHp ? notes.stall + 1 : 0;

  // The next blows could kill me: drink, smoke, mend, swap out, teleport, bomb.
  const dying = me.hp <= Math.max(incoming, me.maxHp * 0.3) && (strikers.length > 0 || hp < 0.3);
  if (dying) {
    if (legal.canUse) return { type: 'use', user };
    const ab = legal.ability ? ABILITIES[legal.ability].effect : null;
    if (ab === 'mend') return { type: 'ability', user };
    if (ab === 'smoke' && strikers.some((m) => cheb(m, me) <= 2)) return { type: 'ability', user };
    const swap = swapOut(v, threats, 1);
    if (swap) return swap;
    const tele = usableBy(v, 'teleport');
    if (tele) return { type: 'use', user, item: tele };
    const bomb = usableBy(v, 'bomb');
    const dir = bomb ? bombLine(v, () => true) : null;
    if (bomb && dir) return { type: 'use', user, item: bomb, dir };
  }

  // A hurt front member steps back through a healthier ally (who then holds the front).
  const swap = swapOut(v, threats, 0.45);
  if (swap) return swap;

  // The role's ability where it pays.
  const ability = roleMove(v, threats, adjacent, hp);
  if (ability) return ability;

  // A bomb on a pack, a brute or a splitter along a clear line.
  const bomb = usableBy(v, 'bomb');
  if (bomb) {
    const brute = (m: Monster): boolean => (MONSTERS[m.kind].xp >= 8 && m.hp > myBlow(me, m) * 2) || splits(m);
    const dir = bombLine(v, brute);
    if (dir) return { type: 'use', user, item: bomb, dir };
  }

  // Something in my reach: ⚔️ takes the swings round after round (it stands; pressing it again is nothing), unless the
  // game just handed it back; then strike the best target by hand.
  if (inReach.length > 0) {
    if (standing(v)) return null;
    if (legal.canFight && notes.noFight === 0 && hp > 0.3) return { type: 'fight', user };
    const best = inReach.map((d) => ({ d, m: targetIn(v, d) })).filter((x): x is { d: Direction; m: Monster } => x.m !== null);
    if (best.length > 0) return { type: 'move', user, dir: best.reduce((a, b) => (score(me, b.m) > score(me, a.m) ? b : a)).d };
  }

  // Behind the front (my way to the fight runs through allies): hold until a monster comes next to me. Out of a
  // shooter's line first when a step does it.
  if (behindFront(v, threats)) {
    const bows = threats.filter((m) => shooter(m) && strikesFrom(v, m, me, blockers));
    if (bows.length > 0) {
      const hide = v.dirs.find((d) => {
        if (legal.moves[d] !== 'move') return false;
        const to = { x: me.x + DIRECTION_DELTA[d][0], y: me.y + DIRECTION_DELTA[d][1] };
        if (v.party.some((q) => q.x === to.x && q.y === to.y)) return false;
        return threats.every((m) => !strikesFrom(v, m, to, blockers)) && !threats.some((m) => cheb(m, to) <= 1);
      });
      if (hide) return { type: 'move', user, dir: hide };
    }
    // In a queue (no free step brings me closer) a standing ⚔️ only waits for its turn, and it stands through the calm
    // into the next fight: keep it, or give it. With a free step closer it could walk me somewhere worse and be handed
    // back (exposed): hold (⏳) instead.
    if (!freeStepCloser(v, threats)) return standing(v) ? null : legal.canFight && notes.noFight === 0 ? { type: 'fight', user } : { type: 'wait', user };
    return { type: 'wait', user };
  }

  // The front. A shooter with a line on me two or three tiles off: charge it (standing only gives it shots).
  const bow = threats.find((m) => shooter(m) && m.state !== 'flee' && viewDistance(v, m, me) <= 3 && strikesFrom(v, m, me, blockers));
  const charge = bow ? stepNext(v, bow) : null;
  if (charge) return { type: 'move', user, dir: charge };
  // A spear two tiles off in line: close in.
  const spear = threats.find((m) => MONSTERS[m.kind].weapons[m.weapon]?.reach === 2 && strikesFrom(v, m, me, blockers));
  const close = spear ? stepNext(v, spear) : null;
  if (close) return { type: 'move', user, dir: close };

  // A stand-off (nothing comes, nothing in reach): go in, by ⚔️ unless it was just handed back.
  if (notes.stall >= STANDOFF) {
    const prey = threats.reduce((a, b) => (viewDistance(v, me, a) <= viewDistance(v, me, b) ? a : b));
    if (legal.canFight && notes.noFight === 0 && !standing(v)) return { type: 'fight', user };
    const toward = walkTo(v, prey);
    if (toward) return { type: 'move', user, dir: toward };
  }
  // Melee coming at me: ⚔️ lets it come and strikes first, and stands for the rounds after.
  if (standing(v)) return null;
  if (legal.canFight && notes.noFight === 0) return { type: 'fight', user };
  return { type: 'wait', user };
}

/**
 * A stand-off outlasted my hold: strike what is in reach, else step toward the nearest monster I can reach by hand
 * (runners cornered in a pocket, a guard in a corridor), until I am hurt. Null: back to the usual reading.
 */
function restless(v: PlayerView, notes: PartyNotes): Action | null {
  const user = v.me.id;
  const strike = v.dirs.find((d) => v.legal.moves[d] === 'attack');
  if (strike || v.me.hp < notes.lastHp) {
    notes.restless = false;
    return strike ? { type: 'move', user, dir: strike } : null;
  }
  const byDistance = [...v.monsters].sort((a, b) => viewDistance(v, v.me, a) - viewDistance(v, v.me, b));
  for (const m of byDistance) {
    const d = walkTo(v, m);
    if (d) return { type: 'move', user, dir: d };
  }
  notes.restless = false;
  return null;
}

/**
 * The leader out of a fight: strikes what stands next to it, rests the party when someone is hurt, explores, then
 * travels to the stairs and goes down (the last depth: straight for the stairs).
 */
function lead(v: PlayerView, notes: PartyNotes): Action {
  const { me, legal } = v;
  const user = me.id;
  const strike = v.dirs.find((d) => legal.moves[d] === 'attack');
  if (strike) return { type: 'move', user, dir: strike };
  const last = v.depth >= v.maxDepth;
  if (legal.canRest && !last && v.party.some((q) => q.hp < q.maxHp * 0.8)) return { type: 'rest', user };
  if (legal.canDescend && (last || !legal.canExplore || me.hp > me.maxHp * 0.6)) return { type: 'descend', user };
  // (An ally on the stairs in a corridor, a healer close by: the game refuses the run; step instead.)
  const may = (type: string): boolean => !notes.refused.has(type);
  if (last && legal.canTravel && may('travel')) return { type: 'travel', user };
  if (legal.canExplore && may('explore')) return { type: 'explore', user };
  if (legal.canTravel && may('travel')) return { type: 'travel', user };
  const frontier = stepToFrontier(v);
  if (frontier && legal.moves[frontier] === 'move') return { type: 'move', user, dir: frontier };
  if (v.stairs >= 0) {
    const toward = stepToward(v, v.stairs);
    if (toward && legal.moves[toward] === 'move') return { type: 'move', user, dir: toward };
  }
  return { type: 'wait', user };
}

/**
 * A follower out of a fight: strikes what stands next to it, holds through a fight's calm rounds, rests when hurt,
 * keeps within a few steps of the leader (whose explore brings along the members it sees) and otherwise presses
 * nothing.
 */
function follow(v: PlayerView): Action | null {
  const { me, legal } = v;
  const user = me.id;
  const strike = v.dirs.find((d) => legal.moves[d] === 'attack');
  if (strike) return { type: 'move', user, dir: strike };
  if (v.rounds) return standing(v) || v.holding ? null : { type: 'wait', user };
  if (legal.canRest && me.hp < me.maxHp * 0.7) return { type: 'rest', user };
  // On the stairs with the level explored, or on the last depth's: go down (the leader's travel can't take the stairs
  // from me).
  if (legal.canDescend && (!legal.canExplore || v.depth >= v.maxDepth)) return { type: 'descend', user };
  const leader = leaderOf(v);
  const w = v.width;
  // On the stairs with ground still to explore: step off them (a run never takes the stairs from an ally, so in a
  // corridor I would block the lead's explore and travel for good).
  if (v.known[me.y * w + me.x] === Tile.Stairs && legal.canExplore && leader.id !== me.id) {
    const off = v.dirs.find((d) => legal.moves[d] === 'move' && !v.party.some((q) => q.x === me.x + DIRECTION_DELTA[d][0] && q.y === me.y + DIRECTION_DELTA[d][1]));
    if (off) return { type: 'move', user, dir: off };
  }
  // A few steps behind: close up. Far off (a fight split the party): stay, and let the lead's explore pick me up when
  // it sees me; walking 30 steps to the lead press by press cost 8 presses per player per maze level (40 seeds) and won
  // nothing.
  const dist = bfs(v, [leader.y * w + leader.x], () => false, 12);
  const here = dist[me.y * w + me.x]!;
  if (here > 6) {
    const step = v.dirs.find((d) => {
      if (legal.moves[d] !== 'move') return false;
      const to = dist[(me.y + DIRECTION_DELTA[d][1]) * w + me.x + DIRECTION_DELTA[d][0]]!;
      return to >= 0 && to < here;
    });
    if (step) return { type: 'move', user, dir: step };
  }
  return null;
}

/** Explored tiles of a level each leader walks the party before the next member (in slot order) takes the lead. */
const LEAD_TILES = 120;

/**
 * The member who walks the party now: the lead passes in slot order every LEAD_TILES explored tiles, a convention every
 * member can follow from the shared map, so the walking presses are shared out.
 */
export function leaderOf(v: PlayerView): PlayerView['party'][number] {
  let explored = 0;
  for (let i = 0; i < v.explored.length; i++) explored += v.explored[i]!;
  const order = [...v.party].sort((a, b) => a.slot - b.slot);
  return order[Math.floor(explored / LEAD_TILES) % order.length]!;
}

const isLeader = (v: PlayerView): boolean => leaderOf(v).id === v.me.id;

/** The monster a move in direction `d` strikes (next to me, or two off for a reach weapon), or null. */
function targetIn(v: PlayerView, d: Direction): Monster | null {
  const [dx, dy] = DIRECTION_DELTA[d];
  for (let k = 1; k <= 2; k++) {
    const m = v.monsters.find((o) => o.x === v.me.x + dx * k && o.y === v.me.y + dy * k);
    if (m) return m;
  }
  return null;
}

/**
 * Whether I stand behind the front: every way from me to the nearest threat runs through an ally (or round them, by
 * more than two steps), and no threat is next to me.
 */
export function behindFront(v: PlayerView, threats: readonly Monster[]): boolean {
  if (v.party.length < 2) return false;
  const w = v.width;
  const here = v.me.y * w + v.me.x;
  const from = threats.map((m) => m.y * w + m.x);
  const allies = new Set(v.party.filter((q) => q.id !== v.me.id).map((q) => q.y * w + q.x));
  const open = bfs(v, from, () => false, 40)[here]!;
  if (open < 0 || open <= 1) return false;
  const free = bfs(v, from, (i) => allies.has(i), 40)[here]!;
  return free < 0 || free > open + 2;
}

/** Whether a legal step onto a free tile (no ally, no monster) brings me closer to the nearest threat over known ground. */
function freeStepCloser(v: PlayerView, threats: readonly Monster[]): boolean {
  const w = v.width;
  const dist = bfs(v, threats.map((m) => m.y * w + m.x), () => false, 40);
  const here = dist[v.me.y * w + v.me.x]!;
  return v.dirs.some((d) => {
    if (v.legal.moves[d] !== 'move') return false;
    const x = v.me.x + DIRECTION_DELTA[d][0];
    const y = v.me.y + DIRECTION_DELTA[d][1];
    const to = dist[y * w + x]!;
    return to >= 0 && (here < 0 || to < here) && !v.party.some((q) => q.x === x && q.y === y);
  });
}

/** A legal step (no attack, no swap) that brings me next to `m`, else one that brings me closer over known ground. */
function stepNext(v: PlayerView, m: Monster): Direction | null {
  const adj = v.dirs.find((d) => {
    if (v.legal.moves[d] !== 'move') return false;
    const to = { x: v.me.x + DIRECTION_DELTA[d][0], y: v.me.y + DIRECTION_DELTA[d][1] };
    return !v.party.some((q) => q.x === to.x && q.y === to.y) && viewDistance(v, to, m) === 1;
  });
  return adj ?? walkTo(v, m);
}

/** The first step of the shortest way to `m` over known ground, around allies and other monsters; null if none. */
function walkTo(v: PlayerView, m: Monster): Direction | null {
  const w = v.width;
  const occupied = new Set([...v.party.filter((q) => q.id !== v.me.id).map((q) => q.y * w + q.x), ...v.monsters.filter((o) => o !== m).map((o) => o.y * w + o.x)]);
  const dist = bfs(v, [m.y * w + m.x], (i) => occupied.has(i));
  const here = v.me.y * w + v.me.x;
  let best: Direction | null = null;
  let bestD = dist[here]! < 0 ? Infinity : dist[here]!;
  for (const d of v.dirs) {
    if (v.legal.moves[d] !== 'move') continue;
    const to = here + DIRECTION_DELTA[d][1] * w + DIRECTION_DELTA[d][0];
    if (dist[to]! >= 0 && dist[to]! < bestD) [best, bestD] = [d, dist[to]!];
  }
  return best;
}

/** Mend when the most hurt member within its reach is under `line` of its hp. */
function mendNow(v: PlayerView, line: number): Action | null {
  if (!v.legal.ability || ABILITIES[v.legal.ability].effect !== 'mend') return null;
  const near = v.party.filter((q) => cheb(q, v.me) <= 3);
  return near.some((q) => q.hp < q.maxHp * line) ? { type: 'ability', user: v.me.id } : null;
}

/** The role's ability, when it pays now (read from its effect, so a new role's ability is used by what it does). */
function roleMove(v: PlayerView, threats: readonly Monster[], adjacent: readonly Monster[], hp: number): Action | null {
  const { me, legal } = v;
  const user = me.id;
  if (!legal.ability) return null;
  switch (ABILITIES[legal.ability].effect) {
    case 'mend':
      return mendNow(v, 0.6);
    case 'shoot': {
      // The arrow flies at the nearest monster in sight. Worth a press (and re-giving ⚔️ after) from out of reach when
      // shooters or healers hang back, or the front is hurt.
      if (v.dirs.some((d) => legal.moves[d] === 'attack')) return null;
      const front = v.party.some((q) => q.id !== me.id && q.hp < q.maxHp * 0.6 && threats.some((m) => cheb(m, q) === 1));
      return threats.some((m) => shooter(m) || MONSTERS[m.kind].tactics === 'healer') || front ? { type: 'ability', user } : null;
    }
    case 'cleave':
      return adjacent.filter(awake).length >= 2 ? { type: 'ability', user } : null;
    case 'smoke': {
      const near = threats.filter((m) => cheb(m, me) <= 2);
      const brute = near.some((m) => MONSTERS[m.kind].xp >= 8);
      return near.length >= 3 || (near.length >= 2 && hp < 0.6) || (brute && hp < 0.5) ? { type: 'ability', user } : null;
    }
    default:
      return null;
  }
}

/** A hurt member next to a monster steps back through a healthier ally behind it (the swap), below `line` of its hp. */
function swapOut(v: PlayerView, threats: readonly Monster[], line: number): Action | null {
  const hp = v.me.hp / v.me.maxHp;
  if (hp >= line || v.party.length < 2 || !threats.some((m) => cheb(m, v.me) === 1)) return null;
  for (const d of v.dirs) {
    const x = v.me.x + DIRECTION_DELTA[d][0];
    const y = v.me.y + DIRECTION_DELTA[d][1];
    const ally = v.party.find((q) => q.x === x && q.y === y && q.id !== v.me.id);
    if (ally && ally.hp / ally.maxHp > Math.max(0.6, hp + 0.2) && !threats.some((m) => cheb(m, ally) === 1)) return { type: 'move', user: v.me.id, dir: d };
  }
  return null;
}
