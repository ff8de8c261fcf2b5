/**
 * Presence across replicas: who is in the full view is shared through Redis, so a view open on replica A turns the
 * chat message replica B draws into the pointer, and closing it brings the whole message back; a replica started
 * later knows at once; a replica that dies without saying goodbye is forgotten after the expiry, and told.
 */
import { Redis } from 'ioredis';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { gamePayload } from '../../../src/adapters/discord/presenter.js';
import { RedisPresence } from '../../../src/adapters/web/presence.js';
import { RedisTurnBus, type TurnBus } from '../../../src/adapters/web/turn-bus.js';
import { gameLinks } from '../../../src/adapters/web/watch-link.js';
import { silentLogger, systemClock } from '../../../src/app/ports.js';
import type { ChannelKey, Result, UserRef } from '../../../src/app/service-types.js';
import { freshKey, redisKit, type StoreKit } from '../../app/fixtures.js';
import { login, startReplica, ViewClient, type Replica } from './support.js';

const ann: UserRef = { id: '301', name: 'Ann' };
const bo: UserRef = { id: '302', name: 'Bo' };
const cy: UserRef = { id: '303', name: 'Cy' };

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

async function until(test: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((res) => setTimeout(res, 20));
  }
}

describe('presence shared across replicas', () => {
  const url = inject('redisUrl');
  const prefix = `pr${Math.floor(Math.random() * 1e9)}`;
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of closers.splice(0).reverse()) await c();
  });

  const bus = (): RedisTurnBus => {
    const pub = new Redis(url);
    const b = new RedisTurnBus({ publisher: pub, subscriber: new Redis(url), prefix });
    closers.push(async () => {
      await b.close();
      pub.disconnect();
    });
    return b;
  };
  const presenceOf = (expired: ChannelKey[], ms?: { ttlMs: number; beatMs: number }) => (b: TurnBus): RedisPresence =>
    new RedisPresence({ ...(b as RedisTurnBus).connections, clock: systemClock, logger: silentLogger, onExpired: (k) => expired.push(k), ...ms });
  const replica = async (kit: StoreKit, expired: ChannelKey[] = [], ms?: { ttlMs: number; beatMs: number }): Promise<Replica> => {
    const r = await startReplica(kit, { bus: bus(), presence: presenceOf(expired, ms) });
    closers.push(() => r.close());
    return r;
  };
  /** The chat message replica `r` would post for the game now. */
  const chat = async (r: Replica, key: ChannelKey) => gamePayload(value(await r.games.view(key)), Date.now(), gameLinks('secret', undefined, (k) => r.app.hub.players(k))(key));

  it('GIVEN a view on replica A WHEN replica B draws the chat message THEN it is the pointer naming the player, and the whole message once they leave', async () => {
    const ka = await redisKit({ url });
    const kb = await ka.connect();
    closers.push(() => ka.close(), () => kb.close());
    const a = await replica(ka);
    const b = await replica(kb);
    const key = freshKey();
    value(await a.games.newGame(key, ann, { seed: 5, lobby: false, mode: 'free' }));
    value(await a.games.join(key, bo));
    const whole = await chat(b, key);
    expect(whole.embeds.length).toBe(1);

    const onA = await ViewClient.open(a, (await login(a, key, ann)).ticket);
    const watcher = await ViewClient.open(a, (await login(a, key, cy, true)).ticket);
    await onA.until((m) => m.t === 'frame');
    await until(() => b.app.hub.players(key).length > 0);
    expect(b.app.hub.players(key)).toEqual(['Ann']);
    const pointer = await chat(b, key);
    expect(pointer.embeds).toEqual([]);
    expect(pointer.files).toEqual([]);
    expect(pointer.content).toContain('Ann');
    expect(pointer.content).not.toContain('Cy');

    // Bo opens one on B as well: both replicas name both, each once.
    const onB = await ViewClient.open(b, (await login(b, key, bo)).ticket);
    await until(() => a.app.hub.players(key).length === 2);
    expect(b.app.hub.players(key)).toEqual(['Bo', 'Ann']);
    expect(a.app.hub.players(key)).toEqual(['Ann', 'Bo']);

    // A third replica, started now, knows them at once: it reads the hash (the heartbeat would take 10 s).
    const kc = await ka.connect();
    closers.push(() => kc.close());
    const c = await replica(kc);
    await until(() => c.app.hub.players(key).length === 2, 2000);

    onA.close();
    onB.close();
    watcher.close();
    await until(() => b.app.hub.players(key).length === 0 && c.app.hub.players(key).length === 0);
    const back = await chat(b, key);
    expect(back.embeds.length).toBe(1);
    expect(back.content).toBe(whole.content);
  });

  it("GIVEN views on replica B in two languages WHEN turns are made on replica A THEN B sends them from the turn's digest, without loading the game", async () => {
    const ka = await redisKit({ url });
    const kb = await ka.connect();
    closers.push(() => ka.close(), () => kb.close());
    const made: RedisPresence[] = [];
    const start = async (kit: StoreKit): Promise<Replica> => {
      const r = await startReplica(kit, { bus: bus(), presence: (b) => (made[made.length] = presenceOf([])(b)) });
      closers.push(() => r.close());
      return r;
    };
    const a = await start(ka);
    const b = await start(kb);
    const key = freshKey();
    value(await a.games.newGame(key, ann, { seed: 8, lobby: false, mode: 'free' }));
    value(await a.games.join(key, bo));
    let loads = 0;
    const load = b.games.view.bind(b.games);
    b.games.view = (k) => (loads++, load(k));
    const onB = await ViewClient.open(b, (await login(b, key, bo)).ticket);
    const res = await fetch(`${b.url}/app/api/test-login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: cy.id, name: cy.name, ...key, spectator: true, locale: 'de' }) });
    const watcher = await ViewClient.open(b, String(((await res.json()) as { ticket: string }).ticket));
    await onB.until((m) => m.t === 'frame');
    await watcher.until((m) => m.t === 'frame');
    await until(() => made[0]!.remoteLocales(key).length === 2);
    expect(made[0]!.remoteLocales(key).sort()).toEqual(['de', 'en-US']);
    const opened = loads;
    let v = 0;
    for (let i = 0; i < 5; i++) v = value(await a.games.act(key, ann, { type: 'wait' }, { interactionId: `93000${i}` })).state.version;
    await onB.atVersion(v);
    await watcher.atVersion(v);
    expect(loads).toBe(opened);
    expect(watcher.frame!.title).toMatch(/^Ebene /);
    expect(onB.frame!.title).toMatch(/^Depth /);
    expect(onB.frame!.you.can?.canAct).toBe(true);
    onB.close();
    watcher.close();
  });

  it('GIVEN a replica that dies with a view open WHEN its entry is not renewed THEN the others forget it after the expiry and are told', async () => {
    const ka = await redisKit({ url });
    const kb = await ka.connect();
    closers.push(() => ka.close(), () => kb.close());
    const quick = { ttlMs: 400, beatMs: 100 };
    const expired: ChannelKey[] = [];
    const key = freshKey();
    // A's presence over connections of its own, so "dying" (dropping them without a goodbye) leaves B's intact.
    const pub = new Redis(url);
    const sub = new Redis(url);
    const dying = new RedisPresence({ publisher: pub, subscriber: sub, prefix, clock: systemClock, logger: silentLogger, ...quick });
    const b = await replica(kb, expired, quick);
    dying.set(key, [{ id: ann.id, name: ann.name }]);
    await until(() => b.app.hub.players(key).length === 1);
    // Alive, it stays past several expiries (its heartbeat renews it).
    await new Promise((res) => setTimeout(res, 1000));
    expect(b.app.hub.players(key)).toEqual(['Ann']);
    expect(expired).toEqual([]);
    // Dies: no goodbye, no heartbeat.
    clearInterval((dying as unknown as { timer: ReturnType<typeof setInterval> }).timer);
    pub.disconnect();
    sub.disconnect();
    await until(() => b.app.hub.players(key).length === 0, 2000);
    await until(() => expired.length > 0, 2000);
    expect(expired).toEqual([key]);
  });
});
