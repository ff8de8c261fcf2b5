/**
 * The real bot (`npm start`, gateway mode, Redis) with WEB=on against the fake Discord: the full view listens on its
 * own port, a move made there is the same game the chat plays, and the chat message follows the full view's turns
 * at its own pace: a short pointer naming who is in the full view while anyone is, the whole message again after.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FakeDiscord } from './fake-discord/index.js';
import { ALICE, buttons, CHANNEL, GUILD, subcommand, turnOf } from './harness.js';
import { spawnBot } from './processes.js';
import { freePort } from '../support/own-redis.js';
import { ViewClient } from '../adapters/web/support.js';

describe('the bot process with the full view on', () => {
  let fake: FakeDiscord;
  beforeAll(async () => {
    fake = await FakeDiscord.start();
  });
  afterAll(async () => {
    await fake.close();
  });

  it('GIVEN WEB=on WHEN a player moves in the full view THEN the move lands in the channel game and the chat message follows', async () => {
    const port = await freePort();
    const bot = spawnBot({
      DISCORD_TOKEN: fake.token,
      DISCORD_APPLICATION_ID: fake.applicationId,
      DISCORD_API_BASE: fake.apiBase,
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: `cc-web-${randomUUID()}`,
      WEB: 'on',
      WEB_PORT: String(port),
      WEB_SECRET: 'w'.repeat(40),
      DISCORD_CLIENT_SECRET: fake.oauth.clientSecret,
      NODE_ENV: 'test',
      WEB_TEST_LOGIN: '1',
      LOG_LEVEL: 'warn',
    });
    try {
      await fake.waitForClient(15_000);
      const { id } = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'rogue', options: subcommand('new', { lobby: false, seed: 9, size: 'small' }) });
      await fake.waitForResponse(id);
      const url = `http://127.0.0.1:${port}`;
      expect(await (await fetch(`${url}/app/api/config`)).json()).toEqual({ clientId: fake.applicationId, login: false });
      const login = (await (await fetch(`${url}/app/api/test-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: ALICE.id, name: 'alice', guildId: GUILD, channelId: CHANNEL }) })).json()) as { ticket: string };
      const view = await ViewClient.open({ url } as never, login.ticket);
      await view.until((m) => m.t === 'frame');
      const f = view.frame!;
      expect(f.you.role).toBe('player');
      view.send({ t: 'act', id: 'process-move-1', seen: f.version, game: f.game, action: { type: 'wait' } });
      await view.until((m) => m.t === 'ack' && m.ok);
      const chat = () => fake.messages(CHANNEL).filter((m) => (m.flags & 64) === 0).at(-1)!;
      const until = async (test: () => boolean): Promise<void> => {
        for (let i = 0; i < 100 && !test(); i++) await new Promise((r) => setTimeout(r, 50));
      };
      // WEB=on: the game message offers 🖥️ (no watch link without WEB_PUBLIC_URL).
      expect(buttons(chat()).some((b) => b.custom_id?.startsWith('cc1:full:'))).toBe(true);
      expect(buttons(chat()).some((b) => b.style === 5)).toBe(false);
      // While Alice is in the full view, the chat message is a one-line pointer naming her (no map), buttons kept.
      await until(() => chat().embeds.length === 0);
      expect(chat().content).toMatch(/full view now: alice \(depth 1\)/);
      expect(buttons(chat()).length).toBeGreaterThan(0);
      view.close();
      // Once she leaves, the whole message again, showing the full view's turn (through the bot's coalesced editor).
      await until(() => chat().embeds.length > 0);
      expect(turnOf(chat())).toBe(1);
    } finally {
      bot.child.kill('SIGTERM');
      expect(await bot.exited).toBe(0);
    }
    expect(bot.output()).not.toContain('w'.repeat(40));
  }, 30_000);
});
