/** Issue 11 item 7: interactions that arrive while the bot shuts down get the restarting note. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { RESTARTING_TEXT } from '../../src/adapters/discord/router.js';
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
    const late = await h.fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'rogue', options: subcommand('new', { lobby: false, seed: 2 }) });
    expect(ephemeralText(await h.fake.waitForResponse(late.id, 3000))).toBe(RESTARTING_TEXT);
    await stopping;
  });
});

describe('two processes on the same shard', () => {
  it('GIVEN a running bot WHEN the gateway invalidates its session (as when another process holds the same shard) THEN a warning names the likely cause, and the bot carries on', async () => {
    const lines: string[] = [];
    const h = await startHarness({ logger: pino({ level: 'info' }, { write: (l: string) => void lines.push(l) }) });
    try {
      h.fake.invalidateSessions();
      for (let i = 0; i < 100 && !lines.some((l) => l.includes('another process')); i++) await new Promise((r) => setTimeout(r, 50));
      const warning = lines.find((l) => l.includes('another process'));
      expect(warning).toBeDefined();
      expect(JSON.parse(warning!).level).toBe(40);
      // @discordjs/ws identifies again (its identify throttle waits about 5 s).
      await h.fake.waitForClient(10_000);
      const ok = await h.command(ALICE, 'rogue', subcommand('help'));
      expect(ok.callback.type).toBe(4);
    } finally {
      await h.close();
    }
  }, 20_000);
});
