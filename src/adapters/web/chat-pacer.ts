/**
 * Keeps the chat message in step with turns made in the full view at a pace that fits Discord's limits: a full-view
 * turn redraws it at once when it changes level or ends the run, and otherwise at most once every `everyMs` (the
 * last turn of a burst always lands, a moment later). Chat presses redraw the message themselves, as before.
 */
import type { Clock } from '../../app/ports.js';
import type { ChannelKey, GameView } from '../../app/service-types.js';
import { encodeChannelKey } from '../../app/game-codec.js';

/** Default gap between two redraws caused by full-view turns. */
export const CHAT_REFRESH_MS = 5000;

interface Pace {
  at: number;
  depth: number;
  status: string;
  timer: ReturnType<typeof setTimeout> | null;
}

/** The pacer: tell it every full-view turn; it calls `refresh` for the channel when the chat message should follow. */
export function chatPacer(refresh: (key: ChannelKey) => void, clock: Clock, everyMs = CHAT_REFRESH_MS): { turn(view: GameView): void; close(): void } {
  const paces = new Map<string, Pace>();
  return {
    turn(view) {
      const id = encodeChannelKey(view.key);
      const now = clock.now();
      const p = paces.get(id);
      const big = !p || p.depth !== view.state.depth || p.status !== view.state.status;
      if (big || now - p.at >= everyMs) {
        if (p?.timer) clearTimeout(p.timer);
        paces.set(id, { at: now, depth: view.state.depth, status: view.state.status, timer: null });
        refresh(view.key);
        return;
      }
      if (p.timer) return;
      // The burst's last turn: redraw once the gap has passed, then forget the channel until its next turn.
      p.timer = setTimeout(() => {
        paces.delete(id);
        refresh(view.key);
      }, p.at + everyMs - now);
      p.timer.unref?.();
    },
    close() {
      for (const p of paces.values()) if (p.timer) clearTimeout(p.timer);
      paces.clear();
    },
  };
}
