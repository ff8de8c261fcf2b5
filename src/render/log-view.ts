/**
 * /rogue log: the game's kept log (the shared message shows only its last lines), oldest first, with what happened
 * since the viewer's last action under its own heading. One ephemeral embed, always within Discord's limits.
 */
import type { GameState } from '../engine/types.js';
import { colorOf, footerText } from './hud.js';
import { LIMITS, type EmbedText } from './limits.js';
import { sinceLastAction } from './rolling-log.js';
import { cleanName, codePoints, escapeMarkdown } from './text.js';
import { DEFAULT_LOCALE, t, type Locale } from '../i18n/index.js';

/** Longest one line of /rogue log may be, in code points before markdown is escaped. */
export const LOG_VIEW_LINE_MAX = 120;
/** The heading over the lines since the viewer's last action. */
export const SINCE_HEADING = '**Since your last action**';

/** A stored log line as safe embed text: one line, cut short, markdown in names escaped. */
function shown(line: string): string {
  return escapeMarkdown(cleanName(line, LOG_VIEW_LINE_MAX));
}

/** The newest lines that fit one embed description; the heading goes back over the viewer's lines when older ones were dropped. */
function fit(older: readonly string[], mine: readonly string[] | null, heading = SINCE_HEADING): string {
  const body = [...older, ...(mine ? [heading, ...mine] : [])];
  for (let from = 0; from < body.length; from++) {
    const kept = mine && from > older.length ? [heading, ...body.slice(from)] : body.slice(from);
    const text = kept.join('\n');
    if (codePoints(text) <= LIMITS.description) return text;
  }
  return '';
}

/** /rogue log for `viewerId`: the kept lines, those since their last action (when they play) under SINCE_HEADING. */
export function renderLogView(state: GameState, log: readonly string[], viewerId: string, sinceLines?: number, locale: Locale = DEFAULT_LOCALE): EmbedText {
  const lines = log.map(shown);
  const me = state.players.find((p) => p.id === viewerId);
  const since = me ? sinceLastAction(log, me.name, sinceLines).length : 0;
  const older = lines.slice(0, lines.length - since);
  const mine = me && since > 0 ? lines.slice(lines.length - since) : null;
  const description = lines.length === 0 ? t(locale, 'logview.empty') : fit(older, mine, `**${t(locale, 'private.since')}**`);
  return { title: t(locale, 'logview.title'), description, fields: [], footer: footerText(state, locale), color: colorOf(state) };
}
