/** The interaction endpoints' client: multipart and JSON bodies as Discord reads them, Discord's errors, retries, 429s. */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { InteractionClient } from '../../../src/adapters/discord/interaction-client.js';
import { apiError } from '../../../src/adapters/discord/messages.js';

interface Seen {
  method: string;
  url: string;
  contentType: string;
  body: Buffer;
  at: number;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A stand-in for Discord answering the n-th request (0-based) with `answer(n, req, res)`. */
async function discord(answer: (n: number, res: ServerResponse, req: IncomingMessage) => void): Promise<{ client: InteractionClient; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', contentType: req.headers['content-type'] ?? '', body: Buffer.concat(chunks), at: Date.now() });
      answer(seen.length - 1, res, req);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const client = new InteractionClient({ apiBase: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`, retries: 1 });
  closers.push(async () => {
    client.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return { client, seen };
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void => void res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('picture bytes')]);

describe('interaction client', () => {
  it('GIVEN an answer with a picture WHEN it is posted THEN Discord reads files[0] and payload_json from one multipart body, with the query, and the JSON reply comes back', async () => {
    const d = await discord((_n, res) => json(res, 200, { resource: { message: { id: '77' } } }));
    const reply = await d.client.post('/interactions/1/tok/callback', { body: { type: 7, data: { content: 'hi' } }, files: [{ name: 'map.png', data: PNG, key: 'files[0]' }], auth: false, query: new URLSearchParams({ with_response: 'true' }) });
    expect(reply).toEqual({ resource: { message: { id: '77' } } });
    const [req] = d.seen;
    expect(req!.method).toBe('POST');
    expect(req!.url).toBe('/api/v10/interactions/1/tok/callback?with_response=true');
    const form = await new Response(new Uint8Array(req!.body), { headers: { 'content-type': req!.contentType } }).formData();
    expect(JSON.parse(form.get('payload_json') as string)).toEqual({ type: 7, data: { content: 'hi' } });
    const file = form.get('files[0]') as File;
    expect(file.name).toBe('map.png');
    expect(file.type).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('GIVEN a plain edit WHEN it is sent THEN the body is JSON; a 204 gives null', async () => {
    const d = await discord((_n, res) => void res.writeHead(204).end());
    expect(await d.client.patch('/webhooks/2/tok/messages/%40original', { body: { content: 'x' }, auth: false })).toBeNull();
    expect(d.seen[0]!.contentType).toBe('application/json');
    expect(JSON.parse(d.seen[0]!.body.toString())).toEqual({ content: 'x' });
  });

  it('GIVEN an edit whose reply nobody reads WHEN Discord answers with the whole message THEN it is not parsed; otherwise it is', async () => {
    const d = await discord((_n, res) => json(res, 200, { id: '8', embeds: [{ title: 'big' }] }));
    expect(await d.client.patch('/webhooks/2/tok/messages/%40original', { body: {}, reply: false })).toBeNull();
    expect(await d.client.patch('/webhooks/2/tok/messages/%40original', { body: {} })).toEqual({ id: '8', embeds: [{ title: 'big' }] });
  });

  it("GIVEN Discord refuses with a code WHEN called THEN Discord's error is thrown with its status, code and message, not retried", async () => {
    const d = await discord((_n, res) => json(res, 404, { code: 10015, message: 'Unknown Webhook' }));
    const err: unknown = await d.client.post('/webhooks/2/tok', { body: { content: 'x' } }).catch((e: unknown) => e);
    expect(apiError(err)).toEqual({ status: 404, code: 10015 });
    expect(String((err as Error).message)).toMatch(/Unknown Webhook/);
    expect(d.seen).toHaveLength(1);
  });

  it('GIVEN a 5xx WHEN called THEN it is tried once more: a second 5xx is thrown with its status, a success returns', async () => {
    const failing = await discord((_n, res) => json(res, 502, { message: 'bad gateway' }));
    const err: unknown = await failing.client.post('/webhooks/2/tok', { body: {} }).catch((e: unknown) => e);
    expect((err as { status?: number }).status).toBe(502);
    expect(failing.seen).toHaveLength(2);
    const flaky = await discord((n, res) => (n === 0 ? json(res, 500, {}) : json(res, 200, { id: '9' })));
    expect(await flaky.client.post('/webhooks/2/tok', { body: {} })).toEqual({ id: '9' });
  });

  it('GIVEN a connection reset on the first try WHEN called THEN it is tried again', async () => {
    const d = await discord((n, res, req) => (n === 0 ? req.socket.destroy() : json(res, 200, { id: '5' })));
    expect(await d.client.get('/webhooks/2/tok/messages/%40original')).toEqual({ id: '5' });
    expect(d.seen).toHaveLength(2);
  });

  it('GIVEN a 429 WHEN called THEN its retry_after is waited out and the call made again', async () => {
    const d = await discord((n, res) => (n === 0 ? json(res, 429, { message: 'You are being rate limited.', retry_after: 0.2, global: false }) : json(res, 200, { id: '3' })));
    expect(await d.client.patch('/webhooks/2/tok/messages/%40original', { body: {} })).toEqual({ id: '3' });
    expect(d.seen[1]!.at - d.seen[0]!.at).toBeGreaterThanOrEqual(180);
  });

  it('GIVEN a route whose bucket says none left WHEN it is called again THEN the call waits for the reset; another route does not', async () => {
    const d = await discord((n, res) => json(res, 200, { id: String(n) }, n === 0 ? { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': '0.3' } : {}));
    await d.client.patch('/webhooks/2/tok/messages/%40original', { body: {} });
    await d.client.post('/webhooks/2/other', { body: {} });
    await d.client.patch('/webhooks/2/tok/messages/%40original', { body: {} });
    expect(d.seen[1]!.at - d.seen[0]!.at).toBeLessThan(150);
    expect(d.seen[2]!.at - d.seen[0]!.at).toBeGreaterThanOrEqual(280);
  });
});
