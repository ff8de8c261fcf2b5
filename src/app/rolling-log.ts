/**
 * The game's rolling log: the last ROLLING_LOG_LINES lines across actions, kept in meta, so a member who was hit
 * while idle still reads it after others act. Lines are language-neutral messages (render/log-message.ts) naming who
 * did what (third person, no "you"), worded in each reader's language when shown; a run of steps is one line, and
 * the same line repeated in a row is counted ("Bo waits. (×3)").
 */
import type { GameEvent, GameState } from '../engine/types.js';
import { eventMsg, isLogWorthy } from '../render/events.js';
import { formatMsg, msg, sameLine, type LogLine, type LogMsg } from '../render/log-message.js';
import { ROLLING_LOG_LINES } from '../render/rolling-log.js';
import { pressRecap, RECAP_KEYS } from '../render/recap.js';
import { cleanName } from '../render/text.js';
import type { Locale } from '../i18n/index.js';

/** Lines the rolling log keeps (one constant for the service, the views and /rogue log). */
export { ROLLING_LOG_LINES };

/** A repeated line, counted: the line and how many times in a row. */
const REPEAT_KEY = 'log.repeat';
/** English lines of older saves count their repeats in the text itself. */
const REPEAT_TEXT = / \(×(\d+)\)$/;

/** The line a possibly counted entry repeats, and how many times it stands. */
function unrepeated(line: LogLine): { base: LogLine; count: number } {
  if (typeof line === 'string') {
    const m = REPEAT_TEXT.exec(line);
    return { base: line.replace(REPEAT_TEXT, ''), count: Number(m?.[1] ?? 1) };
  }
  if (line.k === REPEAT_KEY && typeof line.v?.line === 'object' && typeof line.v.count === 'number') return { base: line.v.line, count: line.v.count };
  return { base: line, count: 1 };
}

/** The log after one accepted step: `previous` lines, then this step's events as messages, the oldest dropped beyond the limit. */
export function rollLog(previous: readonly LogLine[], events: readonly GameEvent[], state: GameState): LogLine[] {
  const out = [...previous];
  let start = out.length;
  for (const line of eventLines(events)) {
    const last = out[out.length - 1];
    const before = last === undefined ? null : unrepeated(last);
    if (before && sameLine(before.base, line)) {
      out[out.length - 1] = msg(REPEAT_KEY, { line, count: before.count + 1 });
      start = Math.min(start, out.length - 1);
    } else out.push(line);
  }
  // A press that ran several turns ends with its recap, which remembers how many lines the press wrote before it.
  const recap = pressRecap(events, out.length - start, state.players.length === 1);
  if (recap) out.push(recap);
  return out.slice(-ROLLING_LOG_LINES);
}

/** The player a stored line is about (its `actor` when it is a name), or null. */
function actorOf(line: LogLine): string | null {
  if (typeof line === 'string') return null;
  const inner = line.k === REPEAT_KEY && typeof line.v?.line === 'object' ? line.v.line : line;
  return typeof inner.v?.actor === 'string' ? inner.v.actor : null;
}

/**
 * How many of the newest lines are "since `name`'s last action": from the start of their last press (a recap reaches
 * back over the lines its press wrote) to the end; undefined when the log has no line of theirs in message form.
 */
export function sinceCount(log: readonly LogLine[] | undefined, name: string): number | undefined {
  const lines = log ?? [];
  const names = new Set([name, cleanName(name)]);
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (!names.has(actorOf(line) ?? '')) continue;
    const wrote = typeof line === 'object' && RECAP_KEYS.has(line.k) && typeof line.v?.lines === 'number' ? line.v.lines : 0;
    return lines.length - Math.max(0, i - wrote);
  }
  return undefined;
}

/** One step's events as log messages: a player's steps without a stop line become "Ann walks 3 steps.". */
function eventLines(events: readonly GameEvent[]): LogMsg[] {
  const steps = new Map<string, { name: string; steps: number; at: number }>();
  const stopped = new Set<string>();
  const lines: { at: number; line: LogMsg }[] = [];
  events.forEach((e, at) => {
    if (e.type === 'moved' && e.who.kind === 'player') {
      const s = steps.get(e.who.id) ?? { name: e.who.name, steps: 0, at };
      s.steps++;
      steps.set(e.who.id, s);
    }
    if (e.type === 'run-stopped' && e.who.kind === 'player') stopped.add(e.who.id);
    if (isLogWorthy(e)) lines.push({ at, line: eventMsg(e, null) });
  });
  for (const [id, s] of steps) {
    if (stopped.has(id)) continue;
    const moved = eventMsg({ type: 'moved', who: { kind: 'player', id, name: s.name }, x: 0, y: 0 }, null);
    lines.push({ at: s.at, line: s.steps === 1 ? moved : msg('log.walked', { actor: s.name, steps: s.steps }) });
  }
  return lines.sort((a, b) => a.at - b.at).map((l) => l.line);
}

/** The stored log worded for a reader in `locale` (an English line of an older save stays as it is). */
export function logText(log: readonly LogLine[] | undefined, locale?: Locale): string[] {
  return (log ?? []).map((l) => formatMsg(l, locale)).filter((l) => l.length > 0);
}

/** The last `n` lines of logText, worded from the end: the shared message shows one line, not the 30 kept. */
export function lastLogText(log: readonly LogLine[] | undefined, locale: Locale | undefined, n: number): string[] {
  const out: string[] = [];
  const lines = log ?? [];
  for (let i = lines.length - 1; i >= 0 && out.length < n; i--) {
    const text = formatMsg(lines[i]!, locale);
    if (text.length > 0) out.push(text);
  }
  return out.reverse();
}
