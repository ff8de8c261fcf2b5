/**
 * The full view's HTTP routes, under one base path (default /app): the built client (hashed assets, a content
 * security policy that allows only this origin), sign-in (the Activity's OAuth2 code checked against Discord, a
 * spectator link, the plain page's OAuth2 redirect, and a test-only login that production refuses), tickets for the
 * socket, and the view model endpoint (the viewer's current frame as JSON).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { failureText } from '../../../commands/replies.js';
import type { Clock, Logger } from '../../app/ports.js';
import { channelKeyOf, type Place } from '../../app/scope.js';
import type { ChannelKey, GameServiceApi } from '../../app/service-types.js';
import { DEFAULT_LOCALE, isLocale, LOCALE_CODES, t, type Locale, type MessageKey } from '../../i18n/index.js';
import { acceptLanguages, pickLocale } from './locale-pick.js';
import { newSecret, SESSION_TTL_MS, TICKET_TTL_MS, type WebAuthStore, type WebSession } from './auth-store.js';
import { IdentityError, type DiscordIdentity } from './discord-identity.js';
import { buildFrame } from './frame.js';
import type { StaticFiles } from './static-files.js';
import { verifyWatchToken } from './watch-link.js';

/** What the routes need. */
export interface RoutesDeps {
  games: GameServiceApi;
  auth: WebAuthStore;
  clock: Clock;
  logger: Logger;
  /** Discord sign-in; absent in `npm run web` (no Discord). */
  identity?: DiscordIdentity;
  /** The test-only login (never in production: the config refuses it). */
  testLogin: boolean;
  /** The key spectator links are signed with. */
  watchSecret: string;
  files: StaticFiles;
  /** The application id the Activity's SDK needs (served by GET api/config), when Discord sign-in is on. */
  clientId?: string;
  /** The plain page's OAuth2 login: the redirect URI registered in the portal (…/app/callback), and Discord's authorize URL. */
  oauth?: { redirectUri: string; authorizeUrl?: string };
}

const Snowflake = z.string().regex(/^\d{1,20}$/);
/** The browser's language, as the client picked it among ours (used when Discord does not say). */
const Hint = z.string().max(20).optional();
const ActivityBody = z.object({
  code: z.string().min(1).max(200),
  instanceId: z.string().min(1).max(200),
  channelId: Snowflake,
  locale: Hint,
});
const WatchBody = z.object({ link: z.string().min(1).max(200), locale: Hint });
const TestBody = z.object({
  userId: Snowflake,
  name: z.string().min(1).max(32),
  guildId: Snowflake,
  channelId: Snowflake,
  spectator: z.boolean().optional(),
  locale: Hint,
});

/** The viewer's language: Discord's setting for the user when it is one of ours, else the browser's, else English. */
export function viewerLocale(discord: string | undefined, hint: string | undefined): Locale {
  const own = discord === undefined ? null : pickLocale([discord], LOCALE_CODES);
  if (own) return own;
  return isLocale(hint) ? hint : DEFAULT_LOCALE;
}

/** What a sign-in answers: the session, a first ticket, who and where, and the viewer's language. */
interface Started {
  session: string;
  ticket: string;
  user: WebSession['user'];
  spectator: boolean;
  key: ChannelKey;
  locale: Locale;
}

/** A refusal with a friendly reason, said in the viewer's language when answered. */
class Refusal extends Error {
  constructor(readonly status: number, readonly key: MessageKey, readonly text?: string) {
    super(key);
  }
}

/** The language of a request: the browser's (Accept-Language), among ours; English when none is. */
export function requestLocale(req: IncomingMessage): Locale {
  return pickLocale(acceptLanguages(req.headers['accept-language']), LOCALE_CODES) ?? DEFAULT_LOCALE;
}

/** The content security policy: scripts, styles, sockets and fetches from this origin only (as Discord's proxy enforces). */
export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "object-src 'none'",
  // Discord embeds the Activity in its own pages; the plain page embeds nowhere else.
  "frame-ancestors 'self' https://discord.com https://*.discord.com https://discordapp.com https://*.discordapp.com https://*.discordsays.com",
].join('; ');

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'content-security-policy': CSP });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage, max = 4096): Promise<unknown> {
  if (Number(req.headers['content-length'] ?? 0) > max) throw new Refusal(413, 'web.refuse.too-large');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const c of req) {
    size += (c as Buffer).length;
    if (size > max) throw new Refusal(413, 'web.refuse.too-large');
    chunks.push(c as Buffer);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
  } catch {
    throw new Refusal(400, 'web.refuse.not-understood');
  }
}

function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const r = schema.safeParse(body);
  if (!r.success) throw new Refusal(400, 'web.refuse.not-understood');
  return r.data;
}

function bearer(req: IncomingMessage): string | null {
  const m = /^Bearer ([A-Za-z0-9_-]{20,100})$/.exec(req.headers.authorization ?? '');
  return m ? m[1]! : null;
}

/** The HTTP side of the full view: `handle` answers a request under `base` and returns false for any other path. */
export function createRoutes(deps: RoutesDeps, base = '/app'): { handle(req: IncomingMessage, res: ServerResponse): Promise<boolean> } {
  async function start(session: WebSession): Promise<Started> {
    const sid = newSecret();
    const ticket = newSecret();
    await deps.auth.putSession(sid, session, SESSION_TTL_MS);
    await deps.auth.putTicket(ticket, sid, TICKET_TTL_MS);
    return { session: sid, ticket, user: session.user, spectator: session.spectator, key: session.key, locale: session.locale ?? DEFAULT_LOCALE };
  }

  async function sessionOf(req: IncomingMessage): Promise<{ sid: string; session: WebSession }> {
    const sid = bearer(req);
    const session = sid ? await deps.auth.getSession(sid) : null;
    if (!sid || !session) throw new Refusal(401, 'web.refuse.session-ended');
    return { sid, session };
  }

  /**
   * The game key of the channel an instance runs in (see app/scope.ts): the instance does not say whether the server
   * installed the bot, or whether a private channel is a DM or a group DM, so the key that holds a game wins.
   */
  async function placeKey(guildId: string | null, channelId: string): Promise<ChannelKey> {
    const places: Place[] = guildId !== null
      ? [{ kind: 'guild', serverInstall: true }, { kind: 'guild', serverInstall: false }]
      : [{ kind: 'group-dm', serverInstall: false }, { kind: 'dm', serverInstall: false }];
    const keys = places.map((p) => channelKeyOf(p, guildId, channelId));
    for (const key of keys) if ((await deps.games.view(key)).ok) return key;
    return keys[0]!;
  }

  /** The Activity: identity from the code, the channel and participants from the instance, never from the client. */
  async function activity(body: z.infer<typeof ActivityBody>): Promise<unknown> {
    if (!deps.identity) throw new Refusal(404, 'web.refuse.no-sign-in');
    const { accessToken } = await deps.identity.exchangeCode(body.code);
    const user = await deps.identity.user(accessToken);
    const instance = await deps.identity.activityInstance(body.instanceId);
    if (!instance) throw new Refusal(403, 'web.refuse.activity-ended');
    if (instance.channelId !== body.channelId) throw new Refusal(403, 'web.refuse.other-channel');
    if (!instance.users.includes(user.id)) throw new Refusal(403, 'web.refuse.not-in-activity');
    const key = await placeKey(instance.guildId, instance.channelId);
    const locale = viewerLocale(user.locale, body.locale);
    const started = await start({ user: { id: user.id, name: user.name }, key, spectator: false, via: 'activity', locale });
    return { ...started, accessToken };
  }

  /** The plain page: a watch link's channel, then Discord's consent screen (state: single-use, 10 minutes). */
  async function login(url: URL, res: ServerResponse): Promise<void> {
    const watch = url.searchParams.get('watch') ?? '';
    if (!deps.identity || !deps.oauth || !deps.clientId) throw new Refusal(404, 'web.refuse.no-sign-in');
    if (!verifyWatchToken(deps.watchSecret, watch)) throw new Refusal(403, 'web.refuse.watch-link');
    const state = newSecret();
    await deps.auth.putTicket(`o:${state}`, watch, 10 * 60_000);
    const to = new URL(deps.oauth.authorizeUrl ?? 'https://discord.com/oauth2/authorize');
    const query = { client_id: deps.clientId, response_type: 'code', redirect_uri: deps.oauth.redirectUri, scope: 'identify', state, prompt: 'none' };
    for (const [k, v] of Object.entries(query)) to.searchParams.set(k, v);
    res.writeHead(302, { location: to.toString(), 'cache-control': 'no-store' }).end();
  }

  /** Back from Discord: the user from the code; a party member plays, anyone else watches. The session goes in the fragment. */
  async function callback(url: URL, res: ServerResponse): Promise<void> {
    const state = url.searchParams.get('state') ?? '';
    const watch = /^[A-Za-z0-9_-]{20,100}$/.test(state) ? await deps.auth.takeTicket(`o:${state}`) : null;
    const key = watch ? verifyWatchToken(deps.watchSecret, watch) : null;
    const code = url.searchParams.get('code');
    if (!key || !code || !deps.identity) throw new Refusal(403, 'web.refuse.sign-in-expired');
    const { accessToken } = await deps.identity.exchangeCode(code, true);
    const user = await deps.identity.user(accessToken);
    const game = await deps.games.view(key);
    const member = game.ok && game.value.state.players.some((p) => p.id === user.id);
    const locale = viewerLocale(user.locale, undefined);
    const started = await start({ user: { id: user.id, name: user.name }, key, spectator: !member, via: 'oauth', locale });
    res.writeHead(302, { location: `./#s=${started.session}`, 'cache-control': 'no-store' }).end();
  }

  async function api(path: string, req: IncomingMessage, res: ServerResponse): Promise<void> {
    const post = req.method === 'POST';
    if (post && path === '/api/activity-session') return json(res, 200, await activity(parse(ActivityBody, await readJson(req))));
    if (post && path === '/api/watch') {
      const body = parse(WatchBody, await readJson(req));
      const key = verifyWatchToken(deps.watchSecret, body.link);
      if (!key) throw new Refusal(403, 'web.refuse.watch-link');
      const locale = viewerLocale(undefined, body.locale);
      return json(res, 200, await start({ user: { id: '0', name: 'spectator' }, key, spectator: true, via: 'link', locale }));
    }
    if (post && path === '/api/test-login') {
      if (!deps.testLogin) throw new Refusal(404, 'web.refuse.not-found');
      const b = parse(TestBody, await readJson(req));
      const key = { guildId: b.guildId, channelId: b.channelId };
      const locale = viewerLocale(undefined, b.locale);
      return json(res, 200, await start({ user: { id: b.userId, name: b.name }, key, spectator: b.spectator ?? false, via: 'test', locale }));
    }
    if (post && path === '/api/ticket') {
      const { sid, session } = await sessionOf(req);
      const ticket = newSecret();
      await deps.auth.putTicket(ticket, sid, TICKET_TTL_MS);
      return json(res, 200, { ticket, locale: session.locale ?? DEFAULT_LOCALE });
    }
    if (req.method === 'GET' && path === '/api/config') {
      return json(res, 200, { clientId: deps.identity ? (deps.clientId ?? null) : null, login: !!(deps.identity && deps.oauth) });
    }
    if (req.method === 'GET' && path === '/api/view') {
      const { session } = await sessionOf(req);
      const r = await deps.games.view(session.key);
      const locale = session.locale ?? DEFAULT_LOCALE;
      if (!r.ok) throw new Refusal(r.error.kind === 'no-game' ? 404 : 503, 'web.refuse.not-found', failureText(r.error, locale));
      return json(res, 200, buildFrame(r.value, { ...session.user, spectator: session.spectator, locale }, deps.clock.now()));
    }
    throw new Refusal(404, 'web.refuse.not-found');
  }

  return {
    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== base && !url.pathname.startsWith(`${base}/`)) return false;
      const path = url.pathname.slice(base.length) || '/';
      try {
        if (path.startsWith('/api/')) await api(path, req, res);
        else if (req.method === 'GET' && path === '/login') await login(url, res);
        else if (req.method === 'GET' && path === '/callback') await callback(url, res);
        else if (!deps.files.serve(path, req, res, CSP)) json(res, 404, { error: t(requestLocale(req), 'web.refuse.not-found') });
      } catch (err) {
        const locale = requestLocale(req);
        if (err instanceof Refusal) json(res, err.status, { error: err.text ?? t(locale, err.key) });
        else if (err instanceof IdentityError) {
          json(res, err.status === 0 || err.status >= 500 ? 503 : 401, { error: t(locale, 'web.refuse.identity') });
        }
        else {
          deps.logger.error('full view: a request failed', { err: err instanceof Error ? err.message : 'unknown', path });
          json(res, 500, { error: t(locale, 'reply.internal-error') });
        }
      }
      return true;
    },
  };
}
