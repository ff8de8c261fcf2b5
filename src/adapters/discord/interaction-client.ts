/**
 * The client of the interaction endpoints (callbacks, follow-ups, @original and other webhook-message edits): plain
 * node:http over kept-alive sockets, the body (JSON, or multipart with the files) built as one buffer. These routes
 * are token-authorised and exempt from the bot-wide global limit, so @discordjs/rest's queues, bucket bookkeeping and
 * its fetch/FormData/Blob path bought nothing for them, at about a sixth of a press's CPU (issue 28's profile).
 *
 * It keeps that client's behaviour on these routes: the same errors (DiscordAPIError for a 4xx, with Discord's code
 * and message; HTTPError for a 5xx after its retries), one retry after a 5xx, a reset connection or a timeout (15 s),
 * a 429 waited out (its `retry_after`) and tried again, and a route whose bucket says "none left" waited on until it
 * resets.
 */
import { DiscordAPIError, HTTPError } from '@discordjs/rest';
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { randomBytes } from 'node:crypto';
import type { RestFile } from './payload.js';

/** What a call may carry: a JSON body, files (then multipart), and a query. `auth` is always false here. */
export interface InteractionCallOptions {
  body?: unknown;
  files?: RestFile[];
  auth?: false;
  query?: URLSearchParams;
  /** False when the caller reads nothing of a successful reply (an edit): it is then not parsed (null comes back). */
  reply?: false;
}

/** The calls both transports make with an interaction token; @discordjs/rest's REST fits it too (tests stub it). */
export interface InteractionCalls {
  post(route: `/${string}`, options?: InteractionCallOptions): Promise<unknown>;
  patch(route: `/${string}`, options?: InteractionCallOptions): Promise<unknown>;
  get(route: `/${string}`, options?: InteractionCallOptions): Promise<unknown>;
}

/** Options of the client. */
export interface InteractionClientOptions {
  /** Discord's REST base (DISCORD_API_BASE), e.g. https://discord.com/api. */
  apiBase: string;
  /** Retries after a 5xx, a reset connection or a timeout (default 1: a first answer has 3 s). */
  retries?: number;
  /** How long one attempt may take (default 15 s, as @discordjs/rest). */
  timeoutMs?: number;
  /** Most 429s waited out for one call before its error is thrown (default 5). */
  maxRateLimitWaits?: number;
}

/** Discord's User-Agent form for API clients. */
const USER_AGENT = 'DiscordBot (https://github.com/channel-crawler, 0.1.0)';

/** Raised for a timed-out attempt (retried like @discordjs/rest's AbortError). */
class TimeoutError extends Error {
  override name = 'AbortError';
}

/** A response read whole. */
interface Reply {
  status: number;
  statusText: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** The interaction endpoints' client (see the module comment). */
export class InteractionClient implements InteractionCalls {
  private readonly base: URL;
  private readonly retries: number;
  private readonly timeoutMs: number;
  private readonly maxWaits: number;
  private readonly agent: HttpAgent;
  private readonly send: typeof httpRequest;
  private readonly boundary = `----cc${randomBytes(12).toString('hex')}`;
  /** Per route, not before this time (epoch ms): its bucket said none left until then. Bounded by expiry. */
  private readonly notBefore = new Map<string, number>();

  constructor(o: InteractionClientOptions) {
    this.base = new URL(o.apiBase.endsWith('/') ? o.apiBase : `${o.apiBase}/`);
    this.retries = o.retries ?? 1;
    this.timeoutMs = o.timeoutMs ?? 15_000;
    this.maxWaits = o.maxRateLimitWaits ?? 5;
    const https = this.base.protocol === 'https:';
    const agentOptions = { keepAlive: true, maxSockets: 256, maxFreeSockets: 64, scheduling: 'lifo' as const };
    this.agent = https ? new HttpsAgent(agentOptions) : new HttpAgent(agentOptions);
    this.send = https ? (httpsRequest as typeof httpRequest) : httpRequest;
  }

  post(route: `/${string}`, options: InteractionCallOptions = {}): Promise<unknown> {
    return this.call('POST', route, options);
  }

  patch(route: `/${string}`, options: InteractionCallOptions = {}): Promise<unknown> {
    return this.call('PATCH', route, options);
  }

  get(route: `/${string}`, options: InteractionCallOptions = {}): Promise<unknown> {
    return this.call('GET', route, options);
  }

  /** Closes the kept-alive sockets. */
  destroy(): void {
    this.agent.destroy();
  }

  private async call(method: string, route: `/${string}`, o: InteractionCallOptions): Promise<unknown> {
    const query = o.query && [...o.query.keys()].length > 0 ? `?${o.query.toString()}` : '';
    const url = new URL(`v10${route}${query}`, this.base);
    const { contentType, data } = this.encode(o);
    const requestData = { body: o.body, files: o.files };
    let failures = 0;
    let waits = 0;
    for (;;) {
      await this.bucketWait(method, route);
      let reply: Reply;
      try {
        reply = await this.attempt(method, url, contentType, data);
      } catch (err) {
        if (retryable(err) && failures++ < this.retries) continue;
        throw err;
      }
      this.noteBucket(method, route, reply.headers);
      if (reply.status === 429 && waits++ < this.maxWaits) {
        await sleep(retryAfterMs(reply));
        continue;
      }
      if (reply.status >= 500) {
        if (failures++ < this.retries) continue;
        throw new HTTPError(reply.status, reply.statusText, method, url.toString(), requestData);
      }
      if (reply.status >= 400) {
        const raw = parseJson(reply.body);
        const error = typeof raw === 'object' && raw !== null ? (raw as { code?: number; message?: string }) : { message: reply.statusText };
        throw new DiscordAPIError(error as never, 'code' in error && error.code !== undefined ? error.code : reply.status, reply.status, method, url.toString(), requestData);
      }
      // A message edit's reply is the whole message (10-20 KB of JSON): not parsed when nobody reads it.
      return o.reply !== false && /application\/json/.test(String(reply.headers['content-type'] ?? '')) ? parseJson(reply.body) : null;
    }
  }

  /** The request body: JSON, or multipart (files[n] parts, then payload_json) when there are files. */
  private encode(o: InteractionCallOptions): { contentType: string | null; data: Buffer | null } {
    if (!o.files || o.files.length === 0) return o.body === undefined ? { contentType: null, data: null } : { contentType: 'application/json', data: Buffer.from(JSON.stringify(o.body)) };
    const parts: Buffer[] = [];
    for (const f of o.files) {
      parts.push(Buffer.from(`--${this.boundary}\r\nContent-Disposition: form-data; name="${quoted(f.key)}"; filename="${quoted(f.name)}"\r\nContent-Type: ${fileType(f.data)}\r\n\r\n`), f.data, Buffer.from('\r\n'));
    }
    if (o.body !== undefined) parts.push(Buffer.from(`--${this.boundary}\r\nContent-Disposition: form-data; name="payload_json"\r\nContent-Type: application/json\r\n\r\n${JSON.stringify(o.body)}\r\n`));
    parts.push(Buffer.from(`--${this.boundary}--\r\n`));
    return { contentType: `multipart/form-data; boundary=${this.boundary}`, data: Buffer.concat(parts) };
  }

  /** One request, read whole; rejects on a network error or after timeoutMs. */
  private attempt(method: string, url: URL, contentType: string | null, data: Buffer | null): Promise<Reply> {
    return new Promise<Reply>((resolve, reject) => {
      const headers: Record<string, string | number> = { 'User-Agent': USER_AGENT, Accept: 'application/json' };
      if (data) {
        headers['Content-Type'] = contentType!;
        headers['Content-Length'] = data.length;
      }
      const req = this.send(url, { method, headers, agent: this.agent }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, statusText: res.statusMessage ?? '', headers: res.headers, body: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
        });
        res.on('error', fail);
      });
      const timer = setTimeout(() => req.destroy(new TimeoutError(`${method} ${url.pathname} took over ${this.timeoutMs} ms`)), this.timeoutMs);
      function fail(err: Error): void {
        clearTimeout(timer);
        reject(err);
      }
      req.on('error', fail);
      req.end(data ?? undefined);
    });
  }

  /** Waits while the route's bucket has none left. */
  private async bucketWait(method: string, route: string): Promise<void> {
    const key = `${method} ${route}`;
    const until = this.notBefore.get(key);
    if (until === undefined) return;
    const wait = until - Date.now();
    if (wait > 0) await sleep(wait);
    this.notBefore.delete(key);
  }

  /** Remembers a route whose bucket says none left, until its reset. */
  private noteBucket(method: string, route: string, headers: IncomingMessage['headers']): void {
    if (headers['x-ratelimit-remaining'] !== '0') return;
    const after = Number(headers['x-ratelimit-reset-after']);
    if (!(after > 0)) return;
    if (this.notBefore.size >= 10_000) this.notBefore.clear();
    this.notBefore.set(`${method} ${route}`, Date.now() + after * 1000);
  }
}

/** A network failure worth one more try (as @discordjs/rest: a timeout or a reset connection). */
function retryable(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  return err.name === 'AbortError' || (err as { code?: unknown }).code === 'ECONNRESET' || err.message.includes('ECONNRESET');
}

/** A 429's wait: its JSON `retry_after` (seconds), else Retry-After, else a second. */
function retryAfterMs(reply: Reply): number {
  const body = parseJson(reply.body) as { retry_after?: unknown } | null;
  const secs = typeof body?.retry_after === 'number' ? body.retry_after : Number(reply.headers['retry-after']);
  return Number.isFinite(secs) && secs >= 0 ? Math.ceil(secs * 1000) : 1000;
}

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return null;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

/** A file's type from its first bytes (the pictures and replays we send), else octet-stream. */
function fileType(data: Buffer): string {
  if (data.length >= 8 && data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47) return 'image/png';
  if (data.length >= 6 && data.toString('latin1', 0, 4) === 'GIF8') return 'image/gif';
  return 'application/octet-stream';
}

/** A multipart header value with quotes and line breaks made harmless. */
function quoted(s: string): string {
  return s.replace(/["\r\n]/g, '_');
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
