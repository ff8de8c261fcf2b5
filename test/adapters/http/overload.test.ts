/** The HTTP endpoint past capacity: presses shed before they are routed, and bursts of new connections all answered. */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryLogger } from '../../../src/adapters/memory/memory-logger.js';
import { startInteractionServer, type InteractionServer } from '../../../src/adapters/http/server.js';
import { LoadShedder, shedRouter } from '../../../src/adapters/discord/load-shedder.js';
import type { Router } from '../../../src/adapters/discord/router.js';
import type { InteractionHandler } from '../../../src/adapters/discord/types.js';
import { t } from '../../../src/i18n/index.js';
import { signatureHeaders, testSigningKeys } from '../../e2e/fake-discord/signing.js';
import { APP_ID, TOKEN, latch, post, rawInteraction } from './support.js';

const keys = testSigningKeys();
/** A snowflake made now, as Discord makes interaction ids (the shedder reads its age from it). */
const freshId = (): string => ((BigInt(Date.now()) - 1420070400000n) << 22n).toString();
const press = (locale?: string): Record<string, unknown> => rawInteraction(3, { custom_id: 'cc1:n', component_type: 2 }, { id: freshId(), message: { id: '1400000000000000001', flags: 0 }, ...(locale ? { locale } : {}) });

/** TcpExtListenOverflows from /proc/net/netstat: connections dropped at a full listen queue; null where there is none. */
function listenOverflows(): number | null {
  if (!existsSync('/proc/net/netstat')) return null;
  const lines = readFileSync('/proc/net/netstat', 'utf8').split('\n');
  const at = lines.findIndex((l) => l.startsWith('TcpExt:'));
  const names = lines[at]!.split(/\s+/);
  const values = lines[at + 1]!.split(/\s+/);
  return Number(values[names.indexOf('ListenOverflows')]);
}

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

async function start(handler: InteractionHandler, admit?: (id: string) => boolean): Promise<{ server: InteractionServer; base: string }> {
  const server = await startInteractionServer({ port: 0, host: '127.0.0.1', publicKey: keys.publicKeyHex, handler, logger: new MemoryLogger(), apiBase: 'http://127.0.0.1:9/api', ...(admit ? { admit } : {}) });
  cleanup.push(() => server.close());
  return { server, base: `http://127.0.0.1:${server.port}` };
}

describe('HTTP interactions: overload', () => {
  it('GIVEN the shedder at its limit WHEN a press arrives THEN it is answered busy in its locale before the router sees it; pings and autocompletes still pass', async () => {
    const shedder = new LoadShedder({ targetMs: 500, initialLimit: 2, minLimit: 2 });
    const gate = latch();
    const routed: string[] = [];
    const inner: Router = {
      handle: async (i, r) => {
        routed.push(i.kind);
        if (i.kind === 'autocomplete') return r.autocomplete([]);
        await r.deferUpdate();
        await gate.opened;
      },
      drain: async () => {},
      settle: async () => {},
    };
    const router = shedRouter(inner, shedder, { refusal: () => {} }, { debug: () => {}, info: () => {} } as never);
    const { base } = await start((i, r) => router.handle(i, r), (id) => shedder.check(id) === null);
    // Two presses in flight fill the limit.
    const held = [await post(base, press(), keys), await post(base, press(), keys)];
    expect(held.map((r) => r.status)).toEqual([200, 200]);
    expect(shedder.active).toBe(2);
    const busy = await post(base, press('de'), keys);
    expect(busy.status).toBe(200);
    expect(await busy.json()).toEqual({ type: 4, data: { content: t('de', 'reply.busy'), embeds: [], flags: 64, allowed_mentions: expect.anything() as unknown } });
    expect(routed).toEqual(['button', 'button']);
    expect(shedder.shed.slow).toBe(1);
    expect(await (await post(base, { id: '1', application_id: APP_ID, type: 1, token: TOKEN, version: 1 }, keys)).json()).toEqual({ type: 1 });
    const complete = await post(base, rawInteraction(4, { name: 'rogue', type: 1, options: [] }, { id: freshId() }), keys);
    expect(await complete.json()).toEqual({ type: 8, data: { choices: [] } });
    // Once the two finish, the next press is routed again.
    gate.open();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(shedder.active).toBe(0);
    expect((await post(base, press(), keys)).status).toBe(200);
    expect(routed).toEqual(['button', 'button', 'autocomplete', 'button']);
  });

  it('GIVEN an event loop stalled for 1.5 s WHEN 700 new connections each bring a press THEN every one is answered within Discord\'s 3 s (none dropped at the listen queue)', async () => {
    const { base } = await start(async (_i, r) => r.deferUpdate());
    const bodies = Array.from({ length: 700 }, () => {
      const body = JSON.stringify(press());
      return { body, headers: signatureHeaders(keys, body) };
    });
    // The clients live in another process (this one is about to stall), each press on its own new connection.
    const client = `
      const http = require('node:http');
      const input = JSON.parse(require('node:fs').readFileSync(0, 'utf8'));
      const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
      const started = Date.now();
      let done = 0; const times = [];
      process.stdout.write('go\\n');
      for (const { body, headers } of input.bodies) {
        const req = http.request(input.url, { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
          res.resume();
          res.on('end', () => { times.push([res.statusCode, Date.now() - started]); if (++done === input.bodies.length) { process.stdout.write(JSON.stringify(times)); } });
        });
        req.on('error', (e) => { times.push([0, Date.now() - started]); if (++done === input.bodies.length) process.stdout.write(JSON.stringify(times)); });
        req.end(body);
      }`;
    const child = spawn(process.execPath, ['-e', client], { stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    const ready = new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.startsWith('go\n')) resolve();
    }));
    const overflowsBefore = listenOverflows();
    child.stdin.end(JSON.stringify({ url: `${base}/interactions`, bodies }));
    await ready;
    // Stall: nothing is accepted while the clients connect.
    const until = Date.now() + 1500;
    while (Date.now() < until) {
      // busy
    }
    await new Promise((resolve) => child.once('exit', resolve));
    const times = JSON.parse(out.slice(3)) as [number, number][];
    expect(times).toHaveLength(700);
    expect(times.filter(([status]) => status !== 200)).toEqual([]);
    expect(Math.max(...times.map(([, ms]) => ms))).toBeLessThan(3000);
    // The kernel's count of connections it dropped because a listen queue was full (the whole machine's; Linux only).
    if (overflowsBefore !== null) expect(listenOverflows()! - overflowsBefore).toBe(0);
  }, 30_000);
});
