import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALICE, CHANNEL, GUILD, ephemeralText, subcommand, turnOf } from './harness.js';
import { FakeDiscord } from './fake-discord/index.js';
import { spawnBot } from './processes.js';

let fake: FakeDiscord;
beforeAll(async () => {
  fake = await FakeDiscord.start();
});
afterAll(async () => {
  expect(fake.violations()).toEqual([]);
  await fake.close();
});

async function command(options: unknown[]) {
  const { id } = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'rogue', options });
  return { id, callback: await fake.waitForResponse(id, 3000) };
}

describe('the real bot process (npm start)', () => {
  it('GIVEN a missing variable WHEN the bot starts THEN it names the variable and exits 1', async () => {
    const bot = spawnBot({ DISCORD_APPLICATION_ID: '1200000000000000001' });
    expect(await bot.exited).toBe(1);
    expect(bot.output()).toContain('DISCORD_TOKEN is required');
  });

  it('GIVEN a game WHEN the bot is killed and started again THEN /rogue map shows the same turn, and SIGTERM exits cleanly', async () => {
    const env = {
      DISCORD_TOKEN: fake.token,
      DISCORD_APPLICATION_ID: fake.applicationId,
      DISCORD_API_BASE: fake.apiBase,
      REDIS_URL: inject('redisUrl'),
      REDIS_PREFIX: `cc-e2e-${randomUUID()}`,
      LOG_LEVEL: 'info',
    };
    const first = spawnBot(env);
    await fake.waitForClient(15_000);
    await command(subcommand('new', { lobby: false, seed: 4, size: 'small' }));
    await command(subcommand('wait'));
    await command(subcommand('wait'));
    // The answers come first; the game message follows through the per-channel coalescer (at most about 1 s later).
    const shown = (): number => turnOf(fake.messages(CHANNEL).filter((m) => m.embeds.length > 0 && (m.flags & 64) === 0).at(-1)!);
    for (let i = 0; i < 60 && shown() !== 2; i++) await new Promise((r) => setTimeout(r, 50));
    const before = shown();
    expect(before).toBe(2);
    first.child.kill('SIGKILL');
    await first.exited;

    const second = spawnBot(env);
    await fake.waitForClient(15_000);
    const map = await command(subcommand('map'));
    expect(map.callback.type).toBe(4);
    expect(turnOf(fake.originalMessage(map.id)!)).toBe(before);
    expect(ephemeralText((await command(subcommand('wait'))).callback).length).toBeGreaterThan(0);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    // The token never reaches the logs.
    expect(first.output() + second.output()).not.toContain(fake.token);
    expect(second.output()).toContain('bot ready');
  }, 40_000);

  it('GIVEN no REDIS_URL WHEN the bot starts THEN it warns loudly that games live in memory, still plays, and SIGINT exits cleanly', async () => {
    const bot = spawnBot({ DISCORD_TOKEN: fake.token, DISCORD_APPLICATION_ID: fake.applicationId, DISCORD_API_BASE: fake.apiBase, LOG_LEVEL: 'info' });
    await fake.waitForClient(15_000);
    const warning = bot.output().split('\n').find((l) => l.includes('REDIS_URL is not set'));
    expect(warning).toBeDefined();
    expect(JSON.parse(warning!).level).toBe(40); // warn
    expect(warning).toContain('IN MEMORY ONLY');
    const started = await command(subcommand('new', { lobby: false, seed: 6, size: 'small' }));
    expect(started.callback.type).toBe(4);
    bot.child.kill('SIGINT');
    expect(await bot.exited).toBe(0);
    expect(bot.output()).toContain('"signal":"SIGINT"');
    expect(bot.output()).not.toContain(fake.token);
  }, 30_000);
});
