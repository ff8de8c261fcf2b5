/** Issue 9: a private controller for each player (/rogue me and the 🎮 button). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, CHANNEL, GUILD, buttons, startHarness, subcommand, turnOf, TRANSPORTS, type Harness } from './harness.js';

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ transport, editIntervalMs: 50 });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  describe('the private controller', () => {
    it('GIVEN a game of two WHEN bob opens /rogue me and presses wait on it THEN only he sees it, it updates in place, and the public message follows', async () => {
      await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 31, size: 'small' }));
      await h.command(BOB, 'rogue', subcommand('join'));
      const pub = await h.gameMessage();
      const me = await h.command(BOB, 'rogue', subcommand('me'));
      expect(me.callback.type).toBe(4);
      expect((me.callback.data?.flags ?? 0) & 64).toBe(64);
      const ctl = h.fake.originalMessage(me.id)!;
      expect(ctl.embeds[0]!.title).toContain('bob');
      const wait = buttons(ctl).find((b) => b.custom_id?.startsWith('cc1:wait:'))!;
      expect(buttons(ctl).some((b) => /^cc1:(me|end):/.test(b.custom_id ?? ''))).toBe(false); // his own pad only
      const pressed = await h.press(BOB, ctl.id, wait.custom_id!);
      expect(pressed.callback.type).toBe(7);
      const view = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
      expect(view.ok && view.value.meta.message?.messageId).toBe(pub.id); // the public message stays the game message
      expect(view.ok && view.value.state.turn).toBe(1);
      for (let i = 0; i < 40 && turnOf(h.fake.message(pub.id)!) !== 1; i++) await new Promise((r) => setTimeout(r, 25));
      expect(turnOf(h.fake.message(pub.id)!)).toBe(1);
    });

    it('GIVEN the public message WHEN alice presses 🎮 my view THEN she gets her controller privately and the public message is untouched', async () => {
      const pub = await h.gameMessage();
      const before = JSON.stringify(h.fake.message(pub.id)!.embeds);
      const pressed = await h.press(ALICE, pub.id, buttons(pub).find((b) => b.custom_id?.startsWith('cc1:me:'))!.custom_id!);
      expect(pressed.callback.type).toBe(4);
      expect((pressed.callback.data?.flags ?? 0) & 64).toBe(64);
      expect(JSON.stringify(pressed.callback.data?.embeds)).toContain('your view');
      expect(JSON.stringify(h.fake.message(pub.id)!.embeds)).toBe(before);
    });
  });
});
