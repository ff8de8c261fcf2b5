import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, ephemeralText, turnButton, startHarness, subcommand, turnOf, type Harness } from './harness.js';
import { OwnRedis } from './processes.js';

let redis: OwnRedis;
let h: Harness;
beforeAll(async () => {
  redis = await OwnRedis.start();
  h = await startHarness({ redisUrl: redis.url });
});
afterAll(async () => {
  expect(h.fake.violations()).toEqual([]);
  await h.close();
  await redis.close();
});

describe('Redis stopped and restarted mid-game', () => {
  it('GIVEN a game in Redis WHEN Redis goes away THEN commands and buttons are answered within 3 s with a friendly note, and after the restart the game goes on', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 9, size: 'small' }));
    await h.command(ALICE, 'rogue', subcommand('wait'));
    const msg = await h.gameMessage();
    const turn = turnOf(h.fake.message(msg.id)!);

    await redis.down();
    const cmd = await h.command(ALICE, 'rogue', subcommand('wait'));
    expect(cmd.ms).toBeLessThan(3000);
    expect(ephemeralText(cmd.callback)).toContain('storage is unavailable');
    const btn = await h.press(ALICE, msg.id, turnButton(h.fake.message(msg.id)!)!.custom_id!);
    expect(btn.ms).toBeLessThan(3000);
    expect(ephemeralText(btn.callback)).toContain('storage is unavailable');
    expect(turnOf(h.fake.message(msg.id)!)).toBe(turn);

    await redis.up();
    // ioredis reconnects with a capped backoff (1 s); keep asking until it is back.
    let answer = '';
    for (let i = 0; i < 30; i++) {
      const r = await h.command(ALICE, 'rogue', subcommand('wait'));
      expect(r.ms).toBeLessThan(3000);
      answer = ephemeralText(r.callback);
      if (!answer.includes('storage is unavailable')) break;
      await new Promise((res) => setTimeout(res, 200));
    }
    expect(answer).not.toContain('storage is unavailable');
    expect(turnOf(h.fake.message(msg.id)!)).toBe(turn + 1);
  });
});
