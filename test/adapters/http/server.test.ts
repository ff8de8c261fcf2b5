import { afterEach, describe, expect, it } from 'vitest';
import { MemoryLogger } from '../../../src/adapters/memory/memory-logger.js';
import { prometheusMetrics } from '../../../src/adapters/metrics/prometheus.js';
import { POSTED_BELOW_TEXT } from '../../../src/adapters/http/responder.js';
import { startInteractionServer, type InteractionServer, type InteractionServerOptions } from '../../../src/adapters/http/server.js';
import type { InteractionHandler } from '../../../src/adapters/discord/types.js';
import { INTERNAL_ERROR_TEXT } from '../../../commands/replies.js';
import { signatureHeaders, testSigningKeys } from '../../e2e/fake-discord/signing.js';
import { NO_PINGS } from '../../../src/adapters/discord/mentions.js';
import { APP_ID, CREATED_MESSAGE_ID, TOKEN, latch, post, rawInteraction, sleep, startRecorder } from './support.js';

const keys = testSigningKeys();
const command = rawInteraction(2, { name: 'rogue', type: 1, options: [{ name: 'help', type: 1 }] });
const button = rawInteraction(3, { custom_id: 'cc1:n', component_type: 2 }, { message: { id: '1400000000000000001', flags: 0 } });

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function start(handler: InteractionHandler, extra: Partial<InteractionServerOptions> = {}): Promise<{ server: InteractionServer; base: string; log: MemoryLogger }> {
  const log = new MemoryLogger();
  const server = await startInteractionServer({ port: 0, host: '127.0.0.1', publicKey: keys.publicKeyHex, handler, logger: log, apiBase: 'http://127.0.0.1:9/api', ...extra });
  cleanup.push(() => server.close());
  return { server, base: `http://127.0.0.1:${server.port}`, log };
}

const never: InteractionHandler = async () => {
  throw new Error('the handler must not run');
};

describe('HTTP interactions: signatures', () => {
  it('GIVEN a good signature on a PING WHEN posted THEN it answers PONG', async () => {
    const { base } = await start(never);
    const res = await post(base, { id: '1', application_id: APP_ID, type: 1, token: TOKEN, version: 1 }, keys);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ type: 1 });
  });

  it.each([
    ['missing', {}],
    ['not hex', { 'x-signature-ed25519': 'zz'.repeat(64), 'x-signature-timestamp': String(Math.floor(Date.now() / 1000)) }],
    ['by another key', signatureHeaders(testSigningKeys(), JSON.stringify(command))],
    ['over another body', signatureHeaders(keys, '{"type":1}')],
    ['from 10 minutes ago', signatureHeaders(keys, JSON.stringify(command), String(Math.floor(Date.now() / 1000) - 600))],
    ['without a timestamp', { 'x-signature-ed25519': signatureHeaders(keys, JSON.stringify(command))['x-signature-ed25519']! }],
  ])('GIVEN a signature %s WHEN posted THEN it answers 401 and the handler never runs', async (_name, headers) => {
    const { base } = await start(never);
    const res = await post(base, command, null, headers);
    expect(res.status).toBe(401);
  });
});

describe('HTTP interactions: answers in the response body', () => {
  it('GIVEN a handler that replies privately WHEN a command arrives THEN the body is type 4 with the ephemeral flag', async () => {
    const { base } = await start(async (i, r) => r.reply({ content: `hi ${i.user.name}`, ephemeral: true }));
    const res = await post(base, command, keys);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ type: 4, data: { allowed_mentions: NO_PINGS, content: 'hi Alice', flags: 64 } });
  });

  it.each([
    ['update', (async (_i, r) => r.update({ content: 'moved', components: [] })) as InteractionHandler, { type: 7, data: { allowed_mentions: NO_PINGS, content: 'moved', components: [] } }],
    ['deferUpdate', (async (_i, r) => r.deferUpdate()) as InteractionHandler, { type: 6 }],
    ['defer', (async (_i, r) => r.defer(true)) as InteractionHandler, { type: 5, data: { flags: 64 } }],
    ['public defer', (async (_i, r) => r.defer(false)) as InteractionHandler, { type: 5 }],
    ['autocomplete', (async (_i, r) => r.autocomplete([{ name: 'north', value: 'north' }])) as InteractionHandler, { type: 8, data: { choices: [{ name: 'north', value: 'north' }] } }],
  ])('GIVEN a handler that answers with %s WHEN a button arrives THEN the body is that answer', async (_name, handler, body) => {
    const { base } = await start(handler);
    const res = await post(base, button, keys);
    expect(await res.json()).toEqual(body);
  });

  it('GIVEN an update with a file (a press redrawing the map) WHEN answered THEN the callback goes without with_response: the message is the pressed one, nothing to read back', async () => {
    const rest = await startRecorder();
    cleanup.push(rest.close);
    const { base } = await start(async (_i, r) => r.update({ content: 'map', files: [{ name: 'map.png', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }] }), { apiBase: rest.base });
    const res = await post(base, button, keys);
    expect(res.status).toBe(202);
    expect(rest.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`POST /api/v10/interactions/${(button as { id: string }).id}/${TOKEN}/callback`]);
  });

  it('GIVEN a reply with a file WHEN answered THEN it goes to the callback endpoint as multipart with_response, the HTTP answer is 202 with no body, and the message id comes from with_response', async () => {
    const rest = await startRecorder();
    cleanup.push(rest.close);
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    let createdId: string | null = null;
    const handled = latch();
    const { base } = await start(
      async (_i, r) => {
        await r.reply({ content: 'map', embeds: [{ image: { url: 'attachment://map.png' } }], files: [{ name: 'map.png', data: png, description: 'A cavern' }] });
        createdId = await r.originalMessageId();
        handled.open();
      },
      { apiBase: rest.base },
    );
    const res = await post(base, command, keys);
    expect(res.status).toBe(202);
    expect((await res.arrayBuffer()).byteLength).toBe(0);
    await handled.opened;
    expect(createdId).toBe(CREATED_MESSAGE_ID);
    // One request: the callback. No read of @original.
    expect(rest.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`POST /api/v10/interactions/${(command as { id: string }).id}/${TOKEN}/callback?with_response=true`]);
    const callback = rest.requests[0]!;
    expect(callback.headers.authorization).toBeUndefined();
    const form = await new Response(new Uint8Array(callback.body), { headers: { 'content-type': String(callback.headers['content-type']) } }).formData();
    expect(JSON.parse(form.get('payload_json') as string)).toEqual({
      type: 4,
      data: { allowed_mentions: NO_PINGS, content: 'map', embeds: [{ image: { url: 'attachment://map.png' } }], attachments: [{ id: 0, filename: 'map.png', description: 'A cavern' }] },
    });
    const file = form.get('files[0]') as File;
    expect(file.name).toBe('map.png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png);
  });

  it('GIVEN a slow handler WHEN the deadline passes THEN the adapter defers (5 for commands, 6 for buttons) and the late reply edits @original through the webhook', async () => {
    const rest = await startRecorder();
    cleanup.push(rest.close);
    const handled = latch();
    const handler: InteractionHandler = async (_i, r) => {
      await sleep(150);
      await r.reply({ content: 'late but here', ephemeral: true });
      handled.open();
    };
    const { base, log } = await start(handler, { apiBase: rest.base, deferAfterMs: 30 });
    const started = Date.now();
    const res = await post(base, command, keys);
    expect(await res.json()).toEqual({ type: 5, data: { flags: 64 } });
    expect(Date.now() - started).toBeLessThan(140);
    await handled.opened;
    expect(rest.requests).toHaveLength(1);
    const [edit] = rest.requests;
    expect(edit!.method).toBe('PATCH');
    expect(edit!.path).toBe(`/api/v10/webhooks/${APP_ID}/${TOKEN}/messages/@original`);
    expect(edit!.headers.authorization).toBeUndefined();
    expect(JSON.parse(edit!.body.toString())).toEqual({ allowed_mentions: NO_PINGS, content: 'late but here' });
    expect(JSON.stringify(log.lines)).not.toContain(TOKEN);

    const slowButton = await start(async () => sleep(100), { apiBase: rest.base, deferAfterMs: 30 });
    expect(await (await post(slowButton.base, button, keys)).json()).toEqual({ type: 6 });
  });

  it.each([
    ['a button, private note', button, { content: 'refused', ephemeral: true }, [['POST', '', { allowed_mentions: NO_PINGS, content: 'refused', flags: 64 }]]],
    ['a command, private answer', command, { content: 'status', ephemeral: true }, [['PATCH', '/messages/@original', { allowed_mentions: NO_PINGS, content: 'status' }]]],
    [
      'a command, public post',
      command,
      { content: 'game' },
      [
        ['PATCH', '/messages/@original', { allowed_mentions: NO_PINGS, content: POSTED_BELOW_TEXT }],
        ['POST', '', { allowed_mentions: NO_PINGS, content: 'game' }],
      ],
    ],
  ] as const)('GIVEN the adapter deferred WHEN the late handler replies to %s THEN the reply lands where the player sees it', async (_name, raw, msg, expected) => {
    const rest = await startRecorder();
    cleanup.push(rest.close);
    const handled = latch();
    const { base } = await start(
      async (_i, r) => {
        await sleep(80);
        await r.reply({ ...msg });
        handled.open();
      },
      { apiBase: rest.base, deferAfterMs: 20 },
    );
    await post(base, raw, keys);
    await handled.opened;
    expect(rest.requests.map((q) => [q.method, q.path.replace(`/api/v10/webhooks/${APP_ID}/${TOKEN}`, ''), JSON.parse(q.body.toString())])).toEqual(expected);
  });

  it('GIVEN a handler that answers then follows up WHEN it runs THEN the follow-up is POSTed to the webhook after the response', async () => {
    const rest = await startRecorder();
    cleanup.push(rest.close);
    const handled = latch();
    const { base } = await start(
      async (_i, r) => {
        await r.deferUpdate();
        await r.editOriginal({ content: 'board', attachments: [] });
        await r.followUp({ content: 'nope', ephemeral: true });
        handled.open();
      },
      { apiBase: rest.base },
    );
    expect(await (await post(base, button, keys)).json()).toEqual({ type: 6 });
    await handled.opened;
    expect(rest.requests.map((q) => `${q.method} ${q.path}`)).toEqual([`PATCH /api/v10/webhooks/${APP_ID}/${TOKEN}/messages/@original`, `POST /api/v10/webhooks/${APP_ID}/${TOKEN}`]);
    expect(JSON.parse(rest.requests[0]!.body.toString())).toEqual({ allowed_mentions: NO_PINGS, content: 'board', attachments: [] });
    expect(JSON.parse(rest.requests[1]!.body.toString())).toEqual({ allowed_mentions: NO_PINGS, content: 'nope', flags: 64 });
  });

  it('GIVEN a handler that throws with the token in its message WHEN it fails THEN the user gets a private apology and no log line has the token', async () => {
    const { base, log } = await start(async (i) => {
      throw new Error(`boom at /webhooks/${i.applicationId}/${i.token}`);
    });
    expect(await (await post(base, command, keys)).json()).toEqual({ type: 4, data: { allowed_mentions: NO_PINGS, content: INTERNAL_ERROR_TEXT, flags: 64 } });
    expect(log.lines.some((l) => l.message === 'interaction failed')).toBe(true);
    expect(JSON.stringify(log.lines)).not.toContain(TOKEN);
  });

  it('GIVEN metrics WHEN interactions are answered THEN their latency is counted by kind and outcome', async () => {
    const { metrics, registry } = prometheusMetrics();
    const { base } = await start(async (i, r) => (i.kind === 'button' ? r.deferUpdate() : r.reply({ content: 'ok' })), { metrics });
    await post(base, command, keys);
    await post(base, button, keys);
    await post(base, button, keys);
    const text = await registry.metrics();
    expect(text).toContain('cc_interaction_duration_seconds_count{kind="command",outcome="reply"} 1');
    expect(text).toContain('cc_interaction_duration_seconds_count{kind="button",outcome="defer-update"} 2');
  });

  it('GIVEN a handler that returns without answering WHEN a button arrives THEN the adapter acknowledges it (type 6)', async () => {
    const { base, log } = await start(async () => {});
    expect(await (await post(base, button, keys)).json()).toEqual({ type: 6 });
    expect(log.lines.map((l) => l.message)).toContain('handler finished without answering; acknowledging');
  });
});

describe('HTTP interactions: edge cases and operations', () => {
  it('GIVEN a malformed interaction WHEN posted THEN it answers 400 with one log line that has no token', async () => {
    const { base, log } = await start(never);
    const res = await post(base, { ...command, id: 'x' }, keys);
    expect(res.status).toBe(400);
    expect(log.lines).toHaveLength(1);
    expect(log.lines[0]).toMatchObject({ level: 'warn', message: 'malformed interaction' });
    expect(JSON.stringify(log.lines)).not.toContain(TOKEN);
    expect((await post(base, 'not json', keys)).status).toBe(400);
  });

  it('GIVEN a body over the limit WHEN posted THEN it answers 413 without verifying or handling', async () => {
    const { base } = await start(never, { maxBodyBytes: 1000 });
    const res = await post(base, { ...command, padding: 'x'.repeat(2000) }, keys);
    expect(res.status).toBe(413);
  });

  it('GIVEN the readiness check WHEN /readyz and /healthz are asked THEN readiness follows the check (503 when not ready or hanging) and liveness stays 200', async () => {
    let ready = true;
    const { base } = await start(never, { ready: async () => ready });
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
    ready = false;
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    const hanging = await start(never, { ready: () => new Promise<boolean>(() => {}) });
    expect((await fetch(`${hanging.base}/readyz`)).status).toBe(503);
    expect((await fetch(`${hanging.base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/nope`)).status).toBe(404);
  });

  it('GIVEN an interaction in flight WHEN close() is called THEN new ones get 503, readyz 503, healthz 200, and close waits for the one in flight', async () => {
    const gate = latch();
    const { server, base } = await start(async (_i, r) => {
      await gate.opened;
      await r.reply({ content: 'done', ephemeral: true });
    });
    const first = post(base, command, keys);
    await sleep(50);
    let closed = false;
    const closing = server.close().then(() => (closed = true));
    await sleep(20);
    expect((await post(base, command, keys)).status).toBe(503);
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect(closed).toBe(false);
    gate.open();
    expect(await (await first).json()).toEqual({ type: 4, data: { allowed_mentions: NO_PINGS, content: 'done', flags: 64 } });
    await closing;
    expect(closed).toBe(true);
    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
  });
});
