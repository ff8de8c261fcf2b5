import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { parseGameState, replay } from '../../../src/engine/index.js';
import type { Action, Direction } from '../../../src/engine/types.js';
import { GameService } from '../../../src/app/game-service.js';
import type { PlayerAction, Result, GameView } from '../../../src/app/service-types.js';
import { DEFAULT_SETTINGS } from '../../../src/app/settings.js';
import { FakeClock, freshKey, redisKit, type StoreKit } from '../../app/fixtures.js';
import { runExactlyOnce } from './exactly-once-scenario.js';

describe('two service instances on one channel (real Redis)', () => {
  let a: StoreKit;
  let b: StoreKit;
  beforeAll(async () => {
    a = await redisKit(inject('redisUrl'));
    b = await a.connect();
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('1,000 concurrent actions from 8 players: every accepted action is logged exactly once and the log replays to the saved state', async () => {
    const clock = new FakeClock();
    const services = [a, b].map((k) => new GameService({ games: k.games, settings: k.settings, clock, rounds: k.rounds, logger: k.logger }));
    const key = freshKey();
    await a.settings.set(key.guildId, { ...DEFAULT_SETTINGS, maxPlayers: 8, difficulty: 'easy', mapSize: 'medium' });
    const users = Array.from({ length: 8 }, (_, i) => ({ id: String(i + 1), name: `P${i + 1}` }));
    const created = await services[0]!.newGame(key, users[0]!, { seed: 4242, mapKind: 'cavern' });
    expect(created.ok).toBe(true);
    for (const u of users.slice(1)) expect((await services[1]!.join(key, u)).ok).toBe(true);

    const dirs: Direction[] = ['n', 's', 'e', 'w'];
    let x = 12345;
    const rand = (n: number): number => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return (x >>> 8) % n;
    };
    const calls: { user: string; action: PlayerAction; result: Promise<Result<GameView>> }[] = [];
    for (let i = 0; i < 1000; i++) {
      const user = users[rand(8)]!;
      const action: PlayerAction = rand(4) === 0 ? { type: 'wait' } : { type: 'move', dir: dirs[rand(4)]! };
      calls.push({ user: user.id, action, result: services[i % 2]!.act(key, user, action) });
    }
    const results = await Promise.all(calls.map((c) => c.result));
    const accepted = calls.filter((_, i) => results[i]!.ok);
    // Failures must be typed results: rejections, or stale after too many lost races; never storage errors.
    for (const r of results) if (!r.ok) expect(['rejected', 'stale']).toContain(r.error.kind);
    expect(accepted.length).toBeGreaterThan(30);

    const log = await a.games.readLog(key);
    const played = log.slice(8); // the 8 joins
    const tally = (items: { user: string; type: string; dir?: string }[]): Record<string, number> => {
      const out: Record<string, number> = {};
      for (const it of items) out[`${it.user}:${it.type}:${it.dir ?? ''}`] = (out[`${it.user}:${it.type}:${it.dir ?? ''}`] ?? 0) + 1;
      return out;
    };
    const fromLog = played.map((act: Action) => ({ user: 'user' in act ? act.user : '', type: act.type, ...(act.type === 'move' ? { dir: act.dir } : {}) }));
    const fromCalls = accepted.map((c) => ({ user: c.user, type: c.action.type, ...(c.action.type === 'move' ? { dir: c.action.dir } : {}) }));
    expect(tally(fromLog)).toEqual(tally(fromCalls));
    expect(played).toHaveLength(accepted.length);

    const loaded = await a.games.load(key);
    if (loaded.kind !== 'found') throw new Error(loaded.kind);
    const replayed = parseGameState(JSON.parse(JSON.stringify(replay(loaded.game.state.config, log))));
    if (!replayed.ok) throw new Error('replay does not parse');
    expect(loaded.game.state.version).toBe(log.length);
    expect(loaded.game.state).toEqual(replayed.state);
  }, 30_000);

  it('each player pressing one drawn button three times, spread over both processes, has it applied at most once', async () => {
    const clock = new FakeClock();
    const services = [a, b].map((k) => new GameService({ games: k.games, settings: k.settings, clock, rounds: k.rounds, logger: k.logger }));
    const key = freshKey();
    await a.settings.set(key.guildId, { ...DEFAULT_SETTINGS, maxPlayers: 8, difficulty: 'easy', mapSize: 'small' });
    const users = Array.from({ length: 8 }, (_, i) => ({ id: String(i + 1), name: `P${i + 1}` }));
    expect((await services[0]!.newGame(key, users[0]!, { seed: 77, mapKind: 'cavern' })).ok).toBe(true);
    for (const u of users.slice(1)) expect((await services[1]!.join(key, u)).ok).toBe(true);
    // Both processes have the game cached at the drawn version.
    const drawn = await services[0]!.view(key);
    await services[1]!.view(key);
    const seen = drawn.ok ? drawn.value.state.version : -1;

    const presses = users.flatMap((u) => [0, 1, 2].map((i) => ({ user: u.id, result: services[(Number(u.id) + i) % 2]!.act(key, u, { type: 'wait' }, { seenVersion: seen }) })));
    const results = await Promise.all(presses.map((p) => p.result));
    for (const r of results) if (!r.ok) expect(r.error.kind).toBe('stale');
    const acceptedBy = presses.filter((_, i) => results[i]!.ok).map((p) => p.user);
    expect(new Set(acceptedBy).size).toBe(acceptedBy.length);
    expect(acceptedBy.length).toBeGreaterThan(0);
    const log = await a.games.readLog(key, seen);
    expect(log.map((act) => ('user' in act ? act.user : '')).sort()).toEqual([...acceptedBy].sort());
  }, 30_000);

  it('the same interaction delivered to both processes at once, 1,000 interactions over 50 channels: each is applied exactly once', async () => {
    const run = await runExactlyOnce(inject('redisUrl'), 50, 20);
    expect(run).toEqual({ channels: 50, interactions: 1000, duplicates: 1000 });
  }, 30_000);
});
