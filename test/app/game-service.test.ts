import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { legalMoves, MAP_KINDS, replay, parseGameState } from '../../src/engine/index.js';
import type { Direction } from '../../src/engine/types.js';
import { GameService, MAX_IDLE_ROUNDS, STALE_WINDOW, kindFromSeed } from '../../src/app/game-service.js';
import type { GameStore } from '../../src/app/ports.js';
import type { GameView, Result, UserRef } from '../../src/app/service-types.js';
import { DEFAULT_SETTINGS } from '../../src/app/settings.js';
import { idleEndsAt, wakeAt } from '../../src/app/idle-end.js';
import { FakeClock, freshKey, memoryKit, redisKit, sampleMeta, startFight, type StoreKit } from './fixtures.js';

const ann: UserRef = { id: '1', name: 'Ann' };
const bo: UserRef = { id: '2', name: 'Bo' };
const cy: UserRef = { id: '3', name: 'Cy' };

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

/** A direction the user can step into right now, if any. */
function openDir(view: GameView, user: string): Direction | undefined {
  const moves = legalMoves(view.state, user).moves;
  return (Object.keys(moves) as Direction[]).find((d) => moves[d] === 'move');
}

describe.each([
  ['memory', () => memoryKit()],
  ['redis', () => redisKit(inject('redisUrl'))],
])('GameService on %s stores', (_, makeKit) => {
  let kit: StoreKit;
  let clock: FakeClock;
  let service: GameService;
  const key = freshKey();

  beforeEach(async () => {
    kit = await makeKit();
    clock = new FakeClock();
    service = new GameService({ games: kit.games, settings: kit.settings, clock, rounds: kit.rounds, logger: kit.logger });
    key.channelId = String(Math.floor(Math.random() * 1e12));
  });
  afterEach(async () => {
    await kit.close();
  });

  describe('newGame', () => {
    it('creates a game from the guild settings with the creator joined', async () => {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', difficulty: 'hard', maxPlayers: 3, render: 'ascii', mobile: true });
      const v = value(await service.newGame(key, ann, { seed: 123 }));
      expect(v.state.config).toMatchObject({ seed: 123, width: 40, height: 20, difficulty: 'hard', maxPlayers: 3, turnMode: 'free', mapKind: kindFromSeed(123), topology: 4 });
      expect(v.state.players.map((p) => p.id)).toEqual(['1']);
      expect(v.state.version).toBe(1);
      expect(v.meta).toMatchObject({ creatorId: '1', render: 'ascii', mobile: true, roundDeadline: null, createdAt: clock.t, lastActed: { '1': 0 }, idleRounds: 0 });
      expect(v.events.some((e) => e.type === 'joined')).toBe(true);
    });

    it('lets the options override the settings', async () => {
      const v = value(await service.newGame(key, ann, { seed: 5, mapKind: 'maze', size: 'small', mode: 'rounds' }));
      expect(v.state.config).toMatchObject({ mapKind: 'maze', width: 40, turnMode: 'rounds' });
      // A rounds game starts walking freely: its round timer starts with the first fight.
      expect(v.meta.roundDeadline).toBeNull();
    });

    it('makes 8-way games from the diagonals setting, and lets /rogue new override it', async () => {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, diagonals: true });
      expect(value(await service.newGame(key, ann, { seed: 1 })).state.config.topology).toBe(8);
      expect(value(await service.newGame({ ...key, channelId: '77' }, ann, { seed: 1, diagonals: false })).state.config.topology).toBe(4);
    });

    it('derives the seed from the clock and channel when none is given, so it varies and replays', async () => {
      const a = value(await service.newGame(key, ann, { size: 'small' }));
      const other = { ...key, channelId: `${key.channelId}9` };
      const b = value(await service.newGame(other, ann, { size: 'small' }));
      expect(a.state.config.seed).not.toBe(b.state.config.seed);
      await service.resetGame(other);
    });

    it('picks every map kind of the table from the seed when the setting is random', () => {
      const kinds = new Set(Array.from({ length: 64 }, (_, i) => kindFromSeed(i * 7919)));
      expect(kinds).toEqual(new Set(MAP_KINDS));
    });

    it('refuses a second game while one is playing, and replaces a finished one', async () => {
      value(await service.newGame(key, ann, { seed: 1, size: 'small' }));
      expect(await service.newGame(key, bo, { seed: 2 })).toEqual({ ok: false, error: { kind: 'game-exists' } });
      value(await service.end(key, ann, false));
      const v = value(await service.newGame(key, bo, { seed: 2, size: 'small' }));
      expect(v.state.config.seed).toBe(2);
      expect(await kit.games.readLog(key)).toEqual([{ type: 'join', user: '2', name: 'Bo', role: 'fighter' }]);
    });

    it('refuses channels outside the allowed list', async () => {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, allowedChannels: ['42'] });
      expect(await service.newGame(key, ann, {})).toEqual({ ok: false, error: { kind: 'channel-not-allowed' } });
      expect(await service.join(key, ann)).toEqual({ ok: false, error: { kind: 'channel-not-allowed' } });
    });

    it('refuses an out-of-range seed as invalid', async () => {
      const r = await service.newGame(key, ann, { seed: -1 });
      expect(!r.ok && r.error.kind).toBe('invalid');
    });
  });

  describe('join, leave and act', () => {
    beforeEach(async () => {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', maxPlayers: 2 });
      value(await service.newGame(key, ann, { seed: 11 }));
    });

    it('answers no-game for a channel without a game', async () => {
      const other = { ...key, channelId: '1' };
      expect(await service.view(other)).toEqual({ ok: false, error: { kind: 'no-game' } });
      expect(await service.act(other, ann, { type: 'wait' })).toEqual({ ok: false, error: { kind: 'no-game' } });
    });

    it('adds players up to maxPlayers, then answers game-full', async () => {
      expect(value(await service.join(key, bo)).state.players).toHaveLength(2);
      expect(await service.join(key, cy)).toEqual({ ok: false, error: { kind: 'game-full', max: 2 } });
      expect(await service.join(key, bo)).toEqual({ ok: false, error: { kind: 'rejected', code: 'already-joined' } });
    });

    it('refuses a press on a retired game message inside the save, pointing to the live one, and applies a press on the live one', async () => {
      const live = { channelId: key.channelId, messageId: '200' };
      const before = value(await service.setMessage(key, live));
      expect(await service.act(key, ann, { type: 'wait' }, { pressedMessage: '100' })).toEqual({ ok: false, error: { kind: 'retired', guildId: key.guildId, live } });
      expect(value(await service.view(key)).state.version).toBe(before.state.version);
      expect(value(await service.act(key, ann, { type: 'wait' }, { pressedMessage: '200' })).state.version).toBe(before.state.version + 1);
      // While a new message is being posted (pending), a press on the old one still counts.
      value(await service.setMessage(key, { channelId: key.channelId, messageId: 'pending:9' }));
      expect((await service.act(key, ann, { type: 'wait' }, { pressedMessage: '200' })).ok).toBe(true);
    });

    it('refuses actions from someone not in the game', async () => {
      expect(await service.act(key, bo, { type: 'wait' })).toEqual({ ok: false, error: { kind: 'not-a-player' } });
      expect(await service.leave(key, bo)).toEqual({ ok: false, error: { kind: 'not-a-player' } });
    });

    it('applies an action, bumps the version and logs it so the log replays to the saved state', async () => {
      const before = value(await service.view(key));
      const dir = openDir(before, '1');
      const v = value(await service.act(key, ann, dir ? { type: 'move', dir } : { type: 'wait' }));
      expect(v.state.version).toBe(before.state.version + 1);
      value(await service.act(key, ann, { type: 'wait' }));
      const log = await kit.games.readLog(key);
      const saved = value(await service.view(key)).state;
      expect(log).toHaveLength(saved.version);
      expect(saved).toEqual(parseState(replay(saved.config, log)));
    });

    it('turns an engine refusal into a rejected result and changes nothing', async () => {
      const v0 = value(await service.view(key)).state.version;
      expect(await service.act(key, ann, { type: 'descend' })).toEqual({ ok: false, error: { kind: 'rejected', code: 'no-stairs' } });
      expect(value(await service.view(key)).state.version).toBe(v0);
    });

    it('refuses a second press of the same button (same user, same rendered version) as stale', async () => {
      const seen = value(await service.view(key)).state.version;
      value(await service.act(key, ann, { type: 'wait' }, { seenVersion: seen }));
      expect(await service.act(key, ann, { type: 'wait' }, { seenVersion: seen })).toEqual({ ok: false, error: { kind: 'stale' } });
      expect(await kit.games.readLog(key)).toHaveLength(seen + 1);
    });

    it('applies a double click exactly once even when two service instances take the two presses', async () => {
      const other = await kit.connect();
      const twin = new GameService({ games: other.games, settings: other.settings, clock, rounds: other.rounds, logger: other.logger });
      const seen = value(await service.view(key)).state.version;
      // Both processes hold the game in their caches: only the revision check in storage can tell them apart.
      expect(value(await twin.view(key)).state.version).toBe(seen);
      const results = await Promise.all([service.act(key, ann, { type: 'wait' }, { seenVersion: seen }), twin.act(key, ann, { type: 'wait' }, { seenVersion: seen })]);
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.kind)).toEqual(['stale']);
      expect(await kit.games.readLog(key)).toHaveLength(seen + 1);
      if (other !== kit) await other.close();
    });

    it("a process whose cached copy is behind still sees the other process's write: a double click across processes stays stale", async () => {
      const other = await kit.connect();
      const twin = new GameService({ games: other.games, settings: other.settings, clock, rounds: other.rounds, logger: other.logger });
      const seen = value(await twin.view(key)).state.version;
      value(await service.act(key, ann, { type: 'wait' }, { seenVersion: seen }));
      // twin's cached copy is now one version behind; its load must return the current state, where Ann already acted.
      expect(await twin.act(key, ann, { type: 'wait' }, { seenVersion: seen })).toEqual({ ok: false, error: { kind: 'stale' } });
      expect(value(await twin.act(key, ann, { type: 'wait' })).state.version).toBe(seen + 2);
      expect(await kit.games.readLog(key)).toHaveLength(seen + 2);
      if (other !== kit) await other.close();
    });

    it('an action racing a reset and a new game is applied once, to the new game, never to the one it loaded', async () => {
      const other = new GameService({ games: kit.games, settings: kit.settings, clock, rounds: kit.rounds, logger: kit.logger });
      let raced = false;
      const games: GameStore = {
        load: (k) => kit.games.load(k),
        cached: (k) => kit.games.cached(k),
        create: (...a) => kit.games.create(...a),
        delete: (k) => kit.games.delete(k),
        listActive: (g) => kit.games.listActive(g),
        readLog: (...a) => kit.games.readLog(...a),
        summaries: (g) => kit.games.summaries(g),
        // Between this service's load and its save, an admin resets the channel and someone starts a new game.
        save: async (...a) => {
          if (!raced) {
            raced = true;
            value(await other.resetGame(key));
            value(await other.newGame(key, ann, { seed: 99 }));
          }
          return kit.games.save(...a);
        },
      };
      const racer = new GameService({ games, settings: kit.settings, clock, rounds: kit.rounds, logger: kit.logger });
      const v = value(await racer.act(key, ann, { type: 'wait' }));
      expect(raced).toBe(true);
      expect(v.state.config.seed).toBe(99);
      expect(v.state.version).toBe(2);
      expect(await kit.games.readLog(key)).toEqual([{ type: 'join', user: '1', name: 'Ann', role: 'fighter' }, { type: 'wait', user: '1' }]);
    });

    it('accepts a button drawn before another player acted, when it is still legal', async () => {
      value(await service.join(key, bo));
      const seen = value(await service.view(key)).state.version;
      value(await service.act(key, bo, { type: 'wait' }, { seenVersion: seen }));
      const v = value(await service.act(key, ann, { type: 'wait' }, { seenVersion: seen }));
      expect(v.state.version).toBe(seen + 2);
    });

    it('refuses an old button that is not legal for its presser with the real reason, and a button from the future as stale', async () => {
      value(await service.join(key, bo));
      const seen = value(await service.view(key)).state.version;
      value(await service.act(key, bo, { type: 'wait' }, { seenVersion: seen }));
      expect(await service.act(key, ann, { type: 'descend' }, { seenVersion: seen })).toEqual({ ok: false, error: { kind: 'rejected', code: 'no-stairs' } });
      expect(await service.act(key, ann, { type: 'wait' }, { seenVersion: seen + 50 })).toEqual({ ok: false, error: { kind: 'stale' } });
    });

    it('hands out states that cannot be changed in place, so a careless caller cannot corrupt the next turn', async () => {
      const v = value(await service.act(key, ann, { type: 'wait' }));
      expect(() => v.state.players.push(v.state.players[0]!)).toThrow(TypeError);
      expect(() => {
        v.meta.roundSeconds = 1;
      }).toThrow(TypeError);
      const again = value(await service.view(key));
      expect(() => {
        again.state.players[0]!.hp = 0;
      }).toThrow(TypeError);
      expect(value(await service.act(key, ann, { type: 'wait' })).state.version).toBe(v.state.version + 1);
    });

    it('forgets who acted more than STALE_WINDOW versions ago, so the record stays small however many come and go', async () => {
      let v = value(await service.view(key));
      for (let i = 0; v.state.version < STALE_WINDOW + 10; i++) {
        const guest = { id: `9${i}`, name: `Guest ${i}` };
        value(await service.join(key, guest));
        v = value(await service.leave(key, guest));
      }
      const users = Object.keys(v.meta.lastActed);
      expect(users).not.toContain('90');
      expect(users).not.toContain('1');
      expect(users.length).toBeLessThanOrEqual(STALE_WINDOW / 2 + 1);
      // A button Ann drew before all of that is out of the window: stale.
      expect(await service.act(key, ann, { type: 'wait' }, { seenVersion: 1 })).toEqual({ ok: false, error: { kind: 'stale' } });
    });

    it('says why an old button was refused when the reason does not depend on the drawing (full health), not just stale', async () => {
      value(await service.join(key, bo));
      const seen = value(await service.view(key)).state.version;
      value(await service.act(key, bo, { type: 'wait' }, { seenVersion: seen }));
      expect(await service.act(key, ann, { type: 'use' }, { seenVersion: seen })).toEqual({ ok: false, error: { kind: 'rejected', code: 'full-health' } });
    });

    it('lets a player leave; the last one leaving ends the game', async () => {
      value(await service.join(key, bo));
      expect(value(await service.leave(key, bo)).state.players.map((p) => p.id)).toEqual(['1']);
      const v = value(await service.leave(key, ann));
      expect(v.state.status).toBe('over');
    });

    it('records the message to edit without changing the game version', async () => {
      const v0 = value(await service.view(key)).state.version;
      const v = value(await service.setMessage(key, { channelId: key.channelId, messageId: '77' }));
      expect(v.meta.message).toEqual({ channelId: key.channelId, messageId: '77' });
      expect(value(await service.view(key)).state.version).toBe(v0);
    });
  });

  describe('end and reset', () => {
    beforeEach(async () => {
      value(await service.newGame(key, ann, { seed: 3, size: 'small' }));
      value(await service.join(key, bo));
    });

    it('lets only the creator or an admin end the game', async () => {
      expect(await service.end(key, bo, false)).toEqual({ ok: false, error: { kind: 'forbidden', need: 'the host or Manage Server' } });
      const v = value(await service.end(key, bo, true));
      expect(v.state.status).toBe('over');
      expect(v.state.summary?.outcome).toBe('abandoned');
    });

    it('refuses actions in an ended game as game over, for former players and strangers alike', async () => {
      value(await service.end(key, ann, false));
      expect(await service.act(key, ann, { type: 'wait' })).toEqual({ ok: false, error: { kind: 'rejected', code: 'game-over' } });
      expect(await service.act(key, { id: '99', name: 'Zed' }, { type: 'wait' })).toEqual({ ok: false, error: { kind: 'rejected', code: 'game-over' } });
    });

    it('a finished game leaves exactly one summary, even when ended again or replaced', async () => {
      const guild = `g${Math.floor(Math.random() * 1e9)}`;
      const k = { guildId: guild, channelId: '5' };
      value(await service.newGame(k, ann, { seed: 4, size: 'small' }));
      value(await service.join(k, bo));
      value(await service.end(k, ann, false));
      value(await service.end(k, ann, false));
      value(await service.newGame(k, bo, { seed: 6, size: 'small' }));
      const summaries = await kit.games.summaries(guild);
      expect(summaries).toHaveLength(1);
      expect(summaries[0]).toMatchObject({ guildId: guild, channelId: '5', seed: 4, outcome: 'abandoned', players: [{ id: '1', name: 'Ann', kills: 0 }, { id: '2', name: 'Bo', kills: 0 }] });
    });

    it('ending keeps the log replayable', async () => {
      value(await service.end(key, ann, false));
      const saved = value(await service.view(key)).state;
      expect(saved).toEqual(parseState(replay(saved.config, await kit.games.readLog(key))));
    });

    it('resetGame deletes the game, even a corrupt one', async () => {
      await kit.writeRawGame(key, '{garbage', JSON.stringify(sampleMeta()));
      expect(await service.view(key)).toMatchObject({ ok: false, error: { kind: 'corrupt-save', channelId: key.channelId } });
      expect(await service.resetGame(key)).toEqual({ ok: true, value: { deleted: true } });
      expect(await service.view(key)).toEqual({ ok: false, error: { kind: 'no-game' } });
      expect(await service.resetGame(key)).toEqual({ ok: true, value: { deleted: false } });
    });

    it('reports a future-schema save as incompatible for every call, without throwing', async () => {
      const state = { ...JSON.parse(JSON.stringify(value(await service.view(key)).state)), schema: 99 };
      await kit.writeRawGame(key, JSON.stringify(state), JSON.stringify(sampleMeta()));
      const error = { kind: 'incompatible-save', channelId: key.channelId, schema: 99 };
      expect(await service.act(key, ann, { type: 'wait' })).toEqual({ ok: false, error });
      expect(await service.join(key, cy)).toEqual({ ok: false, error });
      expect(await service.newGame(key, cy, {})).toEqual({ ok: false, error });
    });
  });

  describe('rounds mode', () => {
    beforeEach(async () => {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, turnMode: 'rounds', roundSeconds: 10, mapSize: 'small' });
      value(await service.newGame(key, ann, { seed: 21 }));
      value(await service.join(key, bo));
      // Rounds mode plays in rounds only in a fight: these tests start one (a goblin in view).
      await startFight(kit, key, clock.t);
    });

    it('walks freely with no round timer until a monster is in view, then plays in rounds with the timer running', async () => {
      const other = { ...key, channelId: `${key.channelId}5` };
      const fresh = value(await service.newGame(other, ann, { seed: 21 }));
      value(await service.join(other, bo));
      expect(fresh.meta.roundDeadline).toBeNull();
      expect(await kit.rounds.scoreOf(other)).toBe(idleEndsAt(fresh.meta));
      const walked = value(await service.act(other, ann, { type: 'wait' }));
      expect(walked.state.turn).toBe(fresh.state.turn + 1);
      expect(walked.state.acted).toEqual([]);
      expect(walked.meta.roundDeadline).toBeNull();
      await startFight(kit, other, clock.t);
      const fighting = value(await service.act(other, ann, { type: 'wait' }));
      expect(fighting.state.acted).toEqual([ann.id]);
      expect(fighting.meta.roundDeadline).toBe(clock.t + 10_000);
      expect(await kit.rounds.scoreOf(other)).toBe(clock.t + 10_000);
    });

    it('resolves a round at its deadline exactly once and schedules the next', async () => {
      const start = clock.t;
      clock.advance(9_999);
      expect(await mine(service.resolveDueRounds(), key.channelId)).toHaveLength(0);
      clock.advance(1);
      const views = await mine(service.resolveDueRounds(), key.channelId);
      expect(views).toHaveLength(1);
      expect(views[0]!.state.turn).toBe(1);
      expect(views[0]!.events.some((e) => e.type === 'round-ended')).toBe(true);
      expect(views[0]!.meta.roundDeadline).toBe(start + 20_000);
      expect(await mine(service.resolveDueRounds(), key.channelId)).toHaveLength(0);
      expect(await kit.rounds.scoreOf(key)).toBe(start + 20_000);
    });

    it('when everyone acts the round resolves at once and the deadline moves on', async () => {
      clock.advance(2000);
      value(await service.act(key, ann, { type: 'wait' }));
      const v = value(await service.act(key, bo, { type: 'wait' }));
      expect(v.state.turn).toBe(1);
      expect(v.meta.roundDeadline).toBe(clock.t + 10_000);
      // The old deadline's wake-up finds nothing to do.
      clock.advance(8000);
      expect(await mine(service.resolveDueRounds(), key.channelId)).toHaveLength(0);
      expect(value(await service.view(key)).state.turn).toBe(1);
    });

    it("an old button of someone who already acted this round is refused as not their turn, not as stale", async () => {
      value(await service.act(key, ann, { type: 'wait' }));
      const seen = value(await service.view(key)).state.version;
      value(await service.join(key, cy));
      expect(await service.act(key, ann, { type: 'wait' }, { seenVersion: seen })).toEqual({ ok: false, error: { kind: 'rejected', code: 'not-your-turn' } });
    });

    it('refuses a second action in the same round', async () => {
      value(await service.act(key, ann, { type: 'wait' }));
      expect(await service.act(key, ann, { type: 'wait' })).toEqual({ ok: false, error: { kind: 'rejected', code: 'not-your-turn' } });
    });

    it('forgets the deadline of an ended game', async () => {
      value(await service.end(key, ann, false));
      expect(await kit.rounds.scoreOf(key)).toBeNull();
    });

    it("a new game's deadline survives the late cleanup of the game it replaced", async () => {
      const old = value(await service.view(key)).meta.roundDeadline!;
      clock.advance(5000);
      value(await service.end(key, ann, false));
      // The ended game's cancel() has not reached the queue yet (another process, a slow link): its entry is still there.
      await kit.rounds.schedule(key, old);
      const fresh = wakeAt(value(await service.newGame(key, bo, { seed: 3 })))!;
      expect(fresh).toBeGreaterThan(old);
      await kit.rounds.cancel(key, old);
      expect(await kit.rounds.scoreOf(key)).toBe(fresh);
    });

    it('cleans the queue entry of a reset game, and of a game that vanished (expired) when it comes due', async () => {
      value(await service.resetGame(key));
      expect(await kit.rounds.scoreOf(key)).toBeNull();
      const ghost = { ...key, channelId: `${key.channelId}7` };
      await kit.rounds.schedule(ghost, clock.t + 1000);
      clock.advance(1000);
      expect(await mine(service.resolveDueRounds(), ghost.channelId)).toEqual([]);
      expect(await kit.rounds.scoreOf(ghost)).toBeNull();
    });

    it('pauses the round timer after rounds nobody played, so an abandoned game can expire; the next action restarts it', async () => {
      for (let i = 0; i < MAX_IDLE_ROUNDS; i++) {
        clock.advance(10_000);
        expect(await mine(service.resolveDueRounds(), key.channelId)).toHaveLength(1);
      }
      const paused = value(await service.view(key));
      expect(paused.state.turn).toBe(MAX_IDLE_ROUNDS);
      expect(paused.meta.roundDeadline).toBeNull();
      // Only the idle end stays queued.
      expect(await kit.rounds.scoreOf(key)).toBe(idleEndsAt(paused.meta));
      clock.advance(60_000);
      expect(await mine(service.resolveDueRounds(), key.channelId)).toHaveLength(0);
      const resumed = value(await service.act(key, ann, { type: 'wait' }));
      expect(resumed.meta.roundDeadline).toBe(clock.t + 10_000);
      expect(await kit.rounds.scoreOf(key)).toBe(clock.t + 10_000);
    });

    it('keeps a paused round timer paused when only the game message is recorded (/rogue map), so monsters get no turn', async () => {
      for (let i = 0; i < MAX_IDLE_ROUNDS; i++) {
        clock.advance(10_000);
        expect(await mine(service.resolveDueRounds(), key.channelId)).toHaveLength(1);
      }
      const paused = value(await service.view(key));
      expect(paused.meta.roundDeadline).toBeNull();
      const recorded = value(await service.setMessage(key, { channelId: key.channelId, messageId: '88' }));
      expect(recorded.meta.roundDeadline).toBeNull();
      expect(await kit.rounds.scoreOf(key)).toBe(idleEndsAt(paused.meta));
      clock.advance(60_000);
      expect(await mine(service.resolveDueRounds(), key.channelId)).toHaveLength(0);
      expect(value(await service.view(key)).state.turn).toBe(paused.state.turn);
    });

    it('counts idle rounds only while nobody acts', async () => {
      for (let i = 0; i < MAX_IDLE_ROUNDS + 2; i++) {
        if (i % 3 === 0) value(await service.act(key, ann, { type: 'wait' }));
        clock.advance(10_000);
        expect(await mine(service.resolveDueRounds(), key.channelId)).toHaveLength(1);
      }
      expect(value(await service.view(key)).meta.roundDeadline).toBe(clock.t + 10_000);
    });
  });
});

/** Views of one channel only (other tests may share the queue). */
async function mine(p: Promise<GameView[]>, channelId: string): Promise<GameView[]> {
  return (await p).filter((v) => v.key.channelId === channelId);
}

/** The engine state as it comes back from storage (typed arrays as Bytes, schema key order). */
function parseState(state: unknown) {
  const r = parseGameState(JSON.parse(JSON.stringify(state)));
  if (!r.ok) throw new Error('replayed state does not parse');
  return r.state;
}
