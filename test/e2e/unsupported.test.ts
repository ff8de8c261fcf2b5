/** Issue 11 item 6: every interaction gets an answer within 3 s, whatever its kind. */
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, CHANNEL, GUILD, ephemeralText, startHarness, subcommand, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 1, size: 'small' }));
});
afterAll(async () => {
  expect(h.fake.violations()).toEqual([]);
  await h.close();
});

describe('interactions the bot does not serve', () => {
  it('GIVEN an autocomplete request WHEN it arrives THEN it gets an empty list of choices at once', async () => {
    const t0 = Date.now();
    const sent = await h.fake.sendOther('autocomplete', { guildId: GUILD, channelId: CHANNEL, user: ALICE });
    const cb = await h.fake.waitForResponse(sent.id, 3000);
    expect(Date.now() - t0).toBeLessThan(3000);
    expect(cb.type).toBe(8);
    expect((cb.data as { choices?: unknown[] }).choices).toEqual([]);
  });

  it.each(['modal', 'select', 'user-menu', 'message-menu', 'unknown'] as const)('GIVEN a %s interaction WHEN it arrives THEN it gets a private "not supported" within 3 s', async (kind) => {
    const messageId = (await h.gameMessage()).id;
    const sent = await h.fake.sendOther(kind, { guildId: GUILD, channelId: CHANNEL, user: ALICE, messageId });
    const cb = await h.fake.waitForResponse(sent.id, 3000);
    expect(cb.type).toBe(4);
    expect(ephemeralText(cb)).toMatch(/isn't supported here/);
  });
});

describe('a malformed interaction', () => {
  it('GIVEN a command whose member has no user WHEN the shared converter refuses it THEN the bot stays up, answers privately, logs it once without the token, and serves the next one', async () => {
    const lines: string[] = [];
    const logged = await startHarness({ logger: pino({ level: 'info' }, { write: (l: string) => void lines.push(l) }) });
    try {
      const bad = await logged.fake.sendMalformed({ guildId: GUILD, channelId: CHANNEL, user: ALICE });
      expect(ephemeralText(await logged.fake.waitForResponse(bad.id, 3000))).toMatch(/isn't supported here/);
      const mentions = lines.filter((l) => l.includes(bad.id));
      expect(mentions).toHaveLength(1);
      expect(mentions[0]).not.toContain(bad.token);
      const ok = await logged.command(ALICE, 'rogue', subcommand('help'));
      expect(ok.callback.type).toBe(4);
    } finally {
      await logged.close();
    }
  });
});
