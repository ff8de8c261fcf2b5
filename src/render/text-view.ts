/**
 * The text mode for screen readers (`/rogue prefs style:text`): a private view as sentences instead of a picture. In a
 * fixed order, one topic a line, so a screen reader can jump by line: who (your number, as on the picture's badge) and where you are, the terrain next to you
 * clockwise from north, each monster in view (direction, distance, what it is doing, HP, its weapon), items and exits in view,
 * your allies, and what happened to you since your last action.
 */
import { ITEMS, ITEM_KINDS, carried } from '../engine/items.js';
import { MONSTERS } from '../engine/monsters.js';
import type { AiState, GameState, Monster } from '../engine/types.js';
import { Tile } from '../grid/tiles.js';
import { whereFrom } from './image/alt.js';
import { hudName } from './hud.js';
import { sinceLastAction } from './rolling-log.js';
import { knownStairs, monsterLabels, slotIndex } from './view-model.js';

/** The eight neighbours clockwise from north: word and offset. */
export const AROUND: readonly { word: string; dx: number; dy: number }[] = [
  { word: 'north', dx: 0, dy: -1 },
  { word: 'north-east', dx: 1, dy: -1 },
  { word: 'east', dx: 1, dy: 0 },
  { word: 'south-east', dx: 1, dy: 1 },
  { word: 'south', dx: 0, dy: 1 },
  { word: 'south-west', dx: -1, dy: 1 },
  { word: 'west', dx: -1, dy: 0 },
  { word: 'north-west', dx: -1, dy: -1 },
];

/** What a monster is doing, in words, per AI state (one row per state). */
export const DOING: Readonly<Record<AiState, string>> = {
  wander: 'unaware',
  hunt: 'hunting',
  attack: 'attacking',
  flee: 'fleeing',
  lured: 'lured',
  retreat: 'keeping its distance',
  guard: 'guarding the stairs',
};

/** Most monsters, items and log lines named (the rest counted). */
const MOST = 8;

/** Line prefixes, so that a reader (or a script) finds each topic. */
export const TEXT_LINE = {
  you: 'You:',
  around: 'Around you, clockwise from north:',
  monsters: 'Monsters in view:',
  items: 'Items in view:',
  exits: 'Exits:',
  allies: 'Allies:',
  happened: 'Since your last action:',
} as const;

const chebyshev = (ax: number, ay: number, bx: number, by: number): number => Math.max(Math.abs(ax - bx), Math.abs(ay - by));

function more(list: string[], n: number): string {
  return n > list.length ? `${list.join('; ')}; and ${n - list.length} more` : list.join('; ');
}

/** What stands on a cell next to the viewer, as a word: a monster's label, an ally's name, an item, or the terrain. */
function cellWord(state: GameState, visible: Uint8Array, mark: number, x: number, y: number, labels: ReadonlyMap<number, { label: string }>): string {
  if (x < 0 || y < 0 || x >= state.width || y >= state.height) return 'wall';
  const i = y * state.width + x;
  const seen = visible[i] === mark;
  const m = seen ? state.monsters.find((q) => q.hp > 0 && q.x === x && q.y === y) : undefined;
  if (m) return labels.get(m.id)?.label ?? m.kind;
  const ally = state.players.find((p) => p.x === x && p.y === y);
  if (ally) return ally.alive ? hudName(ally.name) : `${hudName(ally.name)}'s grave`;
  const item = seen ? state.items.find((it) => it.x === x && it.y === y) : undefined;
  const t = state.tiles[i];
  const ground = t === Tile.Wall ? 'wall' : t === Tile.Stairs ? 'stairs' : 'floor';
  if (!seen && state.explored[i] === 0) return 'unknown';
  return item ? `${item.kind} on ${ground}` : ground;
}

/**
 * The text view of `viewerId`, cell i seen now when visible[i] === mark; `log` is the rolling log (what happened to
 * the party, third person), of which the lines since the viewer's last action are told.
 */
export function renderTextView(state: GameState, viewerId: string, visible: Uint8Array, mark: number, log: readonly string[] = [], since?: number): string[] {
  const me = state.players.find((p) => p.id === viewerId);
  if (!me) return ['You are not in this run: use /rogue join.'];
  const depth = `depth ${state.depth} of ${state.config.maxDepth}`;
  const lines: string[] = [];
  if (!me.alive) lines.push(`${TEXT_LINE.you} ${slotIndex(me.slot) + 1} ${hudName(me.name)}, fallen, ${depth}.`);
  else {
    const pack = ITEM_KINDS.filter((k) => carried(me, k) > 0).map((k) => `${ITEMS[k].name} (${carried(me, k)})`);
    const gear = `wielding a ${ITEMS[me.weapon].name}${me.armour ? `, wearing ${ITEMS[me.armour].name}` : ''}`;
    lines.push(`${TEXT_LINE.you} ${slotIndex(me.slot) + 1} ${hudName(me.name)}, HP ${me.hp} of ${me.maxHp}, ${depth}, ${gear}, pack: ${pack.length > 0 ? pack.join(', ') : 'empty'}, column ${me.x + 1}, row ${me.y + 1}.`);
  }
  const labels = monsterLabels(state);
  lines.push(`${TEXT_LINE.around} ${AROUND.map((a) => `${a.word} ${cellWord(state, visible, mark, me.x + a.dx, me.y + a.dy, labels)}`).join(', ')}.`);

  const seen = state.monsters
    .filter((m) => m.hp > 0 && visible[m.y * state.width + m.x] === mark)
    .sort((a, b) => chebyshev(me.x, me.y, a.x, a.y) - chebyshev(me.x, me.y, b.x, b.y) || a.id - b.id);
  const monster = (m: Monster): string => {
    const w = MONSTERS[m.kind].weapons[m.weapon];
    const arms = w ? `, ${w.name}${w.reach > 1 ? ` (reach ${w.reach})` : ''}` : '';
    return `${labels.get(m.id)?.label ?? m.kind} ${whereFrom(me.x, me.y, m.x, m.y)}, ${DOING[m.state]}, HP ${m.hp} of ${m.maxHp}${arms}`;
  };
  lines.push(`${TEXT_LINE.monsters} ${seen.length === 0 ? 'none' : more(seen.slice(0, MOST).map(monster), seen.length)}.`);

  const items = state.items
    .filter((it) => visible[it.y * state.width + it.x] === mark)
    .sort((a, b) => chebyshev(me.x, me.y, a.x, a.y) - chebyshev(me.x, me.y, b.x, b.y));
  lines.push(`${TEXT_LINE.items} ${items.length === 0 ? 'none' : more(items.slice(0, MOST).map((it) => `${it.kind} ${whereFrom(me.x, me.y, it.x, it.y)}`), items.length)}.`);

  const stairs = knownStairs(state);
  if (!stairs) lines.push(`${TEXT_LINE.exits} stairs not found yet.`);
  else {
    const now = visible[stairs.y * state.width + stairs.x] === mark ? 'in view' : 'remembered';
    lines.push(`${TEXT_LINE.exits} stairs down ${whereFrom(me.x, me.y, stairs.x, stairs.y)}, ${now}.`);
  }

  const allies = state.players.filter((q) => q.id !== me.id).sort((a, b) => a.slot - b.slot);
  if (allies.length > 0) {
    const ally = (q: (typeof allies)[number]): string =>
      `${slotIndex(q.slot) + 1} ${hudName(q.name)} ${whereFrom(me.x, me.y, q.x, q.y)}, ${q.alive ? `HP ${q.hp} of ${q.maxHp}` : 'fallen'}`;
    lines.push(`${TEXT_LINE.allies} ${allies.map(ally).join('; ')}.`);
  }

  const mine = sinceLastAction(log, me.name, since);
  lines.push(`${TEXT_LINE.happened} ${mine.length === 0 ? 'nothing yet.' : mine.slice(-MOST).join(' ')}`);
  return lines;
}
