/** Issue 19: endings people can read and host powers that move with the party, through the service with a fake clock. */
import { beforeEach, describe, expect, it } from 'vitest';
import { logText } from '../../src/app/rolling-log.js';
import { GameService } from '../../src/app/game-service.js';
import { endingLine, HOST_IDLE_MS, hostOf, idleIds, IDLE_PLAYER_ROUNDS, LOBBY_MS, LOBBY_TEXT } from '../../src/app/host.js';
import type { ChannelKey, GameView, Result, UserRef } from '../../src/app/service-types.js';
import { DEFAULT_SETTINGS } from '../../src/app/settings.js';
import { FakeClock, memoryKit, startFight, type StoreKit } from './fixtures.js';

const ann: UserRef = { id: '1', name: 'Ann' };
const bo: UserRef = { id: '2', name: 'Bo' };
const cy: UserRef = { id: '3', name: 'Cy' };
const dan: UserRef = { id: '4', name: 'Dan' };
const HOUR = 3_600_000;
const key: ChannelKey = { guildId: '100', channelId: '200' };

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

describe('host powers and endings', () => {
  let kit: StoreKit;
  let clock: FakeClock;
  let service: GameService;

  beforeEach(async () => {
    clock = new FakeClock();
    kit = await memoryKit(clock);
    service = new GameService({ games: kit.games, settings: kit.settings, clock, rounds: kit.rounds, logger: kit.logger });
    await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', idleEndHours: 2 });
  });

  /** A party joined at a human pace (2 s apart), Ann hosting. */
  async function party(...users: UserRef[]): Promise<void> {
    const [first, ...rest] = users;
    value(await service.newGame(key, first!, { seed: 21 }));
    for (const u of rest) {
      clock.advance(2_000);
      value(await service.join(key, u));
    }
  }

  const ENDINGS: [string, () => Promise<GameView>, string, string[]][] = [
    ['a vote of the living', async () => {
      value(await service.voteEnd(key, bo));
      clock.advance(3_000);
      return value(await service.voteEnd(key, cy)).view;
    }, 'Ended by a vote of Bo and Cy.', ['2', '3']],
    ['the host', async () => value(await service.end(key, ann, false)), 'Ended by the host, Ann.', []],
    ['an admin passing by', async () => value(await service.end(key, dan, true)), 'Ended by a server admin, Dan.', []],
    ['nobody acting', async () => {
      clock.advance(2 * HOUR);
      const [ended] = await service.resolveDueRounds();
      if (!ended) throw new Error('the idle game did not end');
      return ended;
    }, 'Ended after 2 h without a move.', []],
  ];

  it.each(ENDINGS)('GIVEN a party of three WHEN %s ends the run THEN the final message says how and who', async (_, end, line) => {
    await party(ann, bo, cy);
    const ended = await end();
    expect(ended.state.status).toBe('over');
    expect(endingLine(ended.meta, ended.state)).toBe(line);
    expect(logText(ended.meta.recentLog).at(-1)).toBe(line);
    // Stored, so a redraw (a refresh, /rogue map) says it too.
    const again = value(await service.view(key));
    expect(endingLine(again.meta, again.state)).toBe(line);
  });

  it('GIVEN a run still playing THEN it has no ending line', async () => {
    await party(ann);
    const running = value(await service.view(key));
    expect(endingLine(running.meta, running.state)).toBeNull();
  });

  it('GIVEN the host left the party WHEN anyone saves THEN the longest-standing living member hosts, the log says so, and the one who left has no powers', async () => {
    await party(ann, bo, cy);
    clock.advance(1_000);
    const left = value(await service.leave(key, ann));
    expect(hostOf(left.meta)).toBe('2');
    expect(logText(left.meta.recentLog).at(-1)).toBe('Bo is now the host (Ann left the party).');
    expect(await service.end(key, ann, false)).toEqual({ ok: false, error: { kind: 'forbidden', need: 'the host or Manage Server' } });
    // Back in the party, Ann is a member like the others: Bo keeps the host role.
    value(await service.join(key, ann));
    expect(await service.end(key, ann, false)).toEqual({ ok: false, error: { kind: 'forbidden', need: 'the host or Manage Server' } });
    const ended = value(await service.end(key, bo, false));
    expect(endingLine(ended.meta, ended.state)).toBe('Ended by the host, Bo.');
  });

  it('GIVEN a two-player run whose creator vanished WHEN the other plays on THEN they become the host and can end it', async () => {
    await party(ann, bo);
    clock.advance(HOST_IDLE_MS - 5_000);
    const early = value(await service.act(key, bo, { type: 'wait' }));
    expect(hostOf(early.meta)).toBe('1');
    clock.advance(5_000);
    const moved = value(await service.act(key, bo, { type: 'wait' }));
    expect(hostOf(moved.meta)).toBe('2');
    expect(logText(moved.meta.recentLog)).toContain('Bo is now the host (Ann has not acted for a while).');
    expect(value(await service.end(key, bo, false)).state.status).toBe('over');
  });

  it('GIVEN a save from before host handover (no actedAt) WHEN another member acts THEN the host keeps the role', async () => {
    await party(ann, bo);
    const loaded = await kit.games.load(key);
    if (loaded.kind !== 'found') throw new Error('no game');
    const { actedAt: _gone, ...legacy } = loaded.game.meta;
    await kit.games.save(key, { ...loaded.game, meta: { ...legacy, createdAt: clock.t - 3 * HOUR } }, loaded.rev, []);
    clock.advance(1_000);
    expect(hostOf(value(await service.act(key, bo, { type: 'wait' })).meta)).toBe('1');
  });

  it('GIVEN the host acts now and then THEN the role stays put', async () => {
    await party(ann, bo);
    for (let i = 0; i < 4; i++) {
      clock.advance(HOST_IDLE_MS / 2);
      value(await service.act(key, ann, { type: 'wait' }));
      value(await service.act(key, bo, { type: 'wait' }));
    }
    expect(hostOf(value(await service.view(key)).meta)).toBe('1');
  });

  it('GIVEN a finished run WHEN someone who never played presses Play again THEN they are refused, and a player of the run starts it', async () => {
    await party(ann, bo);
    const old = value(await service.end(key, ann, false));
    clock.advance(4_000);
    expect(await service.playAgain(key, cy, Math.floor(old.meta.createdAt))).toEqual({ ok: false, error: { kind: 'not-your-run' } });
    const again = value(await service.playAgain(key, bo, Math.floor(old.meta.createdAt)));
    expect(again.state.players.map((p) => p.id)).toEqual(['2']);
    expect(again.meta.invited).toEqual([ann]);
  });

  describe('idle members and kicks (rounds mode)', () => {
    /** A rounds game in a fight; each round `active` wait at a human pace and the others let the 60 s timer run out. */
    async function roundsParty(users: UserRef[]): Promise<void> {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', turnMode: 'rounds', roundSeconds: 60 });
      await party(...users);
      await startFight(kit, key, clock.t);
    }
    async function round(active: UserRef[]): Promise<GameView> {
      for (const u of active) {
        clock.advance(3_000);
        value(await service.act(key, u, { type: 'wait' }));
      }
      const now = value(await service.view(key));
      if (now.state.acted.length === 0) return now; // the round resolved without the timer
      clock.advance(60_000);
      const [resolved] = await service.resolveDueRounds();
      if (!resolved) throw new Error('the round did not resolve');
      return resolved;
    }

    it(`GIVEN Cy lets ${IDLE_PLAYER_ROUNDS} rounds pass THEN Cy is marked idle and skipped: the next round ends as soon as the others acted, until Cy acts again`, async () => {
      await roundsParty([ann, bo, cy]);
      for (let i = 0; i < IDLE_PLAYER_ROUNDS - 1; i++) {
        const v = await round([ann, bo]);
        expect(idleIds(v.state, v.meta)).toEqual([]);
      }
      await round([ann, bo]);
      const marked = value(await service.view(key));
      expect(marked.meta.passedRounds?.['3']).toBeGreaterThanOrEqual(IDLE_PLAYER_ROUNDS);
      expect(idleIds(marked.state, marked.meta)).toEqual(['3']);
      const turn = marked.state.turn;
      clock.advance(2_000);
      value(await service.act(key, ann, { type: 'wait' }));
      clock.advance(2_000);
      const skipped = value(await service.act(key, bo, { type: 'wait' }));
      expect(skipped.state.turn).toBe(turn + 1);
      expect(skipped.events.some((e) => e.type === 'round-ended')).toBe(true);
      clock.advance(2_000);
      const back = value(await service.act(key, cy, { type: 'wait' }));
      expect(idleIds(back.state, back.meta)).toEqual([]);
    });

    it('GIVEN an idle member WHEN more than half of the other living members vote them out THEN their hero leaves and the log says who', async () => {
      await roundsParty([ann, bo, cy, dan]);
      for (let i = 0; i < IDLE_PLAYER_ROUNDS; i++) await round([ann, bo, cy]);
      expect(idleIds(value(await service.view(key)).state, value(await service.view(key)).meta)).toEqual(['4']);
      expect(await service.kick(key, bo, cy, false)).toMatchObject({ ok: false, error: { kind: 'invalid' } });
      const first = value(await service.kick(key, bo, dan, false));
      expect(first).toMatchObject({ removed: false, votes: 1, needed: 2 });
      expect(first.view.state.players.map((p) => p.id)).toContain('4');
      const second = value(await service.kick(key, cy, dan, false));
      expect(second.removed).toBe(true);
      expect(second.view.state.players.map((p) => p.id)).toEqual(['1', '2', '3']);
      expect(logText(second.view.meta.recentLog).at(-1)).toBe('Dan was voted out of the party by Bo and Cy.');
    });

    it('GIVEN the host WHEN they kick a member who plays THEN the member is out at once; someone else may not', async () => {
      await party(ann, bo, cy);
      expect(await service.kick(key, bo, cy, false)).toMatchObject({ ok: false, error: { kind: 'invalid' } });
      const kicked = value(await service.kick(key, ann, cy, false));
      expect(kicked.removed).toBe(true);
      expect(kicked.view.state.players.map((p) => p.id)).toEqual(['1', '2']);
      expect(kicked.view.state.departed.map((p) => p.id)).toEqual(['3']);
      expect(logText(kicked.view.meta.recentLog).at(-1)).toBe('Cy was removed from the party by the host.');
      expect(await service.kick(key, ann, cy, false)).toMatchObject({ ok: false, error: { kind: 'invalid', message: 'Cy is not in the party.' } });
    });
  });

  describe('whose turn (rounds mode)', () => {
    it('GIVEN a round Ann acted in WHEN ping_seconds pass THEN the timer pings Bo and Cy once, the round still runs to its deadline', async () => {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', turnMode: 'rounds', roundSeconds: 60, pingSeconds: 20 });
      await party(ann, bo, cy);
      await startFight(kit, key, clock.t);
      // startFight sets the deadline by hand: the round started when it did.
      const start = clock.t;
      const loaded = await kit.games.load(key);
      if (loaded.kind !== 'found') throw new Error('no game');
      await kit.games.save(key, { ...loaded.game, meta: { ...loaded.game.meta, roundStartedAt: start } }, loaded.rev, []);
      clock.advance(3_000);
      value(await service.act(key, ann, { type: 'wait' }));
      expect(await kit.rounds.scoreOf(key)).toBe(start + 20_000);
      clock.advance(16_999);
      expect(await service.resolveDueRounds()).toEqual([]);
      clock.advance(1);
      const [pinged, ...more] = await service.resolveDueRounds();
      expect(more).toEqual([]);
      expect(pinged?.ping).toEqual(['2', '3']);
      expect(pinged?.state.turn).toBe(value(await service.view(key)).state.turn);
      expect(await kit.rounds.scoreOf(key)).toBe(start + 60_000);
      clock.advance(10_000);
      expect(await service.resolveDueRounds()).toEqual([]);
      clock.advance(30_000);
      const [resolved] = await service.resolveDueRounds();
      expect(resolved?.ping).toBeUndefined();
      expect(resolved?.events.some((e) => e.type === 'round-ended')).toBe(true);
    });

    it('GIVEN ping_seconds 0 THEN no round pings anyone', async () => {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', turnMode: 'rounds', roundSeconds: 60, pingSeconds: 0 });
      await party(ann, bo);
      await startFight(kit, key, clock.t);
      value(await service.act(key, ann, { type: 'wait' }));
      clock.advance(59_000);
      expect(await service.resolveDueRounds()).toEqual([]);
    });
  });

  describe("the host's choices in /rogue new", () => {
    it('GIVEN a server allowing 4 WHEN the host picks hard, 20 s rounds and a party of 2 THEN the run has them, and a third player finds it full', async () => {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', maxPlayers: 4, difficulty: 'normal', roundSeconds: 60 });
      const v = value(await service.newGame(key, ann, { seed: 21, difficulty: 'hard', roundSeconds: 20, maxPlayers: 2 }));
      expect(v.state.config).toMatchObject({ difficulty: 'hard', maxPlayers: 2 });
      expect(v.meta.roundSeconds).toBe(20);
      value(await service.join(key, bo));
      expect(await service.join(key, cy)).toEqual({ ok: false, error: { kind: 'game-full', max: 2 } });
    });

    it("GIVEN a server allowing 4 WHEN the host asks for a party of 6 THEN it is refused with the admins' limit", async () => {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', maxPlayers: 4 });
      expect(await service.newGame(key, ann, { seed: 21, maxPlayers: 6 })).toMatchObject({ ok: false, error: { kind: 'invalid', message: 'This server allows parties of at most 4 (an admin sets max_players with /rogue-config set).' } });
    });

    describe("the admins' limits on a host's choices", () => {
      const limited = { ...DEFAULT_SETTINGS, mapSize: 'small' as const, difficulty: 'hard' as const, roundSeconds: 120, hostMinDifficulty: 'easy' as const, hostMaxDifficulty: 'normal' as const, hostMinRoundSeconds: 30, hostMaxRoundSeconds: 90 };
      beforeEach(async () => {
        await kit.settings.set(key.guildId, limited);
      });

      it.each([
        [{ difficulty: 'hard' as const }, 'This server lets hosts choose difficulty easy or normal (an admin sets host_min_difficulty and host_max_difficulty with /rogue-config set).'],
        [{ roundSeconds: 20 }, 'This server lets hosts choose round_seconds from 30 to 90 (an admin sets host_min_round_seconds and host_max_round_seconds with /rogue-config set).'],
        [{ roundSeconds: 91 }, 'This server lets hosts choose round_seconds from 30 to 90 (an admin sets host_min_round_seconds and host_max_round_seconds with /rogue-config set).'],
      ])('GIVEN limits easy-normal and 30-90 s WHEN the host chooses %o THEN it is refused naming the limit, and no game starts', async (choice, message) => {
        expect(await service.newGame(key, ann, { seed: 21, ...choice })).toMatchObject({ ok: false, error: { kind: 'invalid', message } });
        expect(await service.view(key)).toEqual({ ok: false, error: { kind: 'no-game' } });
      });

      it('GIVEN the same limits WHEN the host chooses inside them THEN the run has them; WHEN the host chooses nothing THEN the server defaults apply, outside the limits', async () => {
        const chosen = value(await service.newGame(key, ann, { seed: 21, difficulty: 'normal', roundSeconds: 90 }));
        expect(chosen.state.config.difficulty).toBe('normal');
        expect(chosen.meta.roundSeconds).toBe(90);
        value(await service.end(key, ann, false));
        const defaults = value(await service.newGame(key, ann, { seed: 22 }));
        expect(defaults.state.config.difficulty).toBe('hard');
        expect(defaults.meta.roundSeconds).toBe(120);
      });
    });
  });

  describe('the lobby', () => {
    it('GIVEN /rogue new lobby:true THEN nobody acts until the host starts; a member may not start it; the start is logged', async () => {
      const open = value(await service.newGame(key, ann, { seed: 21, lobby: true }));
      expect(open.meta.lobbyUntil).toBe(clock.t + LOBBY_MS);
      expect(await service.act(key, ann, { type: 'wait' })).toMatchObject({ ok: false, error: { kind: 'invalid', message: LOBBY_TEXT } });
      clock.advance(5_000);
      value(await service.join(key, bo));
      expect(await service.start(key, bo, false)).toEqual({ ok: false, error: { kind: 'forbidden', need: 'the host or Manage Server' } });
      clock.advance(5_000);
      const started = value(await service.start(key, ann, false));
      expect(started.meta.lobbyUntil).toBeUndefined();
      expect(logText(started.meta.recentLog).at(-1)).toBe('Ann starts the run.');
      expect(value(await service.act(key, bo, { type: 'wait' })).state.turn).toBe(1);
    });

    it('GIVEN a lobby for two WHEN the second player joins THEN the run starts by itself', async () => {
      value(await service.newGame(key, ann, { seed: 21, lobby: true, maxPlayers: 2 }));
      clock.advance(3_000);
      const full = value(await service.join(key, bo));
      expect(full.meta.lobbyUntil).toBeUndefined();
      expect(logText(full.meta.recentLog).at(-1)).toBe('The party is full: the run starts.');
    });

    it('GIVEN a lobby nobody starts WHEN LOBBY_MS pass THEN the timer starts the run, not before', async () => {
      value(await service.newGame(key, ann, { seed: 21, lobby: true }));
      expect(await kit.rounds.scoreOf(key)).toBe(clock.t + LOBBY_MS);
      clock.advance(LOBBY_MS - 1);
      expect(await service.resolveDueRounds()).toEqual([]);
      clock.advance(1);
      const [started] = await service.resolveDueRounds();
      expect(started?.meta.lobbyUntil).toBeUndefined();
      expect(logText(started?.meta.recentLog).at(-1)).toBe('The lobby waited long enough: the run starts.');
      expect(value(await service.act(key, ann, { type: 'wait' })).state.turn).toBe(1);
    });
  });
});
