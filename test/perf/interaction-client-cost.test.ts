/**
 * Issue 28's guard on the answers' client: an interaction callback carrying a picture (multipart, `with_response`)
 * costs the interaction client at most 0.6x what @discordjs/rest costs for the same request (measured 2.9x less with
 * `npx tsx bench/interaction-client.ts`, where the stand-in for Discord runs in another process). Here the stand-in
 * runs in this process, so its share dilutes the ratio; both are timed in CPU time, interleaved, so a loaded machine
 * slows both alike. It fails if the client grows back to the cost of the queue it replaced.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { REST } from '@discordjs/rest';
import { describe, expect, it } from 'vitest';
import { InteractionClient, type InteractionCalls } from '../../src/adapters/discord/interaction-client.js';

/** Most the interaction client may cost, as a share of @discordjs/rest's CPU for the same callbacks. */
const MAX_SHARE = 0.6;

describe('CPU per picture callback', () => {
  it('GIVEN 8 KB picture callbacks WHEN sent by both clients, interleaved THEN the interaction client costs at most 0.6x @discordjs/rest', async () => {
    const reply = Buffer.from(JSON.stringify({ interaction: { id: '1', type: 3 }, resource: { type: 7, message: { id: '9', content: 'x'.repeat(3000) } } }));
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end(reply));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const lean = new InteractionClient({ apiBase });
    const clients: [string, InteractionCalls][] = [['rest', new REST({ api: apiBase, version: '10', globalRequestsPerSecond: 1e9, retries: 1 })], ['lean', lean]];
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(8 * 1024)]);
    const body = { type: 7, data: { content: '', embeds: [{ title: 'Depth 3', description: 'y'.repeat(2500), image: { url: 'attachment://map.png' } }], components: [], attachments: [{ id: 0, filename: 'map.png' }] } };
    const send = async (c: InteractionCalls, count: number): Promise<void> => {
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < count) {
          const i = next++;
          await c.post(`/interactions/${i}/tok${i}/callback`, { body, files: [{ name: 'map.png', data: png, key: 'files[0]' }], auth: false, query: new URLSearchParams({ with_response: 'true' }) });
        }
      };
      await Promise.all(Array.from({ length: 8 }, worker));
    };
    const cpu: Record<string, number> = { rest: 0, lean: 0 };
    try {
      for (const [, c] of clients) await send(c, 100); // warm up
      for (let round = 0; round < 6; round++) {
        for (const [name, c] of clients) {
          const before = process.cpuUsage();
          await send(c, 100);
          const used = process.cpuUsage(before);
          cpu[name]! += used.user + used.system;
        }
      }
    } finally {
      lean.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const share = cpu.lean! / cpu.rest!;
    console.info(`interaction client: ${(share * 100).toFixed(0)}% of @discordjs/rest's CPU per picture callback (allowed up to ${MAX_SHARE * 100}%)`);
    expect(share).toBeLessThanOrEqual(MAX_SHARE);
  }, 60_000);
});
