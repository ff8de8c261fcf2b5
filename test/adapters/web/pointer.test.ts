/** Who is in the full view, for the chat message's pointer: party members with a view open, told as they come and go. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ChannelKey, Result, UserRef } from '../../../src/app/service-types.js';
import { freshKey, memoryKit } from '../../app/fixtures.js';
import { login, startReplica, ViewClient, type Replica } from './support.js';

const ann: UserRef = { id: '101', name: 'Ann' };
const bo: UserRef = { id: '102', name: 'Bo' };
const cy: UserRef = { id: '103', name: 'Cy' };

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

describe('the full view presence behind the chat pointer', () => {
  let r: Replica;
  const key = freshKey();
  const told: ChannelKey[] = [];

  beforeEach(async () => {
    r = await startReplica(await memoryKit(), { onPresence: (k) => told.push(k) });
    value(await r.games.newGame(key, ann, { seed: 7, lobby: false, mode: 'free' }));
    value(await r.games.join(key, bo));
  });
  afterEach(async () => {
    await r.close();
  });

  const open = async (user: UserRef, spectator = false): Promise<ViewClient> => {
    const c = await ViewClient.open(r, (await login(r, key, user, spectator)).ticket);
    await c.until((m) => m.t === 'frame');
    return c;
  };
  const until = async (test: () => boolean): Promise<void> => {
    for (let i = 0; i < 100 && !test(); i++) await new Promise((res) => setTimeout(res, 20));
  };

  it('GIVEN players and a spectator opening and closing views WHEN asked THEN the players are named once each and every change of players is told', async () => {
    const a1 = await open(ann);
    expect(r.app.hub.players(key)).toEqual(['Ann']);
    expect(told).toEqual([key]);
    const a2 = await open(ann);
    const b = await open(bo);
    const watcher = await open(cy, true);
    expect(r.app.hub.players(key)).toEqual(['Ann', 'Bo']);
    expect(told).toHaveLength(3);
    expect(r.app.hub.players(freshKey())).toEqual([]);
    watcher.close();
    await until(() => r.app.hub.viewCount(key) === 3);
    expect(told).toHaveLength(3);
    for (const c of [a1, a2, b]) c.close();
    await until(() => r.app.hub.viewCount(key) === 0);
    expect(r.app.hub.players(key)).toEqual([]);
    expect(told).toHaveLength(6);
  });
});
