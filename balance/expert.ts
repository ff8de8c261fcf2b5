/**
 * The expert: the strongest scripted player we have, the measuring stick of issue 23. It decides from a PlayerView
 * only (balance/view.ts: the explored map, the party, the monsters in sight with their HUD notes, its own HUD and the
 * buttons), plus the tables a player reads in /rogue help (monster habits and weapons, item and ability lines).
 *
 * How it plays, in order of what it looks at each press:
 * - reads mapping at once (the stairs are a way out); out of a fight: wears the gear that is better by its real
 *   numbers, rests to full before new ground, explores the level (the last depth: straight for the stairs), then
 *   travels down;
 * - in a fight: drinks, teleports or stuns only when the next blows could kill it; throws bombs at two or more in a
 *   burst, at a brute or at a monster a blade splits; uses its role's ability where it pays; charges a shooter two or
 *   three tiles off; leaves a fight it would lose (by the stairs, or away from a slow brute); steps back to a tile
 *   where at most one monster can reach it and no bow has a line (a corridor, a doorway) before a pack arrives;
 *   breaks a far archer's line at a corner or closes on it; closes on spears; lets melee come to it so it strikes
 *   first; presses ⚔️ only for a plain fight (melee, one at a time, cheap, a blow soon); breaks stand-offs by going
 *   in, or, hurt with nothing to drink, by slipping out of sight to rest; on the last depth dashes for the stairs
 *   (a bomb or smoke on the guard first).
 * - in a rounds-mode party each member plays the party expert (balance/expert-party.ts: ⚔️, the role's ability,
 *   bombs, the swap, the careful player): these solo tactics lost there (members dancing around each other), so it
 *   stays until a party version of them measures better.
 * Monster and item kinds are read through their table rows (weapons, reach, tactics, speed, xp, splitting), so a new
 * kind is handled by its numbers.
 */
import { ABILITIES } from '../src/engine/roles.js';
import { ITEMS, armourDefence, wielded, type ItemKind } from '../src/engine/items.js';
import { MONSTERS } from '../src/engine/monsters.js';
import { DIRECTION_DELTA, Tile, type Action, type Direction, type Monster, type Player } from '../src/engine/index.js';
import { lineClear } from '../src/grid/line.js';
import type { Rng } from '../src/grid/rng.js';
import { partyExpert } from './expert-party.js';
import { dirTo, stepToFrontier, stepToward, viewDistance, type PlayerView } from './view.js';

/** What the expert remembers between its presses (a person remembers too); kept per memory object of the harness. */
interface Notes {
  depth: number;
  /** Each monster's distance at my last press (id -> steps), to tell who is coming from who hangs back. */
  seen: Map<number, number>;
  /** My last positions (tile indices), newest last: a step back and forth is a dance to break. */
  trail: number[];
  /** Presses since a monster other than a healer was after me in view (a pack around the corner is remembered). */
  sincePack: number;
  /** Presses in a row in a fight with no monster in reach and no hp lost: a stand-off to break by going in. */
  stall: number;
  lastHp: number;
  lastPos: number;
  /** The type of my last press, and the presses for which a refused type is not tried again. */
  lastType: string;
  refused: Map<string, number>;
  /** Presses in a row it waited for something that did not come. */
  idle: number;
  /** Presses spent chasing a skulker that runs to heal (given up after a while). */
  chase: number;
  /** The types of my last few presses, newest last (an explore / ⚔️ ping-pong is broken by hand). */
  types: string[];
  /** ⚔️ presses in a row after which no one's hp changed (a monster that never comes): three send me in by hand. */
  dry: number;
  /** The sum of my hp and the monsters' in view at my last press. */
  lastSum: number;
}

/** ⚔️ is pressed for a plain fight only when a monster is this near (from farther, it would hand back without a blow). */
const NEAR = 2;
/**
 * EXPERT=legacy in the environment plays every game (solo too) with the rules-2 expert, to measure old against new
 * on the same seeds: `EXPERT=legacy npx tsx balance/run.ts --filter expert`.
 */
const LEGACY = process.env.EXPERT === 'legacy';
const NOTES = new WeakMap<object, Notes>();

function notesOf(memory: object, v: PlayerView): Notes {
  let n = NOTES.get(memory);
  if (!n) NOTES.set(memory, (n = { depth: v.depth, types: [], chase: 0, idle: 0, seen: new Map(), trail: [], sincePack: 99, stall: 0, lastHp: v.me.hp, lastPos: -1, lastType: '', refused: new Map(), dry: 0, lastSum: -1 }));
  if (n.depth !== v.depth) Object.assign(n, { depth: v.depth, types: [], chase: 0, idle: 0, seen: new Map(), trail: [], sincePack: 99, stall: 0, lastHp: v.me.hp, lastPos: -1, lastType: '', refused: new Map() });
  return n;
}

type Pos = { x: number; y: number };
const cheb = (a: Pos, b: Pos): number => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

/** A monster's weapon now (its kind's row; the HUD names it). */
function weaponOfM(m: Monster) {
  const ws = MONSTERS[m.kind].weapons;
  return ws[m.weapon] ?? ws[0]!;
}

/** Awake and after the party (or guarding the stairs, or keeping its distance): the fight's business. */
export const awake = (m: Monster): boolean => m.state === 'hunt' || m.state === 'attack' || m.state === 'retreat' || m.state === 'guard';
/** Shoots from afar (a bow: reach beyond a spear's). */
export const shooter = (m: Monster): boolean => MONSTERS[m.kind].weapons.some((w) => w.reach > 2);
/** Hangs back and mends its pack. */
export const healer = (m: Monster): boolean => MONSTERS[m.kind].tactics === 'healer';
/** Slow on its feet (acts every other phase). */
const slow = (m: Monster): boolean => MONSTERS[m.kind].every > 1;

/** Chance that a d20 attack with `bonus` hits `defence` (a natural 20 hits, a natural 1 misses). */
function hitChance(bonus: number, defence: number): number {
  const need = 10 + defence - bonus;
  return Math.min(19, Math.max(1, 21 - need)) / 20;
}

const myDefence = (p: Player): number => p.defence + armourDefence(p.armour);

/** Expected damage one blow of `m` deals to `p`, and its most. */
export function blowOf(m: Monster, p: Player): { mean: number; max: number } {
  const w = weaponOfM(m);
  const chance = hitChance(MONSTERS[m.kind].attack + m.power + w.toHit, myDefence(p));
  return { mean: (chance * (w.damage[0] + w.damage[1])) / 2, max: w.damage[1] };
}

/** Optional numbers of newer table rows (a quick weapon's blows, heavy armour's cost to hit), read when present. */
const blowsOf = (w: object): number => ('hits' in w && typeof w.hits === 'number' ? w.hits : 1);
const armourToHit = (kind: ItemKind | null): number => {
  const row = kind === null ? null : (ITEMS[kind] as object);
  return row && 'toHit' in row && typeof row.toHit === 'number' && ITEMS[kind!].slot === 'armour' ? row.toHit : 0;
};
/** A blade's blow splits it (an ooze): fight it only where one can reach me, or bomb it. */
export const splits = (m: Monster): boolean => {
  const row = MONSTERS[m.kind] as object;
  return 'splits' in row && row.splits === true;
};

/** The weapons whose blows glance off `m` (half damage: a skeleton's bones turn blades), from its row. */
const resistsOf = (m: Monster): readonly string[] => {
  const row = MONSTERS[m.kind] as object;
  return 'resists' in row && Array.isArray(row.resists) ? (row.resists as string[]) : [];
};
/** My wielded weapon glances off `m`. */
const glancesOff = (p: Player, m: Monster): boolean => resistsOf(m).includes(wielded(p).name);
/** Runs when hurt and heals out of sight (a cave lizard): its row's regen. */
const skulks = (m: Monster): boolean => {
  const row = MONSTERS[m.kind] as object;
  return 'regen' in row && typeof row.regen === 'number' && row.regen > 0;
};

/** Expected damage of my blow against `m` (half when it glances off). */
export function myBlow(p: Player, m: Monster): number {
  const w = wielded(p);
  const full = (blowsOf(w) * hitChance(p.attack + w.toHit + armourToHit(p.armour), MONSTERS[m.kind].defence) * (w.damage[0] + w.damage[1])) / 2;
  return glancesOff(p, m) ? full / 2 : full;
}

const open = (v: PlayerView, x: number, y: number): boolean => x >= 0 && y >= 0 && x < v.width && y < v.height && v.known[y * v.width + x] !== Tile.Wall;

/** Whether `m` could strike a player standing on `at` from where it stands now (its weapon's reach and line). */
export function strikesFrom(v: PlayerView, m: Monster, at: Pos, blockers: ReadonlySet<number>): boolean {
  const w = weaponOfM(m);
  const d = viewDistance(v, m, at);
  if (d === 0) return false;
  if (w.reach > 2 && d > 1) {
    // A bow fires along any clear line to a player it sees (where I stand: it is in view; elsewhere: no wall between).
    if (d > w.reach) return false;
    const here = at.x === v.me.x && at.y === v.me.y;
    return lineClear(m.x, m.y, at.x, at.y, (x, y) => (!here && !open(v, x, y)) || blockers.has(y * v.width + x));
  }
  const dx = at.x - m.x;
  const dy = at.y - m.y;
  if (!(dx === 0 || dy === 0 || (v.topology === 8 && Math.abs(dx) === Math.abs(dy)))) return false;
  const n = Math.max(Math.abs(dx), Math.abs(dy));
  if (n > w.reach) return false;
  for (let k = 1; k < n; k++) {
    const x = m.x + Math.sign(dx) * k;
    const y = m.y + Math.sign(dy) * k;
    if (!open(v, x, y) || blockers.has(y * v.width + x)) return false;
  }
  return true;
}

/** Breadth-first steps over known open tiles from `sources`; tiles in `wall` are not entered. -1: unreached. */
export function bfs(v: PlayerView, sources: readonly number[], wall: (i: number) => boolean, limit = Infinity): Int32Array {
  const w = v.width;
  const dist = new Int32Array(w * v.height).fill(-1);
  const queue: number[] = [];
  for (const s of sources) {
    if (dist[s] === -1) {
      dist[s] = 0;
      queue.push(s);
    }
  }
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k]!;
    if (dist[i]! >= limit) continue;
    for (const d of v.dirs) {
      const n = i + DIRECTION_DELTA[d][1] * w + DIRECTION_DELTA[d][0];
      if (n < 0 || n >= dist.length || dist[n] !== -1 || v.known[n] === Tile.Wall || wall(n)) continue;
      dist[n] = dist[i]! + 1;
      queue.push(n);
    }
  }
  return dist;
}

/**
 * How many sides of tile `at` monsters coming from `from` can reach without passing through `at` (over known
 * ground): 1 in a corridor or doorway with the pack on one side, more in the open.
 */
export function sidesOpenTo(v: PlayerView, at: number, from: readonly number[]): number {
  const w = v.width;
  const dist = bfs(v, from.filter((i) => i !== at), (i) => i === at);
  let sides = 0;
  for (const d of v.dirs) {
    const n = at + DIRECTION_DELTA[d][1] * w + DIRECTION_DELTA[d][0];
    if (v.known[n] !== Tile.Wall && dist[n]! >= 0) sides++;
  }
  return sides;
}

/** Open neighbours of a tile. */
function openSides(v: PlayerView, i: number): number {
  let n = 0;
  for (const d of v.dirs) if (v.known[i + DIRECTION_DELTA[d][1] * v.width + DIRECTION_DELTA[d][0]] !== Tile.Wall) n++;
  return n;
}

/**
 * A step toward the nearest tile where at most one of `pack` can reach me, when I get there before them (their
 * steps over known ground, mine around them); null when I already stand in one or none is near.
 */
export function chokepointStep(v: PlayerView, pack: readonly Monster[], shooters: readonly Monster[] = []): Direction | null {
  const w = v.width;
  const here = v.me.y * w + v.me.x;
  const from = pack.map((m) => m.y * w + m.x);
  const monsterTiles = new Set(v.monsters.map((m) => m.y * w + m.x));
  if (sidesOpenTo(v, here, from) <= 1 && !shooters.some((m) => strikesFrom(v, m, v.me, monsterTiles))) return null;
  const allies = new Set(v.party.filter((q) => q.id !== v.me.id).map((q) => q.y * w + q.x));
  const mine = bfs(v, [here], (i) => monsterTiles.has(i) || allies.has(i), 10);
  const theirs = bfs(v, from, () => false);
  let best = -1;
  const narrow = v.topology === 4 ? 2 : 4;
  // Nearest first; each candidate costs a search, so only the first few narrow tiles are tried.
  const near: number[] = [];
  for (let i = 0; i < mine.length; i++) if (mine[i]! > 0 && openSides(v, i) <= narrow) near.push(i);
  near.sort((a, b) => mine[a]! - mine[b]!);
  for (const i of near.slice(0, 12)) {
    const d = mine[i]!;
    const t = theirs[i]!;
    if (t >= 0 && t <= d) continue;
    if (sidesOpenTo(v, i, from) > 1) continue;
    // Out of every shooter's line, so the bows must come close too.
    const x = i % w;
    const at = { x, y: (i - x) / w };
    if (shooters.some((m) => strikesFrom(v, m, at, monsterTiles))) continue;
    best = i;
    break;
  }
  if (best < 0) return null;
  // Walk back along my own distances.
  let at = best;
  for (;;) {
    const d = mine[at]!;
    if (d === 1) break;
    let next = -1;
    for (const dir of v.dirs) {
      const n = at + DIRECTION_DELTA[dir][1] * w + DIRECTION_DELTA[dir][0];
      if (mine[n] === d - 1) {
        next = n;
        break;
      }
    }
    if (next < 0) return null;
    at = next;
  }
  const x = at % w;
  return dirTo(v, x, (at - x) / w);
}

/** Bomb's reach and burst, as its help line says. */
const BOMB_RANGE = 6;

/**
 * Where a bomb thrown now pays: the direction whose first monster (within reach, no ally or wall before it) bursts
 * on two or more monsters, or on one brute worth it (`worth`); null otherwise.
 */
export function bombLine(v: PlayerView, worth: (m: Monster) => boolean): Direction | null {
  const w = v.width;
  const at = new Map(v.monsters.map((m) => [m.y * w + m.x, m]));
  const allies = new Set(v.party.filter((q) => q.id !== v.me.id).map((q) => q.y * w + q.x));
  let best: Direction | null = null;
  let bestScore = 0;
  for (const d of v.dirs) {
    const [dx, dy] = DIRECTION_DELTA[d];
    for (let k = 1; k <= BOMB_RANGE; k++) {
      const x = v.me.x + dx * k;
      const y = v.me.y + dy * k;
      const i = y * w + x;
      if (!open(v, x, y) || allies.has(i)) break;
      const m = at.get(i);
      if (!m) continue;
      const caught = v.monsters.filter((o) => cheb(o, { x, y }) <= 1 && awake(o));
      // Never burst beside an ally.
      if (v.party.some((q) => q.id !== v.me.id && cheb(q, { x, y }) <= 1)) break;
      // (A running monster worth it counts too: a stun stops a lizard that would come back whole.)
      const score = caught.length >= 2 ? caught.length : caught.some(worth) || (m.state === 'flee' && worth(m)) ? 1.5 : 0;
      if (score > bestScore) [best, bestScore] = [d, score];
      break;
    }
  }
  return best;
}

/** A weapon's worth to its wielder: expected damage against a typical defence, reach counted a little. */
function weaponWorth(p: Player, kind: ItemKind): number {
  const row = ITEMS[kind];
  if (row.slot !== 'weapon') return -Infinity;
  const w = wielded({ weapon: kind as Player['weapon'], level: p.level });
  return (blowsOf(w) * hitChance(p.attack + w.toHit + armourToHit(p.armour), 2) * (w.damage[0] + w.damage[1])) / 2 + (w.reach > 1 ? 0.5 : 0);
}

/** Gear in the pack better than what is worn or wielded, by its real numbers; null when none. */
export function betterGear(v: PlayerView): ItemKind | null {
  const { me, legal } = v;
  let best: ItemKind | null = null;
  let gain = 0;
  for (const kind of legal.usable) {
    const row = ITEMS[kind];
    if (row.slot === 'armour') {
      // A point of defence against a point to hit (heavy armour trades one for the other).
      const g = row.defence - armourDefence(me.armour) + (armourToHit(kind) - armourToHit(me.armour)) * 0.75;
      if (g > gain) [best, gain] = [kind, g];
    } else if (row.slot === 'weapon') {
      // One point of defence is worth about one of expected damage.
      const g = weaponWorth(me, kind) - weaponWorth(me, me.weapon);
      if (g > gain + 0.2) [best, gain] = [kind, g];
    }
  }
  return best;
}

/** The item kinds whose effect is `effect` that I can use now (a new item of a known effect is used the same way). */
const usableBy = (v: PlayerView, effect: string): ItemKind | null => v.legal.usable.find((k) => ITEMS[k].effect === effect) ?? null;

/** The step (a legal move, not an attack) from me toward tile `goal`, or null. */
function walkToward(v: PlayerView, goal: number): Direction | null {
  const d = stepToward(v, goal);
  return d && v.legal.moves[d] === 'move' ? d : null;
}

/** A blow at a monster next to me, else a step toward the nearest monster in view I can walk to (any state); or null. */
function goIn(v: PlayerView): Action | null {
  const user = v.me.id;
  const strike = v.dirs.find((d) => v.legal.moves[d] === 'attack');
  if (strike) return { type: 'move', user, dir: strike };
  const byDistance = [...v.monsters].sort((a, b) => viewDistance(v, v.me, a) - viewDistance(v, v.me, b));
  for (const m of byDistance) {
    const d = walkToward(v, m.y * v.width + m.x);
    if (d) return { type: 'move', user, dir: d };
  }
  return null;
}

/** What I press now. */
export function expertPolicy(v: PlayerView, rng: Rng, memory: { waits: number }): Action | null {
  // A rounds-mode party plays the party expert (balance/expert-party.ts), taking the last stairs when on them.
  if (v.mode === 'rounds' || LEGACY) return v.legal.canDescend && v.depth >= v.maxDepth ? { type: 'descend', user: v.me.id } : partyExpert(v, rng, memory);
  const notes = notesOf(memory, v);
  // The game refused my last press (the harness counts it as a wait): don't press it again for a while.
  for (const [k, n] of notes.refused) if (n <= 1) notes.refused.delete(k);
  else notes.refused.set(k, n - 1);
  if (notes.lastType !== '' && notes.lastType !== 'wait' && memory.waits === 1) notes.refused.set(notes.lastType, 4);
  const here = v.me.y * v.width + v.me.x;
  // A walk that left me where I stood (travel 'blocked': the seen stairs have no known way to them; explore on the spot)
  // is as good as refused: pressing it again would change nothing.
  if ((notes.lastType === 'travel' || notes.lastType === 'explore') && here === notes.lastPos) notes.refused.set(notes.lastType, 8);
  // The standing orders carrying me back and forth between two tiles (⚔️ steps toward a monster that drops out of
  // view, explore steps back and sees it again): walk by hand for a while.
  const tr = notes.trail;
  const ty = notes.types;
  const walks = ty.slice(-2).some((k) => k === 'explore' || k === 'travel') && ty.slice(-2).includes('fight');
  if (walks && tr.length >= 3 && here !== tr[tr.length - 1] && here === tr[tr.length - 2] && tr[tr.length - 1] === tr[tr.length - 3]) {
    for (const k of ['fight', 'explore', 'travel']) notes.refused.set(k, 8);
  }
  // ⚔️ handed back again and again with no blow struck (its target can't come and it can't reach it): go in by hand.
  const sum = v.me.hp + v.monsters.reduce((n, m) => n + m.hp, 0);
  notes.dry = notes.lastType === 'fight' && !v.fighting && sum === notes.lastSum ? notes.dry + 1 : 0;
  notes.lastSum = sum;
  if (notes.dry >= 3) notes.refused.set('fight', 12);
  let a = notes.dry >= 3 ? goIn(v) : null;
  a ??= decide(v, notes);
  const t = notes.trail;
  // Stepping back to where I stood two presses ago, again and again, with monsters in view: a dance that goes
  // nowhere. Hand the fight to ⚔️ (it strikes and steps by itself), or hold.
  if (a && a.type === 'move' && v.legal.moves[a.dir] === 'move' && v.monsters.length > 0 && t.length >= 4) {
    const to = here + DIRECTION_DELTA[a.dir][1] * v.width + DIRECTION_DELTA[a.dir][0];
    if (to === t[t.length - 1] && here === t[t.length - 2] && to === t[t.length - 3]) a = v.legal.canFight && v.mode === 'free' && !notes.refused.has('fight') ? { type: 'fight', user: v.me.id } : { type: 'wait', user: v.me.id };
  }
  t.push(here);
  if (t.length > 8) t.shift();
  notes.lastType = a ? a.type : '';
  notes.types.push(notes.lastType);
  if (notes.types.length > 4) notes.types.shift();
  memory.waits = a && a.type === 'wait' ? memory.waits + 1 : 0;
  return a;
}

function decide(v: PlayerView, notes: Notes): Action | null {
  const { me, legal } = v;
  const user = me.id;
  const w = v.width;
  const blockers = new Set<number>([...v.monsters.map((m) => m.y * w + m.x), ...v.party.filter((q) => q.id !== me.id).map((q) => q.y * w + q.x)]);
  const threats = v.monsters.filter((m) => awake(m) && !(m.state === 'guard' && cheb(m, me) > 6));
  const hp = me.hp / me.maxHp;
  notes.sincePack = threats.some((m) => !healer(m)) ? 0 : notes.sincePack + 1;
  // Who got closer since my last press (the seen map is refreshed below, where I decide to wait).
  const before = notes.seen;
  notes.seen = new Map(threats.map((m) => [m.id, viewDistance(v, me, m)]));
  // (Only while I stood still: my own step brings them nearer too.)
  const stood = notes.lastPos === me.y * w + me.x;
  notes.lastPos = me.y * w + me.x;
  const closer = stood && threats.some((m) => (before.get(m.id) ?? 99) > viewDistance(v, me, m));
  const quiet = me.hp >= notes.lastHp && !closer && !v.monsters.some((m) => cheb(m, me) <= 1);
  notes.stall = (threats.length > 0 || notes.sincePack <= 6) && quiet ? notes.stall + 1 : 0;
  notes.lastHp = me.hp;
  // A stand-off (a healer in front of its pack in a corridor, a pack that won't come): go in.
  const standoff = notes.stall >= 6;
  // Hurt in a stand-off with nothing to drink: slip out of their sight and rest.
  if (standoff && hp < 0.6 && !legal.canUse && !v.monsters.some((m) => cheb(m, me) <= 1)) {
    const hide = hideStep(v, blockers);
    if (hide) return { type: 'move', user, dir: hide };
  }

  const last = v.depth >= v.maxDepth;
  // The last depth: its stairs win the game, monsters or not. Mapping is read at once on every depth (keeping it for
  // the last depth measured the same, 37.5% against 38.3% over 120 games).
  if (last) {
    if (legal.canDescend) return { type: 'descend', user };
  }
  const map = usableBy(v, 'map');
  if (map && v.stairs < 0) return { type: 'use', user, item: map };

  // A skulker (a cave lizard) running to heal: it comes back whole, so finish it now. A bomb stuns it where it runs;
  // else chase it while it is near, keeping it in sight so it cannot heal (a dead end or a wall corners it).
  const runner = v.monsters.find((m) => m.state === 'flee' && skulks(m) && cheb(m, me) <= 7);
  if (runner && threats.length === 0) {
    notes.chase += 1;
    const bomb = usableBy(v, 'bomb');
    const dir = bomb && runner.stunned === 0 && cheb(runner, me) >= 2 ? bombLine(v, (m) => m === runner) : null;
    if (bomb && dir) return { type: 'use', user, item: bomb, dir };
    const strike = v.dirs.find((d) => legal.moves[d] === 'attack' && me.x + DIRECTION_DELTA[d][0] === runner.x && me.y + DIRECTION_DELTA[d][1] === runner.y);
    if (strike) return { type: 'move', user, dir: strike };
    if (notes.chase <= 30 && hp > 0.35) {
      const toward = walkToward(v, runner.y * w + runner.x);
      if (toward) return { type: 'move', user, dir: toward };
    }
  } else if (!runner) notes.chase = 0;

  // Out of a fight.
  if (threats.length === 0) {
    notes.idle = 0;
    const gear = betterGear(v);
    if (gear) return { type: 'use', user, item: gear };
    return calm(v, notes);
  }

  // Who can strike me where I stand, next phase, and how hard.
  const strikers = threats.filter((m) => m.stunned === 0 && strikesFrom(v, m, me, blockers));
  const incoming = strikers.reduce((n, m) => n + blowOf(m, me).max, 0);
  const expected = strikers.reduce((n, m) => n + blowOf(m, me).mean, 0);
  const inReach = v.dirs.filter((d) => legal.moves[d] === 'attack');
  const targetIn = (d: Direction): Monster | null => {
    const [dx, dy] = DIRECTION_DELTA[d];
    for (let k = 1; k <= 2; k++) {
      const m = v.monsters.find((o) => o.x === me.x + dx * k && o.y === me.y + dy * k);
      if (m) return m;
    }
    return null;
  };
  const adjacent = inReach.map((d) => ({ d, m: targetIn(d) })).filter((x): x is { d: Direction; m: Monster } => x.m !== null);

  // One blow from the end of the fight: finish it rather than drink.
  const lastOne = threats.length === 1 && adjacent.length === 1 && adjacent[0]!.m.hp <= wielded(me).damage[0] && hitChance(me.attack + wielded(me).toHit, MONSTERS[adjacent[0]!.m.kind].defence) >= 0.75;

  // In danger of dying before my next press: drink, teleport, stun.
  const dying = me.hp <= Math.max(incoming, me.maxHp * 0.3) && (strikers.length > 0 || hp < 0.3);
  if (dying && !lastOne) {
    if (legal.canUse) return { type: 'use', user };
    const smoke = legal.ability && ABILITIES[legal.ability].effect === 'smoke' && strikers.some((m) => cheb(m, me) <= 2);
    if (smoke) return { type: 'ability', user };
    const mend = legal.ability && ABILITIES[legal.ability].effect === 'mend';
    if (mend) return { type: 'ability', user };
    const tele = usableBy(v, 'teleport');
    if (tele) return { type: 'use', user, item: tele };
    const bomb = usableBy(v, 'bomb');
    const dir = bomb ? bombLine(v, () => true) : null;
    if (bomb && dir) return { type: 'use', user, item: bomb, dir };
  }

  // The last depth with its stairs near: dash for them (a bomb or smoke on the guard in the way first).
  if (last && v.stairs >= 0) {
    const dash = dashTo(v, v.stairs, blockers);
    if (dash) {
      const guard = threats.find((m) => m.state === 'guard' || MONSTERS[m.kind].boss);
      const bomb = usableBy(v, 'bomb');
      if (guard && guard.stunned === 0 && viewDistance(v, guard, me) <= 3) {
        const dir = bomb ? bombLine(v, (m) => m === guard) : null;
        if (bomb && dir) return { type: 'use', user, item: bomb, dir };
        if (legal.ability && ABILITIES[legal.ability].effect === 'smoke' && cheb(guard, me) <= 2) return { type: 'ability', user };
      }
      if (dash.steps <= 14 || threats.every((m) => m.state === 'guard')) return { type: 'move', user, dir: dash.dir };
    }
  }

  // A party: a hurt front player steps back through a healthier ally.
  const swap = swapOut(v, threats, hp);
  if (swap) return swap;

  // Role abilities that pay now.
  const ability = abilityNow(v, threats, adjacent.map((x) => x.m));
  if (ability) return ability;

  // Bombs: a burst on two or more, or on a brute I am about to fight.
  const bomb = usableBy(v, 'bomb');
  if (bomb) {
    const brute = (m: Monster): boolean => (MONSTERS[m.kind].xp >= 8 && m.hp > myBlow(me, m) * 2) || splits(m) || (glancesOff(me, m) && m.hp > myBlow(me, m) * 3) || (skulks(m) && m.hp <= 8 && m.hp > myBlow(me, m));
    const dir = bombLine(v, brute);
    if (dir && (threats.length >= 2 || expected > 0 || threats.some(brute))) return { type: 'use', user, item: bomb, dir };
  }

  // Lure: outnumbered and hurt, throw it away from the pack and step back.
  if (legal.canThrow && threats.length >= 3 && hp < 0.5 && adjacent.length === 0) {
    const near = threats.reduce((a, b) => (cheb(a, me) <= cheb(b, me) ? a : b));
    const away = v.dirs.find((d) => DIRECTION_DELTA[d][0] * (near.x - me.x) + DIRECTION_DELTA[d][1] * (near.y - me.y) < 0 && open(v, me.x + DIRECTION_DELTA[d][0], me.y + DIRECTION_DELTA[d][1]));
    if (away) return { type: 'throw', user, dir: away };
  }

  // A party member behind the front: strike what reaches it, else keep a step or two behind the fighter and hold.
  const front = v.party.length > 1 && me.role !== 'fighter' ? frontAlly(v) : null;
  if (front) {
    if (adjacent.length > 0) {
      const best = adjacent.reduce((a, b) => (score(me, b.m) > score(me, a.m) ? b : a));
      return { type: 'move', user, dir: best.d };
    }
    if (viewDistance(v, me, front) > 2) {
      const toward = walkToward(v, front.y * w + front.x);
      if (toward) return { type: 'move', user, dir: toward };
    }
    // The front is stuck in a stand-off (nothing comes): go round and help.
    if (!standoff) return { type: 'wait', user };
  }

  const melee = threats.filter((m) => !shooter(m) && !healer(m) && m.state !== 'guard');
  // A shooter with a line on me two or three steps off and nothing in reach: charge it (running only gives it shots).
  if (adjacent.length === 0) {
    const bow = threats.find((m) => shooter(m) && m.state !== 'flee' && viewDistance(v, m, me) <= 3 && strikesFrom(v, m, me, blockers));
    const toward = bow ? walkToward(v, bow.y * w + bow.x) : null;
    if (toward) return { type: 'move', user, dir: toward };
  }

  // A fight I would lose: leave by the stairs when I stand on them or reach them first; read teleport when it is far
  // beyond me.
  const cost = fightCost(me, threats.filter((m) => !healer(m)));
  const means = me.hp + potionHeal(me);
  if (!last && cost > means) {
    if (legal.canDescend) return { type: 'descend', user };
    if (v.stairs >= 0 && adjacent.length === 0) {
      const mine = bfs(v, [v.stairs], (i) => blockers.has(i));
      const theirs = bfs(v, [v.stairs], () => false);
      const myD = mine[me.y * w + me.x]!;
      if (myD >= 0 && threats.every((m) => theirs[m.y * w + m.x]! < 0 || theirs[m.y * w + m.x]! > myD)) {
        const toward = walkToward(v, v.stairs);
        if (toward) return { type: 'move', user, dir: toward };
      }
    }
    const tele = usableBy(v, 'teleport');
    if (tele && cost > means * 1.5 && strikers.length > 0) return { type: 'use', user, item: tele };
  }
  // A fight I would lose with a slow brute in it: keep away from the brute (it walks at half my pace); fight the
  // quick ones away from it, or leave it behind.
  const slowOnes = melee.filter(slow);
  if (slowOnes.length > 0 && fightCost(me, threats) > me.hp + potionHeal(me)) {
    const quick = adjacent.filter((x) => !slow(x.m));
    const slowNear = slowOnes.some((m) => viewDistance(v, m, me) <= 2);
    if (quick.length === 0 || slowNear) {
      const away = stepAway(v, slowOnes, blockers);
      if (away) return { type: 'move', user, dir: away };
    }
  }

  // A pack of melee coming: step back to where only one can reach me, before they arrive.
  const bows = threats.filter((m) => shooter(m) && m.state !== 'flee');
  const shotAt = bows.some((m) => strikesFrom(v, m, me, blockers));
  if ((melee.length >= 2 || melee.some(splits) || (shotAt && melee.length >= 1)) && adjacent.length === 0 && !standoff && !(v.party.length > 1 && me.role !== 'fighter' && frontAlly(v))) {
    const back = chokepointStep(v, melee, bows);
    if (back && legal.moves[back] === 'move') return { type: 'move', user, dir: back };
  }

  // A plain fight (melee only, one at a time, cheap): ⚔️ takes the obvious swings, lets them come and hands back when
  // it turns (one press instead of many).
  const plain =
    legal.canFight &&
    !v.fighting &&
    !notes.refused.has('fight') &&
    hp > 0.5 &&
    threats.every((m) => !shooter(m) && !healer(m) && !slow(m) && m.state !== 'guard') &&
    ((threats.length === 1 && !threats.some(splits)) || sidesOpenTo(v, me.y * w + me.x, threats.map((m) => m.y * w + m.x)) <= 1) &&
    fightCost(me, threats) < me.hp * 0.5 &&
    threats.some((m) => viewDistance(v, m, me) <= NEAR) &&
    !(v.party.length > 1 && me.role !== 'fighter');
  if (plain && (v.mode === 'free' || threats.length === 1)) return { type: 'fight', user };

  // Strike: the monster I kill soonest, the most dangerous first.
  if (adjacent.length > 0) {
    const best = adjacent.reduce((a, b) => (score(me, b.m) > score(me, a.m) ? b : a));
    return { type: 'move', user, dir: best.d };
  }

  // Archers with a line on me: break the line at a corner nearby, else close in.
  const shooting = threats.filter((m) => shooter(m) && strikesFrom(v, m, me, blockers));
  if (shooting.length > 0) {
    const hide = v.dirs.find((d) => {
      if (legal.moves[d] !== 'move') return false;
      const to = { x: me.x + DIRECTION_DELTA[d][0], y: me.y + DIRECTION_DELTA[d][1] };
      return threats.every((m) => !strikesFrom(v, m, to, blockers) || cheb(m, to) <= 1) && threats.filter((m) => cheb(m, to) <= 1).length <= 1;
    });
    const near = shooting.reduce((a, b) => (cheb(a, me) <= cheb(b, me) ? a : b));
    // Close in when it is near; hide when it is far and a corner is at hand.
    if (hide && cheb(near, me) > 3 && melee.length === 0) return { type: 'move', user, dir: hide };
    const toward = walkToward(v, near.y * w + near.x);
    if (toward) return { type: 'move', user, dir: toward };
  }

  // A spear two tiles off in line: close in (standing gives it free thrusts).
  const spear = threats.find((m) => weaponOfM(m).reach === 2 && strikesFrom(v, m, me, blockers));
  if (spear) {
    const step = v.dirs.find((d) => legal.moves[d] === 'move' && viewDistance(v, { x: me.x + DIRECTION_DELTA[d][0], y: me.y + DIRECTION_DELTA[d][1] }, spear) === 1);
    if (step) return { type: 'move', user, dir: step };
  }

  // Nothing in reach. Let melee come (I strike first); go after healers, shooters and what hangs back.
  const coming = melee.filter((m) => (m.state === 'hunt' || m.state === 'attack') && (viewDistance(v, me, m) <= 2 || (before.get(m.id) ?? 99) > viewDistance(v, me, m)));
  if (!standoff && (coming.length > 0 || (melee.length > 0 && notes.idle < 2))) {
    notes.idle = coming.length > 0 ? 0 : notes.idle + 1;
    return { type: 'wait', user };
  }
  notes.idle = 0;
  const chase = threats.filter((m) => !healer(m));
  // Only a healer in view, but its pack was here a moment ago (around the corner): hold the corner.
  if (chase.length === 0 && notes.sincePack > 0 && notes.sincePack <= 6 && !standoff) return { type: 'wait', user };
  const prey = [...(chase.length > 0 ? chase : threats)].sort((a, b) => viewDistance(v, me, a) - viewDistance(v, me, b))[0]!;
  const toward = walkToward(v, prey.y * w + prey.x);
  if (toward) return { type: 'move', user, dir: toward };
  if (legal.canFight && v.mode === 'free' && !notes.refused.has('fight')) return { type: 'fight', user };
  return { type: 'wait', user };
}

/**
 * The first step of the shortest way to `goal` over known ground, monsters ignored (a step into one is a blow at
 * it), allies avoided; with its length. Null when there is none.
 */
function dashTo(v: PlayerView, goal: number, blockers: ReadonlySet<number>): { dir: Direction; steps: number } | null {
  const w = v.width;
  const allies = new Set(v.party.filter((q) => q.id !== v.me.id).map((q) => q.y * w + q.x));
  const dist = bfs(v, [goal], (i) => allies.has(i));
  const here = v.me.y * w + v.me.x;
  if (dist[here]! < 0) return null;
  let best: Direction | null = null;
  let bestD = Infinity;
  for (const d of v.dirs) {
    const to = here + DIRECTION_DELTA[d][1] * w + DIRECTION_DELTA[d][0];
    const dd = dist[to]!;
    if (dd < 0 || v.legal.moves[d] === 'blocked') continue;
    // A monster in the way costs a few blows.
    const cost = dd + (blockers.has(to) ? 3 : 0);
    if (cost < bestD) [best, bestD] = [d, cost];
  }
  return best ? { dir: best, steps: dist[here]! } : null;
}

/** Whether a monster at `m` could see tile `at` (within sight, no wall on the line either way). */
function seesTile(v: PlayerView, m: Pos, at: Pos): boolean {
  if (cheb(m, at) > 8) return false;
  const wall = (x: number, y: number): boolean => !open(v, x, y);
  return lineClear(m.x, m.y, at.x, at.y, wall) || lineClear(at.x, at.y, m.x, m.y, wall);
}

/** The first step toward the nearest tile (within 15 steps) that no monster in view can see; null when none. */
export function hideStep(v: PlayerView, blockers: ReadonlySet<number>): Direction | null {
  const w = v.width;
  const here = v.me.y * w + v.me.x;
  const dist = bfs(v, [here], (i) => blockers.has(i), 15);
  let best = -1;
  for (let i = 0, bestD = Infinity; i < dist.length; i++) {
    const d = dist[i]!;
    if (d <= 0 || d >= bestD) continue;
    const x = i % w;
    const at = { x, y: (i - x) / w };
    if (v.monsters.some((m) => seesTile(v, m, at))) continue;
    best = i;
    bestD = d;
  }
  if (best < 0) return null;
  let at = best;
  while (dist[at]! > 1) {
    const d = dist[at]!;
    const back = v.dirs.map((dir) => at + DIRECTION_DELTA[dir][1] * w + DIRECTION_DELTA[dir][0]).find((n) => dist[n] === d - 1);
    if (back === undefined) return null;
    at = back;
  }
  const x = at % w;
  return dirTo(v, x, (at - x) / w);
}

/** What healing the potions in my pack is worth (their help line: 8-12 each). */
export const potionHeal = (p: Player): number => (p.pack.potion ?? 0) * 10;

/**
 * The hp a fight with all of `threats` costs me, fighting them one after another (the most dangerous per blow
 * first), each striking until it falls: a pessimistic sum, for telling a fight I win from one I lose.
 */
export function fightCost(me: Player, threats: readonly Monster[]): number {
  const order = [...threats].sort((a, b) => score(me, b) - score(me, a));
  let time = 0;
  let cost = 0;
  for (const m of order) time += m.hp / Math.max(0.5, myBlow(me, m));
  for (const m of order) {
    cost += blowOf(m, me).mean * time;
    time -= m.hp / Math.max(0.5, myBlow(me, m));
  }
  return cost;
}

/** A legal step that takes me farthest from `from` (their steps over known ground), never next to another monster. */
function stepAway(v: PlayerView, from: readonly Monster[], blockers: ReadonlySet<number>): Direction | null {
  const w = v.width;
  const dist = bfs(v, from.map((m) => m.y * w + m.x), () => false);
  const here = v.me.y * w + v.me.x;
  let best: Direction | null = null;
  let bestD = dist[here]!;
  for (const d of v.dirs) {
    if (v.legal.moves[d] !== 'move') continue;
    const to = here + DIRECTION_DELTA[d][1] * w + DIRECTION_DELTA[d][0];
    const at = { x: v.me.x + DIRECTION_DELTA[d][0], y: v.me.y + DIRECTION_DELTA[d][1] };
    if (blockers.has(to) || v.monsters.some((m) => awake(m) && !from.includes(m) && viewDistance(v, m, at) <= 1)) continue;
    if (dist[to]! > bestD) [best, bestD] = [d, dist[to]!];
  }
  return best;
}

/** How much striking `m` now is worth: kills soon, hits hard. */
export function score(me: Player, m: Monster): number {
  const blows = Math.max(1, m.hp / Math.max(0.5, myBlow(me, m)));
  return (blowOf(m, me).mean + (healer(m) ? 2 : 0) + (shooter(m) ? 1 : 0)) / blows;
}

/** A living ally standing in front (closer to the nearest threat) who fights: the front is someone else's. */
function frontAlly(v: PlayerView): Player | null {
  return v.party.find((q) => q.id !== v.me.id && q.role === 'fighter') ?? null;
}

/** Out of a fight: gear is on; rest, explore, go down. */
function calm(v: PlayerView, notes: Notes): Action | null {
  const { me, legal } = v;
  const user = me.id;
  const w = v.width;
  const hp = me.hp / me.maxHp;
  const last = v.depth >= v.maxDepth;
  // Unaware or fleeing monsters in view: deal with a weak one (it blocks rest); else walk on.
  const seen = v.monsters;
  if (seen.length > 0) {
    const weak = seen.filter((m) => m.state !== 'flee' && blowOf(m, me).mean * (m.hp / Math.max(0.5, myBlow(me, m))) < me.hp * 0.4);
    const strike = v.dirs.find((d) => legal.moves[d] === 'attack');
    if (strike) return { type: 'move', user, dir: strike };
    if (weak.length > 0 && !last && hp > 0.5) {
      const target = weak.reduce((a, b) => (cheb(a, me) <= cheb(b, me) ? a : b));
      const toward = walkToward(v, target.y * w + target.x);
      if (toward) return { type: 'move', user, dir: toward };
    }
  }
  // A follower keeps near the leader and lets it lead.
  const leader = v.party.reduce((a, b) => (a.slot <= b.slot ? a : b));
  if (leader.id !== me.id) {
    if (legal.ability && ABILITIES[legal.ability].effect === 'mend' && v.party.some((q) => q.hp < q.maxHp * 0.8 && cheb(q, me) <= 3)) return { type: 'ability', user };
    if (viewDistance(v, me, leader) > 3) {
      const toward = walkToward(v, leader.y * w + leader.x);
      if (toward) return { type: 'move', user, dir: toward };
    }
    return null;
  }
  // The party heals before new ground: mend, then rest to full.
  if (legal.ability && ABILITIES[legal.ability].effect === 'mend' && v.party.some((q) => q.hp < q.maxHp * 0.8 && cheb(q, me) <= 3)) return { type: 'ability', user };
  const partyHurt = v.party.some((q) => q.hp < q.maxHp * 0.9);
  if (legal.canRest && partyHurt && !notes.refused.has('rest')) return { type: 'rest', user };
  if (legal.canRest && hp < 1 && !last && !notes.refused.has('rest')) return { type: 'rest', user };
  // The last depth: straight for the stairs.
  if (last && v.stairs >= 0) {
    if (legal.canDescend) return { type: 'descend', user };
    if (legal.canTravel && !notes.refused.has('travel')) return { type: 'travel', user };
  }
  const may = (type: string): boolean => !notes.refused.has(type);
  if (legal.canExplore && may('explore')) return { type: 'explore', user };
  if (legal.canDescend) return { type: 'descend', user };
  if (legal.canTravel && may('travel')) return { type: 'travel', user };
  const frontier = legal.canExplore || !legal.canTravel ? stepToFrontier(v) : null;
  if (frontier && legal.moves[frontier] === 'move') return { type: 'move', user, dir: frontier };
  if (v.stairs >= 0) {
    const toward = walkToward(v, v.stairs);
    if (toward) return { type: 'move', user, dir: toward };
  }
  return { type: 'wait', user };
}

/** The role's ability, when using it now pays (read from its effect, so a new role's ability is used by what it does). */
function abilityNow(v: PlayerView, threats: readonly Monster[], adjacent: readonly Monster[]): Action | null {
  const { me, legal } = v;
  const user = me.id;
  if (!legal.ability) return null;
  switch (ABILITIES[legal.ability].effect) {
    case 'cleave':
      // A blow at +2 on everything next to me: never worse than one plain blow.
      return adjacent.some((m) => cheb(m, me) === 1) ? { type: 'ability', user } : null;
    case 'shoot':
      return threats.length > 0 ? { type: 'ability', user } : null;
    case 'mend': {
      const hurt = v.party.filter((q) => cheb(q, me) <= 3).reduce((a, b) => (a.hp / a.maxHp <= b.hp / b.maxHp ? a : b));
      return hurt.hp / hurt.maxHp < 0.65 ? { type: 'ability', user } : null;
    }
    case 'smoke': {
      const near = threats.filter((m) => cheb(m, me) <= 2);
      return near.length >= 2 || (near.length >= 1 && me.hp < me.maxHp * 0.5) ? { type: 'ability', user } : null;
    }
    default:
      return null;
  }
}

/** A hurt front player next to a monster steps back through a healthier ally behind (the swap). */
function swapOut(v: PlayerView, threats: readonly Monster[], hp: number): Action | null {
  if (hp >= 0.45 || v.party.length < 2 || !threats.some((m) => cheb(m, v.me) === 1)) return null;
  for (const d of v.dirs) {
    const x = v.me.x + DIRECTION_DELTA[d][0];
    const y = v.me.y + DIRECTION_DELTA[d][1];
    const ally = v.party.find((q) => q.x === x && q.y === y && q.id !== v.me.id);
    if (ally && ally.hp / ally.maxHp > Math.max(0.6, hp + 0.2) && !threats.some((m) => cheb(m, ally) === 1)) return { type: 'move', user: v.me.id, dir: d };
  }
  return null;
}

