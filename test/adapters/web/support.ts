/** Helpers of the full-view tests: a replica (service + web app on a free port) and a socket client that keeps what it receives. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import WebSocket from 'ws';
import { GameService } from '../../../src/app/game-service.js';
import { systemClock } from '../../../src/app/ports.js';
import type { ChannelKey, GameServiceApi } from '../../../src/app/service-types.js';
import { MemoryWebAuthStore, type WebAuthStore } from '../../../src/adapters/web/auth-store.js';
import type { DiscordIdentity } from '../../../src/adapters/web/discord-identity.js';
import type { ServerMessage, WebFrame, WireMessage } from '../../../src/adapters/web/protocol.js';
import { readMessage } from '../../../src/adapters/web/wire-frame.js';
import { withTurnNotes } from '../../../src/adapters/web/publishing-service.js';
import type { Presence } from '../../../src/adapters/web/presence.js';
import { staticFiles } from '../../../src/adapters/web/static-files.js';
import { MemoryTurnBus, type TurnBus } from '../../../src/adapters/web/turn-bus.js';
import { createWebApp, startWebServer, type WebApp, type WebServer } from '../../../src/adapters/web/web-app.js';
import type { StoreKit } from '../../app/fixtures.js';

/** One replica of the full view over a store kit. */
export interface Replica {
  games: GameServiceApi;
  app: WebApp;
  server: WebServer;
  url: string;
  close(): Promise<void>;
}

/** Starts a replica: the game service over `kit`, announcing turns on `bus`, served with the test login on. */
export async function startReplica(kit: StoreKit, opts: { bus?: TurnBus; auth?: WebAuthStore; identity?: DiscordIdentity; clientId?: string; oauth?: { redirectUri: string; authorizeUrl?: string }; testLogin?: boolean; clientDir?: string; fallback?: (req: IncomingMessage, res: ServerResponse) => void; onPresence?: (key: ChannelKey) => void; presence?: (bus: TurnBus) => Presence } = {}): Promise<Replica> {
  const bus = opts.bus ?? new MemoryTurnBus();
  const raw = new GameService({ games: kit.games, settings: kit.settings, clock: systemClock, rounds: kit.rounds, logger: kit.logger });
  const games = withTurnNotes<GameServiceApi>(raw, (n) => bus.publish(n));
  const app = createWebApp({
    games,
    auth: opts.auth ?? new MemoryWebAuthStore(systemClock),
    bus,
    clock: systemClock,
    logger: kit.logger,
    testLogin: opts.testLogin ?? true,
    watchSecret: 'test-secret',
    files: staticFiles(opts.clientDir ?? '/nonexistent'),
    movesPerSecond: 1000,
    ...(opts.identity ? { identity: opts.identity } : {}),
    ...(opts.clientId ? { clientId: opts.clientId } : {}),
    ...(opts.oauth ? { oauth: opts.oauth } : {}),
    ...(opts.onPresence ? { onPresence: opts.onPresence } : {}),
    ...(opts.presence ? { presence: opts.presence(bus) } : {}),
  });
  const server = await startWebServer(app, 0, '127.0.0.1', opts.fallback);
  const url = `http://127.0.0.1:${server.port}`;
  return { games, app, server, url, close: () => server.close() };
}

/** POSTs JSON and returns the status and body. */
export async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** A test-login session of `user` on `key`. */
export async function login(r: Replica, key: ChannelKey, user: { id: string; name: string }, spectator = false): Promise<{ session: string; ticket: string }> {
  const res = await post(`${r.url}/app/api/test-login`, { userId: user.id, name: user.name, ...key, spectator });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return { session: String(res.body.session), ticket: String(res.body.ticket) };
}

/** A socket client that keeps every message (frames completed as the browser completes them). */
export class ViewClient {
  readonly messages: ServerMessage[] = [];
  /** Every message as it came over the wire. */
  readonly raw: WireMessage[] = [];
  private waiters: (() => void)[] = [];
  private constructor(readonly ws: WebSocket) {
    ws.on('message', (d) => {
      const wire = JSON.parse(String(d)) as WireMessage;
      this.raw.push(wire);
      this.messages.push(readMessage(this.frame, wire));
      for (const w of this.waiters.splice(0)) w();
    });
  }
  /** Opens a socket with `ticket`; rejects with the HTTP status when the upgrade is refused. */
  static open(r: Replica, ticket: string): Promise<ViewClient> {
    const ws = new WebSocket(`${r.url.replace('http', 'ws')}/app/ws?ticket=${encodeURIComponent(ticket)}`);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new ViewClient(ws)));
      ws.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }
  /** The newest frame. */
  get frame(): WebFrame | null {
    for (let i = this.messages.length - 1; i >= 0; i--) {
      const m = this.messages[i]!;
      if (m.t === 'frame') return m.frame;
    }
    return null;
  }
  /** Waits until `test` holds for some message (checked on each arrival), up to `ms`. */
  async until<T extends ServerMessage>(test: (m: ServerMessage) => m is T, ms?: number): Promise<T>;
  async until(test: (m: ServerMessage) => boolean, ms?: number): Promise<ServerMessage>;
  async until(test: (m: ServerMessage) => boolean, ms = 5000): Promise<ServerMessage> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.messages.find(test);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(this.messages.slice(-2)).slice(0, 400)}`);
      await new Promise<void>((r) => {
        this.waiters.push(r);
        setTimeout(r, 50);
      });
    }
  }
  /** Waits for a frame at `version` or later. */
  atVersion(version: number, ms?: number): Promise<ServerMessage> {
    return this.until((m) => m.t === 'frame' && m.frame.version >= version, ms);
  }
  send(msg: unknown): void {
    this.ws.send(JSON.stringify(msg));
  }
  close(): void {
    this.ws.close();
  }
}
