/** A player's private view (the ephemeral controller's message): the map from their own position in their style, their HP, depth and items, and the monsters they see. */
import { roundsNow } from '../engine/pace.js';
import type { GameState } from '../engine/types.js';
import { cameraTarget } from './camera.js';
import { withMap, type RenderOptions } from './game.js';
import { colorOf, field, footerText, gearText, hpBar, hudName, LOG_LINES, mapMarker, packText, SIGHT_LINES, sightLines } from './hud.js';
import { LIMITS, type EmbedText, type RenderedMessage } from './limits.js';
import { sinceLastAction } from './rolling-log.js';
import { relativeTime } from './timer.js';
import { truncate } from './text.js';
import { renderTextView } from './text-view.js';
import { DEFAULT_LOCALE, t, type Locale } from '../i18n/index.js';

/** How to draw a private view: the viewer's style and phone layout, for the image style the deflate to use, the rolling log, and text mode (a screen reader's description instead of a map). */
export type PrivateOptions = Pick<RenderOptions, 'style' | 'mobile' | 'deflate' | 'log' | 'roundDeadlineMs' | 'locale'> & {
  text?: boolean;
  /** Lines of `log` since the viewer's last press began (app/rolling-log.ts sinceCount). */
  since?: number;
};

/** "Bob", "Bob and Cara", "Bob, Cara and Dan" (the reader's way: "Bob und Cara", "Bob et Cara"). */
function names(list: readonly string[], locale: Locale): string {
  if (locale === DEFAULT_LOCALE) return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} and ${list.at(-1)!}`;
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(list);
}

/**
 * Rounds mode, once the viewer has acted: why their buttons are grey, who the round waits for and when it ends
 * ("You've acted. Waiting for Bob and Cara · round ends <t:…:R>"); null when they may act.
 */
export function waitingLine(state: GameState, viewerId: string, roundDeadlineMs: number | null | undefined, locale: Locale = DEFAULT_LOCALE): string | null {
  const me = state.players.find((p) => p.id === viewerId);
  if (!roundsNow(state) || state.status !== 'playing' || !me?.alive || !state.acted.includes(viewerId)) return null;
  const waiting = state.players.filter((p) => p.alive && !state.acted.includes(p.id)).sort((a, b) => a.slot - b.slot).map((p) => hudName(p.name));
  const timed = roundDeadlineMs != null && Number.isFinite(roundDeadlineMs);
  return t(locale, 'private.waiting', { who: waiting.length > 0 ? 'players' : 'round', names: names(waiting, locale), timer: timed ? 'yes' : 'no', when: timed ? relativeTime(roundDeadlineMs) : '' });
}


/** The lines about the viewer: HP, depth, potions, weapon and kills (or that they have fallen, or are not in the game). */
export function privateLines(state: GameState, viewerId: string, style: RenderOptions['style'], locale: Locale = DEFAULT_LOCALE): string[] {
  const p = state.players.find((q) => q.id === viewerId);
  if (!p) return [t(locale, 'private.not-joined')];
  const where = { depth: state.depth, max: state.config.maxDepth };
  if (!p.alive) return [t(locale, 'private.fallen'), t(locale, 'private.depth', where)];
  return [
    t(locale, 'status.hp', { bar: hpBar(p.hp, p.maxHp, style) }),
    t(locale, 'private.depth-kills', { ...where, kills: p.kills }),
    t(locale, 'status.pack', { pack: packText(p, style) }),
    t(locale, 'status.gear', { gear: gearText(p, style, locale) }),
  ];
}

/** The private view of `viewerId`, with cell i seen now when visible[i] === mark: the map centred on them (the image style draws their private picture). */
export function renderPrivateWith(state: GameState, viewerId: string, options: PrivateOptions, visible: Uint8Array, mark: number): RenderedMessage {
  const p = state.players.find((q) => q.id === viewerId);
  const L = options.locale ?? DEFAULT_LOCALE;
  const name = p ? hudName(p.name) : t(L, 'private.not-in-run');
  if (options.text === true) {
    // Text mode: the description is the whole view (no map, no picture), one topic a line.
    const wait = waitingLine(state, viewerId, options.roundDeadlineMs, L);
    const lines = [...(wait ? [wait] : []), ...renderTextView(state, viewerId, visible, mark, options.log ?? [], options.since, L)];
    const title = t(L, 'private.title.text', { name });
    return { content: '', embed: { title, description: truncate(lines.join('\n'), LIMITS.description), fields: [], footer: footerText(state, L), color: colorOf(state) } };
  }
  const target = cameraTarget(state, viewerId);
  const fields: EmbedText['fields'] = [];
  // First, why the buttons are grey (a timestamp renders in a field's value, not in its name).
  const wait = waitingLine(state, viewerId, options.roundDeadlineMs, L);
  if (wait) fields.push({ name: t(L, 'private.round'), value: wait });
  // In a party, where to look on the shared message: your ring's colour and number (the picture's ring and badge, the
  // party list's marker), whatever style this private view is drawn in.
  const ring = p?.alive && state.players.length > 1 ? [t(L, 'private.ring', { marker: mapMarker(p, null, 'image') })] : [];
  const you = field(t(L, 'private.you'), [...ring, ...privateLines(state, viewerId, options.style, L)], 'first');
  if (you) fields.push(you);
  if (state.status === 'playing') {
    const sight = field(t(L, 'hud.in-sight'), sightLines(state, visible, mark, target.x, target.y, options.style, undefined, L), 'first', SIGHT_LINES);
    if (sight) fields.push(sight);
  }
  if (p && options.log && options.log.length > 0) {
    const log = field(t(L, 'private.since'), sinceLastAction(options.log, p.name, options.since), 'last', LOG_LINES);
    if (log) fields.push(log);
  }
  const marker = p ? `${mapMarker(p, viewerId, options.style)} ` : '';
  const embed: EmbedText = {
    title: `${marker}${t(L, 'private.title', { name })}`,
    description: '',
    fields,
    footer: footerText(state, L),
    color: colorOf(state),
  };
  return withMap(state, { ...options, viewerId, privateView: true }, visible, mark, embed, target);
}
