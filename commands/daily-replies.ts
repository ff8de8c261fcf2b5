/** Texts of `/rogue daily`, `/rogue board` and `/rogue history`: short lines that fit a 360 px phone, names never mentions. */
import { OUTCOMES, plainName, thousands } from '../src/app/daily/cards.js';
import { PENDING_CLAIM_MS } from '../src/app/daily/attempts.js';
import { dayLabel, dayNumber } from '../src/app/daily/day.js';
import type { BoardView } from '../src/app/daily/daily-service.js';
import type { HistoryEntry, RankedEntry } from '../src/app/daily/ports.js';

/** The daily is turned off on this server. */
export const DAILY_OFF_TEXT = 'The daily dungeon is off on this server. An admin can turn it on with `/rogue-config set daily:true`.';

/** Shown where no daily service is wired (the terminal game without one). */
export const DAILY_UNAVAILABLE_TEXT = 'The daily dungeon, boards and history are not available here.';

/** The scored attempt of today is taken (or still being started): the offer of a practice run. */
export function attemptUsedText(day: number, starting = false): string {
  return [
    starting
      ? `Your scored attempt at Daily #${dayNumber(day)} is being started right now. If no game appears, try \`/rogue daily\` again in ${PENDING_CLAIM_MS / 1000} seconds.`
      : `You have already used today's scored attempt at Daily #${dayNumber(day)} (one per day, on every server).`,
    '`/rogue daily practice:true` plays the same dungeon as a 🧪 practice run: it never reaches a board. A new daily opens at 00:00 UTC.',
  ].join('\n');
}

/** One board line: rank, name (as written, up to TEXT_LIMITS.boardName letters), outcome, score, depth, turns. */
export function boardLine(e: RankedEntry): string {
  return `**${e.rank}.** ${plainName(e.name)} ${OUTCOMES[e.outcome].emoji} ${thousands(e.score)} d${e.depth} ${e.turns}t`;
}

/** The title of a board. */
export function boardTitle(view: BoardView): string {
  const b = view.board;
  if (b.scope === 'all-time') return "🏅 This server's all-time best";
  return `📅 Daily #${dayNumber(b.day)} · ${b.scope === 'global' ? 'every server' : 'this server'}`;
}

/** The whole board: title, the top lines, the asker's own line below them, and how ties are broken. */
export function boardText(view: BoardView): string {
  const lines = [boardTitle(view)];
  if (view.top.length === 0) lines.push('No runs yet. `/rogue daily` to be first.');
  else lines.push(...view.top.map(boardLine));
  if (view.own) lines.push('…', 'Your rank:', boardLine(view.own));
  lines.push('Score, depth (d), turns (t).', 'Ties: the earlier finish first.');
  return lines.join('\n');
}

/** One history line: date, players, and the recap. */
export function historyLine(e: HistoryEntry): string {
  const day = Math.floor(e.endedAt / 86_400_000);
  const tag = e.daily ? (e.daily.scored ? ` 📅#${dayNumber(e.daily.day)}` : ' 🧪') : '';
  const names = e.players.map((p) => plainName(p.name, 12)).join(', ');
  return `${dayLabel(day)}${tag} · ${names}: ${e.recap}`;
}

/** A history list with its title. */
export function historyText(entries: HistoryEntry[], whose: 'channel' | 'user'): string {
  const title = whose === 'channel' ? "📜 This channel's last runs" : '📜 Their last runs';
  if (entries.length === 0) return `${title}\nNo finished runs yet.`;
  return [title, ...entries.map(historyLine)].join('\n').slice(0, 2000);
}
