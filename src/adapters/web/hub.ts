/**
 * The full view's sockets: one WebSocket per open view, opened with a single-use ticket and bound to its session's
 * channel. A view gets a frame when it opens and after every turn the bus announces. A turn saved on this replica
 * arrives with its view (no reload); turns saved in one tick are sent once, the newest; a turn from another replica
 * arrives with its digest (its frames in this replica's views' languages, which presence tells the others), else it
 * is reloaded once per game however many views it has here. Each turn's frame is encoded once per game (TurnFrames:
 * the shared body serialised once, each view adds its own `you`), and the terrain goes out only when it changed
 * since the socket's previous frame. A move is the same exactly-once call a button press makes, keyed by the client's
 * move id, so a move retried over a flaky connection is applied once.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { failureText } from '../../../commands/replies.js';
import type { Clock, Logger } from '../../app/ports.js';
import type { ChannelKey, GameServiceApi, GameView, PlayerAction } from '../../app/service-types.js';
import { encodeChannelKey } from '../../app/game-codec.js';
import type { WebAuthStore, WebSession } from './auth-store.js';
import { digestOf, digestSource, TurnFrames, viewSource, type FrameSource, type TurnDigest, type Viewer } from './frame.js';
import { DEFAULT_LOCALE, t, type Locale } from '../../i18n/index.js';
import { ClientMessageSchema, type ClientMessage, type WireMessage } from './protocol.js';
import { MemoryPresence, type Presence } from './presence.js';
import type { TurnBus, TurnNote } from './turn-bus.js';

/** What the hub needs. `games` is the publishing service (moves announce themselves). */
export interface HubDeps {
  games: GameServiceApi;
  auth: WebAuthStore;
  bus: TurnBus;
  clock: Clock;
  logger: Logger;
  /** Told of every turn a full-view move made (the chat message's pointer refresh). */
  onMove?: (view: GameView) => void;
  /** Told when a party member opens or closes a view of a game (the chat message turns into a pointer, or back). */
  onPresence?: (key: ChannelKey) => void;
  /** Moves per second a socket may send (burst twice that); default 10. */
  movesPerSecond?: number;
  /** Who is in the full view across replicas (default: this process only). The hub closes it. */
  presence?: Presence;
}

interface View {
  socket: WebSocket;
  session: WebSession;
  /** Token bucket of moves. */
  tokens: number;
  refilledAt: number;
  alive: boolean;
  /** The game, version and terrain of the last frame sent on this socket (a frame is never older; terrain is sent when it changed). */
  game: number;
  version: number;
  terrain: string | null;
}

interface Game {
  views: Set<View>;
  unsubscribe: Promise<() => Promise<void>>;
  /** A reload in flight, and whether another note came meanwhile. */
  loading: boolean;
  again: boolean;
  lastAt: number;
  /** The newest view this replica saved, waiting for the next tick (turns made in one tick are sent once, the newest). */
  pending: { view: GameView; at: number } | null;
}

/** The running hub. */
export interface Hub {
  /** Takes an HTTP upgrade on the socket path; refuses it (401) without a valid ticket. */
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer, ticket: string | null): void;
  /** Open views per game (tests, the chat pointer). */
  viewCount(key: ChannelKey): number;
  /** The names of the party members with a view of the game open, on any replica, each once (spectators left out). */
  players(key: ChannelKey): string[];
  close(): Promise<void>;
}

function send(socket: WebSocket, msg: WireMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
}

function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** The language a view speaks. */
const localeOf = (v: View): Locale => v.session.locale ?? DEFAULT_LOCALE;

/** Whether `view` is newer than (or the same turn as) what `v` last got: an older frame is never sent after a newer. */
const notOlder = (v: View, frames: TurnFrames): boolean => v.game !== frames.game || v.version <= frames.version;

/** Starts the hub (its own heartbeat; the HTTP server hands it upgrades). */
export function createHub(deps: HubDeps): Hub {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });
  const games = new Map<string, Game>();
  const rate = deps.movesPerSecond ?? 10;
  const presence = deps.presence ?? new MemoryPresence();

  /**
   * Tells the presence who of the party has a view of the game open here and the languages of all its views here;
   * then, when a party member came or went, the chat message.
   */
  const present = (key: ChannelKey, game: Game | undefined, party: boolean): void => {
    const views = [...(game?.views ?? [])];
    const users = views.filter((v) => !v.session.spectator).map((v) => ({ id: v.session.user.id, name: v.session.user.name }));
    presence.set(key, users, views.map(localeOf));
    if (party) deps.onPresence?.(key);
  };

  const viewerOf = (v: View): Viewer => {
    const { user, spectator } = v.session;
    return { id: user.id, name: user.name, spectator, locale: localeOf(v) };
  };

  /** Sends one turn's frame (encoded once for the game) to `views`; returns those it has nothing for (their language). */
  const sendFrames = (views: Iterable<View>, frames: TurnFrames): View[] => {
    const missed: View[] = [];
    for (const v of views) {
      if (v.socket.readyState !== v.socket.OPEN || !notOlder(v, frames)) continue;
      const viewer = viewerOf(v);
      const terrain = frames.terrain(viewer);
      const msg = terrain === null ? null : frames.message(viewer, v.terrain === terrain);
      if (!msg) {
        missed.push(v);
        continue;
      }
      v.socket.send(msg, { binary: false });
      v.game = frames.game;
      v.version = frames.version;
      v.terrain = terrain;
    }
    return missed;
  };

  /** The frames of a saved view, made once however many paths ask (this replica's views, the other replicas' digest). */
  const sources = new WeakMap<GameView, FrameSource>();
  const sourceOf = (view: GameView): FrameSource => {
    let s = sources.get(view);
    if (!s) sources.set(view, (s = viewSource(view, deps.clock.now())));
    return s;
  };
  const framesOf = (game: GameView, sentAt: number): TurnFrames => new TurnFrames(sourceOf(game), sentAt);

  // A turn saved here travels to the other replicas with its frames in the languages of their views of the game.
  deps.bus.setDigest?.((view) => {
    const locales = presence.remoteLocales(view.key);
    return locales.length > 0 ? digestOf(sourceOf(view), locales) : undefined;
  });

  /** The views of a game get `view` (saved on this replica) on the next tick, the newest of the tick's turns only. */
  function deliver(id: string, view: GameView, at: number): void {
    const game = games.get(id);
    if (!game) return;
    const p = game.pending;
    const newer = !p || p.view.meta.createdAt !== view.meta.createdAt || p.view.state.version <= view.state.version;
    if (newer) game.pending = { view, at };
    if (p) return;
    setImmediate(() => {
      const g = games.get(id);
      const next = g?.pending;
      if (!g || !next) return;
      g.pending = null;
      try {
        sendFrames(g.views, framesOf(next.view, next.at));
      } catch (err) {
        deps.logger.warn('full view: a fan-out failed', { err: err instanceof Error ? err.message : 'unknown', ...next.view.key });
      }
    });
  }

  /**
   * A turn made on another replica, with its digest: sent as it came; the views it has nothing for (a language
   * it was not made in: presence had not caught up) get the game reloaded.
   */
  function digested(id: string, key: ChannelKey, note: TurnNote & { digest: TurnDigest }): void {
    const game = games.get(id);
    const source = digestSource(note.digest);
    if (!game || !source) return void reload(id, key);
    try {
      if (sendFrames(game.views, new TurnFrames(source, note.at)).length > 0) void reload(id, key);
    } catch (err) {
      deps.logger.warn('full view: a fan-out failed', { err: err instanceof Error ? err.message : 'unknown', ...key });
    }
  }

  /** A turn made on another replica: the game is reloaded once for all its views here, however many notes came. */
  async function reload(id: string, key: ChannelKey): Promise<void> {
    const game = games.get(id);
    if (!game) return;
    if (game.loading) {
      game.again = true;
      return;
    }
    game.loading = true;
    try {
      do {
        game.again = false;
        const r = await deps.games.view(key);
        if (!r.ok) {
          for (const v of game.views) send(v.socket, { t: 'error', message: failureText(r.error, localeOf(v)) });
          continue;
        }
        sendFrames(game.views, framesOf(r.value, game.lastAt));
      } while (game.again);
    } catch (err) {
      deps.logger.warn('full view: a reload failed', { err: err instanceof Error ? err.message : 'unknown', ...key });
    } finally {
      game.loading = false;
    }
  }

  function join(view: View): void {
    const key = view.session.key;
    const id = encodeChannelKey(key);
    let game = games.get(id);
    if (!game) {
      const idle = Promise.resolve(async () => {});
      const g: Game = { views: new Set(), loading: false, again: false, lastAt: deps.clock.now(), pending: null, unsubscribe: idle };
      g.unsubscribe = deps.bus.subscribe(key, (note: TurnNote) => {
        if (note.view) return deliver(id, note.view, note.at);
        g.lastAt = note.at;
        if (note.digest) return digested(id, key, { ...note, digest: note.digest });
        void reload(id, key);
      });
      games.set(id, (game = g));
    }
    game.views.add(view);
    present(key, game, !view.session.spectator);
    // The first frame (to this view only), once the subscription is live: nothing announced after it can be missed.
    void game.unsubscribe
      .then(() => deps.games.view(key))
      .then((r) => {
        if (r.ok) sendFrames([view], framesOf(r.value, deps.clock.now()));
        else send(view.socket, { t: 'error', message: failureText(r.error, localeOf(view)) });
      })
      .catch(() => send(view.socket, { t: 'error', message: t(localeOf(view), 'reply.internal-error') }));
  }

  function leave(view: View): void {
    const id = encodeChannelKey(view.session.key);
    const game = games.get(id);
    if (!game?.views.delete(view)) return;
    present(view.session.key, game, !view.session.spectator);
    if (game.views.size > 0) return;
    games.delete(id);
    void game.unsubscribe.then((stop) => stop()).catch(() => {});
  }

  function allow(view: View): boolean {
    const now = deps.clock.now();
    view.tokens = Math.min(rate * 2, view.tokens + ((now - view.refilledAt) / 1000) * rate);
    view.refilledAt = now;
    if (view.tokens < 1) return false;
    view.tokens -= 1;
    return true;
  }

  async function onMessage(view: View, raw: string): Promise<void> {
    let msg: ClientMessage;
    try {
      const parsed = ClientMessageSchema.safeParse(JSON.parse(raw));
      if (!parsed.success) return send(view.socket, { t: 'error', message: t(localeOf(view), 'web.move.not-understood') });
      msg = parsed.data;
    } catch {
      return send(view.socket, { t: 'error', message: t(localeOf(view), 'web.move.not-understood') });
    }
    if (msg.t === 'ping') return send(view.socket, { t: 'pong' });
    const refuse = (reason: string): void => send(view.socket, { t: 'ack', id: msg.id, ok: false, reason });
    if (view.session.spectator) return refuse(t(localeOf(view), 'web.move.watching'));
    if (!allow(view)) return refuse(t(localeOf(view), 'web.move.too-fast'));
    const { key, user } = view.session;
    const r = await deps.games.act(key, user, msg.action as PlayerAction, { seenVersion: msg.seen, expectedGame: msg.game, interactionId: `web:${user.id}:${msg.id}` });
    if (!r.ok) return refuse(failureText(r.error, localeOf(view)));
    send(view.socket, { t: 'ack', id: msg.id, ok: true, version: r.value.state.version });
    deps.onMove?.(r.value);
  }

  function open(socket: WebSocket, session: WebSession): void {
    const now = deps.clock.now();
    const view: View = { socket, session, tokens: rate * 2, refilledAt: now, alive: true, game: -1, version: -1, terrain: null };
    socket.on('pong', () => (view.alive = true));
    socket.on('message', (data) => {
      onMessage(view, String(data)).catch((err: unknown) => {
        deps.logger.warn('full view: a move failed', { err: err instanceof Error ? err.message : 'unknown' });
        send(socket, { t: 'error', message: t(localeOf(view), 'reply.internal-error') });
      });
    });
    socket.on('close', () => leave(view));
    socket.on('error', () => socket.terminate());
    join(view);
  }

  // Dead sockets (a phone that went to sleep) are dropped after one missed heartbeat.
  const heartbeat = setInterval(() => {
    for (const g of games.values())
      for (const v of g.views) {
        if (!v.alive) v.socket.terminate();
        else {
          v.alive = false;
          v.socket.ping();
        }
      }
  }, 30_000);
  heartbeat.unref();

  return {
    upgrade(req, socket, head, ticket) {
      void (async () => {
        const sid = ticket ? await deps.auth.takeTicket(ticket) : null;
        const session = sid ? await deps.auth.getSession(sid) : null;
        if (!session) return refuseUpgrade(socket, 401, 'Unauthorized');
        wss.handleUpgrade(req, socket, head, (ws) => open(ws, session));
      })().catch(() => refuseUpgrade(socket, 503, 'Service Unavailable'));
    },
    viewCount: (key) => games.get(encodeChannelKey(key))?.views.size ?? 0,
    players: (key) => presence.players(key),
    async close() {
      clearInterval(heartbeat);
      await presence.close();
      for (const g of games.values()) for (const v of g.views) v.socket.close(1001, 'server going away');
      await new Promise<void>((r) => wss.close(() => r()));
    },
  };
}
