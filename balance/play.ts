/** Plays one scripted game through the engine, from exactly the game `/rogue new seed:N` starts, and reports what happened. */
import { defaultConfig, kindFromSeed, newGame, roundsNow, step, type Action, type Difficulty, type GameConfig, type GameEvent, type GameState, type MapKind } from '../src/engine/index.js';
import type { RoleKind } from '../src/engine/roles.js';
import { Rng } from '../src/grid/rng.js';
import { DEFAULT_SETTINGS, MAP_SIZES, type MapSize } from '../src/app/settings.js';
import { POLICIES, type PolicyName } from './policies.js';
import { playerView } from './view.js';

export interface Scenario {
  policy: PolicyName;
  players: number;
  mode: 'free' | 'rounds';
  difficulty: Difficulty;
  size: MapSize;
  /** Each player's role, in join order (cycled); none: the base adventurer. */
  roles?: readonly RoleKind[];
}

export interface GameResult {
  won: boolean;
  /** Still playing when the command budget ran out. */
  stuck: boolean;
  depth: number;
  turns: number;
  /** Commands the players issued (accepted ones; an explore that walks 12 steps is one). */
  actions: number;
  /** Of those, explore and travel commands (walking the level) and single moves (steps and attacks). */
  walks: number;
  moves: number;
  /** The monster kind that dealt the last blow of a defeat, else null. */
  killer: string | null;
  /** Where the commands went: `fight:` or `walk:` (rounds or free at the press) then what was pressed (a move is a step or an attack). */
  breakdown: Record<string, number>;
  /** Fights (a rounds-mode switch to rounds; 0 in free mode). */
  fights: number;
  /** Potions picked up, drunk, and carried at the end (all players). */
  potions: { found: number; used: number; left: number };
  /** Commands the game refused (the player then waited). */
  refusals: number;
  /** Standing fight orders handed back (run-stopped, run 'fight') in a step where no blow was struck by either side. */
  idleHandBacks: number;
  /** Per level reached: the busiest player's share of that level's presses (a party; 1 solo). */
  busiestShares: number[];
}

/** Most commands per player one game may take before it counts as stuck (a loss). */
const MAX_ACTIONS = 4000;
/** Most round timers one game may run out before it counts as stuck. */
const MAX_TIMERS = 2000;

/**
 * The config `/rogue new seed:N` builds on a server with the default settings (map kind 'random', so the kind is
 * kindFromSeed(N), the game's own rule), with the scenario's size, mode and difficulty options.
 */
export function configFor(sc: Scenario, seed: number): GameConfig {
  const size = MAP_SIZES[sc.size];
  const choice = DEFAULT_SETTINGS.mapKind;
  const mapKind: MapKind = choice === 'random' ? kindFromSeed(seed) : choice;
  return defaultConfig({
    seed,
    width: size.width,
    height: size.height,
    mapKind,
    turnMode: sc.mode,
    topology: DEFAULT_SETTINGS.diagonals ? 8 : 4,
    difficulty: sc.difficulty,
    maxPlayers: Math.max(DEFAULT_SETTINGS.maxPlayers, sc.players),
  });
}

/** Plays seed `seed` of a scenario to the end; `observe` sees the state before each member's press (balance/arrows.ts). */
export function playGame(sc: Scenario, seed: number, observe?: (s: GameState, user: string) => void): GameResult {
  let s: GameState = newGame(configFor(sc, seed));
  const rng = Rng.fromSeed(seed ^ 0x5bd1e995);
  const policy = POLICIES[sc.policy];
  const users = Array.from({ length: sc.players }, (_, i) => `u${i + 1}`);
  users.forEach((u, i) => {
    const role = sc.roles?.[i % sc.roles.length];
    s = apply(s, { type: 'join', user: u, name: u, ...(role ? { role } : {}) }) ?? s;
  });
  const potions = { found: 0, used: 0, left: 0 };
  let refusals = 0;
  let idleHandBacks = 0;
  const presses: Record<string, number>[] = [];
  const memory = new Map(users.map((u) => [u, { waits: 0 }]));
  let actions = 0;
  let walks = 0;
  let moves = 0;
  let fights = 0;
  let stalled = false;
  let timers = 0;
  const breakdown: Record<string, number> = {};
  while (s.status === 'playing' && actions < MAX_ACTIONS * sc.players) {
    let acted = false;
    for (const u of users) {
      if (s.status !== 'playing') break;
      const me = s.players.find((p) => p.id === u);
      if (!me || !me.alive) continue;
      // In rounds, who acted this round, or holds (a standing order), has nothing to press until the order ends.
      if (roundsNow(s) && (s.acted.includes(u) || (s.holding.includes(u) && !stalled))) continue;
      const mem = memory.get(u)!;
      observe?.(s, u);
      const view = playerView(s, u);
      const action = policy(view, rng, mem);
      // Nothing to press now: a follower lets the leader lead, or a fighter's ⚔️ order already stands (pressing it again is no command).
      if (action === null || (action.type === 'fight' && roundsNow(s) && s.fighting.includes(u))) continue;
      const phase = roundsNow(s) ? 'fight' : 'walk';
      let next = apply(s, action);
      const what = !next ? `refused-${action.type}` : action.type === 'move' ? view.legal.moves[action.dir] === 'attack' ? 'attack' : 'step' : action.type;
      if (next && (action.type === 'explore' || action.type === 'travel')) walks++;
      if (next && action.type === 'move') moves++;
      // A refused command costs nothing in the game; the scripted player then waits, as a person would try again.
      if (!next) {
        refusals++;
        mem.waits++;
        next = apply(s, { type: 'wait', user: u });
      }
      if (next) {
        fights += next.recent.filter((e) => e.type === 'pace' && e.rounds).length;
        const level = (presses[s.depth - 1] ??= {});
        level[u] = (level[u] ?? 0) + 1;
        tallyStep(next.recent, potions, (n) => (idleHandBacks += n), breakdown);
        for (const e of next.recent) if (e.type === 'run-stopped' && e.run === 'fight') breakdown[`fight-ended:${e.reason}`] = (breakdown[`fight-ended:${e.reason}`] ?? 0) + 1;
        breakdown[`${phase}:${what}`] = (breakdown[`${phase}:${what}`] ?? 0) + 1;
        s = next;
        actions++;
        acted = true;
      }
    }
    // Everyone still standing holds and the rounds went on as far as one step takes them with nothing happening: the
    // holders look again and press something.
    if (!acted && !stalled && roundsNow(s)) stalled = true;
    else if (!acted) {
      // Still no one presses: the round timer runs out (not a command).
      const timer = roundsNow(s) && ++timers <= MAX_TIMERS ? apply(s, { type: 'resolve-round' }) : null;
      if (!timer) break;
      tallyStep(timer.recent, potions, (n) => (idleHandBacks += n), breakdown);
      s = timer;
    } else stalled = false;
  }
  potions.left = s.players.reduce((n, p) => n + (p.pack.potion ?? 0), 0);
  const busiestShares = presses.filter((l) => l).map((l) => Math.max(...Object.values(l)) / Object.values(l).reduce((a, b) => a + b, 0));
  return { won: s.summary?.outcome === 'victory', stuck: s.status === 'playing', depth: s.depth, turns: s.turn, actions, walks, moves, killer: s.summary?.recap.ending.by?.monster ?? null, breakdown, fights, potions, refusals, idleHandBacks, busiestShares };
}

/**
 * Counts a step's potions found and drunk, and fight orders handed back in a step with no blow by either side (by
 * reason in the breakdown: `idle-back:REASON`).
 */
function tallyStep(events: readonly GameEvent[], potions: { found: number; used: number }, handBack: (n: number) => void, breakdown: Record<string, number>): void {
  let blows = 0;
  const backs: string[] = [];
  for (const e of events) {
    if (e.type === 'picked-up' && e.item === 'potion') potions.found++;
    if (e.type === 'drank') potions.used++;
    if (e.type === 'attacked' || e.type === 'missed') blows++;
    if (e.type === 'run-stopped' && e.run === 'fight') backs.push(e.reason);
  }
  if (blows > 0 || backs.length === 0) return;
  handBack(backs.length);
  for (const r of backs) breakdown[`idle-back:${r}`] = (breakdown[`idle-back:${r}`] ?? 0) + 1;
}

function apply(s: GameState, a: Action): GameState | null {
  const r = step(s, a);
  return r.ok ? r.state : null;
}
