/**
 * GameView -> the game message: rendered map and HUD (from src/render), plus the button controls.
 * The payload is plain Discord API JSON, so the terminal player can print the very same thing.
 *
 * Buttons are shared by the whole party, so a direction is enabled when at least one living player who may act now
 * could go (or attack) that way; it is disabled only when it is impossible for everyone. A refused press still gets a
 * friendly private answer, so this errs on the side of letting people try.
 */
import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIButtonComponentWithCustomId, type APIEmbed } from 'discord.js';
import type { GameView } from '../../app/service-types.js';
import { legalMoves } from '../../engine/index.js';
import type { Direction } from '../../engine/types.js';
import { renderGame, renderPrivate } from '../../render/index.js';
import { DIRECTION_TO_WORD } from '../../../commands/rogue.js';
import type { ReplyEmbed } from '../../../commands/types.js';
import { endTally } from '../../app/end-vote.js';
import { mapAttachment, zlibDeflate } from '../render/image.js';
import { encodeButtonId, gameTag, type SimpleVerb } from './custom-id.js';

/** One button, transport-neutral: what the terminal prints and what Discord gets. */
export interface ButtonSpec {
  customId: string;
  emoji: string;
  label: string;
  disabled: boolean;
  style: ButtonStyle;
  /** A d-pad spacer: keeps the arrows in a cross; never pressable, not printed by the terminal. */
  spacer: boolean;
}

/** A message body as sent to Discord (create or edit). */
export interface GamePayload {
  content: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponentWithCustomId>[];
  /** The image style's map picture (the embed shows it as attachment://map.png); empty in the text styles. Edits replace the message's files with these. */
  files: MapFile[];
}

/** A file to attach: name, bytes and alt text (the attachment's description). */
export interface MapFile {
  name: string;
  data: Uint8Array;
  description: string;
}

/** Emoji of each direction button; its label is the direction's word, as /rogue move takes it. */
const DIRECTION_EMOJI: Record<Direction, string> = { n: '⬆️', s: '⬇️', e: '➡️', w: '⬅️', ne: '↗️', nw: '↖️', se: '↘️', sw: '↙️' };

/** The d-pad's three rows: `null` cells are spacers (4-way games) and `wait` sits in the middle. */
const PAD_8: (Direction | 'wait' | null)[][] = [
  ['nw', 'n', 'ne'],
  ['w', 'wait', 'e'],
  ['sw', 's', 'se'],
];
const PAD_4: (Direction | 'wait' | null)[][] = [
  [null, 'n', null],
  ['w', 'wait', 'e'],
  [null, 's', null],
];

/** The union of what the party can do right now (see the module comment). */
function partyMoves(view: GameView): { any: boolean; moves: Map<Direction, 'move' | 'attack'>; canDescend: boolean; canUse: boolean; canExplore: boolean; canTravel: boolean; canRest: boolean } {
  const moves = new Map<Direction, 'move' | 'attack'>();
  let any = false;
  let canDescend = false;
  let canUse = false;
  let canExplore = false;
  let canTravel = false;
  let canRest = false;
  for (const p of view.state.players) {
    if (!p.alive) continue;
    const legal = legalMoves(view.state, p.id);
    if (!legal.canAct) continue;
    any = true;
    canDescend ||= legal.canDescend;
    canUse ||= legal.canUse;
    canExplore ||= legal.canExplore;
    canTravel ||= legal.canTravel;
    canRest ||= legal.canRest;
    for (const [dir, what] of Object.entries(legal.moves) as [Direction, 'move' | 'attack' | 'blocked'][]) {
      if (what === 'attack') moves.set(dir, 'attack');
      else if (what === 'move' && !moves.has(dir)) moves.set(dir, 'move');
    }
  }
  return { any, moves, canDescend, canUse, canExplore, canTravel, canRest };
}

/** The button rows for a view: empty when the game is over or nobody can act (a retired message has none either). */
export function gameControls(view: GameView): ButtonSpec[][] {
  const { state, meta } = view;
  if (state.status !== 'playing') return [[action('again', '▶️', 'Play again', ButtonStyle.Success, state.version, gameTag(meta.createdAt))]];
  const party = partyMoves(view);
  if (!party.any && state.players.every((p) => !p.alive)) return [];
  const version = state.version;
  const game = gameTag(meta.createdAt);
  const pad = state.config.topology === 8 ? PAD_8 : PAD_4;
  let spacers = 0;
  const rows: ButtonSpec[][] = pad.map((row) =>
    row.map((cell): ButtonSpec => {
      if (cell === null) {
        const index = spacers++;
        return { customId: encodeButtonId({ verb: 'nop', index, version, game }), emoji: '', label: '\u200b', disabled: true, style: ButtonStyle.Secondary, spacer: true };
      }
      if (cell === 'wait') {
        return { customId: encodeButtonId({ verb: 'wait', version, game }), emoji: '⏳', label: 'wait', disabled: !party.any, style: ButtonStyle.Secondary, spacer: false };
      }
      const what = party.moves.get(cell);
      return {
        customId: encodeButtonId({ verb: 'mv', dir: cell, version, game }),
        emoji: DIRECTION_EMOJI[cell],
        label: DIRECTION_TO_WORD[cell],
        disabled: what === undefined,
        style: what === 'attack' ? ButtonStyle.Danger : ButtonStyle.Secondary,
        spacer: false,
      };
    }),
  );
  // Actions only when someone can take them (a row holds at most 5 buttons: these are 5 at the most).
  const extra: ButtonSpec[] = [];
  if (party.canExplore) extra.push(action('exp', '🧭', 'explore', ButtonStyle.Secondary, version, game));
  if (party.canTravel) extra.push(action('trv', '🏃', 'to stairs', ButtonStyle.Secondary, version, game));
  if (party.canRest) extra.push(action('rest', '💤', 'rest', ButtonStyle.Secondary, version, game));
  if (party.canDescend) extra.push(action('desc', '🪜', 'descend', ButtonStyle.Success, version, game));
  if (party.canUse) extra.push(action('use', '🧪', 'drink potion', ButtonStyle.Primary, version, game));
  if (extra.length > 0) rows.push(extra);
  const tally = endTally(state, meta);
  const last = [action('me', '🎮', 'my view', ButtonStyle.Primary, version, game), action('end', '🏳️', tally.votes > 0 ? `end (${tally.votes}/${tally.needed})` : 'end', ButtonStyle.Secondary, version, game)];
  if (state.players.length < state.config.maxPlayers) last.push(action('join', '➕', 'join', ButtonStyle.Primary, version, game));
  rows.push(last);
  return rows;
}

/** An argument-less action button. */
function action(verb: SimpleVerb, emoji: string, label: string, style: ButtonStyle, version: number, game: string): ButtonSpec {
  return { customId: encodeButtonId({ verb, version, game }), emoji, label, disabled: false, style, spacer: false };
}

/** Seconds left in the current round (rounds mode), from the stored deadline and the current time. */
export function roundSecondsLeft(view: GameView, now: number): number | undefined {
  if (view.meta.roundDeadline === null || view.state.status !== 'playing') return undefined;
  return Math.max(0, Math.ceil((view.meta.roundDeadline - now) / 1000));
}

/** A ReplyEmbed (renderer or command) as Discord API JSON, leaving out empty parts Discord would refuse. */
export function toApiEmbed(e: { title: string; description: string; fields: readonly { name: string; value: string; inline?: boolean }[]; footer: string; color: number }): APIEmbed {
  const embed: APIEmbed = { color: e.color };
  if (e.title) embed.title = e.title;
  if (e.description) embed.description = e.description;
  const fields = e.fields.filter((f) => f.name && f.value).map((f) => (f.inline ? { name: f.name, value: f.value, inline: true } : { name: f.name, value: f.value }));
  if (fields.length > 0) embed.fields = fields;
  if (e.footer) embed.footer = { text: e.footer };
  return embed;
}

/** Button rows as Discord API JSON. */
export function toApiRows(rows: readonly ButtonSpec[][]): APIActionRowComponent<APIButtonComponentWithCustomId>[] {
  return rows.map((row) => ({
    type: ComponentType.ActionRow,
    components: row.map((b): APIButtonComponentWithCustomId => {
      const button: APIButtonComponentWithCustomId = { type: ComponentType.Button, style: b.style as APIButtonComponentWithCustomId['style'], custom_id: b.customId, label: b.label, disabled: b.disabled };
      if (b.emoji) button.emoji = { name: b.emoji };
      return button;
    }),
  }));
}

/** The whole game message for a view at time `now` (for the round countdown). */
export function gamePayload(view: GameView, now: number): GamePayload {
  const seconds = roundSecondsLeft(view, now);
  const rendered = renderGame(view.state, {
    style: view.meta.render,
    mobile: view.meta.mobile,
    deflate: zlibDeflate,
    // A plain view (/rogue map, a refresh) has no events of its own: the log then shows the last step's (state.recent).
    events: view.events.length > 0 ? view.events : view.state.recent,
    // The rolling log kept across actions, so a member hit while others clicked still reads it.
    ...(view.meta.recentLog && view.meta.recentLog.length > 0 ? { log: view.meta.recentLog } : {}),
    ...(seconds !== undefined ? { roundSecondsLeft: seconds, roundDeadlineMs: view.meta.roundDeadline } : {}),
    // The service pauses the round timer of a party that stopped playing; the next action restarts it.
    roundTimerPaused: view.state.config.turnMode === 'rounds' && view.state.status === 'playing' && view.meta.roundDeadline === null,
  });
  const invite = inviteLine(view);
  const content = invite && [...rendered.content].length + [...invite].length + 1 <= 2000 ? (rendered.content ? `${invite}\n${rendered.content}` : invite) : rendered.content;
  const embed = toApiEmbed(rendered.embed);
  const files: MapFile[] = [];
  if (rendered.image) {
    const a = mapAttachment(rendered.image);
    embed.image = { url: a.url };
    files.push({ name: a.name, data: a.file, description: a.description });
  }
  return { content, embeds: [embed], components: toApiRows(gameControls(view)), files };
}

/** After ▶ Play again: the previous players who have not joined yet, mentioned, with how to join; '' when none. */
export function inviteLine(view: GameView): string {
  const invited = view.state.status === 'playing' ? (view.meta.invited ?? []).filter((u) => !view.state.players.some((p) => p.id === u.id)) : [];
  return invited.length === 0 ? '' : `Play again! ${invited.map((u) => `<@${u.id}>`).join(' ')}: press ➕ join.`;
}

/** The edit that retires an old game message: same picture, no buttons. */
export function retiredPayload(): { components: [] } {
  return { components: [] };
}

/** A private text reply (with an optional embed) as Discord API JSON. */
export function textPayload(text: string, embed?: ReplyEmbed): { content: string; embeds: APIEmbed[] } {
  return { content: text.slice(0, 2000), embeds: embed ? [toApiEmbed(embed)] : [] };
}

/** The d-pad of one player (their private controller): only their own legal moves enabled, red where they would attack. */
export function playerControls(view: GameView, userId: string): ButtonSpec[][] {
  const { state, meta } = view;
  if (state.status !== 'playing') return [];
  const legal = legalMoves(state, userId);
  const version = state.version;
  const game = gameTag(meta.createdAt);
  const pad = state.config.topology === 8 ? PAD_8 : PAD_4;
  let spacers = 0;
  const rows: ButtonSpec[][] = pad.map((row) =>
    row.map((cell): ButtonSpec => {
      if (cell === null) {
        const index = spacers++;
        return { customId: encodeButtonId({ verb: 'nop', index, version, game }), emoji: '', label: '\u200b', disabled: true, style: ButtonStyle.Secondary, spacer: true };
      }
      if (cell === 'wait') return { ...action('wait', '⏳', 'wait', ButtonStyle.Secondary, version, game), disabled: !legal.canAct };
      const what = legal.moves[cell];
      return {
        customId: encodeButtonId({ verb: 'mv', dir: cell, version, game }),
        emoji: DIRECTION_EMOJI[cell],
        label: DIRECTION_TO_WORD[cell],
        disabled: what !== 'move' && what !== 'attack',
        style: what === 'attack' ? ButtonStyle.Danger : ButtonStyle.Secondary,
        spacer: false,
      };
    }),
  );
  const extra: ButtonSpec[] = [];
  if (legal.canExplore) extra.push(action('exp', '🧭', 'explore', ButtonStyle.Secondary, version, game));
  if (legal.canTravel) extra.push(action('trv', '🏃', 'to stairs', ButtonStyle.Secondary, version, game));
  if (legal.canRest) extra.push(action('rest', '💤', 'rest', ButtonStyle.Secondary, version, game));
  if (legal.canDescend) extra.push(action('desc', '🪜', 'descend', ButtonStyle.Success, version, game));
  if (legal.canUse) extra.push(action('use', '🧪', 'drink potion', ButtonStyle.Primary, version, game));
  if (extra.length > 0) rows.push(extra);
  return rows;
}

/** A player's private controller (ephemeral): the map from their position in their preferred style, their own d-pad. */
export function controllerPayload(view: GameView, userId: string, prefs: { style: GameView['meta']['render']; mobile: boolean }, now: number): GamePayload {
  void now;
  const rendered = renderPrivate(view.state, userId, { style: prefs.style, mobile: prefs.mobile, deflate: zlibDeflate });
  const embed = toApiEmbed(rendered.embed);
  const files: MapFile[] = [];
  if (rendered.image) {
    const a = mapAttachment(rendered.image);
    embed.image = { url: a.url };
    files.push({ name: a.name, data: a.file, description: a.description });
  }
  return { content: rendered.content, embeds: [embed], components: toApiRows(playerControls(view, userId)), files };
}
