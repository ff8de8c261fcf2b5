/**
 * The fake's "HTTP interactions" mode: instead of a gateway dispatch, each interaction is signed with the test
 * key (Ed25519 over timestamp + body) and POSTed to the bot's endpoint, as Discord does; the HTTP response is the
 * interaction's first answer and goes through the same callback route (limits, ack window) as a callback POST.
 * Several endpoint URLs are used round-robin, as a load balancer in front of replicas would.
 */
import { Agent, request as httpRequest } from 'node:http';
import { clearTimer, now, setTimer } from './clock.js';
import { parseBody } from './http.js';
import type { RestApi, RestResult } from './rest.js';
import { signatureHeaders, type SigningKeys } from './signing.js';

/** One delivery: where it went, what the endpoint said, and how the fake took the answer. */
export interface HttpDelivery {
  interactionId: string;
  url: string;
  /** HTTP status of the bot's endpoint (0 when it could not be reached). */
  status: number;
  /** Milliseconds from sending the POST to having the whole response. */
  ms: number;
  /** What the callback route made of the answer (undefined when the endpoint did not answer 200). */
  callback?: RestResult;
  /** The answer's JSON ({type, data}; for multipart its payload_json), as the bot wrote it. */
  answer?: unknown;
  /** Set when the endpoint could not be reached. */
  error?: string;
}

/** Options of the HTTP interactions mode. */
export interface HttpInteractionsOptions {
  /** The bot's endpoint(s), e.g. http://127.0.0.1:8080/interactions; several are used round-robin. */
  urls: string[];
  keys: SigningKeys;
  /** Give up on an answer after this long (Discord: 3 s). */
  timeoutMs?: number;
}

/** Delivers interactions over HTTP and records the outcome of each. */
export class HttpInteractions {
  /** Every delivery, in the order the answers came back. */
  readonly deliveries: HttpDelivery[] = [];
  private next = 0;
  private readonly pending = new Set<Promise<void>>();
  /** Kept-alive connections, as many as the requests in flight (like Discord's, or a balancer's). */
  private readonly agent = new Agent({ keepAlive: true, maxSockets: Infinity, maxFreeSockets: 1024 });

  constructor(
    private readonly o: HttpInteractionsOptions,
    private readonly rest: RestApi,
  ) {
    if (!o.urls.length) throw new Error('fake-discord: HTTP interactions mode needs at least one URL');
  }

  /** Signs and POSTs one interaction payload (fire and forget; `settled()` waits for all). */
  deliver(payload: { id: string; token: string }): void {
    const p = this.post(payload).finally(() => this.pending.delete(p));
    this.pending.add(p);
  }

  /** Closes the kept-alive connections (the fake is closing, or delivering elsewhere). */
  close(): void {
    this.agent.destroy();
  }

  /** Resolves when every delivery so far has been answered (or has failed). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  private async post(payload: { id: string; token: string }): Promise<void> {
    const url = this.o.urls[this.next++ % this.o.urls.length]!;
    const body = JSON.stringify(payload);
    const started = now();
    const record: HttpDelivery = { interactionId: payload.id, url, status: 0, ms: 0 };
    try {
      const res = await this.send(url, body);
      record.status = res.status;
      record.ms = now() - started;
      if (res.status === 200) {
        const parsed = await parseBody(res.contentType, res.body);
        if (!parsed.invalid) record.answer = parsed.json;
        record.callback = parsed.invalid
          ? { status: 400, body: { code: 50109, message: 'The request body contains invalid JSON.' } }
          : this.rest.handle({ method: 'POST', path: `/interactions/${payload.id}/${payload.token}/callback`, query: {}, headers: {}, json: parsed.json, files: parsed.files });
      }
    } catch (err) {
      record.ms = now() - started;
      // A timeout, or the connection refused or reset (with its code).
      const code = (err as { code?: unknown }).code;
      record.error = typeof code === 'string' ? `${(err as Error).name} (${code})` : (err as Error).name;
    }
    this.deliveries.push(record);
  }

  /**
   * One signed POST through node:http over kept-alive connections, written at once: undici's fetch queued requests
   * for seconds inside the fake when its event loop was busy (under load tests), which looked like a slow endpoint.
   */
  private send(url: string, body: string): Promise<{ status: number; contentType: string | undefined; body: Buffer }> {
    return new Promise((resolve, reject) => {
      const req = httpRequest(url, { method: 'POST', agent: this.agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...signatureHeaders(this.o.keys, body) } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimer(timer);
          resolve({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], body: Buffer.concat(chunks) });
        });
        res.on('error', fail);
      });
      function fail(err: Error): void {
        clearTimer(timer);
        reject(err);
      }
      // Discord gives up after its deadline: the request is dropped and counted as unanswered.
      const timer = setTimer(() => req.destroy(Object.assign(new Error('no answer in time'), { name: 'TimeoutError' })), this.o.timeoutMs ?? 3000);
      req.on('error', fail);
      req.end(body);
    });
  }
}
