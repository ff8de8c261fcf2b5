/** Issue 19 through the fake Discord: a round that waits pings just the players it waits for, once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFight } from '../app/fixtures.js';
import { ADMIN_PERMS, ALICE, BOB, CAROL, CHANNEL, GUILD, startHarness, subcommand, TestClock, type Harness } from './harness.js';

describe('whose turn', () => {
  let h: Harness;
  const clock = new TestClock();
  beforeAll(async () => {
    h = await startHarness({ clock, roundTimerMs: 50, editIntervalMs: 100 });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  const pings = () => h.fake.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${CHANNEL}/messages` && JSON.stringify(r.body).includes('The round is waiting for'));

  it('GIVEN ping_seconds 20 WHEN Alice acts and Bob and Carol dawdle THEN one short message pings only Bob and Carol', async () => {
    await h.command(ALICE, 'rogue-config', subcommand('set', { round_seconds: 60, ping_seconds: 20 }), { permissions: ADMIN_PERMS });
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 5, size: 'small', mode: 'rounds' }));
    await h.command(BOB, 'rogue', subcommand('join'));
    await h.command(CAROL, 'rogue', subcommand('join'));
    const key = { guildId: GUILD, channelId: CHANNEL };
    await startFight(h.stores, key, clock.t);
    // startFight moves the deadline by hand: the round starts now.
    const loaded = await h.stores.games.load(key);
    if (loaded.kind !== 'found') throw new Error('no game');
    await h.stores.games.save(key, { ...loaded.game, meta: { ...loaded.game.meta, roundStartedAt: clock.t } }, loaded.rev, []);
    await h.command(ALICE, 'rogue', subcommand('wait'));
    clock.t += 15_000;
    await new Promise((r) => setTimeout(r, 200));
    expect(pings()).toHaveLength(0);
    clock.t += 6_000;
    const ping = await h.fake.waitForRequest((r) => r.method === 'POST' && r.path === `/channels/${CHANNEL}/messages` && JSON.stringify(r.body).includes('The round is waiting for'), 3000);
    const body = ping.body as { content: string; allowed_mentions: { parse: string[]; users: string[] } };
    expect(body.allowed_mentions).toEqual({ parse: [], users: [BOB.id, CAROL.id] });
    expect(body.content).toBe(`⏳ The round is waiting for <@${BOB.id}> <@${CAROL.id}>: your move!`);
    clock.t += 10_000;
    await new Promise((r) => setTimeout(r, 200));
    expect(pings()).toHaveLength(1);
  });
});
