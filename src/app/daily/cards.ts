/** Short texts of finished runs: the history recap line, the spoiler-free share card, board lines. Pure. */
import { endingLine, runKills, scoreRun } from '../../engine/score.js';
import type { GameState, RunSummary } from '../../engine/types.js';
import type { DailyMark } from '../service-types.js';
import { dayNumber } from './day.js';
import { TEXT_LIMITS, safeText } from '../../text/safe-text.js';
import { DEFAULT_LOCALE, t, type Locale } from '../../i18n/index.js';

/** The emoji and word of each outcome: one table for the card, the board and the history. */
export const OUTCOMES = {
  victory: { emoji: '🏆', word: 'Won' },
  defeat: { emoji: '💀', word: 'Fell' },
  abandoned: { emoji: '🏳️', word: 'Ended' },
} as const satisfies Record<RunSummary['outcome'], { emoji: string; word: string }>;

/** At most this many squares in the depth strip: 11 emoji fit a 360 px phone on one line. */
export const STRIP_MAX = 11;

const thousands = (n: number): string => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** One line of how a run went: the engine's ending clause, the kills and the score ("Killed by the orc B's spear on depth 3, turn 412 · 17 kills · 420 pts"). */
export function recapFromSummary(summary: RunSummary, score: number): string {
  const kills = runKills(summary);
  return `${endingLine(summary)} · ${kills} kill${kills === 1 ? '' : 's'} · ${thousands(score)} pts`;
}

/** 🟩 per depth left behind, the outcome's emoji on the last depth reached, ⬛ for the depths never seen. */
export function depthStrip(depth: number, maxDepth: number, outcome: RunSummary['outcome']): string {
  const n = Math.min(STRIP_MAX, Math.max(maxDepth, depth));
  const reached = Math.min(depth, n);
  return Array.from({ length: n }, (_, i) => (i + 1 < reached ? '🟩' : i + 1 === reached ? OUTCOMES[outcome].emoji : '⬛')).join('');
}

/**
 * The share card posted with a daily run's summary: day number, outcome, depth, score and the depth strip; no map,
 * seed or monster, so pasting it spoils nothing. Three short lines that fit a 360 px phone.
 */
export function shareCard(
  day: number,
  summary: Pick<RunSummary, 'outcome' | 'depth' | 'turns' | 'kills'>,
  score: number,
  maxDepth: number,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return [
    t(locale, 'card.title', { day: dayNumber(day), emoji: OUTCOMES[summary.outcome].emoji }),
    t(locale, 'card.depth', { depth: summary.depth, max: maxDepth, score }),
    depthStrip(summary.depth, maxDepth, summary.outcome),
  ].join('\n');
}

/** Roughly how wide a character draws, in average letters: CJK and fullwidth forms 2, wide capitals 1.5, emoji 2. */
function charWidth(ch: string): number {
  if (/[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u.test(ch)) return 2;
  if (/[MWmw@%&]/.test(ch)) return 1.5;
  return 1;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * A player-chosen name made safe to show: through the one sanitiser (valid Unicode, no controls, bidi or mentions),
 * never markdown, cut on a grapheme boundary at most `max` average letters wide (so a line fits a phone whatever the
 * alphabet). Boards and history show names as written up to TEXT_LIMITS.boardName letters.
 */
export function plainName(name: string, max: number = TEXT_LIMITS.boardName): string {
  const parts = [...graphemes.segment(safeText(name, { max: TEXT_LIMITS.displayName }))].map((s) => s.segment);
  let width = 0;
  let cut = parts.length;
  for (let i = 0; i < parts.length; i++) {
    width += charWidth(parts[i]!);
    if (width > max) {
      cut = i;
      break;
    }
  }
  // Room for the ellipsis: drop one more grapheme when cut.
  const short = cut < parts.length ? `${parts.slice(0, Math.max(1, cut - 1)).join('')}…` : parts.join('');
  return short.replace(/[\\`*_~|>#[\]]/g, '\\$&') || '?';
}

export { thousands };

/**
 * The line a daily game's message starts with: which day and whether it counts while it runs; once over, the share
 * card of a scored run, or the practice mark. '' for any other game. In `locale`, else the game's own language.
 */
export function dailyLine(
  game: { state: Pick<GameState, 'status' | 'summary' | 'config'>; meta: { daily?: DailyMark; locale?: Locale } },
  locale: Locale = game.meta.locale ?? DEFAULT_LOCALE,
): string {
  const daily = game.meta.daily;
  if (!daily) return '';
  const summary = game.state.summary;
  if (!daily.scored) return t(locale, 'daily.line.practice', { day: dayNumber(daily.day) });
  if (game.state.status !== 'over' || !summary) return t(locale, 'daily.line.scored', { day: dayNumber(daily.day) });
  return shareCard(daily.day, summary, scoreRun(summary), game.state.config.maxDepth, locale);
}
