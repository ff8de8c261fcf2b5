import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMIT_TEXT } from '../../commands/replies.js';
import { arrowFor, ALICE, BOB, CHANNEL, GUILD, TestClock, ephemeralText, turnButton, startHarness, subcommand, turnOf, type Harness } from './harness.js';

let h: Harness;
// The clock stands still unless the test moves it, so the limiter's bucket refills only when we say.
const clock = new TestClock();
beforeAll(async () => {
  h = await startHarness({ clock, rateLimit: { capacity: 5, refillMs: 3000 } });
});
afterAll(async () => {
  expect(h.fake.violations()).toEqual([]);
  await h.close();
});

describe('the per-user rate limit (5 actions in 3 s)', () => {
  it('GIVEN five actions within 3 s WHEN a sixth comes THEN it gets the polite private note and changes nothing, other players are not affected, and time restores the budget', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 3, size: 'small' })); // 1
    await h.command(BOB, 'rogue', subcommand('join'));
    const msg = await h.gameMessage();
    // A shared arrow may be lit for Bob only (a wall for Alice), so her first two actions are slash waits.
    for (let i = 0; i < 2; i++) expect(ephemeralText((await h.command(ALICE, 'rogue', subcommand('wait'))).callback)).not.toBe(RATE_LIMIT_TEXT); // 2, 3
    expect(ephemeralText((await h.command(ALICE, 'rogue', subcommand('wait'))).callback)).not.toBe(RATE_LIMIT_TEXT); // 4
    await h.command(ALICE, 'rogue', subcommand('status')); // 5
    const turn = turnOf(h.fake.message(msg.id)!);

    const sixth = await h.press(ALICE, msg.id, turnButton(h.fake.message(msg.id)!)!.custom_id!);
    expect(ephemeralText(sixth.callback)).toBe(RATE_LIMIT_TEXT);
    const seventh = await h.command(ALICE, 'rogue', subcommand('wait'));
    expect(ephemeralText(seventh.callback)).toBe(RATE_LIMIT_TEXT);
    expect(turnOf(h.fake.message(msg.id)!)).toBe(turn);
    const stored = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
    expect(stored.ok && stored.value.state.turn).toBe(turn);

    // Help is always answered, and Bob has his own budget.
    const help = (await h.command(ALICE, 'rogue', subcommand('help'))).callback;
    ephemeralText(help); // private
    expect(JSON.stringify(help.data)).toContain('Channel Crawler');
    expect((await h.press(BOB, msg.id, (await arrowFor(h.games, h.fake.message(msg.id)!, BOB.id))!.custom_id!)).callback.type).toBe(7);
    expect(turnOf(h.fake.message(msg.id)!)).toBe(turn + 1);

    clock.t += 3000;
    expect((await h.press(ALICE, msg.id, (await arrowFor(h.games, h.fake.message(msg.id)!, ALICE.id))!.custom_id!)).callback.type).toBe(7);
    expect(turnOf(h.fake.message(msg.id)!)).toBe(turn + 2);
  });
});
