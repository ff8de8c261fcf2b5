/**
 * The button layouts, transport-neutral: the shared game message's controls and a player's private controller.
 * The presenter turns them into Discord components; the terminal prints them.
 *
 * The shared message's buttons are the whole party's, so a direction there is enabled when at least one living
 * player who may act now could go (or attack) that way; it is red only when every one of them would attack (one
 * player's attack is not the party's).
 * A player's controller (🎮, /rogue me) shows only that player's own legal moves, red where they would attack.
 *
 * Phone rules: the shared message has at most MAX_SHARED_ROWS rows (the d-pad's three and one context row), so one of
 * Discord's five stays free; the d-pad's buttons are icons only (a compact 3 x 3 that does not wrap at 360 px).
 */
import type { GameView } from '../../src/app/service-types.js';
import { endTally } from '../../src/app/end-vote.js';
import { inLobby, isHost } from '../../src/app/host.js';
import { legalMoves, sightOnce, type LegalMoves } from '../../src/engine/index.js';
import type { Direction } from '../../src/engine/types.js';
import { ABILITIES, type AbilityKind } from '../../src/engine/roles.js';
import { ACTION_ROW, itemButtons, VERB_TABLE, type ButtonTone, type SimpleVerb } from './buttons.js';
import { encodeButtonId, gameTag } from './custom-id.js';
import { DIRECTION_EMOJI, DIRECTION_TO_WORD } from './directions.js';

/** One button, transport-neutral: what the terminal prints and what Discord gets. */
export interface ButtonSpec {
  customId: string;
  emoji: string;
  label: string;
  disabled: boolean;
  tone: ButtonTone;
  /** A d-pad spacer: keeps the arrows in a cross; never pressable, not printed by the terminal. */
  spacer: boolean;
  /** Drawn without its label on Discord (the d-pad); the terminal still prints and matches the label. */
  iconOnly?: boolean;
  /** A link button (Discord's style 5): opens this URL, sends no press (its customId is empty). */
  url?: string;
}

/** What the shared message offers where the full view is served (WEB=on): 🖥️ (LAUNCH_ACTIVITY) and a watch link. */
export interface GameLinks {
  launch: boolean;
  /** A signed read-only spectator link of this channel's game; absent without WEB_PUBLIC_URL. */
  watchUrl?: string;
  /** Who is playing in the full view now: while anyone is, the chat message is a short pointer to it. */
  inFullView?: readonly string[];
}

/** Most button rows on the shared game message: the d-pad's three and one context row. */
export const MAX_SHARED_ROWS = 4;
/** Most button rows on any message (Discord's limit): the private controller may use them all. */
export const MAX_ROWS = 5;
/** Most buttons in one row (Discord's limit). */
export const ROW_MAX = 5;
/** Most buttons in the shared message's context row: four icon buttons fit one line of a 360 px phone. */
export const CONTEXT_MAX = 4;
/**
 * The context row's buttons in priority order, the first CONTEXT_MAX that apply shown: in a fight ⚔️ and 🧪 before
 * ⏳ (in a 4-way game it is not on the pad), 🎮 and 🏳️; out of one the stairs 🪜 and the walks first. ➕ join comes
 * last: /rogue join works whenever a seat is free.
 */
const FIGHT_PRIORITY: readonly SimpleVerb[] = ['fgt', 'abl', 'use', 'wait', 'me', 'desc', 'end', 'exp', 'trv', 'rest', 'join'];
const CALM_PRIORITY: readonly SimpleVerb[] = ['desc', 'exp', 'trv', 'use', 'abl', 'rest', 'me', 'end', 'join', 'wait', 'fgt'];

/** The d-pad's three rows: `null` cells are spacers (4-way games) and `wait` sits in the middle. */
const PAD_8: (Direction | 'wait' | null)[][] = [
  ['nw', 'n', 'ne'],
  ['w', 'wait', 'e'],
  ['sw', 's', 'se'],
];
/** 4-way: one row, as arrow keys (⬅️ ⬆️ ⬇️ ➡️; ⏳ joins the context row): no blank spacers, two rows less on a phone. */
const PAD_4: (Direction | 'wait' | null)[][] = [['w', 'n', 's', 'e']];

/** What a d-pad is drawn from: who may act, each direction's move, and which action buttons apply. */
interface Abilities {
  canAct: boolean;
  moves: ReadonlyMap<Direction, 'move' | 'attack'>;
  canDescend: boolean;
  canUse: boolean;
  canExplore: boolean;
  canTravel: boolean;
  canRest: boolean;
  canFight: boolean;
  /** A role ability is ready with something in reach (a player's own: which one). */
  canAbility: boolean;
  ability?: AbilityKind | null;
}

/** One player's abilities, from their legal moves (computed once per player per drawing). */
function playerAbilities(legal: LegalMoves): Abilities {
  const moves = new Map<Direction, 'move' | 'attack'>();
  for (const [dir, what] of Object.entries(legal.moves) as [Direction, 'move' | 'attack' | 'blocked'][]) if (what === 'move' || what === 'attack') moves.set(dir, what);
  return { canAct: legal.canAct, moves, canDescend: legal.canDescend, canUse: legal.canUse, canExplore: legal.canExplore, canTravel: legal.canTravel, canRest: legal.canRest, canFight: legal.canFight, canAbility: legal.ability !== null, ability: legal.ability };
}

/** The union of what the living party can do right now (see the module comment). */
function partyAbilities(view: GameView): Abilities {
  const party: Abilities & { moves: Map<Direction, 'move' | 'attack'> } = { canAct: false, moves: new Map(), canDescend: false, canUse: false, canExplore: false, canTravel: false, canRest: false, canFight: false, canAbility: false };
  // One party sight for the whole drawing, whatever the party's size.
  const sight = sightOnce(view.state);
  for (const p of view.state.players) {
    if (!p.alive) continue;
    const one = playerAbilities(legalMoves(view.state, p.id, sight));
    if (!one.canAct) continue;
    party.canAct = true;
    party.canDescend ||= one.canDescend;
    party.canUse ||= one.canUse;
    party.canExplore ||= one.canExplore;
    party.canTravel ||= one.canTravel;
    party.canRest ||= one.canRest;
    party.canFight ||= one.canFight;
    party.canAbility ||= one.canAbility;
    // A plain move wins: the shared arrow is red only when everyone who may go that way would attack.
    for (const [dir, what] of one.moves) if (what === 'move' || !party.moves.has(dir)) party.moves.set(dir, what);
  }
  return party;
}

/** An argument-less button from the verb table. */
export function verbButton(verb: SimpleVerb, version: number, game: string, label: string = VERB_TABLE[verb].label): ButtonSpec {
  const row = VERB_TABLE[verb];
  return { customId: encodeButtonId({ verb, version, game }), emoji: row.emoji, label, disabled: false, tone: row.tone, spacer: false };
}

/** The d-pad (three rows of icons), red where `can` says the move attacks. */
function padRows(view: GameView, can: Abilities): ButtonSpec[][] {
  const version = view.state.version;
  const game = gameTag(view.meta.createdAt);
  const pad = view.state.config.topology === 8 ? PAD_8 : PAD_4;
  let spacers = 0;
  const rows: ButtonSpec[][] = pad.map((row) =>
    row.map((cell): ButtonSpec => {
      if (cell === null) {
        const index = spacers++;
        return { customId: encodeButtonId({ verb: 'nop', index, version, game }), emoji: '', label: '\u200b', disabled: true, tone: 'secondary', spacer: true };
      }
      if (cell === 'wait') return { ...verbButton('wait', version, game), disabled: !can.canAct, iconOnly: true };
      const what = can.moves.get(cell);
      return {
        customId: encodeButtonId({ verb: 'mv', dir: cell, version, game }),
        emoji: DIRECTION_EMOJI[cell],
        label: DIRECTION_TO_WORD[cell],
        disabled: what === undefined,
        tone: what === 'attack' ? 'danger' : 'secondary',
        spacer: false,
        iconOnly: true,
      };
    }),
  );
  return rows;
}

/** The action buttons that apply now, in ACTION_ROW order. */
function actionButtons(view: GameView, can: Abilities): ButtonSpec[] {
  const game = gameTag(view.meta.createdAt);
  const own = can.ability ? ABILITIES[can.ability] : null;
  return ACTION_ROW.filter((a) => can[a.when]).map((a) => {
    const b = verbButton(a.verb, view.state.version, game);
    // The controller's ability button shows the player's own ability.
    return a.verb === 'abl' && own ? { ...b, emoji: own.art.emoji, label: own.name } : b;
  });
}

/**
 * The full view's buttons, placed last: a row of their own while the message has one to spare, else (icons only)
 * at the end of the lowest rows that still fit a phone's line, so they never push a game button out.
 */
function withLinks(view: GameView, rows: ButtonSpec[][], links: GameLinks | undefined): ButtonSpec[][] {
  const extra: ButtonSpec[] = [];
  if (links?.launch) extra.push(verbButton('full', view.state.version, gameTag(view.meta.createdAt)));
  if (links?.watchUrl) extra.push({ customId: '', emoji: '👁️', label: 'watch', disabled: false, tone: 'secondary', spacer: false, url: links.watchUrl });
  if (extra.length === 0 || rows.length < MAX_SHARED_ROWS) return extra.length === 0 ? rows : [...rows, extra];
  for (const b of extra) [...rows].reverse().find((r) => r.length < CONTEXT_MAX)?.push({ ...b, iconOnly: true });
  return rows;
}

/**
 * The shared game message's button rows: empty when nobody can act; ▶️ Play again once the game is over. `links`:
 * the full view's buttons, where it is served.
 */
export function gameControls(view: GameView, links?: GameLinks): ButtonSpec[][] {
  const { state, meta } = view;
  const version = state.version;
  const game = gameTag(meta.createdAt);
  if (state.status !== 'playing') return [[verbButton('again', version, game), verbButton('rpl', version, game)]];
  // A lobby: join while there is a seat, leave, the host's start, and the host's 👢 once someone else is in.
  if (inLobby(meta)) {
    const seat = state.players.length < state.config.maxPlayers ? [verbButton('join', version, game)] : [];
    const kick = state.players.length > 1 ? [verbButton('kick', version, game)] : [];
    return withLinks(view, [[...seat, verbButton('leave', version, game), verbButton('start', version, game), ...kick]], links);
  }
  const party = partyAbilities(view);
  if (!party.canAct && state.players.every((p) => !p.alive)) return [];
  const rows = padRows(view, party);
  const tally = endTally(state, meta);
  // One context row of icons (one line on a phone), most urgent first (see FIGHT_PRIORITY). End keeps its words during
  // a vote (the tally).
  const applies: Partial<Record<SimpleVerb, boolean>> = {
    me: true,
    end: true,
    join: state.players.length < state.config.maxPlayers,
    wait: party.canAct && !rows.flat().some((b) => b.label === VERB_TABLE.wait.label),
  };
  for (const a of ACTION_ROW) applies[a.verb] = party[a.when];
  const order = party.canFight ? FIGHT_PRIORITY : CALM_PRIORITY;
  const first = order.filter((v) => applies[v] === true).slice(0, CONTEXT_MAX);
  // 🎮 always stays: it is where a player sees their own moves.
  const context = (first.includes('me') ? first : [...first.slice(0, CONTEXT_MAX - 1), 'me' as const])
    .map((v) => (v === 'end' ? { ...verbButton('end', version, game, tally.votes > 0 ? `end (${tally.votes}/${tally.needed})` : 'end'), iconOnly: tally.votes === 0 } : { ...verbButton(v, version, game), iconOnly: true }));
  rows.push(context);
  return withLinks(view, rows, links);
}

/**
 * A fallen member's controller: no d-pad (they cannot move), but what they still can do, with words for screen readers:
 * refresh the view to watch the party, leave, read how a party works (the fallen do not vote to end: end-vote.ts);
 * the host keeps 👢.
 */
function fallenControls(view: GameView, userId: string): ButtonSpec[][] {
  const { state, meta } = view;
  const game = gameTag(meta.createdAt);
  const row = [verbButton('me', state.version, game, 'refresh (watch)'), verbButton('leave', state.version, game), verbButton('hpty', state.version, game)];
  if (isHost(state, meta, userId) && state.players.length > 1) row.push(verbButton('kick', state.version, game));
  return [row];
}

/** The d-pad of one player (their private controller): only their own legal moves enabled, red where they would attack. */
export function playerControls(view: GameView, userId: string): ButtonSpec[][] {
  if (view.state.status !== 'playing') return [];
  if (view.state.players.find((p) => p.id === userId)?.alive === false) return fallenControls(view, userId);
  const legal = legalMoves(view.state, userId);
  const can = playerAbilities(legal);
  const rows = padRows(view, can);
  // A 4-way pad has no ⏳: it leads the action row.
  const game0 = gameTag(view.meta.createdAt);
  const wait = can.canAct && !rows.flat().some((b) => b.label === VERB_TABLE.wait.label) ? [verbButton('wait', view.state.version, game0)] : [];
  const actions = [...wait, ...actionButtons(view, can)].slice(0, ROW_MAX);
  if (actions.length > 0) rows.push(actions);
  // The controller's last row: the player's own items (buttons.ts holds the row's data).
  const game = gameTag(view.meta.createdAt);
  const items = itemButtons(legal.usable).map(
    (b): ButtonSpec => ({ customId: encodeButtonId({ verb: 'it', item: b.item, version: view.state.version, game }), emoji: b.emoji, label: b.label, disabled: false, tone: b.tone, spacer: false }),
  );
  if (items.length > 0) rows.push(items);
  // The host's 👢 (remove a player): in the last row with room after the d-pad, else a row of its own if one is left.
  if (isHost(view.state, view.meta, userId) && view.state.players.length > 1) {
    const kick = verbButton('kick', view.state.version, game);
    const last = rows.length > 3 ? rows[rows.length - 1]! : null;
    if (last && last.length < ROW_MAX) last.push(kick);
    else if (rows.length < MAX_ROWS) rows.push([kick]);
  }
  return rows;
}
