/**
 * The turn engine: `step(state, action)` is a pure reducer. It copies the state, applies the action
 * to the copy, runs the monster phase when the turn mode says so, and returns the copy plus events,
 * or a rejection code that changes nothing.
 */
import { monsterPhase, monsterRef } from './ai.js';
import { copyMask } from './bytes.js';
import { rollAttack } from './combat.js';
import { validateConfig } from './config.js';
import { Tile } from '../grid/tiles.js';
import { bumpAt, reachTarget } from './legal.js';
import { enterLevel, nextLabel, reinforce, spawnMonster } from './level.js';
import { bfs } from '../grid/flood.js';
import { MONSTERS, PLAYER_BASE, SPLIT_MIN } from './monsters.js';
import { THROW_RANGE, useItem } from './effects.js';
import { useAbility, type AbilityContext } from './abilities.js';
import { LEGACY_ROLE, ROLES, type RoleKind } from './roles.js';
import { ITEMS, addToPack, armourDefence, armourToHit, wielded } from './items.js';
import { buildRecap } from './score.js';
import { rulesFor } from './rules.js';
import { XP_PER_DEPTH, gainXp } from './progression.js';
import { chaseField, exploreField, travelField } from './runs.js';
import { HOLD_GROUND, fightBlow, fightStop, fightTarget, fightable, letItCome, newThreat, reachersAt } from './fight.js';
import { CALM_ROUNDS, MAX_HOLD_ROUNDS, nearMonster, placeFollowers, reviveFallen, roundDone, roundsNow, stairFollowers, threatens, wanderIn, wakeHolders } from './pace.js';
import { UNREACHABLE, downhill } from '../pathfinding/index.js';
import { Rng } from '../grid/rng.js';
import { SCHEMA_VERSION } from './state-schema.js';
import { turnPolicy, type TurnHost } from './turn-policy.js';
import type { Action, ActorRef, Direction, RunKind, RunStopReason, GameConfig, GameEvent, GameState, Monster, Player, RejectionCode, RunSummary, StepResult, Weapon } from './types.js';
import { DIRECTIONS, DIRECTION_DELTA } from './types.js';
import { markExplored, refreshSight, sees } from './visibility.js';
import { workspaceFor, type Workspace } from './workspace.js';

/** Longest run a single move action may ask for. */
export const MAX_STEPS = 9;
/** Longest explore or travel run (steps), and longest rest (turns), of one action. */
export const MAX_RUN = 100;
export const MAX_REST = 100;
export { THROW_RANGE };

/** A new game: level 1 generated from the seed, no players yet. */
export function newGame(config: GameConfig): GameState {
  const cfg = validateConfig(config);
  const rng = Rng.fromSeed(cfg.seed);
  const state: GameState = {
    schema: SCHEMA_VERSION,
    version: 0,
    turn: 0,
    config: cfg,
    rng: rng.save(),
    depth: 1,
    width: cfg.width,
    height: cfg.height,
    tiles: new Uint8Array(0),
    entrance: 0,
    explored: new Uint8Array(0),
    players: [],
    departed: [],
    monsters: [],
    items: [],
    lures: [],
    tally: { kills: {}, used: {} },
    nextId: 1,
    acted: [],
    calm: CALM_ROUNDS,
    holding: [],
    fighting: [],
    fightKnown: [],
    fightQuiet: 0,
    status: 'playing',
    summary: null,
    recent: [],
  };
  enterLevel(state, rng, 1);
  state.rng = rng.save();
  return state;
}

/** Replays a game from its config and its log of accepted actions. Throws if the log holds a rejected action. */
export function replay(config: GameConfig, actions: readonly Action[]): GameState {
  let state = newGame(config);
  for (const [n, action] of actions.entries()) {
    const r = step(state, action);
    if (!r.ok) throw new Error(`replay: action ${n} (${action.type}) was rejected: ${r.code}`);
    state = r.state;
  }
  return state;
}

/** Resolves the current round (rounds mode): players who have not acted pass, then monsters move. */
export function resolveRound(state: GameState): StepResult {
  return step(state, { type: 'resolve-round' });
}

/** Attack and defence of a player (armour included), or of a monster from its kind's stat block plus its difficulty bonus. */
const fighter = (c: Player | Monster) =>
  'slot' in c ? { attack: c.attack + armourToHit(c.armour), defence: c.defence + armourDefence(c.armour) } : { attack: MONSTERS[c.kind].attack + c.power, defence: MONSTERS[c.kind].defence };
const playerRef = (p: Player): ActorRef => ({ kind: 'player', id: p.id, name: p.name });

/** Mutable working copy of one step. */
class Turn implements AbilityContext, TurnHost {
  readonly events: GameEvent[] = [];
  readonly rng: Rng;
  readonly ws: Workspace;
  /** Whether the workspace sight masks match the players' current places (FOV is the costliest part of a turn). */
  private sightFresh = false;

  constructor(readonly s: GameState) {
    this.rng = new Rng(s.rng);
    this.ws = workspaceFor(s.width, s.height);
  }

  /** Call after any player moves, joins, leaves or changes level. */
  playersMoved(): void {
    this.sightFresh = false;
  }

  /** Recomputes every living player's sight unless it is still current, and remembers what they see (fog of war). */
  sight(): void {
    if (this.sightFresh) return;
    refreshSight(this.s, this.ws);
    // Marked at every new sight, not once per step, so tiles seen mid-run are remembered too.
    markExplored(this.s, this.ws, this.s.explored);
    this.sightFresh = true;
  }

  emit(e: GameEvent): void {
    this.events.push(e);
  }

  /** One attack, shared by players and monsters; a player's blade (`split`) splits a monster that splits (an ooze). */
  strike(attacker: Player | Monster, weapon: Weapon, target: Player | Monster, range = 1, split = true): void {
    // A quick weapon strikes more than once a blow, while the target stands.
    for (let k = 1; k < (weapon.hits ?? 1) && target.hp > 0; k++) this.blow(attacker, weapon, target, range, split);
    if (target.hp > 0) this.blow(attacker, weapon, target, range, split);
  }

  private blow(attacker: Player | Monster, weapon: Weapon, target: Player | Monster, range: number, split: boolean): void {
    const a = 'slot' in attacker ? playerRef(attacker) : monsterRef(attacker);
    const t = 'slot' in target ? playerRef(target) : monsterRef(target);
    const roll = rollAttack(fighter(attacker), weapon, fighter(target), this.rng, range);
    if (!roll.hit) {
      this.emit({ type: 'missed', attacker: a, target: t, weapon: weapon.name, range });
      return;
    }
    let damage = roll.damage;
    // A monster that resists this weapon (a skeleton's bones turn blades) takes half; the first time, the log says so.
    if ('slot' in attacker && !('slot' in target) && !weapon.crush && MONSTERS[target.kind].resists?.includes(weapon.name)) {
      damage = Math.max(1, Math.floor(damage / 2));
      if (!target.glanced) {
        target.glanced = true;
        this.emit({ type: 'glanced', who: a, target: t, weapon: weapon.name });
      }
    }
    target.hp = Math.max(0, target.hp - damage);
    this.emit({ type: 'attacked', attacker: a, target: t, damage, weapon: weapon.name, verb: weapon.verb, range });
    if (target.hp > 0) {
      if (split && 'slot' in attacker && !('slot' in target)) this.split(attacker, target);
      return;
    }
    if ('slot' in target) {
      target.alive = false;
      this.emit({ type: 'died', who: t, by: a, weapon: weapon.name });
    } else this.slain(attacker, target, a, t);
  }

  /**
   * A blade's blow on a monster that splits (MONSTERS[kind].splits) with at least SPLIT_MIN hp left: half of what is
   * left goes into a new one on the first free tile beside it, awake and after the striker. No room, no split.
   */
  private split(p: Player, m: Monster): void {
    const s = this.s;
    if (!MONSTERS[m.kind].splits || m.hp < SPLIT_MIN) return;
    const dirs = s.config.topology === 4 ? DIRECTIONS.slice(0, 4) : DIRECTIONS;
    const w = s.width;
    for (const d of dirs) {
      const [dx, dy] = DIRECTION_DELTA[d];
      const x = m.x + dx;
      const y = m.y + dy;
      if (s.tiles[y * w + x] === Tile.Wall || s.monsters.some((o) => o.x === x && o.y === y) || s.players.some((q) => q.alive && q.x === x && q.y === y)) continue;
      const half = Math.floor(m.hp / 2);
      m.hp -= half;
      const n = s.monsters.filter((o) => o.kind === m.kind).length;
      const child = spawnMonster(s.nextId++, m.kind, x, y, half, m.power, nextLabel(s.monsters, m.kind, n));
      child.state = 'hunt';
      child.lastSeen = p.y * w + p.x;
      s.monsters.push(child);
      this.emit({ type: 'split', who: monsterRef(m), into: monsterRef(child) });
      return;
    }
  }

  /** A monster at 0 hp leaves the level; a player's kill is counted and earns experience. */
  private slain(attacker: Player | Monster, target: Monster, a: ActorRef, t: ActorRef): void {
    this.s.monsters = this.s.monsters.filter((m) => m !== target);
    this.emit({ type: 'killed', attacker: a, target: t });
    if (!('slot' in attacker)) return;
    attacker.kills += 1;
    const kills = { ...this.s.tally.kills };
    kills[target.kind] = (kills[target.kind] ?? 0) + 1;
    this.s.tally = { ...this.s.tally, kills };
    this.award(attacker, MONSTERS[target.kind].xp);
  }

  /** An item's damage to a monster (a flash bomb): no roll, the kill counts as the player's. */
  hurtMonster(p: Player, m: Monster, damage: number, weapon: string): void {
    const a = playerRef(p);
    const t = monsterRef(m);
    m.hp = Math.max(0, m.hp - damage);
    this.emit({ type: 'attacked', attacker: a, target: t, damage, weapon, verb: 'blasts', range: 0 });
    if (m.hp <= 0) this.slain(p, m, a, t);
  }

  /** Gives a player experience, announcing a level gained. */
  award(p: Player, xp: number): void {
    if (gainXp(p, xp) > 0) this.emit({ type: 'levelled-up', who: playerRef(p), level: p.level, maxHp: p.maxHp, attack: p.attack });
  }

  /** Resolves the round in progress (the turn policy calls it once everyone is done). */
  endRound(): void {
    endRound(this);
  }

  monsters(resting = false): void {
    this.sight();
    monsterPhase(this.s, this.rng, this.ws, {
      attack: (m, target, weapon, range) => this.strike(m, weapon, target, range),
      event: (e) => this.emit(e),
    });
    this.s.turn += 1;
    for (const p of this.s.players) if (p.cooldown > 0) p.cooldown -= 1;
    this.regenerate(resting);
  }

  /** Living players who see no monster regain 1 hp every few turns (the difficulty sets how many; resting halves it). */
  regenerate(resting: boolean): void {
    const s = this.s;
    const every = rulesFor(s.config.rules).difficulty[s.config.difficulty].regenEvery;
    if (s.turn % (resting ? Math.ceil(every / 2) : every) !== 0) return;
    const w = s.width;
    for (const p of s.players) {
      if (!p.alive || p.hp >= p.maxHp) continue;
      if (s.monsters.some((m) => sees(this.ws, p.slot, m.y * w + m.x))) continue;
      p.hp += 1;
    }
  }

  /** Ends the game when no one is alive. */
  checkDefeat(): void {
    if (this.s.status === 'playing' && this.s.players.length > 0 && this.s.players.every((p) => !p.alive)) this.finish('defeat');
  }

  finish(outcome: RunSummary['outcome']): void {
    const base = {
      outcome,
      depth: this.s.depth,
      turns: this.s.turn,
      // Everyone who played this run, including those who left before the end.
      kills: [...this.s.players, ...this.s.departed].map((p) => ({ id: p.id, name: p.name, kills: p.kills })),
    };
    const summary: RunSummary = { ...base, recap: buildRecap(base, this.s.tally, this.events) };
    this.s.status = 'over';
    this.s.summary = summary;
    this.s.acted = [];
    this.emit({ type: 'game-over', summary });
  }

  /** The first living player (in party order) who sees a monster now (with `threats`, one that is after the party), or null. */
  spotter(except: ReadonlySet<number> = NO_IDS, threats = false): Player | null {
    this.sight();
    const w = this.s.width;
    for (const m of this.s.monsters) {
      if (except.has(m.id) || (threats && !threatens(m))) continue;
      const q = this.s.players.find((p) => p.alive && sees(this.ws, p.slot, m.y * w + m.x));
      if (q) return q;
    }
    return null;
  }

  /**
   * What should stop a run now: a monster attack (hit or miss) on any party member among the events since `from`, a
   * monster in view of anyone that was not in view when the run began, or one in view that just noticed the party.
   * Says whose trouble it is.
   */
  trouble(from: number, seenAtStart: ReadonlySet<number>): { reason: RunStopReason; who: Player } | null {
    for (let k = from; k < this.events.length; k++) {
      const e = this.events[k]!;
      if ((e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'monster' && e.target.kind === 'player') {
        const id = e.target.id;
        const q = this.s.players.find((p) => p.id === id);
        if (q) return { reason: 'attacked', who: q };
      }
    }
    const noticed = new Set<number>();
    for (let k = from; k < this.events.length; k++) {
      const e = this.events[k]!;
      if (e.type === 'spotted' && e.who.kind === 'monster') noticed.add(e.who.id);
    }
    const unnoticed = noticed.size === 0 ? seenAtStart : new Set([...seenAtStart].filter((id) => !noticed.has(id)));
    const q = this.spotter(unnoticed);
    return q ? { reason: 'monster-in-view', who: q } : null;
  }

  /** Whether some living player sees tile i now. */
  partySees(i: number): boolean {
    this.sight();
    return this.s.players.some((p) => p.alive && sees(this.ws, p.slot, i));
  }

  /** Monsters the party sees right now (ids), for stopping runs. */
  visibleMonsters(): Set<number> {
    this.sight();
    const w = this.s.width;
    const out = new Set<number>();
    for (const m of this.s.monsters) {
      if (this.s.players.some((p) => p.alive && sees(this.ws, p.slot, m.y * w + m.x))) out.add(m.id);
    }
    return out;
  }
}

const NO_IDS: ReadonlySet<number> = new Set();

/**
 * Rounds mode's pace, after every accepted step: a monster after the party (hunting or attacking) in view of anyone
 * starts rounds for everyone, or keeps them going; CALM_ROUNDS rounds resolved with none in view return the party to
 * free movement. Unaware and fleeing monsters start no fight. Both switches are logged.
 */
function syncPace(t: Turn): void {
  const s = t.s;
  if (s.config.turnMode !== 'rounds' || s.status !== 'playing') return;
  const spotter = t.spotter(NO_IDS, true);
  if (!spotter) return;
  if (!roundsNow(s)) {
    s.acted = [];
    // What starts the fight is what fight orders go for, not a newcomer that stops them.
    s.fightKnown = [];
    noteFightKnown(t);
    t.emit({ type: 'pace', rounds: true, who: playerRef(spotter) });
  }
  s.calm = 0;
}

/** A rounds-mode party moves freely from now on (no monster in view). */
function calmDown(t: Turn): void {
  t.s.calm = CALM_ROUNDS;
  t.s.acted = [];
  // In a party under rules whose holds stand (party.holdsStand), holds stand through the calm too.
  if (!(rulesFor(t.s.config.rules).party?.holdsStand && t.s.players.filter((p) => p.alive).length >= 2)) t.s.holding = [];
  // Fight orders stand through the calm (ready for the next fight); what this fight saw is forgotten.
  t.s.fightKnown = [];
  t.s.fightQuiet = 0;
  t.emit({ type: 'pace', rounds: false });
}

/** A monster's copy as one object literal (V8 copies a fixed shape much faster than a spread). */
function copyMonster(m: Monster): Monster {
  const c: Monster = { id: m.id, kind: m.kind, label: m.label, maxHp: m.maxHp, power: m.power, x: m.x, y: m.y, hp: m.hp, weapon: m.weapon, state: m.state, lastSeen: m.lastSeen, stunned: m.stunned };
  if (m.glanced) c.glanced = true;
  if (m.returned) c.returned = true;
  return c;
}

function cloneState(s: GameState): GameState {
  return {
    ...s,
    rng: [...s.rng],
    players: s.players.map((p) => ({ ...p })),
    departed: s.departed.slice(),
    monsters: s.monsters.map(copyMonster),
    items: s.items.slice(),
    lures: s.lures.map((l) => ({ ...l })),
    acted: s.acted.slice(),
    holding: s.holding.slice(),
    fighting: s.fighting.slice(),
    fightKnown: s.fightKnown.slice(),
    explored: copyMask(s.explored),
    recent: [],
  };
}

/** The pure reducer: applies one action, or rejects it without changing anything. */
export function step(state: GameState, action: Action): StepResult {
  if (state.status === 'over') return { ok: false, code: 'game-over' };
  const s = cloneState(state);
  const t = new Turn(s);
  const code = apply(t, action);
  if (code) return { ok: false, code };
  t.checkDefeat();
  // A blow by anyone, or a player doing something (a step, an item, an ability): the fight is not a stand-off (rounds
  // count quiet ones in endRound).
  if (t.events.some(isBlow) || BUSY.has(action.type)) s.fightQuiet = 0;
  syncPace(t);
  t.sight();
  s.rng = t.rng.save();
  s.version = state.version + 1;
  s.recent = t.events;
  return { ok: true, state: s, events: t.events };
}

function apply(t: Turn, action: Action): RejectionCode | null {
  const s = t.s;
  switch (action.type) {
    case 'join':
      // A join with no role (every join logged before roles) plays as it always did.
      // Rules without roles (rulesFor) make every hero the base adventurer, whatever the join asked for.
      return join(t, action.user, action.name, rulesFor(s.config.rules).roles ? (action.role ?? LEGACY_ROLE) : LEGACY_ROLE, action.role !== undefined);
    case 'leave':
      return leave(t, action.user);
    case 'resolve-round': {
      if (!roundsNow(s)) return 'not-rounds-mode';
      endRound(t);
      return null;
    }
    default:
      break;
  }
  const p = s.players.find((q) => q.id === action.user);
  if (!p) return 'not-in-game';
  if (!p.alive) return 'dead';
  // Explore and travel (with no monster after the party in view) and rest (with none in view at all) end a fight's
  // calm rounds at once and run freely.
  if ((action.type === 'explore' || action.type === 'travel' || action.type === 'rest') && turnPolicy(s).rounds && !t.spotter(NO_IDS, action.type !== 'rest')) calmDown(t);
  const policy = turnPolicy(s);
  const refused = policy.mayAct(s, p);
  if (refused) return refused;
  // Acting ends a hold or a fight order; waiting in a fight starts a hold (from the next round).
  policy.begin(s, p);
  s.fighting = s.fighting.filter((id) => id !== p.id);
  // Walking freely, acting ends a hold that stood through the calm (party.holdsStand; otherwise none stands there).
  if (!policy.rounds && s.holding.length > 0) s.holding = s.holding.filter((id) => id !== p.id);
  switch (action.type) {
    case 'move': {
      const r = move(t, p, action.dir, action.steps ?? 1);
      if (r) return r;
      break;
    }
    case 'wait':
      t.emit({ type: 'waited', who: playerRef(p) });
      policy.afterWait(t, p);
      break;
    case 'use': {
      const r = useItem(t, p, { kind: action.item ?? 'potion', dir: action.dir, distance: action.distance });
      if (r) return r;
      policy.afterAct(t);
      break;
    }
    case 'rest': {
      const r = rest(t, p);
      if (r) return r;
      break;
    }
    case 'explore':
    case 'travel': {
      const r = runTo(t, p, action.type);
      if (r) return r;
      break;
    }
    case 'throw': {
      const r = useItem(t, p, { kind: 'lure', dir: action.dir, distance: action.distance });
      if (r) return r;
      policy.afterAct(t);
      break;
    }
    case 'ability': {
      const r = useAbility(t, p);
      if (r) return r;
      policy.afterAct(t);
      break;
    }
    case 'fight': {
      const r = fight(t, p);
      if (r) return r;
      break;
    }
    case 'descend':
      return descend(t, p);
  }
  policy.settle(t, p);
  return null;
}

/**
 * Ends the round: players who neither acted nor hold pass, monsters move, holders near trouble wake, and the fight's
 * calm is counted (CALM_ROUNDS rounds with no monster after the party in view end it). While every living player
 * holds, the next round follows at once (up to MAX_HOLD_ROUNDS in one step).
 */
function endRound(t: Turn, depth = 0): void {
  const s = t.s;
  const waited = s.players.filter((p) => !roundDone(s, p));
  const passed = waited.map((p) => p.id);
  // Names for the log line, in party order: who acted and who let the round pass.
  const acted = s.players.filter((p) => s.acted.includes(p.id)).map((p) => p.name);
  const round = s.turn + 1;
  const hpBefore = new Map(s.players.map((p) => [p.id, p.hp]));
  // Standing fight orders resolve first, in party order (one who acted by hand this round has already done so).
  // With nothing in view to fight (it ran out of sight) a fighter stands ready: the order ends with the fight's calm.
  const exposed = new Set<string>();
  const start = t.events.length;
  for (const p of s.players) {
    if (!p.alive || !s.fighting.includes(p.id) || s.acted.includes(p.id)) continue;
    const done = fightRound(t, p);
    if (!done) t.emit({ type: 'waited', who: playerRef(p) });
    if (done === 'exposed') exposed.add(p.id);
  }
  const mark = t.events.length;
  const gapBefore = closing(s);
  t.monsters();
  // Rounds in a row with no blow by either side (a blow by hand in an earlier step of the round reset it in step());
  // a round in which the monsters came closer, or one is stunned (a bomb, smoke), is no stand-off.
  s.fightQuiet = t.events.slice(start).some(isBlow) || closing(s) < gapBefore || s.monsters.some((m) => m.stunned > 0) ? 0 : s.fightQuiet + 1;
  s.acted = [];
  t.emit({ type: 'round-ended', round, passed, acted, passedNames: waited.map((p) => p.name) });
  wakeHolders(s, t.events.slice(mark));
  if (s.status !== 'playing') return;
  reviewFighters(t, mark, hpBefore, depth + 1 >= MAX_HOLD_ROUNDS, exposed);
  if (t.spotter(NO_IDS, true)) s.calm = 0;
  else if (++s.calm >= CALM_ROUNDS) {
    calmDown(t);
    return;
  }
  const living = s.players.filter((p) => p.alive);
  if (depth + 1 < MAX_HOLD_ROUNDS && living.length > 0 && living.every((p) => roundDone(s, p))) endRound(t, depth + 1);
}

function join(t: Turn, user: string, name: string, role: RoleKind, asked: boolean): RejectionCode | null {
  const s = t.s;
  const member = s.players.find((p) => p.id === user);
  // Before the run begins (the lobby, or a start nobody has moved from yet), joining again with a role changes it.
  if (member && asked && member.role !== role && s.turn === 0 && s.depth === 1 && member.xp === 0 && member.kills === 0) {
    Object.assign(member, freshPlayer(role));
    t.emit({ type: 'joined', who: playerRef(member) });
    return null;
  }
  if (member) return 'already-joined';
  if (s.players.length >= s.config.maxPlayers) return 'game-full';
  const used = new Set(s.players.map((p) => p.slot));
  let slot = 0;
  while (used.has(slot)) slot++;
  const anchor = s.players.find((p) => p.alive);
  const at = nearestFreeFloor(s, anchor ? anchor.y * s.width + anchor.x : s.entrance);
  // A player who left and comes back is restored as they were (hp, potions, kills, alive or not): no free heal.
  const back = s.departed.find((q) => q.id === user);
  s.departed = s.departed.filter((q) => q !== back);
  const fresh = freshPlayer(role);
  const p: Player = { ...fresh, ...back, id: user, name, slot, x: at % s.width, y: Math.floor(at / s.width) };
  // A late joiner catches up to the least experienced living member, so joining deep down is not hopeless.
  const living = s.players.filter((q) => q.alive);
  if (!back && living.length > 0) gainXp(p, Math.min(...living.map((q) => q.xp)));
  // The level grows with the party: a joiner brings the monsters a level made for the bigger party would hold.
  if (p.alive && living.length > 0) {
    t.sight();
    reinforce(s, t.rng, living.length + 1, (i) => living.some((q) => sees(t.ws, q.slot, i)));
  }
  s.players.push(p);
  t.playersMoved();
  t.emit({ type: 'joined', who: playerRef(p) });
  pickUp(t, p);
  return null;
}

function leave(t: Turn, user: string): RejectionCode | null {
  const s = t.s;
  const p = s.players.find((q) => q.id === user);
  if (!p) return 'not-in-game';
  s.players = s.players.filter((q) => q !== p);
  s.departed = [...s.departed, p];
  t.playersMoved();
  s.acted = s.acted.filter((id) => id !== user);
  s.holding = s.holding.filter((id) => id !== user);
  s.fighting = s.fighting.filter((id) => id !== user);
  t.emit({ type: 'left', who: playerRef(p) });
  if (s.players.length === 0) t.finish('abandoned');
  else if (turnPolicy(s).rounds && s.acted.length > 0 && s.players.every((q) => roundDone(s, q))) {
    // The one who left was the last the round waited for.
    endRound(t);
  }
  return null;
}

/** Breadth-first search for the nearest open, unoccupied, non-stairs tile (for joining players). */
function nearestFreeFloor(s: GameState, from: number): number {
  const w = s.width;
  const taken = new Set<number>();
  for (const p of s.players) if (p.alive) taken.add(p.y * w + p.x);
  for (const m of s.monsters) taken.add(m.y * w + m.x);
  const order = new Int32Array(s.tiles.length);
  const count = bfs(s.tiles, w, s.height, from, new Int32Array(s.tiles.length), order);
  for (let k = 0; k < count; k++) {
    const i = order[k]!;
    if (s.tiles[i] === Tile.Floor && !taken.has(i)) return i;
  }
  return from;
}

function pickUp(t: Turn, p: Player): boolean {
  const s = t.s;
  const item = s.items.find((it) => it.x === p.x && it.y === p.y);
  if (!item) return false;
  s.items = s.items.filter((it) => it !== item);
  t.emit({ type: 'picked-up', who: playerRef(p), item: item.kind });
  const row = ITEMS[item.kind];
  // Armour found with none worn goes straight on; everything else goes in the pack.
  if (row.slot === 'armour' && p.armour === null) {
    p.armour = item.kind as NonNullable<Player['armour']>;
    t.emit({ type: 'equipped', who: playerRef(p), item: item.kind });
  } else addToPack(p, item.kind, 1);
  return true;
}

/** One move or a run of up to MAX_STEPS moves; bumping into a monster attacks it. */
function move(t: Turn, p: Player, dir: Direction, steps: number): RejectionCode | null {
  const s = t.s;
  const policy = turnPolicy(s);
  if (s.config.topology === 4 && dir.length === 2) return 'diagonal-not-allowed';
  const want = Math.max(1, Math.min(MAX_STEPS, Math.floor(steps)));
  const [dx, dy] = DIRECTION_DELTA[dir];
  const seenAtStart = policy.runLength(want) > 1 ? t.visibleMonsters() : null;
  for (let n = 0; n < want; n++) {
    const x = p.x + dx;
    const y = p.y + dy;
    const bump = bumpAt(s, x, y);
    if (n === 0) {
      if (bump.kind === 'wall') return 'wall';
      if (bump.kind === 'ally') return swapPlaces(t, p, x, y);
      if (bump.kind === 'monster') {
        t.strike(p, wielded(p), bump.monster);
        policy.afterAct(t);
        return null;
      }
      const far = reachTarget(s, p, dir);
      if (far) {
        t.strike(p, wielded(p), far.monster, far.range);
        policy.afterAct(t);
        return null;
      }
    } else if (bump.kind !== 'open') {
      t.emit({ type: 'run-stopped', who: playerRef(p), steps: n, reason: 'blocked', run: 'move' });
      return null;
    }
    if (runStep(t, p, y * s.width + x, n, want, seenAtStart, 'move')) break;
  }
  return null;
}

/**
 * Moving into an ally swaps places (it costs the mover's act, never the ally's), so a party can rotate its front in a
 * corridor. Each picks up what lies where it lands.
 */
function swapPlaces(t: Turn, p: Player, x: number, y: number): null {
  const s = t.s;
  const q = s.players.find((o) => o.alive && o.x === x && o.y === y)!;
  const from = p.y * s.width + p.x;
  p.x = x;
  p.y = y;
  q.x = from % s.width;
  q.y = (from - q.x) / s.width;
  t.playersMoved();
  t.emit({ type: 'swapped', who: playerRef(p), with: playerRef(q) });
  pickUp(t, p);
  pickUp(t, q);
  turnPolicy(s).afterAct(t);
  return null;
}

/**
 * One step of any run (move with steps, explore, travel): moves the player (a follower standing there swaps with
 * them), brings the followers along, picks up, lets monsters act, then applies the run stop rules: any living party
 * member attacked (hit or miss) or a new monster in view of anyone stops it, and the log says whose trouble it was.
 * Returns true when the run ends here.
 */
function runStep(t: Turn, p: Player, to: number, n: number, want: number, seenAtStart: ReadonlySet<number> | null, run: RunKind, followers: readonly Player[] = []): boolean {
  const s = t.s;
  const policy = turnPolicy(s);
  const from = p.y * s.width + p.x;
  const swapped = followers.find((q) => q.y * s.width + q.x === to);
  p.x = to % s.width;
  p.y = (to - p.x) / s.width;
  if (swapped) placePlayer(t, swapped, from);
  t.playersMoved();
  t.emit({ type: 'moved', who: playerRef(p), x: p.x, y: p.y });
  const picked = pickUp(t, p);
  if (followers.length > 0) follow(t, p, followers);
  const mark = t.events.length;
  policy.afterAct(t);
  if (n + 1 === want) return true;
  if (n + 1 >= policy.runLength(want)) {
    if (run === 'move') t.emit({ type: 'run-stopped', who: playerRef(p), steps: n + 1, reason: 'rounds', run });
    return true;
  }
  if (!p.alive || s.status !== 'playing') return true;
  const trouble = t.trouble(mark, seenAtStart ?? NO_IDS);
  let reason: RunStopReason | null = null;
  if (trouble?.reason === 'attacked') reason = 'attacked';
  else if (picked) reason = 'item';
  else if (s.tiles[to] === Tile.Stairs) reason = 'stairs';
  else if (trouble) reason = trouble.reason;
  // Explore and travel stop before walking anyone up to an awake healer in view (it never stops a run by itself).
  const near = reason === null && run !== 'move' ? [p, ...followers].find((q) => q.alive && nearMonster(s, q, (i) => t.partySees(i))) : undefined;
  if (near) reason = 'monster-near';
  if (reason) stopped(t, p, n + 1, reason, run, reason === trouble?.reason ? trouble.who : (near ?? p));
  return reason !== null;
}

/** Logs why a run stopped, naming the party member in trouble when it is not the runner. */
function stopped(t: Turn, p: Player, steps: number, reason: RunStopReason, run: RunKind, by: Player): void {
  t.emit({ type: 'run-stopped', who: playerRef(p), steps, reason, run, ...(by !== p ? { by: playerRef(by) } : {}) });
}

/** Puts a player on tile i (a move of the party's own: logged, picks up). */
function placePlayer(t: Turn, q: Player, i: number): void {
  q.x = i % t.s.width;
  q.y = (i - q.x) / t.s.width;
  t.playersMoved();
  t.emit({ type: 'moved', who: playerRef(q), x: q.x, y: q.y });
  pickUp(t, q);
}

/** Party members the leader of an explore or travel sees now: they walk along with it. */
function partyFollowers(t: Turn, leader: Player): Player[] {
  t.sight();
  const w = t.s.width;
  return t.s.players.filter((q) => q !== leader && q.alive && sees(t.ws, leader.slot, q.y * w + q.x));
}

/** Each follower not yet next to the leader takes one step toward it over known ground (one shared field). */
function follow(t: Turn, leader: Player, followers: readonly Player[]): void {
  const s = t.s;
  const w = s.width;
  const goal = leader.y * w + leader.x;
  followGoals[0] = goal;
  // ws.known is the party's known ground as the run's explore or travel field saw it this step.
  const field = t.ws.fields.compute(t.ws.known, followGoals, s.config.topology, s.config.fovRadius * 2, t.ws.track);
  const occupied = (i: number): boolean => s.players.some((q) => q.alive && q.y * w + q.x === i) || s.monsters.some((m) => m.y * w + m.x === i);
  for (const q of followers) {
    if (!q.alive) continue;
    const here = q.y * w + q.x;
    if (field[here]! <= 1 || field[here]! >= UNREACHABLE) continue;
    const next = downhill(field, w, here, s.config.topology, (i) => !occupied(i));
    if (next >= 0) placePlayer(t, q, next);
  }
}
const followGoals: number[] = [0];

/**
 * Explore (toward the nearest unexplored place or known item) or travel (to seen stairs), one field per step. Refused
 * while any party member sees a monster after the party (unaware and fleeing ones don't hold it up, but a new one in
 * view or one noticing the party stops it); in a party, the members the runner sees come along.
 */
function runTo(t: Turn, p: Player, run: 'explore' | 'travel'): RejectionCode | null {
  const s = t.s;
  const policy = turnPolicy(s);
  const want = policy.runLength(MAX_RUN);
  const w = s.width;
  let followers: Player[] = [];
  // Unaware or fleeing monsters already in view don't stop the run (one that notices the party does).
  let seenAtStart: ReadonlySet<number> = NO_IDS;
  // The leader may trade places with a follower in its way, but never take the stairs from one who stands on them.
  const isFollower = (i: number): boolean => s.tiles[i] !== Tile.Stairs && followers.some((q) => q.alive && q.y * w + q.x === i);
  const occupied = (i: number): boolean =>
    (s.players.some((q) => q.alive && q.y * w + q.x === i) && !isFollower(i)) || s.monsters.some((m) => m.y * w + m.x === i);
  for (let n = 0; n < want; n++) {
    t.sight();
    const here = p.y * w + p.x;
    let field = run === 'explore' ? exploreField(s, t.ws) : travelField(s, t.ws);
    if (n === 0) {
      if (t.spotter(NO_IDS, true)) return 'monster-in-view';
      if (nearMonster(s, p, (i) => t.partySees(i))) return 'monster-near';
      if (run === 'travel' && field === null) return 'stairs-not-seen';
      if (run === 'travel' && s.tiles[here] === Tile.Stairs) return 'already-there';
      if (run === 'explore' && (field === null || field[here]! >= UNREACHABLE)) return 'nothing-to-explore';
      if (!policy.rounds) followers = partyFollowers(t, p);
      seenAtStart = t.visibleMonsters();
    }
    // An item under the hero at the start (it began the level on one) is picked up, and the run goes on from there.
    if (n === 0 && run === 'explore' && field !== null && field[here] === 0 && rulesFor(s.config.rules).explorePicksUp && pickUp(t, p)) field = exploreField(s, t.ws);
    if (field === null || field[here]! >= UNREACHABLE || field[here] === 0) {
      t.emit({ type: 'run-stopped', who: playerRef(p), steps: n, reason: run === 'explore' ? 'explored' : 'blocked', run });
      return null;
    }
    const next = downhill(field, w, here, s.config.topology, (i) => !occupied(i));
    if (next < 0) {
      if (n === 0) return 'occupied-by-ally';
      t.emit({ type: 'run-stopped', who: playerRef(p), steps: n, reason: 'blocked', run });
      return null;
    }
    if (runStep(t, p, next, n, want, seenAtStart, run, followers)) break;
  }
  return null;
}

/**
 * Rest: wait up to MAX_REST turns, until full hp, a monster comes into anyone's view or a party member is attacked.
 * Refused while a monster is in view. Not free: each turn may bring a wandering monster in from out of sight (pace.ts).
 */
function rest(t: Turn, p: Player): RejectionCode | null {
  const s = t.s;
  if (p.hp >= p.maxHp) return 'full-health';
  if (t.spotter()) return 'monster-in-view';
  const start = p.hp;
  let turns = 0;
  let reason: RunStopReason = 'healed';
  let by = p;
  while (turns < MAX_REST) {
    const mark = t.events.length;
    t.sight();
    wanderIn(s, t.rng, p.y * s.width + p.x, (i) => s.players.some((q) => q.alive && sees(t.ws, q.slot, i)));
    t.monsters(true);
    turns++;
    if (!p.alive || s.status !== 'playing') break;
    if (p.hp >= p.maxHp) break;
    const trouble = t.trouble(mark, NO_IDS);
    if (trouble) {
      reason = trouble.reason;
      by = trouble.who;
      break;
    }
  }
  t.emit({ type: 'rested', who: playerRef(p), turns, healed: Math.max(0, p.hp - start) });
  if (reason !== 'healed' && p.alive && s.status === 'playing') stopped(t, p, turns, reason, 'rest', by);
  return null;
}

/**
 * Takes the stairs: the next level (or victory on the last), hunting monsters next to the party follow it down,
 * and fallen players stand up again at the stairs with a little hp.
 */
function descend(t: Turn, p: Player): RejectionCode | null {
  const s = t.s;
  if (s.tiles[p.y * s.width + p.x] !== Tile.Stairs) return 'no-stairs';
  // Rounds mode counts resolved rounds; descending starts a fresh round on the new level instead.
  s.turn += turnPolicy(s).descentTurns;
  if (s.depth >= s.config.maxDepth) {
    t.finish('victory');
    return null;
  }
  const followers = stairFollowers(s);
  enterLevel(s, t.rng, s.depth + 1);
  t.playersMoved();
  s.acted = [];
  s.holding = [];
  s.fighting = [];
  s.fightKnown = [];
  s.fightQuiet = 0;
  // A new level starts walking; followers in view switch a rounds game back to rounds at the end of the step.
  s.calm = CALM_ROUNDS;
  t.emit({ type: 'descended', depth: s.depth });
  for (const q of s.players) if (q.alive) t.award(q, XP_PER_DEPTH * s.depth);
  for (const e of reviveFallen(s)) t.emit(e);
  for (const e of placeFollowers(s, followers)) t.emit(e);
  return null;
}

/**
 * One round of a fight order: a blow at the weakest monster in reach, else a step toward the nearest monster after
 * the party over known ground, else a pause. False (nothing done) when nothing in view is left to fight; 'exposed'
 * when (rules with fightGuard) the step would bring more monsters in reach than where the fighter stands: it waits
 * instead, and the order hands back so the player decides where to stand.
 */
function fightRound(t: Turn, p: Player): boolean | 'exposed' {
  const s = t.s;
  const blow = fightBlow(s, p);
  if (blow) {
    t.strike(p, wielded(p), blow.monster, blow.range);
    return true;
  }
  const target = fightTarget(s, p, (i) => t.partySees(i));
  if (!target) return false;
  const w = s.width;
  const here = p.y * w + p.x;
  const field = chaseField(s, t.ws, target.y * w + target.x);
  // A monster coming at us is let come while its way to us is short; from farther off it may never come.
  if (letItCome(s, p, target) && field[here]! <= HOLD_GROUND) {
    t.emit({ type: 'waited', who: playerRef(p) });
    return true;
  }
  const occupied = (i: number): boolean => s.players.some((q) => q.alive && q.y * w + q.x === i) || s.monsters.some((m) => m.y * w + m.x === i);
  let next = field[here]! < UNREACHABLE ? downhill(field, w, here, s.config.topology, (i) => !occupied(i)) : -1;
  if (next >= 0 && rulesFor(s.config.rules).fightGuard) {
    // Of the free steps that get closer, the one fewest monsters reach; none that more reach than here: hand back.
    const seen = (i: number): boolean => t.partySees(i);
    const exposure = (i: number): number => reachersAt(s, i % w, (i - (i % w)) / w, target, seen);
    const now = exposure(here);
    let best = -1;
    let bestN = now + 1;
    for (const d of s.config.topology === 4 ? DIRECTIONS.slice(0, 4) : DIRECTIONS) {
      const [dx, dy] = DIRECTION_DELTA[d];
      const n = here + dy * w + dx;
      if (s.tiles[n] === Tile.Wall || occupied(n) || field[n]! >= field[here]!) continue;
      const e = exposure(n);
      if (e < bestN) {
        bestN = e;
        best = n;
      }
    }
    if (best < 0) {
      t.emit({ type: 'waited', who: playerRef(p) });
      return 'exposed';
    }
    next = best;
  }
  if (next >= 0) placePlayer(t, p, next);
  else t.emit({ type: 'waited', who: playerRef(p) });
  return true;
}

/**
 * The fight order (⚔️). In rounds, the first round's blow or step now, then one each round as the round resolves
 * (endRound) until reviewFighters ends it. Walking freely, turn after turn until it ends (or a fight in rounds
 * starts, which the order carries into). Refused when nothing in view is left to fight.
 */
function fight(t: Turn, p: Player): RejectionCode | null {
  const s = t.s;
  const policy = turnPolicy(s);
  if (policy.rounds) {
    const first = fightRound(t, p);
    if (!first) return 'nothing-to-fight';
    s.fightQuiet = 0;
    if (first === 'exposed') {
      stopped(t, p, 1, 'exposed', 'fight', p);
      return null;
    }
    s.fighting.push(p.id);
    // What the order is given against is no newcomer.
    noteFightKnown(t);
    return null;
  }
  s.fightKnown = [];
  noteFightKnown(t);
  const idle = rulesFor(s.config.rules).fightIdle;
  let quiet = 0;
  for (let n = 0; n < MAX_RUN; n++) {
    const mark = t.events.length;
    const hp = p.hp;
    const done = fightRound(t, p);
    if (!done) {
      if (n === 0) return 'nothing-to-fight';
      stopped(t, p, n, 'no-target', 'fight', p);
      return null;
    }
    policy.afterAct(t);
    if (s.status !== 'playing' || !p.alive) return null;
    if (s.config.turnMode === 'rounds' && t.spotter(NO_IDS, true)) {
      s.fighting.push(p.id);
      return null;
    }
    // A fight where no one lands or misses a blow for a while is a stand-off (a monster hanging back): hand it back.
    quiet = t.events.slice(mark).some((e) => e.type === 'attacked' || e.type === 'missed') ? 0 : quiet + 1;
    const why = fightReview(t, p, mark, hp) ?? (done === 'exposed' ? 'exposed' : null) ?? (idle !== null && quiet >= idle ? 'no-blows' : null);
    noteFightKnown(t);
    if (why) {
      stopped(t, p, n + 1, why, 'fight', p);
      return null;
    }
  }
  stopped(t, p, MAX_RUN, 'drawn-out', 'fight', p);
  return null;
}

/** Why a fighter's order ends after the events since `mark` (a party member fell, a new monster after the party, ...), or null. */
function fightReview(t: Turn, p: Player, mark: number, hpBefore: number): RunStopReason | null {
  const s = t.s;
  const w = s.width;
  // A newcomer is a monster after the party more dangerous than any kind the fight has had in view (newThreat).
  const known = new Set(s.fightKnown);
  const kinds = new Set(s.monsters.filter((m) => known.has(m.id)).map((m) => m.kind));
  // Under a guarded order (fightGuard) any monster joining the fight is news: the player judges the new fight.
  const rules = rulesFor(s.config.rules);
  const guard = rules.fightGuard;
  // In a party's rounds (rules with party.newcomerNear), only a newcomer near this fighter is its news.
  const near = rules.party?.newcomerNear;
  const mine = (m: Monster): boolean => near === undefined || !turnPolicy(s).rounds || s.players.filter((q) => q.alive).length < 2 || Math.max(Math.abs(m.x - p.x), Math.abs(m.y - p.y)) <= near;
  const newcomer = s.monsters.some((m) => fightable(m) && !known.has(m.id) && (guard || newThreat(m.kind, kinds)) && mine(m) && t.partySees(m.y * w + m.x));
  let allyDown = false;
  for (let k = mark; k < t.events.length; k++) if (t.events[k]!.type === 'died') allyDown = true;
  return fightStop(p, fightTarget(s, p, (i) => t.partySees(i)), allyDown, newcomer, hpBefore);
}

/** The fight has now seen every monster in view (a newcomer stops fight orders once). */
function noteFightKnown(t: Turn): void {
  const known = new Set(t.s.fightKnown);
  for (const id of t.visibleMonsters()) known.add(id);
  t.s.fightKnown = [...known];
}

/**
 * After a round's monster phase: fighters whose order should end drop it (logged) and must press again. Under a
 * guarded order (fightGuard) a fighter whose step was too exposed hands back, and so does every fighter once
 * `fightIdle` rounds in a row passed with no blow by either side.
 */
function reviewFighters(t: Turn, mark: number, hpBefore: ReadonlyMap<string, number>, last: boolean, exposed: ReadonlySet<string>): void {
  const s = t.s;
  if (s.fighting.length > 0) {
    const rules = rulesFor(s.config.rules);
    const idle = rules.fightGuard && rules.fightIdle !== null && s.fightQuiet >= rules.fightIdle;
    s.fighting = s.fighting.filter((id) => {
      const p = s.players.find((q) => q.id === id);
      if (!p || !p.alive) return false;
      // Out of sight is no reason to stop in rounds: the order stands ready for what comes next.
      const review = fightReview(t, p, mark, hpBefore.get(id) ?? p.hp);
      const ready = review === 'no-target' || review === null;
      // The last round one step resolves by itself hands the fight back (no waiting on the round timer).
      const why = !ready ? review : exposed.has(id) ? 'exposed' : idle ? 'no-blows' : last ? 'drawn-out' : null;
      if (why) stopped(t, p, 0, why, 'fight', p);
      return why === null;
    });
    if (idle) s.fightQuiet = 0;
  }
  noteFightKnown(t);
}

const isBlow = (e: GameEvent): boolean => e.type === 'attacked' || e.type === 'missed';

/** The sum over monsters after the party of their distance (Chebyshev) to the nearest living player: falls as they come. */
function closing(s: GameState): number {
  let sum = 0;
  for (const m of s.monsters) {
    if (!fightable(m)) continue;
    let d = Infinity;
    for (const p of s.players) if (p.alive) d = Math.min(d, Math.max(Math.abs(p.x - m.x), Math.abs(p.y - m.y)));
    if (d < Infinity) sum += d;
  }
  return sum;
}
/** Actions that are a player doing something in a fight (not a wait, a standing order or the round timer). */
const BUSY: ReadonlySet<Action['type']> = new Set(['move', 'use', 'throw', 'ability']);

/** A new character's numbers: the base character with its role's changes, gear and a ready ability. */
export function freshPlayer(role: RoleKind = LEGACY_ROLE): Omit<Player, 'id' | 'name' | 'slot' | 'x' | 'y'> {
  const row = ROLES[role];
  return {
    hp: PLAYER_BASE.hp + row.hp,
    maxHp: PLAYER_BASE.hp + row.hp,
    attack: PLAYER_BASE.attack + row.attack,
    defence: PLAYER_BASE.defence + row.defence,
    pack: { ...row.pack },
    weapon: row.weapon,
    armour: row.armour,
    role,
    cooldown: 0,
    kills: 0,
    xp: 0,
    level: 1,
    alive: true,
  };
}

