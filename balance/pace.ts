/**
 * npx tsx balance/pace.ts [--seeds N] [--players N] [--mode rounds|free] [--difficulty D] [--json] [--why]
 * Party pace: plays an engaged party (everyone acts each turn, fights what is after it, lets runners and the unaware
 * be, rests out of sight, explores together) through the engine and prints the median commands per player per level, per map kind and overall. The
 * players see only what a player sees: the party's sight, the explored map and the legal-moves helper.
 */
import { DIRECTION_DELTA, DIRECTIONS, defaultConfig, legalMoves, newGame, partySight, roundsNow, step } from '../src/engine/index.js';
import type { Action, Difficulty, Direction, GameState, MapKind, Monster, Player } from '../src/engine/index.js';

const WIDTH = 60;
const HEIGHT = 30;
/** Commands per player after which a game counts as stuck. */
const MAX_COMMANDS = 3000;

/** The map kind a seed gets from the "random" setting (the game's rule, see src/app/game-service.ts kindFromSeed). */
function kindFor(seed: number): MapKind {
  return (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) >>> 31) === 1 ? 'maze' : 'cavern';
}

const far = (a: { x: number; y: number }, b: { x: number; y: number }): number => Math.max(Math.abs(a.x - b.x), Math.abs(a.y - b.y));

function inView(s: GameState): Monster[] {
  const seen = partySight(s);
  return s.monsters.filter((m) => seen.mask[m.y * s.width + m.x] === seen.mark);
}

/** The legal step (or attack) that brings `me` closest to (x, y) over explored ground (breadth-first), or null. */
function toward(s: GameState, me: Player, x: number, y: number): Direction | null {
  const w = s.width;
  const dist = new Int32Array(w * s.height).fill(-1);
  const goal = y * w + x;
  const dirs = s.config.topology === 4 ? DIRECTIONS.slice(0, 4) : DIRECTIONS;
  const queue = [goal];
  dist[goal] = 0;
  for (let k = 0; k < queue.length; k++) {
    const i = queue[k]!;
    for (const d of dirs) {
      const n = i + DIRECTION_DELTA[d][1] * w + DIRECTION_DELTA[d][0];
      if (dist[n] !== -1 || s.tiles[n] === 0 || s.explored[n] === 0) continue;
      dist[n] = dist[i]! + 1;
      queue.push(n);
    }
  }
  const legal = legalMoves(s, me.id);
  let best: Direction | null = null;
  let bestD = dist[me.y * w + me.x]! < 0 ? Infinity : dist[me.y * w + me.x]!;
  for (const d of dirs) {
    const n = (me.y + DIRECTION_DELTA[d][1]) * w + me.x + DIRECTION_DELTA[d][0];
    if (n === goal && legal.moves[d] === 'attack') return d;
    if (legal.moves[d] !== 'move' || dist[n]! < 0) continue;
    if (dist[n]! < bestD) {
      bestD = dist[n]!;
      best = d;
    }
  }
  return best;
}

/** One engaged player's command. */
function decide(s: GameState, me: Player): Action {
  const user = me.id;
  const legal = legalMoves(s, user);
  const seen = inView(s);
  if (legal.canUse && me.hp <= me.maxHp * 0.35) return { type: 'use', user };
  // Strike whatever stands next to us; go for the nearest monster that is after the party; let runners and the
  // unaware be (explore walks on, and stops if one of them turns).
  const adjacent = seen.find((m) => far(me, m) === 1 && toward(s, me, m.x, m.y) !== null);
  if (adjacent) return { type: 'move', user, dir: toward(s, me, adjacent.x, adjacent.y)! };
  const threats = seen.filter((m) => m.state === 'hunt' || m.state === 'attack');
  if (threats.length > 0) {
    const near = threats.reduce((a, b) => (far(me, a) <= far(me, b) ? a : b));
    const d = toward(s, me, near.x, near.y);
    return d ? { type: 'move', user, dir: d } : { type: 'wait', user };
  }
  if (legal.canRest && me.hp < me.maxHp * 0.6) return { type: 'rest', user };
  if (legal.canDescend && !legal.canExplore) return { type: 'descend', user };
  if (legal.canExplore) return { type: 'explore', user };
  if (legal.canTravel) return { type: 'travel', user };
  if (legal.canDescend) return { type: 'descend', user };
  return { type: 'wait', user };
}

interface Result {
  kind: MapKind;
  won: boolean;
  stuck: boolean;
  depth: number;
  perPlayerPerLevel: number;
}

function play(seed: number, players: number, mode: 'free' | 'rounds', difficulty: Difficulty): Result {
  const kind = kindFor(seed);
  let s = newGame(defaultConfig({ seed, width: WIDTH, height: HEIGHT, mapKind: kind, turnMode: mode, difficulty, maxPlayers: Math.max(4, players) }));
  const users = Array.from({ length: players }, (_, i) => `u${i + 1}`);
  for (const u of users) {
    const r = step(s, { type: 'join', user: u, name: u });
    if (r.ok) s = r.state;
  }
  let commands = 0;
  let fightFrom = -1;
  while (s.status === 'playing' && commands < MAX_COMMANDS * players) {
    let acted = false;
    for (const u of users) {
      if (s.status !== 'playing') break;
      const me = s.players.find((p) => p.id === u);
      if (!me || !me.alive || (roundsNow(s) && s.acted.includes(u))) continue;
      const a = decide(s, me);
      let r = step(s, a);
      if (WHY) {
        const th = inView(s).filter((m) => m.state === 'hunt' || m.state === 'attack');
        const dmin = th.length === 0 ? -1 : Math.min(...th.map((m) => Math.min(...s.players.filter((p) => p.alive).map((p) => far(p, m)))));
        const nearest = th.find((m) => Math.min(...s.players.filter((p) => p.alive).map((p) => far(p, m))) === dmin);
        const mine = nearest ? far(me, nearest) : -1;
        const k = `${roundsNow(s) ? 'R' : 'F'}:${a.type}${r.ok ? '' : `!${r.code}`}:d${dmin}:${nearest ? `${nearest.kind}/${nearest.state}/me${mine}` : ''}`;
        WHY.set(k, (WHY.get(k) ?? 0) + 1);
      }
      if (!r.ok) r = step(s, { type: 'wait', user: u });
      if (r.ok) {
        if (FIGHTS) {
          for (const e of r.events) {
            if ((e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'player') WHY!.set(`swing:${e.type}`, (WHY!.get(`swing:${e.type}`) ?? 0) + 1);
            if (e.type === 'killed') WHY!.set('kills', (WHY!.get('kills') ?? 0) + 1);
            if (e.type === 'descended') WHY!.set('levels', (WHY!.get('levels') ?? 0) + 1);
            if (e.type === 'pace' && e.rounds) fightFrom = r.state.turn;
            if (e.type === 'pace' && !e.rounds && fightFrom >= 0) {
              FIGHTS.push(r.state.turn - fightFrom);
              fightFrom = -1;
            }
          }
        }
        s = r.state;
        commands++;
        acted = true;
      }
    }
    if (!acted) break;
  }
  const depth = s.depth;
  return { kind, won: s.summary?.outcome === 'victory', stuck: s.status === 'playing', depth, perPlayerPerLevel: commands / players / depth };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length === 0 ? 0 : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** With --why: what the commands were (phase, action, refusal, monsters in view), for finding where a level's commands go. */
let WHY: Map<string, number> | null = null;
/** With --why: rounds each fight lasted. */
let FIGHTS: number[] | null = null;

function main(): void {
  const args = process.argv.slice(2);
  const arg = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const seeds = Number(arg('--seeds') ?? 40);
  const players = Number(arg('--players') ?? 4);
  const mode = (arg('--mode') ?? 'rounds') as 'free' | 'rounds';
  const difficulty = (arg('--difficulty') ?? 'normal') as Difficulty;
  if (args.includes('--why')) {
    WHY = new Map();
    FIGHTS = [];
  }
  const results: Result[] = [];
  for (let seed = 1; seed <= seeds; seed++) results.push(play(seed, players, mode, difficulty));
  const rows = (['maze', 'cavern', 'all'] as const).map((k) => {
    const rs = results.filter((r) => k === 'all' || r.kind === k);
    return {
      row: `${k} party${players} ${mode} ${difficulty}`,
      seeds: rs.length,
      winRate: rs.filter((r) => r.won).length / Math.max(1, rs.length),
      stuck: rs.filter((r) => r.stuck).length,
      medianCommandsPerPlayerPerLevel: median(rs.map((r) => r.perPlayerPerLevel)),
    };
  });
  if (WHY) console.log([...WHY].sort((a, b) => b[1] - a[1]).slice(0, 30));
  if (FIGHTS) console.log(`fights ${FIGHTS.length}, median rounds ${median(FIGHTS)}, total rounds ${FIGHTS.reduce((a, b) => a + b, 0)}, longest ${Math.max(0, ...FIGHTS)}`);
  if (args.includes('--json')) process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
  else for (const r of rows) console.log(`${r.row.padEnd(32)} seeds ${String(r.seeds).padEnd(4)} win ${(r.winRate * 100).toFixed(0).padStart(3)}%  stuck ${r.stuck}  median commands/player/level ${r.medianCommandsPerPlayerPerLevel.toFixed(1)}`);
}

main();
