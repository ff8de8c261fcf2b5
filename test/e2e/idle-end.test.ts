import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMS, ALICE, BOB, CHANNEL, GUILD, TestClock, buttons, ephemeralText, startHarness, subcommand, type Harness } from './harness.js';

let h: Harness;
const clock = new TestClock();
beforeAll(async () => {
  h = await startHarness({ clock, roundTimerMs: 50, editIntervalMs: 200 });
});
afterAll(async () => {
  expect(h.fake.violations()).toEqual([]);
  await h.close();
});

describe('a game nobody plays', () => {
  it('GIVEN idle_end_hours 1 WHEN an hour passes without an action THEN the timer ends the game and edits its message, not before', async () => {
    const set = await h.command(ALICE, 'rogue-config', subcommand('set', { idle_end_hours: 1 }), { permissions: ADMIN_PERMS });
    expect(ephemeralText(set.callback)).toContain('`idle_end_hours` is now `1`.');
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 5, size: 'small' }));
    await h.command(BOB, 'rogue', subcommand('join'));
    const msg = await h.gameMessage();
    expect(buttons(h.fake.message(msg.id)!).length).toBeGreaterThan(0);

    clock.t += 3_600_000 - 1_000;
    await new Promise((r) => setTimeout(r, 300));
    const still = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
    expect(still.ok && still.value.state.status).toBe('playing');

    clock.t += 1_000;
    await h.fake.waitForRequest((r) => r.method === 'PATCH' && r.path === `/channels/${CHANNEL}/messages/${msg.id}` && buttons(h.fake.message(msg.id)!).some((b) => b.label === 'Play again'), 3000);
    const ended = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
    expect(ended.ok && ended.value.state.summary?.outcome).toBe('abandoned');
    expect(ended.ok && ended.value.meta.endReason).toBe('idle');
  });
});
