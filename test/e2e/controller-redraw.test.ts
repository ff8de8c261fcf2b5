/** Issue 17: in rounds mode an open controller says why it is grey, is redrawn when the round resolves, and says when it can no longer be (fake clock). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXPIRE_AFTER_MS, EXPIRED_TEXT } from '../../src/adapters/discord/controller-redraw.js';
import { startFight } from '../app/fixtures.js';
import { ADMIN_PERMS, ALICE, BOB, buttons, CHANNEL, GUILD, startHarness, subcommand, TestClock, TRANSPORTS, type Harness } from './harness.js';

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  const clock = new TestClock();
  beforeAll(async () => {
    h = await startHarness({ transport, clock, roundTimerMs: 50, editIntervalMs: 50 });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  const text = (id: string): string => JSON.stringify(h.fake.message(id) ?? {});
  const until = async (ok: () => boolean): Promise<void> => {
    for (let i = 0; i < 120 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  };

  it("GIVEN bob's controller in a rounds game WHEN he has acted THEN it says who the round waits for; WHEN the round runs out THEN it is redrawn through his token; after 15 minutes it says so and offers a fresh one", async () => {
    await h.command(ALICE, 'rogue-config', subcommand('set', { round_seconds: 10 }), { permissions: ADMIN_PERMS });
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 5, size: 'small', mode: 'rounds' }));
    await h.command(BOB, 'rogue', subcommand('join'));
    // Rounds run only in a fight: a goblin after the party starts one.
    await startFight(h.stores, { guildId: GUILD, channelId: CHANNEL }, clock.t);
    const me = await h.command(BOB, 'rogue', subcommand('me'));
    const ctl = h.fake.originalMessage(me.id)!;
    const wait = buttons(ctl).find((b) => b.custom_id?.startsWith('cc1:wait:'))!;
    expect((await h.press(BOB, ctl.id, wait.custom_id!)).callback.type).toBe(7);
    // Grey, and why.
    expect(text(ctl.id)).toContain("You've acted. Waiting for");
    expect(buttons(h.fake.message(ctl.id)!).every((b) => b.disabled)).toBe(true);

    // Alice dawdles: the timer resolves the round, and bob's controller is redrawn without him touching it.
    clock.t += 11_000;
    await until(() => !text(ctl.id).includes("You've acted"));
    expect(text(ctl.id)).not.toContain("You've acted");
    expect(buttons(h.fake.message(ctl.id)!).some((b) => b.custom_id?.startsWith('cc1:wait:') && !b.disabled)).toBe(true);
    const redraw = h.fake.requests.filter((r) => r.method === 'PATCH' && r.path.startsWith('/webhooks/')).at(-1)!;
    expect(redraw.path).toMatch(/\/messages\/@original$/);

    // Nobody presses for almost 15 minutes; the next round resolution finds the token nearly spent.
    clock.t += EXPIRE_AFTER_MS;
    await until(() => text(ctl.id).includes(EXPIRED_TEXT));
    const last = h.fake.message(ctl.id)!;
    expect(last.content).toBe(EXPIRED_TEXT);
    expect(buttons(last).map((b) => b.custom_id?.split(':')[1])).toEqual(['me']);
  }, 20_000);
});
