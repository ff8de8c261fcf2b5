/**
 * The full view assembled: routes and the socket hub under one base path, mountable on the HTTP interactions
 * endpoint's server or on a server of its own (gateway mode, `npm run web`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { createHub, type Hub, type HubDeps } from './hub.js';
import { createRoutes, type RoutesDeps } from './routes.js';

/** Everything the full view needs. */
export type WebAppDeps = RoutesDeps & HubDeps & { base?: string };

/** The full view: `handle` answers its HTTP paths (false for others), `upgrade` its socket path (false for others). */
export interface WebApp {
  handle(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  readonly hub: Hub;
  close(): Promise<void>;
}

/** Builds the full view. */
export function createWebApp(deps: WebAppDeps): WebApp {
  const base = deps.base ?? '/app';
  const routes = createRoutes(deps, base);
  const hub = createHub(deps);
  return {
    hub,
    handle: (req, res) => routes.handle(req, res),
    upgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== `${base}/ws`) return false;
      hub.upgrade(req, socket, head, url.searchParams.get('ticket'));
      return true;
    },
    close: () => hub.close(),
  };
}

/** Routes `server`'s upgrades to the full view; others are refused. */
export function attachUpgrades(server: Server, app: WebApp): void {
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!app.upgrade(req, socket, head)) socket.destroy();
  });
}

/** A running server of the full view's own. */
export interface WebServer {
  readonly port: number;
  close(): Promise<void>;
}

/** The answer to a path outside the full view: / redirects to it, anything else is 404. */
function notOurs(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(req.url === '/' ? 302 : 404, req.url === '/' ? { location: '/app/' } : { 'content-type': 'text/plain' });
  res.end(req.url === '/' ? undefined : 'Not found');
}

/** Serves the full view alone on `port` (0: a free one); `fallback` answers other paths (default: / redirects, 404). */
export async function startWebServer(app: WebApp, port: number, host = '0.0.0.0', fallback = notOurs): Promise<WebServer> {
  const server = createServer((req, res) => {
    app
      .handle(req, res)
      .then((done) => {
        if (!done) fallback(req, res);
      })
      .catch(() => res.destroy());
  });
  attachUpgrades(server, app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      await app.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
