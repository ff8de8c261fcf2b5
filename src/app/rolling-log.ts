/**
 * The game's rolling log: the last ROLLING_LOG_LINES lines across actions, kept in meta, so a member who was hit
 * while idle still reads it after others act. Lines name who did what (third person, no "you"); a run of steps is one
 * line, and the same line repeated in a row is counted ("Bo waits. (×3)"). The views helper's pure merge in
 * src/render may replace this function: it is the one place the service calls.
 */
import type { GameEvent, GameState } from '../engine/types.js';
import { describeEvent } from '../render/index.js';
import { isLogWorthy } from '../render/events.js';
import { ROLLING_LOG_LINES } from '../render/rolling-log.js';

/** Lines the rolling log keeps (one constant for the service, the views and /rogue log). */
export { ROLLING_LOG_LINES };

const REPEAT = / \(×(\d+)\)$/;

/** The log after one accepted step: `previous` lines, then this step's events worded, the oldest dropped beyond the limit. */
export function rollLog(previous: readonly string[], events: readonly GameEvent[], _state: GameState): string[] {
  const out = [...previous];
  for (const line of eventLines(events)) {
    const last = out[out.length - 1];
    const base = last?.replace(REPEAT, '');
    if (last !== undefined && base === line) out[out.length - 1] = `${line} (×${Number(REPEAT.exec(last)?.[1] ?? 1) + 1})`;
    else out.push(line);
  }
  return out.slice(-ROLLING_LOG_LINES);
}

/** One step's events as log lines: a player's steps without a stop line become "Ann walks 3 steps.". */
function eventLines(events: readonly GameEvent[]): string[] {
  const steps = new Map<string, { name: string; steps: number; at: number }>();
  const stopped = new Set<string>();
  const lines: { at: number; text: string }[] = [];
  events.forEach((e, at) => {
    if (e.type === 'moved' && e.who.kind === 'player') {
      const s = steps.get(e.who.id) ?? { name: e.who.name, steps: 0, at };
      s.steps++;
      steps.set(e.who.id, s);
    }
    if (e.type === 'run-stopped' && e.who.kind === 'player') stopped.add(e.who.id);
    if (isLogWorthy(e)) {
      const text = describeEvent(e, null);
      if (text.length > 0) lines.push({ at, text });
    }
  });
  for (const [id, s] of steps) {
    if (stopped.has(id)) continue;
    const walked = describeEvent({ type: 'moved', who: { kind: 'player', id, name: s.name }, x: 0, y: 0 }, null);
    lines.push({ at: s.at, text: s.steps === 1 ? walked : walked.replace(/ moves\.$/, ` walks ${s.steps} steps.`) });
  }
  return lines.sort((a, b) => a.at - b.at).map((l) => l.text);
}
