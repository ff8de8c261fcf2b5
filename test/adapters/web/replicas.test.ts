/**
 * Two replicas of the full view over one Redis (and over a Redis Cluster with sharded pub/sub): a ticket minted on
 * one is redeemed on the other once, a view on replica A sees turns made on replica B, and each replica knows who is
 * in the full view on the other.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ChannelKey } from '../../../src/app/service-types.js';
import { RedisWebAuthStore } from '../../../src/adapters/web/auth-store.js';
import { RedisPresence } from '../../../src/adapters/web/presence.js';
import { redisTurnBus, type RedisTurnBus, type TurnBus } from '../../../src/adapters/web/turn-bus.js';
import { silentLogger, systemClock } from '../../../src/app/ports.js';
import type { RedisTarget } from '../../../src/adapters/redis/client.js';
import { connectRedis, freshKey, redisKit, type StoreKit } from '../../app/fixtures.js';
import { OwnCluster } from '../../support/own-cluster.js';
import { login, startReplica, ViewClient, type Replica } from './support.js';

async function pair(target: RedisTarget): Promise<{ a: Replica; b: Replica; kits: StoreKit[]; buses: RedisTurnBus[] }> {
  const ka = await redisKit(target);
  const kb = await ka.connect();
  const prefix = `w${Math.floor(Math.random() * 1e9)}`;
  const pa = await connectRedis(target);
  const pb = await connectRedis(target);
  const buses = [redisTurnBus(pa, target, prefix), redisTurnBus(pb, target, prefix)];
  const auth = new RedisWebAuthStore(pa, { prefix });
  const presence = (bus: TurnBus): RedisPresence => new RedisPresence({ ...(bus as RedisTurnBus).connections, clock: systemClock, logger: silentLogger });
  const a = await startReplica(ka, { bus: buses[0]!, auth, presence });
  const b = await startReplica(kb, { bus: buses[1]!, auth: new RedisWebAuthStore(pb, { prefix }), presence });
  return { a, b, kits: [ka, kb], buses };
}

async function scenario(target: RedisTarget): Promise<void> {
  const { a, b, kits, buses } = await pair(target);
  const key: ChannelKey = freshKey();
  const ann = { id: '201', name: 'Ann' };
  const bo = { id: '202', name: 'Bo' };
  try {
    await a.games.newGame(key, ann, { seed: 11, lobby: false });
    await a.games.join(key, bo);
    // A ticket minted by A is good once, on B.
    const { ticket } = await login(a, key, ann);
    const onB = await ViewClient.open(b, ticket);
    await expect(ViewClient.open(a, ticket)).rejects.toThrow('refused 401');
    const onA = await ViewClient.open(a, (await login(a, key, bo)).ticket);
    await onA.until((m) => m.t === 'frame');
    await onB.until((m) => m.t === 'frame');
    // Each replica knows who is in the full view on the other (the chat pointer).
    for (let i = 0; i < 150 && (a.app.hub.players(key).length < 2 || b.app.hub.players(key).length < 2); i++) await new Promise((res) => setTimeout(res, 20));
    expect([a.app.hub.players(key), b.app.hub.players(key)]).toEqual([['Bo', 'Ann'], ['Ann', 'Bo']]);
    const v0 = onA.frame!.version;
    // A chat press served by B reaches the view on A; a full-view move on A reaches the view on B.
    const r = await b.games.act(key, bo, { type: 'wait' }, { interactionId: '7000001' });
    expect(r.ok).toBe(true);
    await onA.atVersion(v0 + 1);
    onA.send({ t: 'act', id: 'replica-move-1', seen: v0 + 1, game: onA.frame!.game, action: { type: 'wait' } });
    await onB.atVersion(v0 + 2);
    onA.close();
    onB.close();
  } finally {
    await a.close();
    await b.close();
    for (const bus of buses) await bus.close();
    for (const k of kits) await k.close();
  }
}

describe('the full view across replicas', () => {
  it('GIVEN one Redis WHEN a turn is made on replica B THEN a view on replica A sees it', async () => {
    await scenario({ url: inject('redisUrl') });
  });

  describe('on a Redis Cluster (sharded pub/sub)', () => {
    let cluster: OwnCluster;
    beforeAll(async () => {
      cluster = await OwnCluster.start(3);
    }, 60_000);
    afterAll(async () => {
      await cluster?.close();
    });
    it('GIVEN three masters WHEN a turn is made on replica B THEN a view on replica A sees it', async () => {
      await scenario(cluster.target);
    }, 30_000);
  });
});
