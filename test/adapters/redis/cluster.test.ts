/**
 * The stores on a real 3-master Redis Cluster started by this file: the store contract, round deadlines across two
 * processes, and the same interaction delivered to two processes at once, 1,000 times over 50 channels.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Cluster, Redis } from 'ioredis';
import { GameService } from '../../../src/app/game-service.js';
import type { ChannelKey } from '../../../src/app/service-types.js';
import { channelKeys, guildKeys, roundsBucketKeys } from '../../../src/adapters/redis/keys.js';
import { connectRedis, FakeClock, freshKey, redisKit, type StoreKit } from '../../app/fixtures.js';
import { storeContract } from '../../app/store-contract.js';
import { OwnCluster } from '../../support/own-cluster.js';
import { runExactlyOnce } from './exactly-once-scenario.js';
import { roundsAcrossProcesses } from './rounds-suite.js';

describe('on a 3-master Redis Cluster', () => {
  let cluster: OwnCluster;
  beforeAll(async () => {
    cluster = await OwnCluster.start(3);
  }, 30_000);
  afterAll(async () => {
    await cluster?.close();
  });

  it('the client is a cluster client; each channel’s keys share one slot, and the round buckets spread over every master', async () => {
    const redis = await connectRedis(cluster.target);
    try {
      expect(redis).toBeInstanceOf(Cluster);
      const c = redis as Cluster;
      expect(c.nodes('master')).toHaveLength(3);
      const slot = async (k: string): Promise<number> => Number(await c.call('CLUSTER', 'KEYSLOT', k));
      const key = freshKey();
      const ch = channelKeys('cc', key);
      const slots = await Promise.all([ch.game, ch.log, ch.summaries, ch.ix, ch.seen].map(slot));
      expect(new Set(slots).size).toBe(1);
      const g = guildKeys('cc', key.guildId);
      expect(new Set(await Promise.all([g.settings, g.games, g.summarized].map(slot))).size).toBe(1);
      // Each master serves a range of slots: every one holds some of the round buckets.
      const ranges = (await c.call('CLUSTER', 'SLOTS')) as [number, number, ...unknown[]][];
      const bucketSlots = await Promise.all(roundsBucketKeys('cc').map(slot));
      for (const [from, to] of ranges) expect(bucketSlots.some((s) => s >= from && s <= to)).toBe(true);
    } finally {
      redis.disconnect();
    }
  });

  describe('store contract', () => storeContract(() => redisKit(cluster.target)));

  roundsAcrossProcesses(() => cluster.target);

  it('the same interaction delivered to both processes at once, 1,000 interactions over 50 channels: each is applied exactly once', async () => {
    const run = await runExactlyOnce(cluster.target, 50, 20);
    expect(run).toEqual({ channels: 50, interactions: 1000, duplicates: 1000 });
  }, 30_000);

  describe('a node in trouble is storage-unavailable, fast, and logs no state', () => {
    let kit: StoreKit;
    let service: GameService;
    let key: ChannelKey;
    let admin: Redis;
    let slot: number;
    const ann = { id: '1', name: 'AnnTheSecret' };

    beforeAll(async () => {
      kit = await redisKit(cluster.target);
      service = new GameService({ games: kit.games, settings: kit.settings, clock: new FakeClock(), rounds: kit.rounds, logger: kit.logger });
      key = freshKey();
      expect((await service.newGame(key, ann, { seed: 3, size: 'small' })).ok).toBe(true);
      // A plain connection to the master that serves the channel's slot.
      const probe = await connectRedis(cluster.target);
      slot = Number(await probe.call('CLUSTER', 'KEYSLOT', channelKeys('x', key).game));
      const ranges = (await probe.call('CLUSTER', 'SLOTS')) as [number, number, [string, number, ...unknown[]]][];
      probe.disconnect();
      const [, , [host, port]] = ranges.find(([from, to]) => slot >= from && slot <= to)!;
      admin = new Redis({ host, port });
    });
    afterAll(async () => {
      admin.disconnect();
      await kit.close();
    });

    /** Acts once; the answer and how long it took. */
    async function timedAct(): Promise<{ ok: boolean; kind: string | undefined; ms: number }> {
      const t0 = performance.now();
      const r = await service.act(key, ann, { type: 'wait' });
      return { ok: r.ok, kind: r.ok ? undefined : r.error.kind, ms: performance.now() - t0 };
    }

    /** Acts until the game takes the turn again (the node recovered), for up to 5 s. */
    async function actsAgain(): Promise<number> {
      for (let i = 0; i < 100; i++) {
        const r = await service.act(key, ann, { type: 'wait' });
        if (r.ok) return r.value.state.version;
        await new Promise((res) => setTimeout(res, 50));
      }
      throw new Error('the game never took a turn again');
    }

    it("GIVEN the channel's slot not served (CLUSTERDOWN) WHEN the player acts THEN storage-unavailable within about a second; served again, the game goes on", async () => {
      const before = (await service.view(key)).ok;
      expect(before).toBe(true);
      await admin.call('CLUSTER', 'DELSLOTS', String(slot));
      try {
        const r = await timedAct();
        expect(r).toMatchObject({ ok: false, kind: 'storage-unavailable' });
        expect(r.ms).toBeLessThan(1500);
      } finally {
        await admin.call('CLUSTER', 'ADDSLOTS', String(slot));
      }
      expect(await actsAgain()).toBe(2);
    });

    it("GIVEN the channel's master out of memory (OOM) WHEN the player acts THEN storage-unavailable, and the log holds no state", async () => {
      await admin.config('SET', 'maxmemory-policy', 'noeviction');
      await admin.config('SET', 'maxmemory', '1');
      try {
        expect(await timedAct()).toMatchObject({ ok: false, kind: 'storage-unavailable' });
      } finally {
        await admin.config('SET', 'maxmemory', '0');
      }
      const text = JSON.stringify(kit.logger.lines);
      expect(text).toContain('OOM');
      expect(text).not.toContain('AnnTheSecret');
      expect(text.length).toBeLessThan(4000);
      expect(await actsAgain()).toBe(3);
    });

    it("GIVEN the channel's master not answering (CLIENT PAUSE) WHEN the player acts THEN storage-unavailable within about a second; awake, the game goes on", async () => {
      await admin.call('CLIENT', 'PAUSE', '1500', 'ALL');
      const r = await timedAct();
      expect(r).toMatchObject({ ok: false, kind: 'storage-unavailable' });
      expect(r.ms).toBeLessThan(1500);
      await new Promise((res) => setTimeout(res, 1600));
      expect(await actsAgain()).toBe(4);
    });
  });
});
