/**
 * The full view wired for `npm start`: the turn bus (Redis pub/sub, sharded on a Cluster, or memory), presence and
 * sessions and tickets (Redis or memory), Discord sign-in when the client secret is set, the built client from dist/web, and its
 * own HTTP listener (WEB_PORT). main wraps the game service with the bus first, so every window's turns reach it.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../../app/ports.js';
import { systemClock } from '../../app/ports.js';
import type { ChannelKey, GameServiceApi } from '../../app/service-types.js';
import type { WebConfig } from '../../config/env.js';
import type { RedisClient, RedisTarget } from '../redis/client.js';
import { MemoryWebAuthStore, RedisWebAuthStore } from './auth-store.js';
import { chatPacer } from './chat-pacer.js';
import { discordIdentity } from './discord-identity.js';
import { withTurnNotes } from './publishing-service.js';
import { staticFiles } from './static-files.js';
import { MemoryPresence, RedisPresence } from './presence.js';
import { MemoryTurnBus, RedisTurnBus, redisTurnBus, type TurnBus } from './turn-bus.js';
import { createWebApp, startWebServer, type WebServer } from './web-app.js';

export { gameLinks } from './watch-link.js';

/** The built client: dist/web next to the sources (tsx) or to the compiled dist/src (start:prod). */
export function clientDir(): string {
  const candidates = ['../../../dist/web', '../../../web'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  return candidates.find((d) => existsSync(`${d}/index.html`) && !existsSync(`${d}/src/main.ts`)) ?? candidates[0]!;
}

/** The bus of this deployment, and the game service announcing on it. */
export function announcing(service: GameServiceApi, redis: RedisClient | null, target: RedisTarget, prefix?: string): { bus: TurnBus; games: GameServiceApi } {
  const bus = redis ? redisTurnBus(redis, target, prefix) : new MemoryTurnBus();
  return { bus, games: withTurnNotes<GameServiceApi>(service, (n) => bus.publish(n)) };
}

/** What the full view needs from main. */
export interface FullViewOptions {
  web: WebConfig;
  games: GameServiceApi;
  bus: TurnBus;
  redis: RedisClient | null;
  prefix?: string;
  apiBase: string;
  applicationId: string;
  token: string;
  logger: Logger;
  /** Redraws a channel's chat message soon (the bot's coalesced editor). */
  refresh: (key: ChannelKey) => void;
}

/** Starts the full view's listener. */
export async function startFullView(o: FullViewOptions): Promise<WebServer & { files: number; players: (key: ChannelKey) => string[] }> {
  const pacer = chatPacer(o.refresh, systemClock);
  const redirectUri = o.web.publicUrl ? new URL('callback', o.web.publicUrl.endsWith('/') ? o.web.publicUrl : `${o.web.publicUrl}/`).toString() : undefined;
  const secret = o.web.clientSecret;
  const identity = secret
    ? discordIdentity({ apiBase: o.apiBase, applicationId: o.applicationId, clientSecret: secret, botToken: o.token, ...(redirectUri ? { redirectUri } : {}) })
    : undefined;
  const files = staticFiles(clientDir());
  // Presence rides on the bus's Redis connections: a view on one replica turns the chat message drawn by any into the pointer.
  const presence = o.bus instanceof RedisTurnBus
    ? new RedisPresence({ ...o.bus.connections, clock: systemClock, logger: o.logger, onExpired: (key) => o.refresh(key) })
    : new MemoryPresence();
  const app = createWebApp({
    presence,
    games: o.games,
    auth: o.redis ? new RedisWebAuthStore(o.redis, o.prefix ? { prefix: o.prefix } : {}) : new MemoryWebAuthStore(systemClock),
    bus: o.bus,
    clock: systemClock,
    logger: o.logger,
    testLogin: o.web.testLogin,
    watchSecret: o.web.secret,
    files,
    clientId: o.applicationId,
    onMove: (view) => pacer.turn(view),
    // The chat message turns into a pointer when the first player opens the full view, and back when the last leaves.
    onPresence: (key) => o.refresh(key),
    ...(redirectUri ? { oauth: { redirectUri } } : {}),
    ...(identity ? { identity } : {}),
  });
  const server = await startWebServer(app, o.web.port);
  return {
    port: server.port,
    files: files.count,
    players: (key) => app.hub.players(key),
    async close() {
      pacer.close();
      await server.close();
      await o.bus.close();
    },
  };
}
