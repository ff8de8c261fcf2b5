/** Issue 11 item 6: every interaction gets an answer within 3 s, whatever its kind. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, CHANNEL, GUILD, ephemeralText, startHarness, subcommand, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  await h.command(ALICE, 'rogue', subcommand('new', { seed: 1, size: 'small' }));
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
