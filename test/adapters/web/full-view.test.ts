import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { legalMoves, parseGameState, replay } from '../../../src/engine/index.js';
import type { Direction } from '../../../src/engine/types.js';
import type { GameView, Result, UserRef } from '../../../src/app/service-types.js';
import { freshKey, memoryKit, type StoreKit } from '../../app/fixtures.js';
import { login, post, startReplica, ViewClient, type Replica } from './support.js';

const ann: UserRef = { id: '101', name: 'Ann' };
const bo: UserRef = { id: '102', name: 'Bo' };
const cy: UserRef = { id: '103', name: 'Cy' };

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

function openDir(view: GameView, user: string): Direction | 'wait' {
  const moves = legalMoves(view.state, user).moves;
  return (Object.keys(moves) as Direction[]).find((d) => moves[d] === 'move') ?? 'wait';
}

describe('the full view over one replica', () => {
  let kit: StoreKit;
  let r: Replica;
  const key = freshKey();
  const clients: ViewClient[] = [];

  beforeEach(async () => {
    kit = await memoryKit();
    r = await startReplica(kit);
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

  it('GIVEN a ticket WHEN the socket opens THEN the viewer gets the game with their own controls', async () => {
    const c = await open(ann);
    const f = c.frame!;
    expect(f.you).toMatchObject({ id: ann.id, role: 'player' });
    expect(f.you.can?.canAct).toBe(true);
    expect(f.party.map((p) => p.name)).toEqual(['Ann', 'Bo']);
    expect(f.map.players.find((p) => p.id === ann.id)?.isViewer).toBe(true);
  });

  it('GIVEN a used ticket WHEN it is offered again THEN the socket is refused (401)', async () => {
    const { ticket } = await login(r, key, ann);
    clients.push(await ViewClient.open(r, ticket));
    await expect(ViewClient.open(r, ticket)).rejects.toThrow('refused 401');
    await expect(ViewClient.open(r, 'not-a-ticket-at-all-xxxxxxxx')).rejects.toThrow('refused 401');
  });

  it('GIVEN a move retried with the same id WHEN it arrives twice THEN it is applied once', async () => {
    const c = await open(ann);
    const v0 = c.frame!.version;
    const dir = openDir(value(await r.games.view(key)), ann.id);
    const move = { t: 'act', id: 'move-0001', seen: v0, game: c.frame!.game, action: dir === 'wait' ? { type: 'wait' } : { type: 'move', dir } };
    c.send(move);
    c.send(move);
    await c.until((m) => m.t === 'ack' && m.id === 'move-0001');
    await c.atVersion(v0 + 1);
    await new Promise((res) => setTimeout(res, 100));
    expect(value(await r.games.view(key)).state.version).toBe(v0 + 1);
    const acks = c.messages.filter((m) => m.t === 'ack');
    expect(acks).toHaveLength(2);
    expect(acks.every((a) => a.ok)).toBe(true);
  });

  it('GIVEN a chat press WHEN it is accepted THEN every open view gets the new turn', async () => {
    const a = await open(ann);
    const b = await open(bo);
    const watcher = await open(cy, true);
    const v0 = a.frame!.version;
    value(await r.games.act(key, bo, { type: 'wait' }, { interactionId: '999000111' }));
    for (const c of [a, b, watcher]) await c.atVersion(v0 + 1);
    expect(watcher.frame!.you).toMatchObject({ role: 'spectator', can: null });
  });

  it('GIVEN a spectator WHEN they send a move THEN it is refused kindly and nothing moves', async () => {
    const w = await open(ann, true);
    const v0 = w.frame!.version;
    w.send({ t: 'act', id: 'spec-0001', seen: v0, game: w.frame!.game, action: { type: 'wait' } });
    const ack = await w.until((m) => m.t === 'ack');
    expect(ack).toMatchObject({ ok: false, reason: expect.stringContaining('watching') });
    expect(value(await r.games.view(key)).state.version).toBe(v0);
  });

  it('GIVEN garbage on the socket WHEN it arrives THEN the view gets a friendly error and stays open', async () => {
    const c = await open(ann);
    c.send({ t: 'act', id: 'x', action: { type: 'teleport' } });
    c.ws.send('{not json');
    await c.until((m) => m.t === 'error');
    c.send({ t: 'ping' });
    await c.until((m) => m.t === 'pong');
  });

  it('GIVEN the view model endpoint WHEN asked with a session THEN it answers the frame; without, 401', async () => {
    const { session } = await login(r, key, bo);
    const res = await fetch(`${r.url}/app/api/view`, { headers: { authorization: `Bearer ${session}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(((await res.json()) as { you: { id: string } }).you.id).toBe(bo.id);
    expect((await fetch(`${r.url}/app/api/view`)).status).toBe(401);
  });

  it('GIVEN a dropped socket WHEN the view reconnects with a new ticket THEN it catches up', async () => {
    const { session, ticket } = await login(r, key, ann);
    const first = await ViewClient.open(r, ticket);
    await first.until((m) => m.t === 'frame');
    const v0 = first.frame!.version;
    first.ws.terminate();
    value(await r.games.act(key, bo, { type: 'wait' }));
    value(await r.games.act(key, bo, { type: 'wait' }));
    const again = await post(`${r.url}/app/api/ticket`, {}, { authorization: `Bearer ${session}` });
    const second = await ViewClient.open(r, String(again.body.ticket));
    clients.push(second);
    await second.atVersion(v0 + 2);
  });

  it('GIVEN 50 full-view moves interleaved with 50 chat presses THEN none is lost or doubled and the log replays to the state', async () => {
    const a = await open(ann);
    let accepted = 0;
    const v0 = value(await r.games.view(key)).state.version;
    for (let i = 0; i < 50; i++) {
      const id = `mv-${String(i).padStart(6, '0')}`;
      const view = value(await r.games.view(key));
      const dir = openDir(view, ann.id);
      const action = dir === 'wait' ? { type: 'wait' } : { type: 'move', dir };
      const acked = a.until((m) => m.t === 'ack' && m.id === id);
      a.send({ t: 'act', id, seen: view.state.version, game: view.meta.createdAt, action });
      // The chat press races the full-view move (one interaction id each, as Discord gives).
      const press = r.games.act(key, bo, { type: 'wait' }, { interactionId: `80000${i}` });
      const [ack, pressed] = await Promise.all([acked, press]);
      if (ack.t === 'ack' && ack.ok) accepted++;
      if (pressed.ok) accepted++;
    }
    const saved = value(await r.games.view(key)).state;
    const log = await kit.games.readLog(key);
    expect(saved.version - v0).toBe(accepted);
    expect(log).toHaveLength(saved.version);
    const replayed = parseGameState(JSON.parse(JSON.stringify(replay(saved.config, log))));
    expect(replayed.ok).toBe(true);
    expect(replayed.ok ? replayed.state : null).toEqual(saved);
    await a.atVersion(saved.version);
  });
});
