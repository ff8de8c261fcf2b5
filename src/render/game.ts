/** Assembles the game message: HUD and log first, then the largest map that fits the code points left over. */
import { roundsNow } from '../engine/pace.js';
import type { GameEvent, GameState } from '../engine/types.js';
import { chooseViewSize, viewCaps } from './budget.js';
import { cameraTarget, placeCamera } from './camera.js';
import { byStyle, Cell, glyphTable, LEGEND_NAMES, monsterCell, styleSpec, tileCost, type MapPlace, type RenderStyle } from './glyphs.js';
import {
  colorOf,
  field,
  footerText,
  logLines,
  monstersInSight,
  offPicture,
  partyLines,
  sightLines,
  summaryLines,
  titleText,
} from './hud.js';
import { embedCost, LIMITS, type EmbedText, type RenderedMessage } from './limits.js';
import { IMAGE_NAME, renderImageWith, type Deflate } from './image/index.js';
import { publicFrame, sharedCap } from './image/frame.js';
import { drawMap } from './map.js';
import { relativeTime } from './timer.js';
import { codePoints, fitLines } from './text.js';
import { DEFAULT_LOCALE, hasMessage, LOCALE_CODES, t, tDynamic, type Locale } from '../i18n/index.js';

/** How to render: style, compact phone layout, whose view, which events, and the rounds-mode countdown. */
export interface RenderOptions {
  style: RenderStyle;
  mobile?: boolean;
  /** acting player's user id: the camera centres on them and they are drawn as @ / their marker; null = the party */
  viewerId?: string | null;
  /** events to show in the log; default state.recent */
  events?: readonly GameEvent[];
  /** Rounds mode: seconds left in the round, shown in the HUD when given */
  roundSecondsLeft?: number | null;
  /** Rounds mode: the round timer is paused (an idle party) until someone acts. */
  roundTimerPaused?: boolean;
  /** Rounds mode: when the round ends, in epoch ms; shown as a live Discord countdown (`<t:UNIX:R>`) instead of frozen seconds. */
  roundDeadlineMs?: number | null;
  /** The rolling log (see mergeLog): shown in the Log field instead of this turn's events. */
  log?: readonly string[];
  /** The language of the turn log and run summary (the rolling log comes worded already); English when absent. */
  locale?: Locale;
  /** Image style: compresses the PNG (node:zlib's deflate, passed in by the adapter); without it no picture is drawn. */
  deflate?: Deflate;
  /** Image style: draw the viewer's private view (centred on them) instead of the public picture of the whole party. */
  privateView?: boolean;
  /** Party members marked idle (the round does not wait for them): shown in the party list. */
  idle?: readonly string[];
  /** How a run ended when no adventure ended it ("Ended by the host, Ann."): the first line of the run summary. */
  ending?: string | null;
  /** A run waiting in its lobby: who is in, how it starts, its settings (shown first). */
  lobby?: readonly string[];
}

/** Lines of log on the shared message (a phone screen: the picture comes first); `/rogue log` and 🎮 show the rest. */
export const PUBLIC_LOG_LINES = 1;
/** Monsters the shared message lists (the nearest; every one fought is on the picture). */
export const PUBLIC_SIGHT_LINES = 2;

/**
 * In a rounds fight, when the round ends ("⏳ Round ends <t:…:R>", a live Discord countdown); null outside a fight. Who
 * must act is marked on their own party line ("to act"), so the line names nobody.
 */
export function roundLine(state: GameState, options: Pick<RenderOptions, 'roundDeadlineMs' | 'roundTimerPaused' | 'roundSecondsLeft' | 'locale'>): string | null {
  if (!roundsNow(state) || state.status !== 'playing') return null;
  const L = options.locale ?? DEFAULT_LOCALE;
  if (options.roundTimerPaused === true) return t(L, 'hud.round.paused');
  if (options.roundDeadlineMs != null && Number.isFinite(options.roundDeadlineMs)) return t(L, 'hud.round.ends', { when: relativeTime(options.roundDeadlineMs) });
  return options.roundSecondsLeft != null ? t(L, 'hud.round.ends-in', { secs: String(Math.max(0, Math.ceil(options.roundSecondsLeft))) }) : t(L, 'hud.round.once');
}

const FENCE_OPEN = '```\n';
const FENCE_CLOSE = '\n```';
const SEP = ' · ';

function legendEntry(style: RenderStyle, cell: number, name: string): string {
  return `${styleSpec(style).quote(glyphTable(style)[cell]!)} ${name}`;
}

/**
 * The key to the non-player glyphs present in the drawn map (players are keyed by the party field); every entry when
 * cells is null. Names in `locale` (a kind no catalogue names keeps its English legend).
 */
export function legend(style: RenderStyle, cells: Uint8Array | null, locale: Locale = DEFAULT_LOCALE): string {
  const parts: string[] = [];
  for (const [cell, name, key] of LEGEND_NAMES) {
    const present = !cells || cells[cell] === 1 || (cell === Cell.Stairs && cells[Cell.DimStairs] === 1);
    if (present) parts.push(legendEntry(style, cell, hasMessage(locale, key) ? tDynamic(locale, key) : name));
  }
  return parts.join(SEP);
}

/** Longest legend a style can produce in any language: reserved before the map is sized, since the legend depends on the map. */
const LEGEND_MAX = byStyle((s) => Math.max(...LOCALE_CODES.map((l) => codePoints(legend(s, null, l)))));

/** Room kept in the embed for the "In sight" list's off-picture marks (added once the map is placed), in any language. */
const OFF_RESERVE = PUBLIC_SIGHT_LINES * (Math.max(...LOCALE_CODES.map((l) => codePoints(offPicture(l)))) + 3);

/** Marks the monsters in the "In sight" field that the map does not show (`drawn` holds the ids it does). */
function markOffPicture(c: PlaceContext, style: RenderStyle, drawn: ReadonlySet<number>): void {
  const { state, visible, mark, embed, target } = c;
  if (state.status !== 'playing') return;
  const L = c.options.locale ?? DEFAULT_LOCALE;
  const plain = sightLines(state, visible, mark, target.x, target.y, style, undefined, L);
  const marked = sightLines(state, visible, mark, target.x, target.y, style, drawn, L);
  const hudFields = new Set([t(L, 'hud.party'), t(L, 'hud.in-sight'), 'Party', 'In sight']);
  // The sight lines sit in the HUD (the description, the Party field, a private view's In sight): each is swapped for its marked twin.
  const swap = (text: string): string => text.split('\n').map((l) => { const i = plain.indexOf(l); return i >= 0 ? marked[i]! : l; }).join('\n');
  embed.description = swap(embed.description);
  embed.fields = embed.fields.map((f) => (hudFields.has(f.name) ? { ...f, value: swap(f.value) } : f));
}

/** The ids of the living monsters seen now inside `view`: those a text map draws. */
function monstersIn(state: GameState, visible: Uint8Array, mark: number, view: { x: number; y: number; width: number; height: number }): Set<number> {
  const out = new Set<number>();
  for (const m of state.monsters) {
    if (m.hp > 0 && visible[m.y * state.width + m.x] === mark && m.x >= view.x && m.y >= view.y && m.x < view.x + view.width && m.y < view.y + view.height) out.add(m.id);
  }
  return out;
}

/**
 * The state a final message is drawn from: a run ended by vote or idleness has no players left (ending is every player
 * leaving), so its last map shows the departed party where it stood; any other state is drawn as it is.
 */
export function lastParty(state: GameState): GameState {
  return state.status === 'over' && state.players.length === 0 && state.departed.length > 0 ? { ...state, players: state.departed } : state;
}

/** renderGame with the visibility given (cell i is seen now when visible[i] === mark), so that tests can draw it by hand. */
export function renderGameWith(shownState: GameState, options: RenderOptions, visible: Uint8Array, mark = 1): RenderedMessage {
  const state = lastParty(shownState);
  const style = options.style;
  const viewerId = options.viewerId ?? null;
  const target = cameraTarget(state, viewerId);

  const fields: { name: string; value: string }[] = [];
  const push = (f: { name: string; value: string } | null): void => {
    if (f) fields.push(f);
  };
  // In the lobby nothing moves yet: a Lobby field first, and the party field is just who is in.
  const inLobby = !!options.lobby && state.status === 'playing';
  const L = options.locale ?? DEFAULT_LOCALE;
  if (inLobby) push(field(t(L, 'hud.lobby'), options.lobby ?? [], 'first'));
  if (state.status === 'over') push(field(t(L, 'hud.run-summary'), [...(options.ending ? [options.ending] : []), ...summaryLines(state, options.locale)], 'first'));
  const idle = options.idle ?? [];
  // Compact for a phone: the field is just "Party"; in a rounds fight its first line says who must act and when the round ends.
  const turn = inLobby ? null : roundLine(state, options);
  const party = partyLines(state, viewerId, style, idle, L);
  // The monsters in sight follow the party in the same field (a phone pays a line for every field name).
  const sight = state.status === 'playing' && !inLobby ? sightLines(state, visible, mark, target.x, target.y, style, undefined, L).slice(0, PUBLIC_SIGHT_LINES) : [];
  const hud = [...(turn ? [turn] : []), ...party, ...sight];
  // No "… (N earlier)" line: on a phone every line counts, and the rest is in /rogue log and the private view.
  const log = options.log ? options.log.slice(-PUBLIC_LOG_LINES) : logLines(options.events ?? state.recent, viewerId, PUBLIC_LOG_LINES, options.locale).lines;
  // A style whose description is free (the picture, the code block) takes the HUD there with no field names: on a
  // phone every field name costs a line. The log lines follow, each marked with ›.
  const inDescription = styleSpec(style).hud === 'description' && fields.length === 0;
  let description = '';
  if (inDescription) description = fitLines([...hud, ...log.map((l) => `› ${l}`)], LIMITS.description, 'first');
  else {
    // The map fills the description: the HUD and the newest log lines share one field (a field name is a phone line).
    push(field(t(L, 'hud.party'), [...hud, ...log.map((l) => `› ${l}`)], 'first'));
  }

  // A playing game's footer (seed, pace, difficulty) is on /rogue status; the phone keeps the line for the picture.
  const footer = state.status === 'playing' && !inLobby ? '' : footerText(state, L);
  const embed: EmbedText = { title: titleText(state, L), description, fields, footer, color: colorOf(state) };
  return withMap(state, options, visible, mark, embed, target);
}

/** What a place needs to put the map: the game, the options, sight, the embed so far, the camera's target. */
interface PlaceContext {
  state: GameState;
  options: RenderOptions;
  visible: Uint8Array;
  mark: number;
  embed: EmbedText;
  target: { x: number; y: number };
}

/** The picture attached to the embed (drawn only with a deflate), monsters outside it marked in the "In sight" list. */
function placeAttachment(c: PlaceContext): RenderedMessage {
  const { state, options, visible, mark, embed } = c;
  if (!options.deflate) return { content: '', embed };
  // The style's caps are the public picture's size: narrower, with larger tiles, under the `mobile` setting.
  const caps = sharedCap(viewCaps(options.style, options.mobile === true), state.players.length);
  const viewer = options.privateView === true ? (options.viewerId ?? null) : null;
  const image = renderImageWith(state, visible, mark, viewer, options.deflate, caps, options.locale);
  markOffPicture(c, options.style, new Set(image.monsters));
  embed.image = `attachment://${IMAGE_NAME}`;
  return { content: '', embed, image };
}

/** The largest view that fits `budget` code points, drawn around the target, with its legend. */
function drawnView(c: PlaceContext, budget: number): { text: string; key: string } {
  const { state, options, visible, mark, target } = c;
  const style = options.style;
  const size = chooseViewSize(state.width, state.height, viewCaps(style, options.mobile === true), budget, tileCost(style));
  // The shared map frames the fight as the shared picture does (image/frame.ts); a viewer's map is centred on them.
  const view = options.viewerId == null ? publicFrame(state, visible, mark, size).view : placeCamera(state.width, state.height, size.width, size.height, target.x, target.y);
  const map = drawMap(state, visible, mark, view, style, options.viewerId ?? null);
  markOffPicture(c, style, monstersIn(state, visible, mark, view));
  // A kind the "In sight" lines name (with its glyph) needs no legend entry: on a phone the legend's line is saved.
  const cells = map.cells.slice();
  if (state.status === 'playing' && !options.lobby) for (const m of monstersInSight(state, visible, mark, target.x, target.y).slice(0, PUBLIC_SIGHT_LINES)) cells[monsterCell(m.kind)] = 0;
  return { text: map.text, key: legend(style, cells, options.locale) };
}

/** Room the embed leaves under its 6,000 total once its text and the off-picture marks are counted. */
function embedLeft(embed: EmbedText): number {
  return LIMITS.embedTotal - embedCost(embed) - OFF_RESERVE;
}

/** The map in a code block in the content (2,000), its legend in the embed's description when it fits. */
function placeCodeBlock(c: PlaceContext): RenderedMessage {
  const left = embedLeft(c.embed);
  const map = drawnView(c, LIMITS.content - FENCE_OPEN.length - FENCE_CLOSE.length);
  const hud = c.embed.description;
  const withKey = hud ? `${hud}\n\n${map.key}` : map.key;
  c.embed.description = map.key && codePoints(withKey) <= Math.min(left + codePoints(hud), LIMITS.description) ? withKey : hud;
  return { content: map.text ? FENCE_OPEN + map.text + FENCE_CLOSE : '', embed: c.embed };
}

/** The map as the embed's description, its legend under it. */
function placeEmbed(c: PlaceContext): RenderedMessage {
  // On a phone a field name is a line: a HUD that is the one Party field moves under the map, into the description.
  const L = c.options.locale ?? DEFAULT_LOCALE;
  const merge = c.embed.fields.length === 1 && c.embed.fields[0]!.name === t(L, 'hud.party');
  const reserve = merge ? codePoints(c.embed.fields[0]!.value) + OFF_RESERVE + 2 : 0;
  const budget = Math.min(LIMITS.description - reserve, embedLeft(c.embed)) - (LEGEND_MAX[c.options.style] + 2);
  const map = drawnView(c, budget);
  // The map, then right under its rows the legend (when a kind needs one) and the HUD: on a phone a blank line is a line.
  const under = [...(map.key ? [map.key] : []), ...(merge ? [c.embed.fields[0]!.value] : [])].join('\n');
  if (merge) c.embed.fields = [];
  c.embed.description = under ? `${map.text}\n${under}` : map.text;
  return { content: '', embed: c.embed };
}

/** Where each place puts the map: a style's row names its place, and the place does the rest. */
const PLACE: Readonly<Record<MapPlace, (c: PlaceContext) => RenderedMessage>> = { attachment: placeAttachment, 'code-block': placeCodeBlock, embed: placeEmbed };

/**
 * Puts the map into a message whose embed already holds its text, where the style's row says: the picture, the
 * embed's description or a code block in the content, the largest view that fits what the embed leaves, centred on target.
 */
export function withMap(state: GameState, options: RenderOptions, visible: Uint8Array, mark: number, embed: EmbedText, target: { x: number; y: number }): RenderedMessage {
  return PLACE[styleSpec(options.style).place]({ state, options, visible, mark, embed, target });
}
