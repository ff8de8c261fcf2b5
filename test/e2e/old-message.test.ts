/**
 * Discord lets a bot edit a message older than one hour only 3 times per 6 s per channel (30046). The game message
 * is reposted before it is an hour old (the bot's clock moved forward, the fake's messages aged to match), and when
 * an edit comes back with 30046.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, CHANNEL, GUILD, OTHER_CHANNEL, buttons, startHarness, subcommand, turnOf, TRANSPORTS, type Harness } from './harness.js';

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  /** How far the bot's wall clock (and the fake's idea of message age) has been moved forward. */
  let ahead = 0;
  beforeAll(async () => {
    h = await startHarness({ transport, editIntervalMs: 0, wallNow: () => Date.now() + ahead });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  const live = (m: { components?: unknown }): boolean => buttons(m as never).some((b) => !b.disabled);

  describe('a game message older than an hour', () => {
    it('GIVEN a game message 56 minutes old (fake clock) WHEN the next action refreshes it THEN a new message is posted with the newest turn, recorded, and the old one retired', async () => {
      const started = await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 31, size: 'small' }));
      const first = h.fake.originalMessage(started.id)!;
      await h.command(ALICE, 'rogue', subcommand('wait'));
      expect(turnOf(h.fake.message(first.id)!)).toBe(1); // young: edited in place
      ahead = 56 * 60_000;
      h.fake.ageMessages(ahead);
      await h.command(ALICE, 'rogue', subcommand('wait'));
      const view = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
      const second = view.ok ? view.value.meta.message : null;
      expect(second && second.messageId).not.toBe(first.id);
      const posted = h.fake.message(second!.messageId)!;
      expect(turnOf(posted)).toBe(2);
      expect(live(posted)).toBe(true);
      expect(live(h.fake.message(first.id)!)).toBe(false);
      expect(h.fake.messages(CHANNEL).filter((m) => live(m))).toHaveLength(1);
      // The new message is young (the fake's ids come from the real clock, so put the clocks back): the next action
      // edits it in place.
      ahead = 0;
      h.fake.ageMessages(0);
      await h.command(ALICE, 'rogue', subcommand('wait'));
      const after = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
      expect(after.ok && after.value.meta.message?.messageId).toBe(second!.messageId);
      expect(turnOf(h.fake.message(second!.messageId)!)).toBe(3);
    });

    it('GIVEN a bot whose clock thinks the message is young WHEN Discord refuses the fourth quick edit with 30046 THEN the game message is reposted and the game goes on there', async () => {
      await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 32, size: 'small' }), { channelId: OTHER_CHANNEL });
      const first = await h.gameMessage(OTHER_CHANNEL);
      h.fake.ageMessages(2 * 3_600_000); // Discord's view: two hours old; the bot's clock is not moved
      for (let i = 0; i < 4; i++) await h.command(ALICE, 'rogue', subcommand('wait'), { channelId: OTHER_CHANNEL });
      const refused = h.fake.requests.filter((r) => r.method === 'PATCH' && r.path === `/channels/${OTHER_CHANNEL}/messages/${first.id}` && r.status === 400);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      expect((refused[0]!.response as { code: number }).code).toBe(30046);
      const view = await h.games.view({ guildId: GUILD, channelId: OTHER_CHANNEL });
      const now = view.ok ? view.value.meta.message : null;
      expect(now?.messageId).not.toBe(first.id);
      expect(turnOf(h.fake.message(now!.messageId)!)).toBe(4);
      h.fake.ageMessages(0);
    });
  });
});
