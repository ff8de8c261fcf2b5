/**
 * A scripted player who reads only the text view (`/rogue prefs style:text`, src/render/text-view.ts) and the buttons
 * (which are enabled, as a screen reader announces them): never the map, the picture or monster positions. It plays
 * like balance's careful policy, from words: drink when low, strike what is next to it, let hunters come, rest,
 * explore, travel to the stairs and descend.
 *
 * `npx tsx balance/text-policy.ts [--seeds N] [--size small|medium] [--difficulty easy|normal|hard]` plays the same
 * seeds with the careful policy (which sees the map) and this one through the same loop, and prints both win rates.
 */
import { pathToFileURL } from 'node:url';
import { defaultConfig, kindFromSeed, legalMoves, newGame, partySight, step, type Action, type Difficulty, type Direction, type GameState, type Player } from '../src/engine/index.js';
import { Rng } from '../src/grid/rng.js';
import { renderTextView, TEXT_LINE } from '../src/render/text-view.js';
import { carefulPolicy, type Memory } from './policies.js';
import { playerView } from './view.js';

/** A solo player's choice from the game as it is; the text policy reads only the text view rendered from it. */
export type SoloPolicy = (state: GameState, me: Player, rng: Rng, memory: Memory) => Action;

/** A monster as the text view tells it. */
export interface HeardMonster {
  label: string;
  distance: number;
  dir: Direction | null;
  doing: string;
  /** Its weapon's reach (2: it strikes from two tiles away). */
  reach: number;
}

/** What a player learns from reading the text view once. */
export interface Heard {
  hp: number;
  maxHp: number;
  monsters: HeardMonster[];
  /** Living allies: number (slot + 1), distance and direction. */
  allies: { number: number; distance: number; dir: Direction | null }[];
  me: number;
}

/** Compass words as the text view writes them. */
const WORD_DIR: Readonly<Record<string, Direction>> = {
  north: 'n', 'north-east': 'ne', east: 'e', 'south-east': 'se', south: 's', 'south-west': 'sw', west: 'w', 'north-west': 'nw',
};
/** The directions clockwise, to try a neighbour of a blocked one. */
const RING: readonly Direction[] = ['n', 'ne', 'e', 'se', 's', 'sw', 'w', 'nw'];

/** "3 tiles north-east" / "1 tile west" / "here" -> distance and direction. */
function where(text: string): { distance: number; dir: Direction | null } | null {
  if (text === 'here') return { distance: 0, dir: null };
  const m = /^(\d+) tiles? ([a-z-]+)$/.exec(text);
  return m ? { distance: Number(m[1]), dir: WORD_DIR[m[2]!] ?? null } : null;
}

/** Reads the text view's lines. */
export function hear(lines: readonly string[]): Heard {
  const line = (prefix: string): string => (lines.find((l) => l.startsWith(prefix)) ?? '').slice(prefix.length).trim().replace(/\.$/, '');
  const you = /^(\d+) .*?, HP (\d+) of (\d+)/.exec(line(TEXT_LINE.you));
  const monsters: HeardMonster[] = [];
  for (const part of line(TEXT_LINE.monsters).split('; ')) {
    const m = /^(.+?) (here|\d+ tiles? [a-z-]+), ([a-z ]+?), HP \d+ of \d+(?:, [a-z ]+?(?: \(reach (\d+)\))?)?$/.exec(part);
    const w = m ? where(m[2]!) : null;
    if (m && w) monsters.push({ label: m[1]!, distance: w.distance, dir: w.dir, doing: m[3]!, reach: m[4] ? Number(m[4]) : 1 });
  }
  const allies: Heard['allies'] = [];
  for (const part of line(TEXT_LINE.allies).split('; ')) {
    const m = /^(\d+) .+? (here|\d+ tiles? [a-z-]+), HP/.exec(part);
    const w = m ? where(m[2]!) : null;
    if (m && w) allies.push({ number: Number(m[1]), distance: w.distance, dir: w.dir });
  }
  return { me: you ? Number(you[1]) : 1, hp: you ? Number(you[2]) : 1, maxHp: you ? Number(you[3]) : 1, monsters, allies };
}

/** The text policy: `see` gives the viewer's text view (in the game: the private view in text mode). */
export function textPolicyWith(see: (state: GameState, me: Player) => string[]): SoloPolicy {
  return (state, me, _rng, memory) => {
    const act = (a: Action): Action => {
      memory.waits = a.type === 'wait' ? memory.waits + 1 : 0;
      return a;
    };
    const heard = hear(see(state, me));
    // The buttons: which are enabled (a screen reader reads each one's label and state).
    const legal = legalMoves(state, me.id);
    const user = me.id;
    const hurt = heard.hp / heard.maxHp;
    const threats = heard.monsters.filter((m) => m.doing !== 'unaware' && m.doing !== 'fleeing' && m.doing !== 'lured');
    /** A press toward `dir`, or its nearest open neighbour, that the buttons allow as `kinds`. */
    const toward = (dir: Direction | null, kinds: readonly string[]): Direction | null => {
      if (!dir) return null;
      const i = RING.indexOf(dir);
      for (const d of [dir, RING[(i + 1) % 8]!, RING[(i + 7) % 8]!]) if (kinds.includes(legal.moves[d] ?? 'blocked')) return d;
      return null;
    };
    if (legal.canUse && (hurt <= 0.35 || (hurt <= 0.5 && threats.length >= 2))) return { type: 'use', user };
    const adjacent = [...threats, ...heard.monsters].find((m) => m.distance === 1 && m.dir && legal.moves[m.dir] === 'attack');
    if (adjacent) return { type: 'move', user, dir: adjacent.dir! };
    if (threats.length > 0) {
      const near = threats[0]!; // the text view lists the nearest first
      // Something striking from afar (an archer): charge it rather than wait under its arrows (as the careful policy does).
      if ((near.doing === 'attacking' || near.doing === 'keeping its distance') && near.distance > 1) {
        const d = toward(near.dir, ['move', 'attack']);
        if (d) return act({ type: 'move', user, dir: d });
      }
      // A reach-2 weapon strikes from two tiles: close in rather than take free hits.
      if (near.reach > 1 && near.distance === 2) {
        const d = toward(near.dir, ['move']);
        if (d) return { type: 'move', user, dir: d };
      }
      if (memory.waits >= 2) {
        const d = toward(near.dir, ['move', 'attack']);
        if (d) return act({ type: 'move', user, dir: d });
      }
      return act({ type: 'wait', user });
    }
    if (heard.monsters.length > 0 && memory.waits >= 2) {
      const d = toward(heard.monsters[0]!.dir, ['move', 'attack']);
      if (d) return act({ type: 'move', user, dir: d });
    }
    // Followers keep near the lowest-numbered living player.
    const leader = heard.allies.filter((a) => a.number < heard.me).sort((a, b) => a.number - b.number)[0];
    if (leader && leader.distance > 4) {
      const d = toward(leader.dir, ['move']);
      if (d) return act({ type: 'move', user, dir: d });
    }
    if (legal.canRest && hurt < 0.8) return { type: 'rest', user };
    if (legal.canDescend && (!legal.canExplore || hurt > 0.6)) return { type: 'descend', user };
    if (legal.canExplore) return { type: 'explore', user };
    if (legal.canTravel) return { type: 'travel', user };
    if (legal.canDescend) return { type: 'descend', user };
    return act({ type: 'wait', user });
  };
}

/** The text policy reading the real text view (party sight, no log). */
export const textPolicy: SoloPolicy = textPolicyWith((state, me) => {
  const sight = partySight(state);
  return renderTextView(state, me.id, sight.mask, sight.mark);
});

/** The careful policy of `npm run balance`, which sees the map (the player's view of it). */
export const mapPolicy: SoloPolicy = (state, me, rng, memory) => carefulPolicy(playerView(state, me.id), rng, memory) ?? { type: 'wait', user: me.id };

/** Plays one solo game with `policy`; true when it wins. */
export function playSolo(policy: SoloPolicy, seed: number, size: { width: number; height: number }, difficulty: Difficulty, maxActions = 6000): boolean {
  let s: GameState = newGame(defaultConfig({ seed, ...size, mapKind: kindFromSeed(seed), difficulty }));
  const joined = step(s, { type: 'join', user: 'u1', name: 'u1' });
  if (joined.ok) s = joined.state;
  const rng = Rng.fromSeed(seed ^ 0x5bd1e995);
  const memory: Memory = { waits: 0 };
  for (let n = 0; n < maxActions && s.status === 'playing'; n++) {
    const me = s.players.find((p) => p.id === 'u1');
    if (!me || !me.alive) break;
    let r = step(s, policy(s, me, rng, memory));
    if (!r.ok) {
      memory.waits++;
      r = step(s, { type: 'wait', user: 'u1' });
    }
    if (!r.ok) break;
    s = r.state;
  }
  return s.summary?.outcome === 'victory';
}

/** Win rates of the careful policy and the text policy on seeds 1..n. */
export function compare(n: number, size: { width: number; height: number }, difficulty: Difficulty): { careful: number; text: number; seeds: number } {
  let careful = 0;
  let text = 0;
  for (let seed = 1; seed <= n; seed++) {
    if (playSolo(mapPolicy, seed, size, difficulty)) careful++;
    if (playSolo(textPolicy, seed, size, difficulty)) text++;
  }
  return { careful: careful / n, text: text / n, seeds: n };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const arg = (name: string, d: string): string => {
    const i = args.indexOf(name);
    return i >= 0 ? (args[i + 1] ?? d) : d;
  };
  const sizes = { small: { width: 40, height: 20 }, medium: { width: 60, height: 30 } } as const;
  const size = sizes[arg('--size', 'medium') as keyof typeof sizes] ?? sizes.medium;
  const difficulty = arg('--difficulty', 'normal') as Difficulty;
  const r = compare(Number(arg('--seeds', '100')), size, difficulty);
  process.stdout.write(`seeds ${r.seeds}: careful (sees the map) ${(r.careful * 100).toFixed(1)}% · text view only ${(r.text * 100).toFixed(1)}% · ratio ${(r.text / Math.max(1e-9, r.careful)).toFixed(2)}\n`);
}
