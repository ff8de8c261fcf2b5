/**
 * GameView -> the game message: rendered map and HUD (from src/render), plus the button layouts of
 * commands/controls. The payload is plain Discord API JSON (discord-api-types, no discord.js), so either transport
 * sends it and the terminal player prints the very same thing.
 */
import { decodeButtonId } from '../../../commands/controls/custom-id.js';
import { lastLogText, logText, sinceCount } from '../../app/rolling-log.js';
import { PUBLIC_LOG_LINES } from '../../render/game.js';
import { DEFAULT_LOCALE, hasMessage, t, tDynamic, type Locale } from '../../i18n/index.js';
import { dailyLine } from '../../app/daily/cards.js';
import { ButtonStyle, ComponentType, type APIActionRowComponent, type APIAllowedMentions, type APIButtonComponentWithCustomId, type APIButtonComponentWithURL, type APIEmbed } from 'discord-api-types/v10';
import type { GameView } from '../../app/service-types.js';
import type { PrivateStyle } from '../../app/user-prefs.js';
import { renderGame, renderPrivate, type RenderedMessage } from '../../render/index.js';
import { gameControls, playerControls, type ButtonSpec, type ButtonTone, type GameLinks } from '../../../commands/controls/index.js';
import type { ReplyEmbed } from '../../../commands/types.js';
import type { OutgoingMessage } from './types.js';
import { mapAttachment, zlibDeflate } from '../render/image.js';
import { NO_PINGS, neutralise, neutraliseEmbed, pingOnly } from './mentions.js';
import { endingLine, idleIds, inLobby } from '../../app/host.js';
import { lobbyLines } from '../../app/lobby.js';

/** A button of ours: a press (custom id) or a link (the watch link: a URL, no custom id). */
export type GameButton = APIButtonComponentWithCustomId | (APIButtonComponentWithURL & { custom_id?: never });

/** A message body as sent to Discord (create or edit). */
export interface GamePayload {
  content: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<GameButton>[];
  /** The image style's map picture (the embed shows it as attachment://map.png); empty in the text styles. Edits replace the message's files with these. */
  files: MapFile[];
  /** Who may be pinged: nobody, except the invited players in the answer that created their game. */
  allowedMentions: APIAllowedMentions;
}

/** A file to attach: name, bytes and alt text (the attachment's description). */
export interface MapFile {
  name: string;
  data: Uint8Array;
  description: string;
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

/** Each tone's Discord button style. */
const STYLE_OF: Record<ButtonTone, ButtonStyle.Primary | ButtonStyle.Secondary | ButtonStyle.Success | ButtonStyle.Danger> = {
  primary: ButtonStyle.Primary,
  secondary: ButtonStyle.Secondary,
  success: ButtonStyle.Success,
  danger: ButtonStyle.Danger,
};

/** The catalogue key of a drawn button's default label: its verb's, or its item's (a player's name has none). */
function labelKey(b: ButtonSpec): string | null {
  const id = decodeButtonId(b.customId);
  if (!id.ok) return null;
  return id.value.verb === 'it' ? `button.item.${id.value.item}` : `button.${id.value.verb}`;
}

const END_VOTES = /^end \((\d+)\/(\d+)\)$/;

/** A button's label in `locale`: a verb's or item's default label from the catalogues, anything else as drawn. */
export function labelIn(b: ButtonSpec, locale: Locale): string {
  // English is the drawn label: no need to decode the button's id (a zod parse per button, on every press).
  if (locale === DEFAULT_LOCALE) return b.label;
  const key = labelKey(b);
  if (key === null) return b.label;
  const votes = key === 'button.end' ? END_VOTES.exec(b.label) : null;
  if (votes) return t(locale, 'button.end.votes', { votes: Number(votes[1]), needed: Number(votes[2]) });
  // Only the row's own label is translated: a label drawn specially keeps its words.
  return hasMessage(DEFAULT_LOCALE, key) && tDynamic(DEFAULT_LOCALE, key) === b.label ? tDynamic(locale, key) : b.label;
}

/** Button rows as Discord API JSON, labelled in `locale`. */
export function toApiRows(rows: readonly ButtonSpec[][], locale: Locale = DEFAULT_LOCALE): APIActionRowComponent<GameButton>[] {
  return rows.map((row) => ({
    type: ComponentType.ActionRow,
    components: row.map((b): GameButton => {
      // A link button (the watch link) carries its URL and no custom id.
      const button: GameButton = b.url !== undefined
        ? { type: ComponentType.Button, style: ButtonStyle.Link, url: b.url, disabled: b.disabled }
        : { type: ComponentType.Button, style: STYLE_OF[b.tone], custom_id: b.customId, disabled: b.disabled };
      // An icon-only button (the d-pad) sends no label, so that the 3 x 3 pad fits a phone.
      if (!(b.iconOnly && b.emoji)) button.label = labelIn(b, locale);
      if (b.emoji) button.emoji = { name: b.emoji };
      return button;
    }),
  }));
}

/** The whole game message for a view at time `now` (for the round countdown); `links`: the full view's buttons. */
export function gamePayload(view: GameView, now: number, links?: GameLinks): GamePayload {
  if (links?.inFullView && links.inFullView.length > 0 && view.state.status === 'playing' && !inLobby(view.meta)) return pointerPayload(view, links);
  const seconds = roundSecondsLeft(view, now);
  const rendered = renderGame(view.state, {
    style: view.meta.render,
    mobile: view.meta.mobile,
    deflate: zlibDeflate,
    // A plain view (/rogue map, a refresh) has no events of its own: the log then shows the last step's (state.recent).
    events: view.events.length > 0 ? view.events : view.state.recent,
    // The rolling log kept across actions, so a member hit while others clicked still reads it.
    // Only the lines the shared message shows are worded (PUBLIC_LOG_LINES of the 30 kept).
    ...(view.meta.recentLog && view.meta.recentLog.length > 0 ? { log: lastLogText(view.meta.recentLog, view.meta.locale, PUBLIC_LOG_LINES) } : {}),
    ...(view.meta.locale ? { locale: view.meta.locale } : {}),
    ...(seconds !== undefined ? { roundSecondsLeft: seconds, roundDeadlineMs: view.meta.roundDeadline } : {}),
    // The service pauses the round timer of a party that stopped playing; the next action restarts it.
    roundTimerPaused: view.state.config.turnMode === 'rounds' && view.state.status === 'playing' && view.meta.roundDeadline === null,
    // Issue 19: idle members in the party list, and how a run ended that no adventure ended.
    idle: idleIds(view.state, view.meta),
    ending: endingLine(view.meta, view.state, view.meta.locale),
    ...(inLobby(view.meta) ? { lobby: lobbyLines(view.state, view.meta, view.meta.locale) } : {}),
  });
  // A daily run says which day and whether it counts; a finished scored one carries its share card.
  const invite = inviteLine(view);
  const daily = neutralise(dailyLine(view));
  const shown = neutralise(rendered.content);
  const withInvite = invite !== '' && [...shown].length + [...invite].length + [...daily].length + 2 <= 2000;
  const head = [daily, withInvite ? invite : ''].filter((l) => l.length > 0).join('\n');
  const content = head && [...shown].length + [...head].length + 1 <= 2000 ? (shown ? `${head}\n${shown}` : head) : shown;
  const { embed, files } = embedWithPicture(rendered);
  const allowedMentions = withInvite && createdNow(view) ? pingOnly(invitedIds(view)) : NO_PINGS;
  return { content, embeds: [embed], components: toApiRows(gameControls(view, links), view.meta.locale), files, allowedMentions };
}

/**
 * While party members play in the full view, the chat message is a short pointer naming them (the map is dropped,
 * the buttons stay, so chat players still play): Discord's edits stay few and small.
 */
function pointerPayload(view: GameView, links: GameLinks): GamePayload {
  const names = (links.inFullView ?? []).map((n) => neutralise(n)).join(', ');
  const content = t(view.meta.locale ?? DEFAULT_LOCALE, 'game.full-view-pointer', { names, depth: view.state.depth });
  return { content, embeds: [], components: toApiRows(gameControls(view, links), view.meta.locale), files: [], allowedMentions: NO_PINGS };
}

/**
 * True for the answer that created this game (its first view, with its own events): the one message whose invite
 * pings. Later views (a refresh, /rogue map, a press) show the same invite line without pinging again.
 */
export function createdNow(view: GameView): boolean {
  return view.events.length > 0 && view.meta.updatedAt === view.meta.createdAt;
}

/**
 * The rendered embed as API JSON, player-written names neutralised; in the image style it shows the picture,
 * attached as map.png with its alt text.
 */
function embedWithPicture(rendered: RenderedMessage): { embed: APIEmbed; files: MapFile[] } {
  const embed = neutraliseEmbed(toApiEmbed(rendered.embed));
  if (!rendered.image) return { embed, files: [] };
  const a = mapAttachment(rendered.image);
  const alt = neutralise(a.description);
  // Screen readers read an embed image's alt text from the embed image's own `description` (discord-api-docs #8373,
  // JDA #3100), not from the attachment's: both carry it. discord-api-types does not list the field yet.
  const image: APIEmbed['image'] & { description: string } = { url: a.url, description: alt };
  embed.image = image;
  return { embed, files: [{ name: a.name, data: a.file, description: alt }] };
}

/** After ▶ Play again: the previous players who have not joined yet, mentioned, with how to join; '' when none. */
export function inviteLine(view: GameView): string {
  const ids = invitedIds(view);
  return ids.length === 0 ? '' : `Play again! ${ids.map((id) => `<@${id}>`).join(' ')}: press ➕ join.`;
}

/** The previous players invited to this game who have not joined yet (snowflakes only: nothing else becomes a mention). */
function invitedIds(view: GameView): string[] {
  if (view.state.status !== 'playing') return [];
  return (view.meta.invited ?? []).filter((u) => /^\d{1,20}$/.test(u.id) && !view.state.players.some((p) => p.id === u.id)).map((u) => u.id);
}

/** The edit that retires an old game message: same picture, no buttons, no pings. */
export function retiredPayload(): OutgoingMessage {
  return { components: [], allowedMentions: NO_PINGS };
}

/** A private text reply (with an optional embed) as Discord API JSON, player-written text neutralised. */
export function textPayload(text: string, embed?: ReplyEmbed): { content: string; embeds: APIEmbed[] } {
  return { content: neutralise(text).slice(0, 2000), embeds: embed ? [neutraliseEmbed(toApiEmbed(embed))] : [] };
}

/** A player's private controller (ephemeral): the map from their position in their preferred style, their own d-pad. */
export function controllerPayload(view: GameView, userId: string, prefs: { style: PrivateStyle; mobile: boolean }, locale?: Locale): GamePayload {
  const log = logText(view.meta.recentLog, locale ?? view.meta.locale);
  const me = view.state.players.find((p) => p.id === userId);
  const since = me ? sinceCount(view.meta.recentLog, me.name) : undefined;
  const text = prefs.style === 'text';
  const rendered = renderPrivate(view.state, userId, { style: prefs.style === 'text' ? 'ascii' : prefs.style, mobile: prefs.mobile, deflate: zlibDeflate, text, roundDeadlineMs: view.meta.roundDeadline, ...(log.length > 0 ? { log } : {}),
    ...(since !== undefined ? { since } : {}), ...((locale ?? view.meta.locale) ? { locale: locale ?? view.meta.locale } : {}) });
  const { embed, files } = embedWithPicture(rendered);
  return { content: neutralise(rendered.content), embeds: [embed], components: toApiRows(playerControls(view, userId), locale ?? view.meta.locale), files, allowedMentions: NO_PINGS };
}
