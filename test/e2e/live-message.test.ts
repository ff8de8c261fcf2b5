/** Issue 11 item 4: the game message never falls behind, and a retired one never comes back. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, CAROL, CHANNEL, GUILD, OTHER_CHANNEL, buttons, ephemeralText, startHarness, subcommand, turnOf, TRANSPORTS, type Harness, turnButton } from './harness.js';

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ transport, editIntervalMs: 50 });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  const live = (m: { components?: unknown }): boolean => buttons(m as never).some((b) => !b.disabled);

  describe('one live game message', () => {
    it('GIVEN /rogue map reposted the game and retiring the old message failed WHEN a button on the old message is pressed THEN nothing changes and the private answer links to the live message', async () => {
      const started = await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 21, size: 'small' }));
      const first = h.fake.originalMessage(started.id)!;
      const wait = turnButton(first)!.custom_id!;
      // Retiring the old message fails (Discord down for that edit), so its buttons are still there to press.
      h.fake.failRequests((method, path) => method === 'PATCH' && path === `/channels/${CHANNEL}/messages/${first.id}`, { status: 500, unapplied: true }, 20);
      const map = await h.command(ALICE, 'rogue', subcommand('map'));
      h.fake.clearFaults();
      const second = h.fake.originalMessage(map.id)!;
      const pressed = await h.press(ALICE, first.id, wait);
      expect(pressed.callback.type).toBe(4);
      expect(ephemeralText(pressed.callback)).toContain(`https://discord.com/channels/${GUILD}/${CHANNEL}/${second.id}`);
      const view = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
      expect(view.ok && view.value.meta.message?.messageId).toBe(second.id);
      expect(view.ok && view.value.state.version).toBe(1); // the join only: the press was not applied
      await h.command(ALICE, 'rogue', subcommand('end'));
    });

    it('GIVEN every edit of the game message fails with 500 WHEN twelve actions come THEN no second game message is posted, and afterwards it settles on the newest state', async () => {
      await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 22, size: 'small' }), { channelId: OTHER_CHANNEL });
      const msg = await h.gameMessage(OTHER_CHANNEL);
      const edit = (method: string, path: string): boolean => method === 'PATCH' && path === `/channels/${OTHER_CHANNEL}/messages/${msg.id}`;
      h.fake.failRequests(edit, { status: 500 }, 1000);
      for (let i = 0; i < 12; i++) await h.command(ALICE, 'rogue', subcommand('wait'), { channelId: OTHER_CHANNEL });
      expect(h.fake.messages(OTHER_CHANNEL).filter((m) => live(m))).toHaveLength(1);
      h.fake.clearFaults();
      await h.command(ALICE, 'rogue', subcommand('wait'), { channelId: OTHER_CHANNEL });
      const saved = await h.games.view({ guildId: GUILD, channelId: OTHER_CHANNEL });
      expect(saved.ok && saved.value.state.turn).toBe(13);
      for (let i = 0; i < 40 && turnOf(h.fake.message(msg.id)!) !== 13; i++) await new Promise((r) => setTimeout(r, 50));
      expect(turnOf(h.fake.message(msg.id)!)).toBe(13);
      expect(h.fake.messages(OTHER_CHANNEL).filter((m) => live(m))).toHaveLength(1);
    });

    it('GIVEN three players pressing at once in a channel, over and over WHEN the burst is over THEN the message shows the saved version', async () => {
      await h.command(ALICE, 'rogue', subcommand('end'), { channelId: OTHER_CHANNEL });
      await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 23, size: 'small' }));
      await h.command(BOB, 'rogue', subcommand('join'));
      await h.command(CAROL, 'rogue', subcommand('join'));
      const msg = await h.gameMessage();
      for (let round = 0; round < 5; round++) {
        const current = h.fake.message(msg.id)!;
        const wait = turnButton(current)!.custom_id!;
        await Promise.all([ALICE, BOB, CAROL].map((u) => h.press(u, msg.id, wait)));
      }
      await new Promise((r) => setTimeout(r, 200));
      await h.bot.flushEdits();
      const saved = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
      expect(saved.ok).toBe(true);
      expect(turnOf(h.fake.message(msg.id)!)).toBe(saved.ok ? saved.value.state.turn : -1);
    });
  });
});
