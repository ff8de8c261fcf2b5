/** The real bot process in HTTP mode (INTERACTIONS=http) with metrics: signed POSTs in, answers in the response, /healthz, /metrics, SIGTERM. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALICE, CHANNEL, GUILD, ephemeralText, subcommand } from './harness.js';
import { FakeDiscord, testSigningKeys } from './fake-discord/index.js';
import { spawnBot } from './processes.js';
import { freePort } from '../support/own-redis.js';

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await FakeDiscord.start();
});
afterAll(async () => {
  expect(fake.violations()).toEqual([]);
  await fake.close();
});

async function untilOk(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) throw new Error(`${url} did not answer 200 within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('the real bot process in HTTP mode', () => {
  it('GIVEN INTERACTIONS=http and METRICS_PORT WHEN Discord POSTs signed interactions THEN they are answered, /healthz and /metrics report, and SIGTERM exits cleanly', async () => {
    const keys = testSigningKeys();
    const [port, metricsPort] = [await freePort(), await freePort()];
    const bot = spawnBot({
      DISCORD_TOKEN: fake.token,
      DISCORD_APPLICATION_ID: fake.applicationId,
      DISCORD_API_BASE: fake.apiBase,
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: `cc-e2e-${randomUUID()}`,
      LOG_LEVEL: 'info',
      INTERACTIONS: 'http',
      PORT: String(port),
      DISCORD_PUBLIC_KEY: keys.publicKeyHex,
      METRICS_PORT: String(metricsPort),
      HTTP_DRAIN_MS: '1500',
    });
    try {
      await untilOk(`http://127.0.0.1:${port}/healthz`, 20_000);
      // Discord probes the endpoint with a bad signature: it must be refused.
      expect((await fetch(`http://127.0.0.1:${port}/interactions`, { method: 'POST', body: '{"type":1}', headers: { 'content-type': 'application/json', 'x-signature-ed25519': '00'.repeat(64), 'x-signature-timestamp': String(Math.floor(Date.now() / 1000)) } })).status).toBe(401);
      fake.deliverOverHttp({ urls: [`http://127.0.0.1:${port}/interactions`], keys });
      const started = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'rogue', options: subcommand('new', { lobby: false, seed: 4, size: 'small' }) });
      expect((await fake.waitForResponse(started.id, 3000)).type).toBe(4);
      const waited = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'rogue', options: subcommand('wait') });
      expect(ephemeralText(await fake.waitForResponse(waited.id, 3000)).length).toBeGreaterThan(0);
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toMatch(/cc_interaction_duration_seconds_count\{kind="command",outcome="reply"\} 2/);
      expect(metrics).toMatch(/cc_turns_total 1/);
      const stopAt = Date.now();
      bot.child.kill('SIGTERM');
      // The drain window: still listening, new interactions and readiness get 503, liveness 200, then a clean exit.
      await new Promise((r) => setTimeout(r, 300));
      const late = await fetch(`http://127.0.0.1:${port}/interactions`, { method: 'POST', body: '{"type":1}', headers: { 'content-type': 'application/json' } });
      expect(late.status).toBe(503);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(503);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect(await bot.exited).toBe(0);
      expect(Date.now() - stopAt).toBeGreaterThanOrEqual(1500);
      expect(bot.output()).not.toContain(fake.token);
    } finally {
      bot.child.kill('SIGKILL');
    }
  }, 40_000);
});
