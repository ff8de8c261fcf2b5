/**
 * The game service, announcing every turn it saves on the turn bus: wrapped once in main, so chat presses, slash
 * commands, full-view moves and the round timer all reach the open views, whichever replica served them. Every
 * method is passed through unchanged; a result that carries a game view (a GameView, `{ view }`, or a list of them)
 * is announced after it returns, with the view itself for this replica's own listeners. Publishing is best-effort: a
 * bus outage never fails a turn (views catch up on the next note or on reconnect).
 */
import type { GameView } from '../../app/service-types.js';
import type { TurnNote } from './turn-bus.js';

function isView(v: unknown): v is GameView {
  return typeof v === 'object' && v !== null && 'key' in v && 'state' in v && 'meta' in v;
}

/** The game views a service result carries (none for a failure). */
export function viewsOf(result: unknown): GameView[] {
  if (Array.isArray(result)) return result.filter(isView);
  if (typeof result !== 'object' || result === null || !('ok' in result) || result.ok !== true || !('value' in result)) return [];
  const v = result.value;
  if (isView(v)) return [v];
  if (typeof v === 'object' && v !== null && 'view' in v && isView(v.view)) return [v.view];
  return [];
}

/** Methods that only read: never announced (a view reloading on a note must not announce another). */
const READS = new Set<PropertyKey>(['view', 'cached', 'load']);

/** `service` with every saved turn published through `publish` (stamped with `now()`). */
export function withTurnNotes<T extends object>(service: T, publish: (note: TurnNote) => Promise<void>, now: () => number = Date.now): T {
  const announce = (result: unknown): void => {
    for (const v of viewsOf(result)) {
      const note = { ...v.key, version: v.state.version, game: v.meta.createdAt, at: now(), view: v };
      publish(note).catch(() => {});
    }
  };
  return new Proxy(service, {
    get(target, prop, receiver) {
      const value: unknown = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function' || prop === 'constructor') return value;
      // Called on the service itself, so its own internal calls are never announced twice.
      const fn = (value as (...a: unknown[]) => unknown).bind(target);
      if (READS.has(prop)) return fn;
      return (...args: unknown[]) => {
        const out: unknown = fn(...args);
        if (out instanceof Promise) return out.then((r: unknown) => (announce(r), r));
        return out;
      };
    },
  });
}
