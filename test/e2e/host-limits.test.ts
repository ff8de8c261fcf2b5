/** Issue 19 through the fake Discord: a host chooses this run's difficulty and round length within limits the admins set. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMS, ALICE, BOB, CHANNEL, GUILD, ephemeralText, startHarness, subcommand, type Harness } from './harness.js';

const key = { guildId: GUILD, channelId: CHANNEL };

describe("the admins' limits on a host's choices", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  it('GIVEN an admin who allows easy to normal and 30-90 s rounds WHEN a host asks for hard or 20 s THEN a private refusal names the limit and no game starts', async () => {
    const set = await h.command(ALICE, 'rogue-config', subcommand('set', { host_max_difficulty: 'normal', host_min_round_seconds: 30, host_max_round_seconds: 90 }), { permissions: ADMIN_PERMS });
    expect(ephemeralText(set.callback)).toBe('`host_max_difficulty` is now `normal`.\n`host_min_round_seconds` is now `30`.\n`host_max_round_seconds` is now `90`.');
    const hard = await h.command(BOB, 'rogue', subcommand('new', { size: 'small', difficulty: 'hard' }));
    expect(ephemeralText(hard.callback)).toBe('This server lets hosts choose difficulty easy or normal (an admin sets host_min_difficulty and host_max_difficulty with /rogue-config set).');
    const quick = await h.command(BOB, 'rogue', subcommand('new', { size: 'small', mode: 'rounds', round_seconds: 20 }));
    expect(ephemeralText(quick.callback)).toBe('This server lets hosts choose round_seconds from 30 to 90 (an admin sets host_min_round_seconds and host_max_round_seconds with /rogue-config set).');
    expect(await h.games.view(key)).toEqual({ ok: false, error: { kind: 'no-game' } });
  });

  it('GIVEN the same limits WHEN the host chooses inside them THEN the run has them', async () => {
    await h.command(BOB, 'rogue', subcommand('new', { size: 'small', mode: 'rounds', difficulty: 'easy', round_seconds: 45 }));
    const v = await h.games.view(key);
    expect(v.ok && v.value.state.config.difficulty).toBe('easy');
    expect(v.ok && v.value.meta.roundSeconds).toBe(45);
  });

  it('GIVEN a minimum above its maximum WHEN an admin sets it THEN it is refused and the limits stay', async () => {
    const bad = await h.command(ALICE, 'rogue-config', subcommand('set', { host_min_round_seconds: 120 }), { permissions: ADMIN_PERMS });
    expect(ephemeralText(bad.callback)).toBe('host_min_round_seconds (120) is above host_max_round_seconds (90).');
  });
});
