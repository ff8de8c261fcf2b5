/** Helpers for the HTTP interactions tests: signed POSTs, raw interaction bodies, a tiny recording REST server. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signatureHeaders, type SigningKeys } from '../../e2e/fake-discord/signing.js';

export const APP_ID = '1200000000000000001';
export const TOKEN = 'aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OnNlY3JldC10b2tlbi1mb3ItdGVzdHM';
export const GUILD = '1100000000000000001';
export const CHANNEL = '1100000000000000011';

/** A guild interaction of `type` with `data`, as Discord sends it. */
export function rawInteraction(type: number, data?: Record<string, unknown>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: '1300000000000000001',
    application_id: APP_ID,
    type,
    token: TOKEN,
    version: 1,
    guild_id: GUILD,
    channel_id: CHANNEL,
    channel: { id: CHANNEL, type: 0 },
    member: { user: { id: '1000000000000000042', username: 'alice', global_name: 'Alice' }, nick: null, permissions: '32' },
    ...(data ? { data } : {}),
    ...extra,
  };
}

/** POSTs `body` to the endpoint, signed with `keys` (or with the given headers). */
export async function post(base: string, body: unknown, keys: SigningKeys | null, headers?: Record<string, string>): Promise<Response> {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return fetch(`${base}/interactions`, { method: 'POST', body: text, headers: { 'content-type': 'application/json', ...(keys ? signatureHeaders(keys, text) : {}), ...headers } });
}

/** One request the recorder received. */
export interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A tiny stand-in for Discord's REST API: records every request and answers 200 with an empty message. */
/** The id the recorder gives a message created by a callback with `with_response`. */
export const CREATED_MESSAGE_ID = '1400000000000000777';

export async function startRecorder(): Promise<{ base: string; requests: Recorded[]; close: () => Promise<void> }> {
  const requests: Recorded[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: decodeURIComponent(req.url ?? ''), headers: req.headers, body: Buffer.concat(chunks) });
      // An interaction callback with ?with_response=true answers with the created message as its resource.
      const body = /\/callback\?with_response=true$/.test(req.url ?? '') ? { interaction: { id: '1', type: 2 }, resource: { type: 4, message: { id: CREATED_MESSAGE_ID, channel_id: CHANNEL } } } : { id: '1400000000000000001', channel_id: CHANNEL, content: '' };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}/api`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Resolves after `ms`. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A promise the test resolves by hand: `const handled = latch(); ... handled.open(); await handled.opened;`. */
export function latch(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
