import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFight } from '../app/fixtures.js';
import { ADMIN_PERMS, ALICE, arrowFor, BOB, CAROL, CHANNEL, GUILD, ephemeralText, findButton, startHarness, subcommand, turnOf, TestClock, TRANSPORTS, type Harness } from './harness.js';

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  const clock = new TestClock();
  beforeAll(async () => {
    h = await startHarness({ transport, clock, roundTimerMs: 50, editIntervalMs: 200 });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  describe('a 3-player game in rounds mode', () => {
    it('GIVEN three players WHEN only one acts and the deadline passes THEN the timer resolves the round and edits the game message', async () => {
      await h.command(ALICE, 'rogue-config', subcommand('set', { round_seconds: 10 }), { permissions: ADMIN_PERMS });
      await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 5, size: 'small', mode: 'rounds' }));
      expect(ephemeralText((await h.command(BOB, 'rogue', subcommand('join'))).callback)).toBe('You joined the party.');
      await h.command(CAROL, 'rogue', subcommand('join'));
      // Rounds mode plays in rounds only in a fight: a goblin comes into view.
      await startFight(h.stores, { guildId: GUILD, channelId: CHANNEL }, clock.t);
      const msg = await h.gameMessage();
      expect(turnOf(h.fake.message(msg.id)!)).toBe(0);

      // Everyone acting resolves the round at once.
      for (const who of [ALICE, BOB, CAROL]) await h.command(who, 'rogue', subcommand('wait'));
      await h.fake.waitForRequest(() => turnOf(h.fake.message(msg.id)!) === 1, 3000).catch(() => undefined);
      expect(turnOf(h.fake.message(msg.id)!)).toBe(1);

      // Alice acts twice in one round: the second is refused.
      const current = h.fake.message(msg.id)!;
      expect((await h.press(ALICE, msg.id, (findButton(current, 'wait') ?? (await arrowFor(h.games, current, ALICE.id)))!.custom_id!)).callback.type).toBe(7);
      const again = await h.command(ALICE, 'rogue', subcommand('wait'));
      expect(ephemeralText(again.callback)).toContain("It's not your turn");

      // Bob and Carol dawdle: the deadline passes and the timer resolves the round through the channel API.
      const editsBefore = h.fake.requests.filter((r) => r.method === 'PATCH' && r.path === `/channels/${CHANNEL}/messages/${msg.id}`).length;
      clock.t += 11_000;
      await h.fake.waitForRequest((r) => r.method === 'PATCH' && r.path === `/channels/${CHANNEL}/messages/${msg.id}` && h.fake.requests.filter((x) => x.method === 'PATCH' && x.path === r.path).length > editsBefore, 3000);
      const after = h.fake.message(msg.id)!;
      expect(turnOf(after)).toBe(2);
      const patch = h.fake.requests.filter((r) => r.method === 'PATCH' && r.path === `/channels/${CHANNEL}/messages/${msg.id}`).at(-1)!;
      expect(patch.headers.authorization).toMatch(/^Bot /); // the bot token, not an interaction token
    });
  });
});
