/** Texts of `/rogue daily`, `/rogue board` and `/rogue history`: short lines that fit a 360 px phone, names never mentions. */
import { OUTCOMES, plainName } from '../src/app/daily/cards.js';
import { PENDING_CLAIM_MS } from '../src/app/daily/attempts.js';
import { dayLabel, dayNumber } from '../src/app/daily/day.js';
import type { BoardView } from '../src/app/daily/daily-service.js';
import type { HistoryEntry, RankedEntry } from '../src/app/daily/ports.js';
import { DEFAULT_LOCALE, t, type Locale } from '../src/i18n/index.js';
import { TEXT_LIMITS } from '../src/text/safe-text.js';

/** The daily is turned off on this server, in the reader's language. */
export function dailyOffText(locale: Locale = DEFAULT_LOCALE): string {
  return t(locale, 'daily.off');
}

/** Shown where no daily service is wired (the terminal game without one). */
export function dailyUnavailableText(locale: Locale = DEFAULT_LOCALE): string {
  return t(locale, 'daily.unavailable');
}

/** The scored attempt of today is taken (or still being started): the offer of a practice run. */
export function attemptUsedText(day: number, starting = false, locale: Locale = DEFAULT_LOCALE): string {
  return [
    starting
      ? t(locale, 'daily.attempt.starting', { day: dayNumber(day), secs: PENDING_CLAIM_MS / 1000 })
      : t(locale, 'daily.attempt.used', { day: dayNumber(day) }),
    t(locale, 'daily.attempt.practice'),
  ].join('\n');
}

/**
 * One board line: rank, the name as written up to TEXT_LIMITS.boardName average letters (cut on a grapheme boundary
 * beyond; each digit of a rank past two takes a wide letter's width from the name), outcome and score. Depth and turns are
 * on the share card and in /rogue history, so that a whole name fits a 360 px phone line (test/preview/daily-fit).
 */
export function boardLine(e: RankedEntry, locale: Locale = DEFAULT_LOCALE): string {
  const room = TEXT_LIMITS.boardName - 1.5 * Math.max(0, String(e.rank).length - 2);
  return t(locale, 'board.line', { rank: e.rank, name: plainName(e.name, room), emoji: OUTCOMES[e.outcome].emoji, score: e.score });
}

/** The title of a board. */
export function boardTitle(view: BoardView, locale: Locale = DEFAULT_LOCALE): string {
  const b = view.board;
  if (b.scope === 'all-time') return t(locale, 'board.title.all-time');
  return t(locale, 'board.title.day', { day: dayNumber(b.day), scope: b.scope });
}

/** The whole board in `locale`: title, the top lines, the asker's own line below them, and how ties are broken. */
export function boardText(view: BoardView, locale: Locale = DEFAULT_LOCALE): string {
  const lines = [boardTitle(view, locale)];
  if (view.top.length === 0) lines.push(t(locale, 'board.empty'));
  else lines.push(...view.top.map((e) => boardLine(e, locale)));
  if (view.own) lines.push('…', t(locale, 'board.your-rank'), boardLine(view.own, locale));
  lines.push(t(locale, 'board.legend'), t(locale, 'board.ties'));
  return lines.join('\n');
}

/**
 * One history line: date, players, and how the run went. English shows the recap stored with the run; another
 * language words it from the line's own fields (outcome, depth, turn, score), since the stored recap is English.
 */
export function historyLine(e: HistoryEntry, locale: Locale = DEFAULT_LOCALE): string {
  const day = Math.floor(e.endedAt / 86_400_000);
  const tag = e.daily ? (e.daily.scored ? ` 📅#${dayNumber(e.daily.day)}` : ' 🧪') : '';
  const names = e.players.map((p) => plainName(p.name, 12)).join(', ');
  const recap = locale === DEFAULT_LOCALE ? e.recap : t(locale, 'history.recap', { outcome: e.outcome, depth: e.depth, turns: e.turns, score: e.score });
  return `${dayLabel(day)}${tag} · ${names}: ${recap}`;
}

/** A history list with its title. */
export function historyText(entries: HistoryEntry[], whose: 'channel' | 'user', locale: Locale = DEFAULT_LOCALE): string {
  const title = t(locale, 'history.title', { whose });
  if (entries.length === 0) return `${title}\n${t(locale, 'history.empty')}`;
  return [title, ...entries.map((e) => historyLine(e, locale))].join('\n').slice(0, 2000);
}
