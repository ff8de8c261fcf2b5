/**
 * The rolling log: the shared message's last lines across actions, each saying who did what ("Alice hits the goblin
 * for 3."), with walks summarised ("Alice walks 7 steps and stops: a monster is in view."). The caller stores it
 * between actions and passes it back with each turn's events.
 */
import type { ActorRef, GameEvent } from '../engine/types.js';
import { describeEventWith, isLogWorthy, STOP_REASON } from './events.js';
import { hudName } from './hud.js';
import { truncate } from './text.js';

/**
 * Most lines the rolling log keeps in the game's meta: the shared message shows the last 5, the private view the last
 * 12, /rogue log all of them (30 lines of names of at most 32 characters stay a few KB per channel).
 */
export const ROLLING_LOG_LINES = 30;
/** Longest one line may be, in code points (12 lines of 80 fit a 1,024 field). */
export const ROLLING_LOG_LINE_MAX = 80;

function sameActor(a: ActorRef, b: ActorRef): boolean {
  return a.kind === b.kind && a.id === b.id;
}

/** Lines for one turn's events, in the third person: consecutive moves of one player become one "walks N steps" line, joined with the stop that ends them. */
export function turnLines(events: readonly GameEvent[]): string[] {
  const out: string[] = [];
  const used = new Set<number>();
  const walked = (who: ActorRef & { kind: 'player' }, steps: number, stop: string): string =>
    `${hudName(who.name)} walks ${steps} ${steps === 1 ? 'step' : 'steps'}${stop}.`;
  for (let i = 0; i < events.length; i++) {
    if (used.has(i)) continue;
    const e = events[i]!;
    if (e.type === 'run-stopped' && e.who.kind === 'player') {
      out.push(walked(e.who, e.steps, ` and stops: ${STOP_REASON[e.reason]}`));
      continue;
    }
    if (e.type !== 'moved' || e.who.kind !== 'player') {
      if (isLogWorthy(e)) out.push(describeEventWith(e, null, hudName));
      continue;
    }
    let steps = 1;
    for (let j = i + 1; j < events.length; j++) {
      const next = events[j]!;
      if (next.type === 'moved' && sameActor(next.who, e.who)) {
        steps++;
        used.add(j);
      } else if (next.type === 'run-stopped' && sameActor(next.who, e.who)) {
        // The stop that ends this walk closes the sentence (it counts the steps itself).
        out.push(walked(e.who, next.steps, ` and stops: ${STOP_REASON[next.reason]}`));
        used.add(j);
        steps = 0;
        break;
      } else if (next.type !== 'moved') break;
    }
    if (steps > 1) out.push(walked(e.who, steps, ''));
  }
  return out.map((l) => truncate(l, ROLLING_LOG_LINE_MAX));
}

/** The previous rolling log with this turn's lines added, keeping the newest `max` lines. */
export function mergeLog(previous: readonly string[], events: readonly GameEvent[], max: number = ROLLING_LOG_LINES): string[] {
  const merged = [...previous, ...turnLines(events)];
  return merged.slice(Math.max(0, merged.length - max)).map((l) => truncate(l, ROLLING_LOG_LINE_MAX));
}

/**
 * The rolling log's lines since a player's last action: from the newest line that starts with their name (what they
 * did) to the end, so they read what happened to them while others played; the whole log when they have no line.
 * The name is matched as the game's log writes it (plain) and as the shared message escapes it. `since`, when the
 * stored log knows it (app/rolling-log.ts sinceCount), is how many newest lines reach back to the start of that press.
 */
export function sinceLastAction(log: readonly string[], name: string, since?: number): string[] {
  if (since !== undefined) return log.slice(Math.max(0, log.length - since));
  const starts = [`${name} `, `${hudName(name)} `];
  for (let i = log.length - 1; i >= 0; i--) if (starts.some((s) => log[i]!.startsWith(s))) return log.slice(i);
  return [...log];
}
