/** The HUD around the map: party lines with HP bars, monsters in sight, the turn log, the run summary, title and footer. */
import { TACTICS } from '../engine/ai.js';
import { ITEMS, ITEM_KINDS, carried } from '../engine/items.js';
import { ABILITIES, ROLES } from '../engine/roles.js';
import { recapLine } from '../engine/score.js';
import { MONSTERS } from '../engine/monsters.js';
import { roundDone, roundsNow } from '../engine/pace.js';
import { xpForLevel } from '../engine/progression.js';
import type { GameEvent, GameState, Monster, Player } from '../engine/types.js';
import { describeEventWith, describeOutcome, isLogWorthy } from './events.js';
import { Cell, glyphTable, itemMarker, monsterMarker, playerMarker, styleSpec, type RenderStyle } from './glyphs.js';
import { LIMITS } from './limits.js';
import { DEFAULT_LOCALE, hasMessage, t, tDynamic, type Locale, type MessageKey } from '../i18n/index.js';
import { itemFullName, monsterShortLabel } from './names.js';
import { cleanName, escapeMarkdown, fitLines } from './text.js';

/** A player's name, cleaned, cut and escaped for embed markdown. */
export function hudName(name: string): string {
  return escapeMarkdown(cleanName(name));
}

/** Segments of an ASCII bar, and of an emoji bar (5: with its numbers it fits a 360 px phone's line). */
const BAR = 10;
const EMOJI_BAR = 5;

/** An HP bar with numbers: emoji squares (green, yellow when hurt, red when low) or `[####------]` in ASCII. */
export function hpBar(hp: number, maxHp: number, style: RenderStyle): string {
  const max = Math.max(1, maxHp);
  const cur = Math.max(0, Math.min(hp, max));
  const hashes = styleSpec(style).bar === 'hashes';
  const width = hashes ? BAR : EMOJI_BAR;
  // Any life left shows at least one segment.
  const filled = cur === 0 ? 0 : Math.max(1, Math.round((cur / max) * width));
  if (hashes) return `\`[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]\` ${cur}/${max}`;
  return `${healthColour(cur / max, '🟩', '🟨', '🟥').repeat(filled)}${'⬛'.repeat(width - filled)} ${cur}/${max}`;
}

/** Green above half, yellow above a quarter, red below. */
function healthColour(ratio: number, good: string, hurt: string, low: string): string {
  return ratio > 0.5 ? good : ratio > 0.25 ? hurt : low;
}

/**
 * HP in a party line: a heart in the health colour and the numbers (`💚24/24`), or `HP 24/24` with the ASCII bar.
 * A whole bar with the name, level and items does not fit one line of a phone's embed, so the shared message's party
 * lines carry the heart; the private view and the status sheet show the bar.
 */
export function hpBadge(hp: number, maxHp: number, style: RenderStyle): string {
  if (styleSpec(style).badge === 'bar') return hpBar(hp, maxHp, style);
  const max = Math.max(1, maxHp);
  const cur = Math.max(0, Math.min(hp, max));
  // Full health is just the number (a phone line has no room to spare); hurt shows how far from full.
  return `${healthColour(cur / max, '💚', '💛', '❤️')}${cur === max ? cur : `${cur}/${max}`}`;
}

/** The glyph a player has on the map (viewer '@'/🧙, fallen '%'/💀, others their slot marker), as legend text. */
export function mapMarker(p: Player, viewerId: string | null, style: RenderStyle): string {
  const table = glyphTable(style);
  // The image map rings each player in their slot colour and writes their slot number on them.
  if (styleSpec(style).player === 'numbered-ring') return `${!p.alive ? table[Cell.Corpse]! : playerMarker(p.slot, style)}${(((p.slot % 8) + 8) % 8) + 1}`;
  const g = !p.alive ? table[Cell.Corpse]! : p.id === viewerId ? table[Cell.Viewer]! : playerMarker(p.slot, style);
  return styleSpec(style).quote(g);
}

/**
 * What a player carries, compactly, in item-table order: potions always (the count players watch), other kinds
 * when carried ("🧪2 🏮1 💣1", or "potion 2 · lure 1" in ASCII).
 */
export function packText(p: Player, style: RenderStyle, sep = styleSpec(style).marks.sep): string {
  const spec = styleSpec(style);
  return ITEM_KINDS.filter((k) => k === 'potion' || carried(p, k) > 0)
    .map((k) => spec.count(itemMarker(k, style), ITEMS[k].legend, carried(p, k)))
    .join(sep);
}

/** The gear a player wields and wears ("🤺 sword · 🧥 leather armour"). */
export function gearText(p: Player, style: RenderStyle, locale: Locale = DEFAULT_LOCALE): string {
  const worn = p.armour ? ` · ${itemMarker(p.armour, style)} ${itemFullName(p.armour, locale)}` : '';
  return `${itemMarker(p.weapon, style)} ${itemFullName(p.weapon, locale)}${worn}`;
}

/**
 * A hero's role and ability state for the party line: the role's art, and the ability's art with the turns left while
 * it cools down (" 🪖 💥3", or " `f` cleave 3" in ASCII). Nothing for heroes from before roles.
 */
export function roleText(p: Player, style: RenderStyle): string {
  const row = ROLES[p.role];
  if (row.ability === null) return '';
  const ability = ABILITIES[row.ability];
  const spec = styleSpec(style);
  const cooling = p.cooldown > 0 ? ` ${spec.count(spec.art(ability.art), ability.name, p.cooldown)}` : '';
  return ` ${spec.quote(spec.art(row.art))}${cooling}`;
}

/** True while the game plays in rounds (a rounds-mode fight; a rounds-mode party moves freely otherwise). */
function rounds(state: GameState): boolean {
  return roundsNow(state);
}

/**
 * One line per player: marker, name, role, HP, and potions (and lures) or, in a rounds fight, whether they have acted
 * (`🔵1 **Ann** 🪖 💚24 🧪1`, `🔵1 **Ann** 🪖 💚20/24 to act`): one line of a 360 px phone in the emoji and image styles.
 */
export function partyLines(state: GameState, viewerId: string | null, style: RenderStyle, idle: readonly string[] = [], locale: Locale = DEFAULT_LOCALE): string[] {
  // A player holding (they waited in a fight) or fighting by standing order (⚔️) is done for the round too.
  // Members who let several rounds pass: the round no longer waits for them (see src/app/host.ts).
  // A standing ⚔️ order: the player fights each round without pressing, shown apart from a one-off action.
  const fights = (p: Player): boolean => state.fighting.includes(p.id);
  const marks = localMarks(styleSpec(style).marks, locale);
  const idleMark = (p: Player): string => (idle.includes(p.id) ? marks.idle : '');
  return [...state.players]
    .sort((a, b) => a.slot - b.slot)
    .map((p) => {
      const you = p.id === viewerId ? ` ${t(locale, 'hud.you')}` : '';
      const head = `${mapMarker(p, viewerId, style)} **${hudName(p.name)}**${you}`;
      if (!p.alive) return `${head} — ${t(locale, 'hud.fallen')}`;
      const turn = rounds(state) && state.status === 'playing' ? (fights(p) ? marks.fighting : roundDone(state, p) ? marks.acted : marks.waiting) : '';
      // In a rounds fight the line says who must act instead of what each carries: with the role and HP it must stay
      // one line of a 360 px phone, and potions are on each player's own controller and /rogue status.
      const pack = turn ? '' : `${marks.sep}${packText(p, style)}`;
      return `${head}${roleText(p, style)} ${hpBadge(p.hp, p.maxHp, style)}${pack}${turn}${idleMark(p)}`;
    });
}

/** Names the party field lists as waited for before "and N more". */
const WAITING_NAMES = 3;

/**
 * Name of the party field; in rounds mode how many have acted, whom the round waits for (idle members are skipped)
 * and the seconds left. It gives no count of its own: the title's turn is the one count (a round is one turn).
 */
export function partyTitle(state: GameState, roundSecondsLeft: number | null | undefined, paused = false, idle: readonly string[] = [], locale: Locale = DEFAULT_LOCALE): string {
  if (state.config.turnMode === 'rounds' && !rounds(state) && state.status === 'playing') return t(locale, 'hud.party.free');
  if (!rounds(state) || state.status !== 'playing') return t(locale, 'hud.party');
  const alive = state.players.filter((p) => p.alive);
  const done = alive.filter((p) => roundDone(state, p)).length;
  const waiting = alive.filter((p) => !roundDone(state, p) && !idle.includes(p.id)).map((p) => cleanName(p.name));
  const listed = waiting.slice(0, WAITING_NAMES).join(', ');
  const names = waiting.length > WAITING_NAMES ? t(locale, 'log.and-more', { names: listed, more: waiting.length - WAITING_NAMES }) : listed;
  const timer = paused ? 'paused' : roundSecondsLeft != null ? 'left' : 'none';
  const secs = String(Math.max(0, Math.ceil(roundSecondsLeft ?? 0)));
  return t(locale, 'hud.party.round', { done, alive: alive.length, waiting: waiting.length > 0 && done > 0 ? 'yes' : 'no', names, timer, secs });
}

/** What the party should know about a monster: unaware, bloodied, fleeing, berserk; '' when nothing notable. In `locale`. */
export function monsterNotes(m: Monster, locale: Locale = DEFAULT_LOCALE): string {
  const notes: MessageKey[] = [];
  if (m.state === 'wander') notes.push('hud.note.unaware');
  if (m.state === 'lured') notes.push('hud.note.lured');
  if (m.hp <= MONSTERS[m.kind].bloodied * m.maxHp) notes.push('hud.note.bloodied');
  if (m.state === 'flee') notes.push('hud.note.fleeing');
  if (TACTICS[MONSTERS[m.kind].tactics].berserks && m.weapon > 0) notes.push('hud.note.berserk');
  if (m.stunned > 0) notes.push('hud.note.stunned');
  if (m.state === 'guard') notes.push('hud.note.guarding');
  return notes.map((k) => t(locale, k)).join(', ');
}

/** The living monsters seen now, nearest to (cx, cy) first: the order of the "In sight" lines. */
export function monstersInSight(state: GameState, visible: Uint8Array, mark: number, cx: number, cy: number): Monster[] {
  const seen = state.monsters.filter((m) => m.hp > 0 && visible[m.y * state.width + m.x] === mark);
  const dist = (m: Monster): number => Math.max(Math.abs(m.x - cx), Math.abs(m.y - cy));
  return seen.sort((a, b) => dist(a) - dist(b) || a.id - b.id);
}

/** Monsters seen now, nearest to (cx, cy) first, with HP and notable state. */
export function sightLines(
  state: GameState,
  visible: Uint8Array,
  mark: number,
  cx: number,
  cy: number,
  style: RenderStyle,
  drawn?: ReadonlySet<number>,
  locale: Locale = DEFAULT_LOCALE,
): string[] {
  const seen = monstersInSight(state, visible, mark, cx, cy);
  const foes = fightTargets(state);
  return seen.map((m) => {
    const marker = styleSpec(style).quote(monsterMarker(m.kind, style));
    const notes = monsterNotes(m, locale);
    const off = drawn && !drawn.has(m.id) ? ` · ${offPicture(locale)}` : '';
    // Whom it attacks matters in a party; alone, it can only be you.
    const target = state.players.length > 1 ? foes.get(m.id) : undefined;
    return `${marker} ${monsterShortLabel(m, locale)} ${m.hp}/${m.maxHp}${target ? ` → ${hudName(target)}` : ''}${notes ? ` · ${notes}` : ''}${off}`;
  });
}

/** Whom each monster attacked in the last turn's events (its newest target), by monster id: "what attacks whom". */
export function fightTargets(state: GameState): Map<number, string> {
  const out = new Map<number, string>();
  for (const e of state.recent) {
    if ((e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'monster' && e.target.kind === 'player') out.set(e.attacker.id, e.target.name);
  }
  return out;
}

/** Turn-log lines of the newest `max` events worth telling, oldest first, and how many older ones were left out (only those shown are described). */
export function logLines(events: readonly GameEvent[], viewerId: string | null, max: number, locale?: Locale): { lines: string[]; dropped: number } {
  const picked: GameEvent[] = [];
  let worthy = 0;
  for (let i = events.length - 1; i >= 0; i--) {
    const e = events[i]!;
    if (!isLogWorthy(e)) continue;
    worthy++;
    if (picked.length < max) picked.push(e);
  }
  picked.reverse();
  return { lines: picked.map((e) => describeEventWith(e, viewerId, hudName, locale)), dropped: worthy - picked.length };
}

/** The run summary of a finished game: outcome, depth, turns, kills per player. */
export function summaryLines(state: GameState, locale?: Locale): string[] {
  const s = state.summary;
  if (!s) return [];
  const lines = [describeOutcome(s, locale), recapLine(s)];
  const kills = [...s.kills].sort((a, b) => b.kills - a.kills);
  for (const k of kills) lines.push(t(locale ?? DEFAULT_LOCALE, 'hud.kills', { name: hudName(k.name), kills: k.kills }));
  return lines;
}

/** Embed title: depth and turn, or the outcome when the game is over. */
export function titleText(state: GameState, locale: Locale = DEFAULT_LOCALE): string {
  // Numbers as strings: a turn count is shown as it is, never grouped ("Turn 1234").
  const where = { depth: String(state.depth), max: String(state.config.maxDepth), turn: String(state.turn) };
  if (state.status === 'over' && state.summary) return tDynamic(locale, `hud.title.${state.summary.outcome}`, where);
  return t(locale, 'hud.title', where);
}

/** Footer: seed and turn mode (plain text: footers show no markdown). */
export function footerText(state: GameState, locale: Locale = DEFAULT_LOCALE): string {
  const c = state.config;
  const difficulty = hasMessage(locale, `choice.${c.difficulty}`) ? tDynamic(locale, `choice.${c.difficulty}`) : c.difficulty;
  return t(locale, 'hud.footer', { seed: String(c.seed), mode: c.turnMode, difficulty, diagonal: c.topology === 8 ? 'yes' : 'no' });
}

/** Embed colour: blurple while playing; red, gold or grey once the run is over. */
export function colorOf(state: GameState): number {
  if (state.status !== 'over' || !state.summary) return 0x5865f2;
  return state.summary.outcome === 'victory' ? 0xfee75c : state.summary.outcome === 'defeat' ? 0xed4245 : 0x99aab5;
}

/** Experience as the HUD shows it: "XP 14/30" (toward the next level). */
export function xpText(p: Player): string {
  return `XP ${p.xp}/${xpForLevel(p.level + 1)}`;
}

/** Most log lines shown: enough for a busy turn of a group of 8, short enough to keep the map on screen. */
export const LOG_LINES = 12;
/** Most monsters listed as in sight. */
export const SIGHT_LINES = 8;
/** How the "In sight" list marks a monster the map beside it does not show. */
export const OFF_PICTURE = 'off picture';

/** OFF_PICTURE in `locale`. */
export function offPicture(locale: Locale = DEFAULT_LOCALE): string {
  return t(locale, 'hud.off-picture');
}

/** The English words of the party line's marks, by catalogue key: a style's marks are worded in the reader's language. */
const MARK_KEYS = { idle: 'hud.mark.idle', fighting: 'hud.mark.fighting', acted: 'hud.mark.acted', waiting: 'hud.mark.to-act' } as const;

/** A style's marks with their words in `locale` (" · to act" -> " · am Zug"); a mark without the English word stays as it is. */
function localMarks<M extends Record<keyof typeof MARK_KEYS, string>>(marks: M, locale: Locale): M {
  if (locale === DEFAULT_LOCALE) return marks;
  const out: Record<string, string> = { ...marks };
  for (const [mark, key] of Object.entries(MARK_KEYS) as [keyof typeof MARK_KEYS, MessageKey][]) {
    const english = t(DEFAULT_LOCALE, key);
    if (marks[mark].endsWith(english)) out[mark] = marks[mark].slice(0, -english.length) + t(locale, key);
  }
  return out as M;
}

/** A field if it has something to say, its value fitted to Discord's field limit. */
export function field(name: string, lines: readonly string[], keep: 'first' | 'last', maxLines = Infinity, dropped = 0): { name: string; value: string } | null {
  if (lines.length === 0 && dropped === 0) return null;
  return { name, value: fitLines(lines, LIMITS.fieldValue, keep, maxLines, dropped) };
}
