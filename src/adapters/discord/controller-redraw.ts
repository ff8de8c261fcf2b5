/**
 * Keeps open private controllers up to date in rounds mode. A controller (🎮, /rogue me, or a press on one) is an
 * ephemeral message that only its interaction's token can edit, for 15 minutes. Each one opened is registered here
 * with a way to edit it; when a round resolves, every controller open in that channel is redrawn from the new view.
 *
 * - Coalesced per player: one controller per (channel, player), the newest wins; at most one edit in flight for it,
 *   and while one is, only the newest view waits (older ones are dropped).
 * - Never delays an answer: roundResolved() only queues; the edits run on their own.
 * - Before the token runs out (EXPIRE_AFTER_MS after the controller was opened), the controller is edited once more to
 *   say so, with a 🎮 button that opens a fresh one; after that it is forgotten.
 */
import { encodeButtonId, gameTag } from '../../../commands/controls/custom-id.js';
import { VERB_TABLE } from '../../../commands/controls/buttons.js';
import type { ChannelKey, GameView } from '../../app/service-types.js';
import type { Logger } from '../../app/ports.js';
import type { OutgoingMessage } from './types.js';

/** How long Discord lets an interaction token edit its messages. */
export const TOKEN_LIFE_MS = 15 * 60_000;
/** When a controller is told it has expired: a minute before its token does, so the edit still goes through. */
export const EXPIRE_AFTER_MS = TOKEN_LIFE_MS - 60_000;

/** What the controller says when its token is about to run out. */
export const EXPIRED_TEXT = 'This controller can no longer be updated (Discord allows 15 minutes). Press 🎮 for a fresh one.';

/** One open controller: whose, where, when opened, how to draw it and how to edit it. */
export interface OpenController {
  key: ChannelKey;
  userId: string;
  /** The view it shows now (its version and game tag make the fresh 🎮 button). */
  view: GameView;
  /** Draws the controller of `view` for this player (their prefs). */
  draw: (view: GameView) => Promise<OutgoingMessage>;
  /** Edits the controller message (PATCH @original through the interaction's token). */
  edit: (msg: OutgoingMessage) => Promise<void>;
}

interface Entry extends OpenController {
  openedAt: number;
  pending: GameView | null;
  running: Promise<void> | null;
  timer: ReturnType<typeof setTimeout> | null;
}

/** The redraw registry (one per process). */
export interface ControllerRedraws {
  /** Registers a controller just answered; replaces that player's older one in the channel. */
  open(c: OpenController): void;
  /**
   * A round of `view.key` resolved (timer, last member acting, standing order): redraw that channel's controllers
   * (queued, never awaited by answers), except `skipUserId`'s when the answer itself redraws theirs.
   */
  roundResolved(view: GameView, skipUserId?: string): void;
  /** Waits for the edits in flight (tests, shutdown). */
  settle(): Promise<void>;
  /** Forgets everything and stops the expiry timers. */
  close(): void;
  /** Controllers open now (for tests and metrics). */
  readonly size: number;
}

/** The message that tells a controller it expired, with a 🎮 button for a fresh one. */
export function expiredMessage(view: GameView): OutgoingMessage {
  const me = VERB_TABLE.me;
  return {
    content: EXPIRED_TEXT,
    embeds: [],
    attachments: [],
    components: [
      {
        type: 1,
        components: [{ type: 2, style: 1, custom_id: encodeButtonId({ verb: 'me', version: view.state.version, game: gameTag(view.meta.createdAt) }), label: me.label, emoji: { name: me.emoji } }],
      },
    ],
  };
}

const idOf = (key: ChannelKey, userId: string): string => `${key.guildId}/${key.channelId}/${userId}`;

/** Creates the registry; `now` is the clock the tests fake, timers use setTimeout (vitest's fake timers drive both). */
export function createControllerRedraws(deps: { now: () => number; logger: Logger }): ControllerRedraws {
  const open = new Map<string, Entry>();

  const forget = (id: string, e: Entry): void => {
    if (open.get(id) !== e) return;
    if (e.timer) clearTimeout(e.timer);
    open.delete(id);
  };

  const pump = (id: string, e: Entry): void => {
    if (e.running) return;
    e.running = (async () => {
      while (e.pending && open.get(id) === e) {
        const view = e.pending;
        e.pending = null;
        try {
          await e.edit(await e.draw(view));
          e.view = view;
        } catch (err) {
          // The message is gone or the token expired: nothing more can be drawn on it.
          deps.logger.info('controller redraw failed; forgetting it', { ...e.key, err: String(err) });
          forget(id, e);
        }
      }
    })().finally(() => {
      e.running = null;
    });
  };

  const expire = (id: string, e: Entry): void => {
    if (open.get(id) !== e) return;
    e.timer = null;
    e.pending = null;
    const last = e.running ?? Promise.resolve();
    open.delete(id);
    // After any redraw in flight, the last edit this token may make.
    e.running = last
      .then(() => e.edit(expiredMessage(e.view)))
      .catch((err: unknown) => deps.logger.info('could not mark a controller expired', { ...e.key, err: String(err) }))
      .finally(() => {
        e.running = null;
      });
    settling.add(e.running);
    void e.running.finally(() => settling.delete(e.running!));
  };
  const settling = new Set<Promise<void>>();

  return {
    open(c) {
      const id = idOf(c.key, c.userId);
      const old = open.get(id);
      if (old) forget(id, old);
      const e: Entry = { ...c, openedAt: deps.now(), pending: null, running: null, timer: null };
      e.timer = setTimeout(() => expire(id, e), EXPIRE_AFTER_MS);
      open.set(id, e);
    },
    roundResolved(view, skipUserId) {
      for (const [id, e] of open) {
        if (e.key.guildId !== view.key.guildId || e.key.channelId !== view.key.channelId || e.userId === skipUserId) continue;
        if (deps.now() - e.openedAt >= EXPIRE_AFTER_MS) {
          expire(id, e);
          continue;
        }
        // The newest view wins; an older one still waiting is dropped.
        if (!e.pending || e.pending.state.version <= view.state.version) e.pending = view;
        pump(id, e);
      }
    },
    async settle() {
      for (let i = 0; i < 10; i++) {
        const busy = [...[...open.values()].map((e) => e.running), ...settling].filter((p): p is Promise<void> => p !== null);
        if (busy.length === 0) return;
        await Promise.all(busy);
      }
    },
    close() {
      for (const e of open.values()) if (e.timer) clearTimeout(e.timer);
      open.clear();
    },
    get size() {
      return open.size;
    },
  };
}
