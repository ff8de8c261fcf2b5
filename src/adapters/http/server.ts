/**
 * The HTTP interactions endpoint: Discord POSTs each interaction here, signed with the application's key. Every
 * request is verified (401 otherwise), a PING gets a PONG, and each interaction goes to the handler, whose first
 * answer is written as the HTTP response (an answer with files goes through the callback endpoint first, and the
 * HTTP response is then 202 with no body). When the handler is slower than `deferAfterMs` the adapter defers on its
 * behalf, so Discord's 3-second rule always holds.
 *
 * An unsigned request can cost only a little: a body above `maxBodyBytes` is refused on its Content-Length before a
 * byte is read, headers and the whole request have short timeouts. A connection is trusted only once it has carried
 * a validly signed request: until then every answer closes it (no keep-alive after a 401, 400, 404 or 413), it is
 * closed after `unsignedIdleMs` without a byte, and past `evictAbove` open connections each new one closes the oldest
 * untrusted one, so idle or dripping sockets can never fill the endpoint while Discord opens new connections. Trusted
 * connections keep the load balancer's keep-alive (65 s). See docs/operations.md for what a balancer should set.
 * `GET /healthz` is liveness (the process answers); `GET /readyz` is readiness (not draining, storage answering): the
 * one a load balancer should route by. On close the endpoint keeps listening for `drainMs`, answering 503 to new
 * interactions and to /readyz while those in flight finish, so requests the balancer still sends get a clear 503
 * instead of a refused connection.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { ApplicationCommandType, ComponentType, InteractionResponseType, InteractionType } from 'discord-api-types/v10';
import { resolveLocale, type Locale } from '../../i18n/index.js';
import { busyMessage } from '../discord/load-shedder.js';
import { encodeBody, restRequest } from '../discord/payload.js';
import { INTERNAL_ERROR_TEXT } from '../../../commands/replies.js';
import type { Logger } from '../../app/ports.js';
import { scrubSecrets } from '../../config/logger.js';
import type { IncomingInteraction, InteractionHandler } from '../discord/types.js';
import { noopMetrics, type Metrics } from '../metrics/metrics.js';
import { toIncoming } from '../discord/incoming.js';
import { HttpResponder } from './responder.js';
import { InteractionClient, type InteractionCalls } from '../discord/interaction-client.js';
import { isFreshTimestamp, signatureVerifier } from './signature.js';

/** What the endpoint needs. */
export interface InteractionServerOptions {
  /** TCP port (0 picks a free one). */
  port: number;
  /** Listen address; default all interfaces (a load balancer sits in front). */
  host?: string;
  /** The application's public key, 64 hex characters. */
  publicKey: string;
  handler: InteractionHandler;
  /**
   * Asked first for a slash command or a button press (what the load shedder may refuse), right after the signature
   * check: false answers it "busy" at once with a body encoded once per locale, before it is converted or routed, so
   * that past capacity a refusal costs as little as can be. Default: every one goes to the handler.
   */
  admit?: (interactionId: string) => boolean;
  /** Discord's REST base (DISCORD_API_BASE) for the interaction webhook, or a client of the interaction endpoints to use. */
  apiBase?: string;
  rest?: InteractionCalls;
  logger: Logger;
  /** Extra readiness for /readyz (e.g. a Redis PING); default always ready. */
  ready?: () => Promise<boolean>;
  /** After close(), how long the endpoint keeps answering 503 before it stops listening (default 0; main: HTTP_DRAIN_MS). */
  drainMs?: number;
  /** Most open connections at once (default 4,096); more are dropped at once (Node's server.maxConnections). */
  maxConnections?: number;
  /**
   * How many connections the kernel may hold for the endpoint before it accepts them (default 4,096; Linux caps it
   * at net.core.somaxconn). Node's own default, 511, overflows when a stalled event loop meets a burst of new
   * connections: the kernel then drops their SYNs and the client tries again 1, 3, 7 s later, past Discord's 3 s.
   */
  backlog?: number;
  /** Past this many open connections, each new one closes the oldest not yet trusted (default 256: with 128 KiB bodies, 32 MiB at most). */
  evictAbove?: number;
  /** A connection that has not yet carried a signed request is closed after this long without a byte (default 2 s). */
  unsignedIdleMs?: number;
  /** How long a client may take to send its headers, and its whole request (defaults 2 s and 5 s: Discord sends at once). */
  headersTimeoutMs?: number;
  requestTimeoutMs?: number;
  /** Defer on the handler's behalf after this long (default 2,500 ms; Discord allows 3 s). */
  deferAfterMs?: number;
  /** Largest request body accepted (default 128 KiB, several times a real interaction with its message; larger gets 413). */
  maxBodyBytes?: number;
  /** How far X-Signature-Timestamp may be from now (default 300 s). */
  maxTimestampSkewSeconds?: number;
  metrics?: Metrics;
  now?: () => number;
}

/** A running endpoint. */
export interface InteractionServer {
  /** The port it listens on. */
  readonly port: number;
  /** New interactions get 503 (so a load balancer moves on); waits for those in flight, then closes. */
  close(): Promise<void>;
}

/** Largest body accepted by default: a component press carries its whole message (embeds, buttons), tens of KB at most. */
export const DEFAULT_MAX_BODY_BYTES = 128 * 1024;

/** The listen backlog by default (see `backlog`). */
export const DEFAULT_BACKLOG = 4096;

/** How long /readyz waits for the readiness check. */
const READY_TIMEOUT_MS = 1000;

/** Drops a request body above `max` bytes. */
class TooLarge extends Error {}

async function readLimited(req: IncomingMessage, max: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > max) throw new TooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) throw new TooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** Sockets that have carried a validly signed request: only they keep a connection open between requests. */
const trusted = new WeakSet<Socket>();

function send(res: ServerResponse, status: number, body?: unknown): void {
  if (res.headersSent) return;
  // An untrusted connection gets one answer, then is closed: it can never sit idle holding a slot.
  if (!trusted.has(res.req.socket)) res.setHeader('Connection', 'close');
  if (body === undefined) res.writeHead(status).end();
  else res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
}

/** Starts the endpoint on `port`. */
export async function startInteractionServer(o: InteractionServerOptions): Promise<InteractionServer> {
  const verify = signatureVerifier(o.publicKey);
  const rest = o.rest ?? new InteractionClient({ apiBase: o.apiBase ?? 'https://discord.com/api' });
  const log = o.logger;
  const metrics = o.metrics ?? noopMetrics;
  const now = o.now ?? Date.now;
  const deferAfter = o.deferAfterMs ?? 2500;
  const maxBody = o.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const maxSkew = o.maxTimestampSkewSeconds ?? 300;
  const inflight = new Set<Promise<void>>();
  let closing = false;

  async function readyz(res: ServerResponse): Promise<void> {
    let ok = !closing;
    // A readiness check that hangs (Redis unreachable) must read as "not ready", not keep the balancer waiting.
    if (ok && o.ready) ok = await Promise.race([o.ready().catch(() => false), new Promise<boolean>((resolve) => setTimeout(resolve, READY_TIMEOUT_MS, false).unref())]);
    send(res, ok ? 200 : 503, { ok });
  }

  /** Runs the handler; whatever happens, the responder gets a first answer. */
  async function run(interaction: IncomingInteraction, responder: HttpResponder): Promise<void> {
    const safe = (err: unknown): string => scrubSecrets(err instanceof Error ? `${err.name}: ${err.message}` : String(err), [interaction.token]);
    const timer = setTimeout(() => {
      void responder.answerForHandler().then((did) => {
        if (did) log.info('interaction deferred by the HTTP adapter (handler slow)', { interactionId: interaction.id, kind: interaction.kind, afterMs: deferAfter });
      });
    }, deferAfter);
    try {
      await o.handler(interaction, responder);
      if (!responder.answered) {
        log.warn('handler finished without answering; acknowledging', { interactionId: interaction.id, kind: interaction.kind });
        await responder.answerForHandler();
      }
    } catch (err) {
      log.error('interaction failed', { interactionId: interaction.id, kind: interaction.kind, error: safe(err) });
      try {
        if (!responder.answered) await responder.reply({ content: INTERNAL_ERROR_TEXT, ephemeral: true });
        else await responder.followUp({ content: INTERNAL_ERROR_TEXT, ephemeral: true });
      } catch (again) {
        log.error('could not even answer the failed interaction', { interactionId: interaction.id, error: safe(again) });
      }
    } finally {
      clearTimeout(timer);
    }
  }

  async function onInteraction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = now();
    let body: Buffer;
    try {
      body = await readLimited(req, maxBody);
    } catch (err) {
      if (err instanceof TooLarge) {
        res.setHeader('Connection', 'close');
        send(res, 413, { error: 'request body too large' });
      } else send(res, 400, { error: 'could not read the request body' });
      return;
    }
    const signature = req.headers['x-signature-ed25519'];
    const timestamp = req.headers['x-signature-timestamp'];
    const sig = typeof signature === 'string' ? signature : undefined;
    const ts = typeof timestamp === 'string' ? timestamp : undefined;
    if (!verify(sig, ts, body) || !isFreshTimestamp(ts, now(), maxSkew)) {
      send(res, 401, { error: 'invalid request signature' });
      return;
    }
    connections.trust(req.socket);
    let json: unknown;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      log.warn('malformed interaction (not JSON)', { bytes: body.length });
      send(res, 400, { error: 'malformed interaction' });
      return;
    }
    if (typeof json === 'object' && json !== null && (json as { type?: unknown }).type === InteractionType.Ping) {
      send(res, 200, { type: InteractionResponseType.Pong });
      return;
    }
    const shed = o.admit ? sheddable(json) : null;
    if (shed && o.admit && !o.admit(shed.id)) {
      const data = busyBody(shed.locale);
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': data.length }).end(data);
      metrics.interaction(shed.kind, 'busy', now() - started);
      return;
    }
    const converted = toIncoming(json);
    if (!converted.ok) {
      // Field names and codes only: the body carries the interaction token.
      log.warn('malformed interaction', { bytes: body.length, problems: converted.problems.slice(0, 5) });
      send(res, 400, { error: 'malformed interaction' });
      return;
    }
    const interaction = converted.interaction;
    const responder = new HttpResponder(interaction, rest);
    const work = run(interaction, responder);
    const answer = await responder.first;
    res.once('close', () => responder.delivered());
    // Answered through the callback endpoint already (a file): Discord's request gets 202 and no body.
    if (answer.body === null) res.writeHead(202, { 'Content-Length': 0 }).end(() => responder.delivered());
    else res.writeHead(200, { 'Content-Type': answer.body.contentType, 'Content-Length': answer.body.data.length }).end(answer.body.data, () => responder.delivered());
    const outcome = responder.deferredByAdapter ? 'auto-defer' : answerName(answer.type);
    metrics.interaction(interaction.kind, outcome, now() - started);
    await work;
  }

  async function onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? '/').split('?')[0];
    // Liveness: the process answers (also while draining, so it is not killed before it has drained).
    if (req.method === 'GET' && path === '/healthz') return send(res, 200, { ok: true });
    if (req.method === 'GET' && path === '/readyz') return readyz(res);
    if (req.method !== 'POST') {
      req.resume();
      return send(res, path === '/healthz' || path === '/readyz' ? 405 : 404, { error: 'not found' });
    }
    if (closing) {
      res.setHeader('Connection', 'close');
      return send(res, 503, { error: 'shutting down' });
    }
    const p: Promise<void> = onInteraction(req, res)
      .catch((err: unknown) => {
        log.error('interaction request failed', { error: err instanceof Error ? err.name : 'unknown' });
        send(res, 500, { error: 'internal error' });
      })
      .finally(() => inflight.delete(p));
    inflight.add(p);
    return p;
  }

  const server: Server = createServer(
    {
      // An unsigned client gets a few seconds for its headers and its body, not Node's 300 s.
      headersTimeout: o.headersTimeoutMs ?? 2_000,
      requestTimeout: o.requestTimeoutMs ?? 5_000,
      // Load balancers keep idle connections for about 60 s; closing them sooner races their next request.
      keepAliveTimeout: 65_000,
      connectionsCheckingInterval: 1_000,
    },
    (req, res) => void onRequest(req, res),
  );
  server.maxConnections = o.maxConnections ?? 4096;
  const connections = guardConnections(server, o.evictAbove ?? 256, o.unsignedIdleMs ?? 2_000);
  // Timeouts and malformed requests: Node's own clientError handling answers 408 or 400 and destroys the socket.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: o.port, host: o.host, backlog: o.backlog ?? DEFAULT_BACKLOG }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    port,
    async close() {
      closing = true;
      // Keep listening through the drain window (503s), and for every interaction in flight.
      await Promise.all([new Promise((resolve) => setTimeout(resolve, o.drainMs ?? 0)), Promise.allSettled([...inflight])]);
      await Promise.allSettled([...inflight]);
      server.closeIdleConnections();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets with no request in flight would otherwise hold close() open.
        server.closeAllConnections();
      });
    },
  };
}

/** An untrusted connection younger than this is never evicted (its request may be on its way). */
const EVICT_MIN_AGE_MS = 1000;

/**
 * Keeps room for new connections: each one starts untrusted, with a short idle timeout (reset by every byte, so the
 * headers and request timeouts bound a drip); past `evictAbove` open connections the oldest untrusted one is closed
 * for each that opens. `trust` (a signed request arrived) lifts both for that socket.
 */
function guardConnections(server: Server, evictAbove: number, idleMs: number): { trust(socket: Socket): void } {
  // Insertion order is age order: the first is the oldest. Each with when it opened.
  const untrusted = new Map<Socket, number>();
  let open = 0;
  server.on('connection', (socket: Socket) => {
    const at = performance.now();
    open++;
    untrusted.set(socket, at);
    socket.setTimeout(idleMs);
    socket.once('close', () => {
      untrusted.delete(socket);
      open--;
    });
    // Only a connection open for EVICT_MIN_AGE_MS without a signed request is evicted: a new one (Discord's request on
    // its way) never is, however fast an attacker reconnects. Counted as closed at once (destroy closes on a later tick).
    while (open > evictAbove) {
      const oldest = untrusted.entries().next();
      if (oldest.done || at - oldest.value[1] < EVICT_MIN_AGE_MS) break;
      const [victim] = oldest.value;
      untrusted.delete(victim);
      open--;
      victim.once('close', () => open++);
      victim.destroy();
    }
  });
  return {
    trust(socket) {
      if (trusted.has(socket)) return;
      trusted.add(socket);
      untrusted.delete(socket);
      // Node's keep-alive timeout takes over after the answer; until then the handler may take its 3 s.
      socket.setTimeout(0);
    },
  };
}

/** The id, kind and locale of a slash command or button press (what may be shed), from the raw JSON; null for others. */
function sheddable(json: unknown): { id: string; kind: 'command' | 'button'; locale: string | undefined } | null {
  if (typeof json !== 'object' || json === null) return null;
  const raw = json as { id?: unknown; type?: unknown; locale?: unknown; data?: { type?: unknown; component_type?: unknown } };
  if (typeof raw.id !== 'string') return null;
  const locale = typeof raw.locale === 'string' ? raw.locale : undefined;
  if (raw.type === InteractionType.MessageComponent && raw.data?.component_type === ComponentType.Button) return { id: raw.id, kind: 'button', locale };
  // A chat-input command: the context menus (user, message) are not shed, as the router does not shed them.
  const commandType = raw.data?.type;
  if (raw.type === InteractionType.ApplicationCommand && (commandType === undefined || commandType === ApplicationCommandType.ChatInput)) return { id: raw.id, kind: 'command', locale };
  return null;
}

/** The "busy" answer's HTTP body, encoded once per locale: as the responder would encode busyMessage's reply. */
const busyBodies = new Map<Locale, Buffer>();
function busyBody(discordLocale: string | undefined): Buffer {
  const locale = resolveLocale(discordLocale);
  let data = busyBodies.get(locale);
  if (!data) {
    data = encodeBody({ type: InteractionResponseType.ChannelMessageWithSource, data: restRequest(busyMessage(locale), true).body }).data;
    busyBodies.set(locale, data);
  }
  return data;
}

/** A short name for each first-answer type, for the latency metric's outcome label. */
const ANSWER_NAMES: Partial<Record<number, string>> = {
  [InteractionResponseType.ChannelMessageWithSource]: 'reply',
  [InteractionResponseType.DeferredChannelMessageWithSource]: 'defer',
  [InteractionResponseType.DeferredMessageUpdate]: 'defer-update',
  [InteractionResponseType.UpdateMessage]: 'update',
  [InteractionResponseType.ApplicationCommandAutocompleteResult]: 'autocomplete',
};

function answerName(type: number): string {
  return ANSWER_NAMES[type] ?? 'other';
}
