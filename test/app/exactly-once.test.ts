/** The service applies each interaction once: a redelivery (same process or another) is answered with the current game, no second turn. */
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { GameService } from '../../src/app/game-service.js';
import { INTERACTION_TTL_MS, type GameStore } from '../../src/app/ports.js';
import type { ChannelKey, GameView, Result, UserRef } from '../../src/app/service-types.js';
import { DEFAULT_SETTINGS } from '../../src/app/settings.js';
import { FakeClock, freshKey, memoryKit, redisKit, type StoreKit } from './fixtures.js';

const ann: UserRef = { id: '1', name: 'Ann' };
const bo: UserRef = { id: '2', name: 'Bo' };

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

describe.each([
  ['memory', (clock: FakeClock) => memoryKit(clock)],
  ['redis', () => redisKit(inject('redisUrl'))],
])('exactly once per interaction on %s stores', (_, makeKit) => {
  let kit: StoreKit;
  let clock: FakeClock;
  let service: GameService;
  let duplicates: ChannelKey[];
  let key: ChannelKey;

  const serviceOn = (games: GameStore, k: StoreKit = kit): GameService =>
    new GameService({ games, settings: k.settings, clock, rounds: k.rounds, logger: k.logger, onDuplicate: (c) => void duplicates.push(c) });

  beforeEach(async () => {
    clock = new FakeClock();
    kit = await makeKit(clock);
    duplicates = [];
    service = serviceOn(kit.games);
    key = freshKey();
    await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', difficulty: 'easy' });
    value(await service.newGame(key, ann, { seed: 21, mapKind: 'cavern' }));
  });
  afterEach(async () => {
    await kit.close();
  });

  it('GIVEN an applied action WHEN its interaction is delivered again THEN the answer is the current game with no events, and no second turn is taken', async () => {
    const first = value(await service.act(key, ann, { type: 'wait' }, { interactionId: '9001' }));
    expect(first.state.version).toBe(2);
    expect(first.events.length).toBeGreaterThan(0);
    const again = value(await service.act(key, ann, { type: 'wait' }, { interactionId: '9001' }));
    expect(again.state).toEqual(first.state);
    expect(again.events).toEqual([]);
    expect(await kit.games.readLog(key)).toHaveLength(2);
    expect(duplicates).toEqual([key]);
    const line = kit.logger.lines.find((l) => l.message === 'interaction already applied; answered with the current game');
    expect(line).toEqual({ level: 'info', message: 'interaction already applied; answered with the current game', fields: { guildId: key.guildId, channelId: key.channelId, interactionId: '9001' } });
  });

  it('GIVEN distinct interactions, or none, WHEN each carries the same action THEN each is applied', async () => {
    value(await service.act(key, ann, { type: 'wait' }, { interactionId: '1' }));
    value(await service.act(key, ann, { type: 'wait' }, { interactionId: '2' }));
    value(await service.act(key, ann, { type: 'wait' }));
    value(await service.act(key, ann, { type: 'wait' }));
    expect(await kit.games.readLog(key)).toHaveLength(5);
    expect(duplicates).toEqual([]);
  });

  it('GIVEN an applied button press WHEN it is delivered again THEN it is the current game, not a stale-button refusal', async () => {
    const seen = value(await service.view(key)).state.version;
    value(await service.act(key, ann, { type: 'wait' }, { seenVersion: seen, interactionId: '77' }));
    const again = await service.act(key, ann, { type: 'wait' }, { seenVersion: seen, interactionId: '77' });
    expect(value(again).state.version).toBe(seen + 1);
    // Without its interaction id, the same press is a stale button (it was answered).
    expect(await service.act(key, ann, { type: 'wait' }, { seenVersion: seen })).toEqual({ ok: false, error: { kind: 'stale' } });
  });

  it('GIVEN one interaction delivered to two processes at once THEN it is applied once and both answer with the game', async () => {
    const other = await kit.connect();
    const twin = serviceOn(other.games, other);
    for (let i = 0; i < 20; i++) {
      const id = `two-${i}`;
      const [x, y] = await Promise.all([service.act(key, ann, { type: 'wait' }, { interactionId: id }), twin.act(key, ann, { type: 'wait' }, { interactionId: id })]);
      expect(value(x).state.version).toBe(2 + i);
      expect(value(y).state.version).toBe(2 + i);
      expect([x, y].filter((r) => value(r).events.length > 0)).toHaveLength(1);
    }
    expect(await kit.games.readLog(key)).toHaveLength(21);
    expect(duplicates).toHaveLength(20);
    if (other !== kit) await other.close();
  });

  it('GIVEN a save that loses to the other delivery of its interaction, after losing once to another player THEN it answers with the game, applied once', async () => {
    const other = serviceOn(kit.games);
    value(await service.join(key, bo));
    let saves = 0;
    const games: GameStore = {
      ...bind(kit.games),
      save: async (...a) => {
        saves += 1;
        // First save: Bo acts in between (a conflict); second: the other delivery of this interaction lands first.
        if (saves === 1) value(await other.act(key, bo, { type: 'wait' }, { interactionId: 'bo-1' }));
        if (saves === 2) value(await other.act(key, ann, { type: 'wait' }, { interactionId: 'ann-1' }));
        return kit.games.save(...a);
      },
    };
    const racer = serviceOn(games);
    const before = value(await racer.view(key)).state.version;
    const v = value(await racer.act(key, ann, { type: 'wait' }, { interactionId: 'ann-1' }));
    expect(saves).toBe(2);
    expect(v.events).toEqual([]);
    expect(v.state.version).toBe(before + 2);
    const log = await kit.games.readLog(key, before);
    expect(log).toEqual([{ type: 'wait', user: '2' }, { type: 'wait', user: '1' }]);
    expect(duplicates).toEqual([key]);
  });

  it('GIVEN a join, a leave and an end vote WHEN each interaction comes twice THEN each is applied once and the repeat is answered with the game', async () => {
    value(await service.join(key, bo, { interactionId: 'j' }));
    expect(value(await service.join(key, bo, { interactionId: 'j' })).state.players.map((p) => p.id)).toEqual(['1', '2']);
    const vote = value(await service.voteEnd(key, ann, { interactionId: 'v' }));
    expect(vote.tally.votes).toBe(1);
    const revote = value(await service.voteEnd(key, ann, { interactionId: 'v' }));
    expect([revote.tally.votes, revote.passed]).toEqual([1, false]);
    value(await service.leave(key, bo, { interactionId: 'l' }));
    expect(value(await service.leave(key, bo, { interactionId: 'l' })).state.players.map((p) => p.id)).toEqual(['1']);
    expect((await kit.games.readLog(key)).map((a) => a.type)).toEqual(['join', 'join', 'leave']);
    expect(duplicates).toHaveLength(3);
  });

  it('GIVEN a reset-game WHEN an interaction applied to the deleted game comes again THEN the new game takes it as new: a reset forgets interactions', async () => {
    value(await service.act(key, ann, { type: 'wait' }, { interactionId: 'r' }));
    value(await service.resetGame(key));
    value(await service.newGame(key, ann, { seed: 22, mapKind: 'cavern' }));
    expect(value(await service.act(key, ann, { type: 'wait' }, { interactionId: 'r' })).events.length).toBeGreaterThan(0);
    expect(await kit.games.readLog(key)).toHaveLength(2);
  });
});

describe('exactly once per interaction: the memory store times its records with its clock', () => {
  it('GIVEN an applied interaction WHEN the same id comes after INTERACTION_TTL_MS THEN it is applied again (Discord would never resend it that late)', async () => {
    const clock = new FakeClock();
    const kit = await memoryKit(clock);
    const service = new GameService({ games: kit.games, settings: kit.settings, clock, rounds: kit.rounds, logger: kit.logger });
    const key = freshKey();
    value(await service.newGame(key, ann, { seed: 5, size: 'small' }));
    const act = (): Promise<Result<GameView>> => service.act(key, ann, { type: 'wait' }, { interactionId: 'old' });
    value(await act());
    clock.advance(INTERACTION_TTL_MS - 1);
    expect(value(await act()).events).toEqual([]);
    clock.advance(1);
    expect(value(await act()).events.length).toBeGreaterThan(0);
    expect(await kit.games.readLog(key)).toHaveLength(3);
  });
});

/** Every method of a store, bound to it, so a test can override one. */
function bind(games: GameStore): GameStore {
  return {
    load: (...a) => games.load(...a),
    cached: (k) => games.cached(k),
    create: (...a) => games.create(...a),
    save: (...a) => games.save(...a),
    delete: (k) => games.delete(k),
    listActive: (g) => games.listActive(g),
    readLog: (...a) => games.readLog(...a),
    summaries: (g) => games.summaries(g),
  };
}
