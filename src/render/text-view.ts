/**
 * The text mode for screen readers (`/rogue prefs style:text`): a private view as sentences instead of a picture. In a
 * fixed order, one topic a line, so a screen reader can jump by line: who (your number, as on the picture's badge) and where you are, the terrain next to you
 * clockwise from north, each monster in view (direction, distance, what it is doing, HP, its weapon), items and exits in view,
 * your allies, and what happened to you since your last action.
 */
import { ITEM_KINDS, carried, type ItemKind } from '../engine/items.js';
import { DEFAULT_LOCALE, hasMessage, tDynamic, type Locale } from '../i18n/index.js';
import { itemFullName, itemKindName, monsterShortLabel } from './names.js';
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

/** The words of the text view in `locale` (`text.*`); English is the tables above, word for word. */
function words(locale: Locale) {
  const en = locale === DEFAULT_LOCALE;
  const w = (key: string, values?: Record<string, string | number>): string => tDynamic(locale, key, values);
  return {
    line: (topic: keyof typeof TEXT_LINE): string => (en ? TEXT_LINE[topic] : w(`text.line.${topic}`)),
    dir: (a: (typeof AROUND)[number]): string => (en ? a.word : w(`text.dir.${a.word}`)),
    doing: (state: AiState): string => (en ? DOING[state] : w(`text.doing.${state}`)),
    item: (kind: ItemKind): string => itemFullName(kind, locale),
    /** An item lying on the floor: English names its kind as the engine does. */
    floorItem: (kind: string): string => (en ? kind : itemKindName(kind, locale)),
    weapon: (name: string): string => {
      const key = `weapon.${name.replace(/ /g, '-')}`;
      return !en && hasMessage(locale, key) ? w(key) : name;
    },
    w,
  };
}

function more(list: string[], n: number, locale: Locale): string {
  return n > list.length ? tDynamic(locale, 'text.more', { list: list.join('; '), n: n - list.length }) : list.join('; ');
}

/** What stands on a cell next to the viewer, as a word: a monster's label, an ally's name, an item, or the terrain. */
function cellWord(state: GameState, visible: Uint8Array, mark: number, x: number, y: number, labels: ReadonlyMap<number, string>, locale: Locale): string {
  const W = words(locale);
  if (x < 0 || y < 0 || x >= state.width || y >= state.height) return W.w('text.ground', { ground: 'wall' });
  const i = y * state.width + x;
  const seen = visible[i] === mark;
  const m = seen ? state.monsters.find((q) => q.hp > 0 && q.x === x && q.y === y) : undefined;
  if (m) return labels.get(m.id) ?? m.kind;
  const ally = state.players.find((p) => p.x === x && p.y === y);
  if (ally) return ally.alive ? hudName(ally.name) : W.w('text.grave', { name: hudName(ally.name) });
  const item = seen ? state.items.find((it) => it.x === x && it.y === y) : undefined;
  const t = state.tiles[i];
  const ground = t === Tile.Wall ? 'wall' : t === Tile.Stairs ? 'stairs' : 'floor';
  if (!seen && state.explored[i] === 0) return W.w('text.ground', { ground: 'unknown' });
  return item ? W.w('text.item-on', { item: W.floorItem(item.kind), ground }) : W.w('text.ground', { ground });
}

/**
 * The text view of `viewerId`, cell i seen now when visible[i] === mark; `log` is the rolling log (what happened to
 * the party, third person), of which the lines since the viewer's last action are told. In `locale` (English: the
 * words a screen reader user and balance/text-policy.ts read).
 */
export function renderTextView(state: GameState, viewerId: string, visible: Uint8Array, mark: number, log: readonly string[] = [], since?: number, locale: Locale = DEFAULT_LOCALE): string[] {
  const W = words(locale);
  const me = state.players.find((p) => p.id === viewerId);
  if (!me) return [W.w('text.not-in-run')];
  const where = { depth: state.depth, max: state.config.maxDepth };
  const lines: string[] = [];
  if (!me.alive) lines.push(`${W.line('you')} ${W.w('text.you.fallen', { n: slotIndex(me.slot) + 1, name: hudName(me.name), ...where })}`);
  else {
    const pack = ITEM_KINDS.filter((k) => carried(me, k) > 0).map((k) => W.w('text.count', { item: W.item(k), n: carried(me, k) }));
    lines.push(
      `${W.line('you')} ${W.w('text.you', {
        n: slotIndex(me.slot) + 1,
        name: hudName(me.name),
        hp: me.hp,
        maxHp: me.maxHp,
        ...where,
        weapon: W.item(me.weapon),
        armoured: me.armour ? 'yes' : 'no',
        armour: me.armour ? W.item(me.armour) : '',
        pack: pack.length > 0 ? pack.join(', ') : W.w('text.empty'),
        x: me.x + 1,
        y: me.y + 1,
      })}`,
    );
  }
  const english = monsterLabels(state);
  const labels = new Map(state.monsters.map((m) => [m.id, locale === DEFAULT_LOCALE ? (english.get(m.id)?.label ?? m.kind) : monsterShortLabel(m, locale)]));
  lines.push(`${W.line('around')} ${AROUND.map((a) => `${W.dir(a)} ${cellWord(state, visible, mark, me.x + a.dx, me.y + a.dy, labels, locale)}`).join(', ')}.`);

  const seen = state.monsters
    .filter((m) => m.hp > 0 && visible[m.y * state.width + m.x] === mark)
    .sort((a, b) => chebyshev(me.x, me.y, a.x, a.y) - chebyshev(me.x, me.y, b.x, b.y) || a.id - b.id);
  const monster = (m: Monster): string => {
    const w = MONSTERS[m.kind].weapons[m.weapon];
    return W.w('text.monster', {
      label: labels.get(m.id) ?? m.kind,
      where: whereFrom(me.x, me.y, m.x, m.y, locale),
      doing: W.doing(m.state),
      hp: m.hp,
      max: m.maxHp,
      armed: w ? (w.reach > 1 ? 'reach' : 'yes') : 'no',
      weapon: w ? W.weapon(w.name) : '',
      reach: w?.reach ?? 1,
    });
  };
  lines.push(`${W.line('monsters')} ${seen.length === 0 ? W.w('text.none') : more(seen.slice(0, MOST).map(monster), seen.length, locale)}.`);

  const items = state.items
    .filter((it) => visible[it.y * state.width + it.x] === mark)
    .sort((a, b) => chebyshev(me.x, me.y, a.x, a.y) - chebyshev(me.x, me.y, b.x, b.y));
  lines.push(`${W.line('items')} ${items.length === 0 ? W.w('text.none') : more(items.slice(0, MOST).map((it) => `${W.floorItem(it.kind)} ${whereFrom(me.x, me.y, it.x, it.y, locale)}`), items.length, locale)}.`);

  const stairs = knownStairs(state);
  if (!stairs) lines.push(`${W.line('exits')} ${W.w('text.stairs.unknown')}`);
  else lines.push(`${W.line('exits')} ${W.w('text.stairs', { where: whereFrom(me.x, me.y, stairs.x, stairs.y, locale), now: visible[stairs.y * state.width + stairs.x] === mark ? 'yes' : 'no' })}`);

  const allies = state.players.filter((q) => q.id !== me.id).sort((a, b) => a.slot - b.slot);
  if (allies.length > 0) {
    const ally = (q: (typeof allies)[number]): string =>
      W.w('text.ally', { n: slotIndex(q.slot) + 1, name: hudName(q.name), where: whereFrom(me.x, me.y, q.x, q.y, locale), alive: q.alive ? 'yes' : 'no', hp: q.hp, max: q.maxHp });
    lines.push(`${W.line('allies')} ${allies.map(ally).join('; ')}.`);
  }

  const mine = sinceLastAction(log, me.name, since);
  lines.push(`${W.line('happened')} ${mine.length === 0 ? W.w('text.nothing-yet') : mine.slice(-MOST).join(' ')}`);
  return lines;
}
