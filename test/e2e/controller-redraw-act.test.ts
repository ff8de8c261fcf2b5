/**
 * Issue 24: every member's open controller is redrawn when a round resolves, whatever resolved it. Here the last
 * member acting resolves it (on the shared message, or by a slash command), not the timer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFight } from '../app/fixtures.js';
import { ADMIN_PERMS, ALICE, BOB, buttons, CHANNEL, GUILD, startHarness, subcommand, TestClock, TRANSPORTS, type Harness } from './harness.js';

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  const clock = new TestClock();
  beforeAll(async () => {
    // The timer polls rarely, so only the last member's action can resolve a round within the test.
    h = await startHarness({ transport, clock, roundTimerMs: 60_000, editIntervalMs: 50 });
    await h.command(ALICE, 'rogue-config', subcommand('set', { round_seconds: 60 }), { permissions: ADMIN_PERMS });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  const text = (id: string): string => JSON.stringify(h.fake.message(id) ?? {});
  const until = async (ok: () => boolean): Promise<void> => {
    for (let i = 0; i < 120 && !ok(); i++) await new Promise((r) => setTimeout(r, 25));
  };

  /** A rounds game of alice and bob in a fight, bob's controller open and greyed by his own press. */
  async function bobWaiting(): Promise<string> {
    await h.command(ALICE, 'rogue', subcommand('end'));
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 5, size: 'small', mode: 'rounds' }));
    await h.command(BOB, 'rogue', subcommand('join'));
    await startFight(h.stores, { guildId: GUILD, channelId: CHANNEL }, clock.t);
    const me = await h.command(BOB, 'rogue', subcommand('me'));
    const ctl = h.fake.originalMessage(me.id)!;
    const wait = buttons(ctl).find((b) => b.custom_id?.startsWith('cc1:wait:'))!;
    expect((await h.press(BOB, ctl.id, wait.custom_id!)).callback.type).toBe(7);
    expect(text(ctl.id)).toContain("You've acted. Waiting for");
    return ctl.id;
  }

  it("GIVEN bob's greyed controller WHEN alice, the last member, presses wait on the game message THEN bob's controller is redrawn for the new round", async () => {
    const ctl = await bobWaiting();
    const pub = await h.gameMessage();
    const wait = buttons(pub).find((b) => b.custom_id?.startsWith('cc1:wait:'))!;
    await h.press(ALICE, pub.id, wait.custom_id!);
    await until(() => !text(ctl).includes("You've acted"));
    expect(text(ctl)).not.toContain("You've acted");
    expect(buttons(h.fake.message(ctl)!).some((b) => b.custom_id?.startsWith('cc1:wait:') && !b.disabled)).toBe(true);
  }, 20_000);

  it("GIVEN bob's greyed controller WHEN alice, the last member, acts by /rogue wait THEN bob's controller is redrawn for the new round", async () => {
    const ctl = await bobWaiting();
    await h.command(ALICE, 'rogue', subcommand('wait'));
    await until(() => !text(ctl).includes("You've acted"));
    expect(text(ctl)).not.toContain("You've acted");
  }, 20_000);
});
