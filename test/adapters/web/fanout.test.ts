/**
 * The fan-out path: a turn's frame is encoded once per game and completed by each receiver into exactly the frame
 * built for it alone; the terrain travels only when it changed on that socket; a socket never gets an older frame
 * after a newer; turns saved on this replica reach its views without a reload, and a Redis bus hands its own turns
 * to its own listeners once (the echo from Redis is dropped) while other replicas get the version only.
 */
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { buildFrame, digestOf, digestSource, TurnFrames, viewSource, type TurnDigest, type Viewer } from '../../../src/adapters/web/frame.js';
import type { WireMessage } from '../../../src/adapters/web/protocol.js';
import { RedisTurnBus, type TurnNote } from '../../../src/adapters/web/turn-bus.js';
import { completeFrame, readMessage } from '../../../src/adapters/web/wire-frame.js';
import { GameService } from '../../../src/app/game-service.js';
import { silentLogger, systemClock } from '../../../src/app/ports.js';
import type { GameServiceApi, GameView, Result, UserRef } from '../../../src/app/service-types.js';
import { legalMoves } from '../../../src/engine/index.js';
import type { Direction } from '../../../src/engine/types.js';
import { freshKey, memoryKit, type StoreKit } from '../../app/fixtures.js';
import { login, startReplica, ViewClient, type Replica } from './support.js';

const ann: UserRef = { id: '101', name: 'Ann' };
const bo: UserRef = { id: '102', name: 'Bo' };
const cy: UserRef = { id: '103', name: 'Cy' };

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

const parse = (b: Buffer | null): WireMessage => {
  if (!b) throw new Error('no message');
  return JSON.parse(b.toString('utf8')) as WireMessage;
};

/** A step `user` can take (a move, else a wait). */
function stepOf(view: GameView, user: string): { type: 'move'; dir: Direction } | { type: 'wait' } {
  const moves = legalMoves(view.state, user).moves;
  const dir = (Object.keys(moves) as Direction[]).find((d) => moves[d] === 'move');
  return dir ? { type: 'move', dir } : { type: 'wait' };
}

describe('one turn encoded once for every view', () => {
  it('GIVEN a player, a party member watching and a stranger WHEN each gets the shared encoding THEN each completes it to the frame built for them alone', async () => {
    const kit = await memoryKit();
    const s = new GameService({ games: kit.games, settings: kit.settings, clock: systemClock, rounds: kit.rounds, logger: silentLogger });
    const key = freshKey();
    value(await s.newGame(key, ann, { seed: 4, lobby: false }));
    const view = value(await s.join(key, bo));
    const frames = new TurnFrames(viewSource(view, 5), 3);
    const viewers: Viewer[] = [{ ...ann, spectator: false }, { ...bo, spectator: false, locale: 'de' }, { ...ann, spectator: true, locale: 'ru' }, { ...cy, spectator: false }];
    for (const viewer of viewers) {
      const alone = buildFrame(view, viewer, 5);
      const full = parse(frames.message(viewer, false));
      expect(full.t === 'frame' && full.frame.map.terrain).toBe(alone.map.terrain);
      expect(readMessage(null, full)).toEqual({ t: 'frame', frame: alone, sentAt: 3 });
      // Without its terrain, completed after a frame that had it: the same frame.
      const lean = parse(frames.message(viewer, true));
      expect(lean.t === 'frame' && 'terrain' in lean.frame.map).toBe(false);
      expect(readMessage(alone, lean)).toEqual({ t: 'frame', frame: alone, sentAt: 3 });
      // In the viewer's own language.
      expect(alone.title).toBe(viewer.locale === 'de' ? `Ebene 1/${view.state.config.maxDepth} · Zug ${view.state.turn}` : viewer.locale === 'ru' ? `Уровень 1/${view.state.config.maxDepth} · Ход ${view.state.turn}` : `Depth 1/${view.state.config.maxDepth} · Turn ${view.state.turn}`);
      // The only marker is the viewer's own, and only for a player.
      expect(alone.map.players.filter((p) => p.isViewer).map((p) => p.id)).toEqual(alone.you.role === 'player' ? [viewer.id] : []);
    }
    // A level of another size never borrows the previous terrain.
    const wire = parse(frames.message({ ...ann, spectator: false }, true));
    if (wire.t !== 'frame') throw new Error('not a frame');
    const other = { ...buildFrame(view, { ...ann, spectator: false }, 5) };
    other.map = { ...other.map, view: { ...other.map.view, width: other.map.view.width + 1 } };
    expect(completeFrame(other, wire.frame).map.terrain).toBe('');
  });
});

describe('a turn digested for the other replicas', () => {
  it('GIVEN a digest in German WHEN it has travelled as JSON THEN German viewers complete it to their own frames, and it has nothing for an English one', async () => {
    const kit = await memoryKit();
    const s = new GameService({ games: kit.games, settings: kit.settings, clock: systemClock, rounds: kit.rounds, logger: silentLogger });
    const key = freshKey();
    value(await s.newGame(key, ann, { seed: 9, lobby: false }));
    const view = value(await s.join(key, bo));
    const digest = JSON.parse(JSON.stringify(digestOf(viewSource(view, 5), ['de']))) as TurnDigest;
    const source = digestSource(digest)!;
    expect([source.game, source.version]).toEqual([view.meta.createdAt, view.state.version]);
    const frames = new TurnFrames(source, 3);
    for (const viewer of [{ ...ann, spectator: false, locale: 'de' }, { ...bo, spectator: true, locale: 'de' }, { ...cy, spectator: false, locale: 'de' }] satisfies Viewer[]) {
      expect(readMessage(null, parse(frames.message(viewer, false)))).toEqual({ t: 'frame', frame: buildFrame(view, viewer, 5), sentAt: 3 });
    }
    expect(frames.message({ ...ann, spectator: false, locale: 'en-US' }, false)).toBeNull();
    expect(frames.terrain({ ...ann, spectator: false })).toBeNull();
    expect(digestSource({ bodies: {}, can: {} })).toBeNull();
  });
});

describe('frames on the sockets of one replica', () => {
  let kit: StoreKit;
  let r: Replica;
  let viewCalls = 0;
  const key = freshKey();
  const clients: ViewClient[] = [];

  beforeEach(async () => {
    kit = await memoryKit();
    r = await startReplica(kit);
    // Counts the reloads the hub makes (the first frame of each socket is one).
    const view = r.games.view.bind(r.games);
    viewCalls = 0;
    (r.games as { view: GameServiceApi['view'] }).view = (k) => {
      viewCalls++;
      return view(k);
    };
    value(await r.games.newGame(key, ann, { seed: 7, lobby: false, mode: 'free' }));
    value(await r.games.join(key, bo));
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await r.close();
  });

  const open = async (user: UserRef, spectator = false): Promise<ViewClient> => {
    const c = await ViewClient.open(r, (await login(r, key, user, spectator)).ticket);
    clients.push(c);
    await c.until((m) => m.t === 'frame');
    return c;
  };

  it('GIVEN open views WHEN turns are made here THEN they arrive without a reload, the terrain only when it changed, each complete and never older', async () => {
    const views = [await open(ann), await open(bo), await open(cy, true)];
    let last = value(await r.games.view(key));
    const opened = viewCalls;
    for (let i = 0; i < 12; i++) last = value(await r.games.act(key, i % 2 ? bo : ann, stepOf(last, (i % 2 ? bo : ann).id), { interactionId: `91000${i}` }));
    // Waits, one frame each: nobody moves, so the party sees what it saw and the terrain stays home.
    for (let i = 0; i < 2; i++) {
      last = value(await r.games.act(key, ann, { type: 'wait' }, { interactionId: `91100${i}` }));
      for (const c of views) await c.atVersion(last.state.version);
    }
    // Four turns in one tick: sent once, the newest.
    const burst = await Promise.all([0, 1, 2, 3].map((i) => r.games.act(key, i % 2 ? bo : ann, { type: 'wait' }, { interactionId: `92000${i}` })));
    const top = Math.max(...burst.map((b) => value(b).state.version));
    for (const c of views) await c.atVersion(top);
    expect(viewCalls - opened).toBe(0);
    const now = value(await r.games.view(key));
    for (const c of views) {
      const frames = c.messages.flatMap((m) => (m.t === 'frame' ? [m.frame] : []));
      const raw = c.raw.flatMap((m) => (m.t === 'frame' ? [m.frame] : []));
      // Versions only go up; the burst came as fewer frames than turns.
      expect(frames.map((f) => f.version)).toEqual([...frames.map((f) => f.version)].sort((a, b) => a - b));
      expect(frames.filter((f) => f.version > top - 4).length).toBeLessThan(4);
      // The terrain is on the wire exactly when it differs from the previous frame's.
      raw.forEach((f, i) => expect(f.map.terrain !== undefined).toBe(i === 0 || frames[i]!.map.terrain !== frames[i - 1]!.map.terrain));
      expect(raw.some((f) => f.map.terrain === undefined)).toBe(true);
      // The newest completed frame is the one built for this viewer alone.
      const me = frames.at(-1)!;
      expect(me).toEqual(buildFrame(now, { id: me.you.id, name: me.you.name, spectator: me.you.role === 'spectator' }, me.now));
    }
  });
});

describe('the Redis turn bus and its own turns', () => {
  const clients: Redis[] = [];
  const buses: RedisTurnBus[] = [];
  afterEach(async () => {
    for (const b of buses.splice(0)) await b.close();
    for (const c of clients.splice(0)) c.disconnect();
  });

  it("GIVEN two replicas' buses WHEN one publishes a turn THEN its own listener gets it once with the view, the other once without", async () => {
    const url = inject('redisUrl');
    const prefix = `fo${Math.floor(Math.random() * 1e9)}`;
    const make = (): RedisTurnBus => {
      const pub = new Redis(url);
      const sub = new Redis(url);
      clients.push(pub, sub);
      const b = new RedisTurnBus({ publisher: pub, subscriber: sub, prefix });
      buses.push(b);
      return b;
    };
    const [a, b] = [make(), make()];
    const key = freshKey();
    const got: { a: TurnNote[]; b: TurnNote[] } = { a: [], b: [] };
    await a.subscribe(key, (n) => got.a.push(n));
    await b.subscribe(key, (n) => got.b.push(n));
    const view = { key, state: { version: 9 }, meta: { createdAt: 77 } } as unknown as GameView;
    await a.publish({ ...key, version: 9, game: 77, at: 1, view });
    for (let i = 0; i < 100 && got.b.length === 0; i++) await new Promise((res) => setTimeout(res, 10));
    await new Promise((res) => setTimeout(res, 100));
    expect(got.a).toEqual([{ ...key, version: 9, game: 77, at: 1, view }]);
    expect(got.b).toEqual([{ ...key, version: 9, game: 77, at: 1 }]);
  });
});
