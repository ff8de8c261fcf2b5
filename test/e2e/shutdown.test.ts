/** Issue 11 item 7: interactions that arrive while the bot shuts down get the restarting note. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTARTING_TEXT } from '../../src/adapters/interactions/router.js';
import { ALICE, CHANNEL, GUILD, ephemeralText, startHarness, subcommand, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ shutdownGraceMs: 1000 });
});
afterAll(async () => {
  await h.fake.close();
});

describe('shutdown', () => {
  it('GIVEN the bot has begun shutting down WHEN a command arrives before the gateway closes THEN it is answered with the restarting note', async () => {
    const stopping = h.bot.stop();
    await new Promise((r) => setTimeout(r, 50));
    const late = await h.fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'rogue', options: subcommand('new', { seed: 2 }) });
    expect(ephemeralText(await h.fake.waitForResponse(late.id, 3000))).toBe(RESTARTING_TEXT);
    await stopping;
  });
});
