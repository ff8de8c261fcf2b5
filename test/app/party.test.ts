/** Issue 9, the party's side of a game's end: the end vote and play again, on both stores. */
import { logText } from '../../src/app/rolling-log.js';
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest';
import { encodeMeta, encodeState } from '../../src/app/game-codec.js';
import { GameService } from '../../src/app/game-service.js';
import type { ChannelKey, Result, UserRef } from '../../src/app/service-types.js';
import { DEFAULT_SETTINGS } from '../../src/app/settings.js';
import { Tile } from '../../src/engine/index.js';
import { describeEvent, ROLLING_LOG_LINES } from '../../src/render/index.js';
import { FakeClock, memoryKit, redisKit, sampleMeta, sampleStored, startFight, type StoreKit } from './fixtures.js';

const ann: UserRef = { id: '1', name: 'Ann' };
const bo: UserRef = { id: '2', name: 'Bo' };
const cy: UserRef = { id: '3', name: 'Cy' };
const dan: UserRef = { id: '4', name: 'Dan' };

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

describe.each([
  ['memory', () => memoryKit()],
  ['redis', () => redisKit(inject('redisUrl'))],
])('party features on %s stores', (_, makeKit) => {
  let kit: StoreKit;
  let clock: FakeClock;
  let service: GameService;
  let key: ChannelKey;

  beforeEach(async () => {
    kit = await makeKit();
    clock = new FakeClock();
    service = new GameService({ games: kit.games, settings: kit.settings, clock, rounds: kit.rounds, logger: kit.logger });
    key = { guildId: String(Math.floor(Math.random() * 1e12)), channelId: String(Math.floor(Math.random() * 1e12)) };
    await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small' });
  });
  afterEach(async () => {
    await kit.close();
  });

  async function party(...users: UserRef[]): Promise<void> {
    const [first, ...rest] = users;
    value(await service.newGame(key, first!, { seed: 21 }));
    for (const u of rest) value(await service.join(key, u));
  }

  describe('end vote', () => {
    it('counts each living player once and ends the game with its summary when more than half voted', async () => {
      await party(ann, bo, cy);
      const first = value(await service.voteEnd(key, bo));
      expect(first.tally).toEqual({ votes: 1, needed: 2, living: 3, ended: false });
      expect(first.view.meta.endVotes).toEqual(['2']);
      expect(value(await service.voteEnd(key, bo)).tally.votes).toBe(1);
      expect(await kit.games.summaries(key.guildId)).toHaveLength(0);
      const second = value(await service.voteEnd(key, cy));
      expect(second.tally).toMatchObject({ ended: true });
      expect(second.passed).toBe(true);
      expect(first.passed).toBe(false);
      expect(value(await service.voteEnd(key, ann))).toMatchObject({ passed: false, tally: { ended: true } });
      expect(second.view.state.status).toBe('over');
      expect(second.view.state.summary?.outcome).toBe('abandoned');
      expect(second.view.meta.endReason).toBe('vote');
      const summaries = await kit.games.summaries(key.guildId);
      expect(summaries).toHaveLength(1);
      expect(summaries[0]?.players.map((p) => p.id).sort()).toEqual(['1', '2', '3']);
    });

    it('needs both votes of a party of two, and one of a solo player', async () => {
      await party(ann, bo);
      expect(value(await service.voteEnd(key, ann)).tally).toEqual({ votes: 1, needed: 2, living: 2, ended: false });
      expect(value(await service.voteEnd(key, bo)).tally.ended).toBe(true);
      const solo = { ...key, channelId: `${key.channelId}1` };
      value(await service.newGame(solo, cy, { seed: 3 }));
      expect(value(await service.voteEnd(solo, cy)).view.state.status).toBe('over');
    });

    it('refuses a vote from someone outside the party and from a button of a replaced game', async () => {
      await party(ann, bo);
      expect(await service.voteEnd(key, cy)).toEqual({ ok: false, error: { kind: 'not-a-player' } });
      expect(await service.voteEnd(key, ann, { expectedGame: 12 })).toEqual({ ok: false, error: { kind: 'old-game' } });
      expect(value(await service.view(key)).meta.endVotes ?? []).toEqual([]);
    });

    it('GIVEN a pending vote WHEN someone joins THEN the vote survives and the majority grows with the party', async () => {
      await party(ann, bo, cy);
      value(await service.voteEnd(key, bo));
      const joined = value(await service.join(key, dan));
      expect(joined.meta.endVotes).toEqual(['2']);
      expect(value(await service.voteEnd(key, cy)).tally).toEqual({ votes: 2, needed: 3, living: 4, ended: false });
    });

    it('GIVEN a pending vote WHEN a voter leaves THEN only their vote stops counting', async () => {
      await party(ann, bo, cy, dan);
      value(await service.voteEnd(key, bo));
      value(await service.voteEnd(key, cy));
      const left = value(await service.leave(key, bo));
      expect(left.meta.endVotes).toEqual(['3']);
      const ended = value(await service.voteEnd(key, dan));
      expect(ended.passed).toBe(true);
      expect(ended.view.meta.endedBy).toEqual(['Cy', 'Dan']);
    });

    it('counts only the living: a fallen member watches, and the majority is of the living', async () => {
      await party(ann, bo, cy);
      const loaded = await kit.games.load(key);
      if (loaded.kind !== 'found') throw new Error('no game');
      const players = loaded.game.state.players.map((p) => (p.id === cy.id ? { ...p, alive: false, hp: 0 } : p));
      await kit.games.save(key, { ...loaded.game, state: { ...loaded.game.state, players } }, loaded.rev, []);
      expect(await service.voteEnd(key, cy)).toEqual({ ok: false, error: { kind: 'forbidden', need: 'the living members of the party' } });
      expect(value(await service.voteEnd(key, bo)).tally).toEqual({ votes: 1, needed: 2, living: 2, ended: false });
      expect(value(await service.voteEnd(key, ann)).passed).toBe(true);
    });

    it('lets the host and an admin still end the game at once', async () => {
      await party(ann, bo, cy);
      expect(await service.end(key, bo, false)).toEqual({ ok: false, error: { kind: 'forbidden', need: 'the host or Manage Server' } });
      expect(value(await service.end(key, ann, false)).state.status).toBe('over');
      const other = { ...key, channelId: `${key.channelId}2` };
      value(await service.newGame(other, ann, { seed: 4 }));
      value(await service.join(other, bo));
      expect(value(await service.end(other, bo, true)).state.status).toBe('over');
    });
  });

  describe('play again', () => {
    it("starts a new game with the finished one's settings and a new seed, and invites the other players", async () => {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'large', mapKind: 'random', difficulty: 'hard', maxPlayers: 3, turnMode: 'rounds', diagonals: true });
      await party(ann, bo, cy);
      const old = value(await service.view(key));
      value(await service.end(key, ann, true));
      // The server's settings changed since: play again keeps the finished game's.
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', mapKind: 'maze', difficulty: 'easy', maxPlayers: 8 });
      clock.advance(5_000);
      const again = value(await service.playAgain(key, bo, Math.floor(old.meta.createdAt)));
      const { seed, ...rest } = again.state.config;
      const { seed: oldSeed, ...oldRest } = old.state.config;
      expect(seed).not.toBe(oldSeed);
      expect(rest).toMatchObject({ width: oldRest.width, height: oldRest.height, turnMode: 'rounds', topology: 8, difficulty: 'hard', maxPlayers: 3 });
      expect(again.meta.mapChoice).toBe('random');
      expect(again.state.players.map((p) => p.id)).toEqual(['2']);
      expect(again.meta.creatorId).toBe('2');
      expect(again.meta.invited).toEqual([ann, cy]);
      expect(value(await service.join(key, ann)).meta.invited).toEqual([cy]);
    });

    it('refuses to replace a running game, and a second press once the new game runs', async () => {
      await party(ann, bo);
      expect(await service.playAgain(key, bo)).toEqual({ ok: false, error: { kind: 'game-exists' } });
      const old = value(await service.end(key, ann, false));
      value(await service.playAgain(key, ann, Math.floor(old.meta.createdAt)));
      expect(await service.playAgain(key, bo, Math.floor(old.meta.createdAt))).toEqual({ ok: false, error: { kind: 'game-exists' } });
    });

    it('answers no-game when the channel has none', async () => {
      expect(await service.playAgain(key, ann)).toEqual({ ok: false, error: { kind: 'no-game' } });
    });
  });

  describe('idle end', () => {
    const HOUR = 3_600_000;

    it('ends a free-mode game nobody acted in for idle_end_hours, with its summary, and not before', async () => {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', idleEndHours: 2 });
      await party(ann, bo);
      const start = clock.t;
      expect(await kit.rounds.scoreOf(key)).toBe(start + 2 * HOUR);
      clock.advance(2 * HOUR - 1);
      expect(await service.resolveDueRounds()).toEqual([]);
      expect(value(await service.view(key)).state.status).toBe('playing');
      clock.advance(1);
      const [ended, ...more] = await service.resolveDueRounds();
      expect(more).toEqual([]);
      expect(ended?.key).toEqual(key);
      expect(ended?.state.status).toBe('over');
      expect(ended?.meta.endReason).toBe('idle');
      expect(ended?.events.filter((e) => e.type === 'left')).toHaveLength(2);
      expect(value(await service.view(key)).state.summary?.outcome).toBe('abandoned');
      expect(await kit.games.summaries(key.guildId)).toHaveLength(1);
      expect(await kit.rounds.scoreOf(key)).toBeNull();
    });

    it('counts from the last action: an early wake-up re-schedules the entry to the real idle end', async () => {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', idleEndHours: 1 });
      await party(ann);
      const start = clock.t;
      clock.advance(HOUR / 2);
      value(await service.act(key, ann, { type: 'wait' }));
      // A free-mode action does not write the queue: the entry stays early.
      expect(await kit.rounds.scoreOf(key)).toBe(start + HOUR);
      clock.advance(HOUR / 2);
      expect(await service.resolveDueRounds()).toEqual([]);
      expect(await kit.rounds.scoreOf(key)).toBe(start + HOUR + HOUR / 2);
      expect(value(await service.view(key)).state.status).toBe('playing');
      clock.advance(HOUR / 2);
      expect((await service.resolveDueRounds()).map((v) => v.state.status)).toEqual(['over']);
    });

    it('keeps resolving rounds of a rounds game meanwhile, and ends it when the idle time is up', async () => {
      await kit.settings.set(key.guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', idleEndHours: 1, turnMode: 'rounds', roundSeconds: 60 });
      await party(ann, bo);
      const start = clock.t;
      // Rounds run in a fight only: a goblin in view (see startFight).
      await startFight(kit, key, clock.t);
      const turn0 = value(await service.view(key)).state.turn;
      clock.advance(61_000);
      const [round] = await service.resolveDueRounds();
      expect(round?.state.status).toBe('playing');
      expect(round?.state.turn).toBe(turn0 + 1);
      expect(round?.meta.roundDeadline).toBe(clock.t + 60_000);
      expect(await kit.rounds.scoreOf(key)).toBe(clock.t + 60_000);
      // The rounds pause after MAX_IDLE_ROUNDS idle rounds; the entry then waits for the idle end.
      for (let i = 0; i < 20; i++) {
        clock.advance(61_000);
        await service.resolveDueRounds();
      }
      const paused = value(await service.view(key));
      expect(paused.state.status).toBe('playing');
      expect(paused.meta.roundDeadline).toBeNull();
      expect(await kit.rounds.scoreOf(key)).toBe(start + HOUR);
      clock.t = start + HOUR;
      const [ended] = await service.resolveDueRounds();
      expect(ended?.state.status).toBe('over');
      expect(ended?.meta.endReason).toBe('idle');
      expect(await kit.games.summaries(key.guildId)).toHaveLength(1);
    });

    it('schedules an idle end for a free-mode game saved before the idle end existed, at its first save', async () => {
      await party(ann);
      const saved = value(await service.view(key));
      const { lastActionAt: _a, idleEndHours: _h, mapChoice: _m, ...legacyMeta } = saved.meta;
      await kit.writeRawGame(key, JSON.stringify(saved.state), JSON.stringify(legacyMeta));
      const rev = await kit.rounds.scoreOf(key);
      if (rev !== null) await kit.rounds.cancel(key, rev);
      const loaded = value(await service.view(key));
      expect(loaded.meta.lastActionAt).toBeUndefined();
      value(await service.act(key, ann, { type: 'wait' }));
      expect(await kit.rounds.scoreOf(key)).toBe(clock.t + 24 * HOUR);
    });
  });

  describe('old saves', () => {
    it('load without the issue 9 meta fields, and then vote, play again and log like new ones', async () => {
      const legacy = sampleStored({ seed: 9 });
      await kit.writeRawGame(key, encodeState(legacy), encodeMeta({ ...legacy, meta: sampleMeta({ creatorId: 'u1' }) }));
      const loaded = value(await service.view(key));
      expect(loaded.meta).toEqual(sampleMeta({ creatorId: 'u1' }));
      expect(loaded.meta.endVotes).toBeUndefined();
      const ann1: UserRef = { id: 'u1', name: 'Ann' };
      value(await service.join(key, bo));
      expect(value(await service.voteEnd(key, bo)).tally).toEqual({ votes: 1, needed: 2, living: 2, ended: false });
      expect(value(await service.voteEnd(key, ann1)).view.state.status).toBe('over');
      const again = value(await service.playAgain(key, ann1));
      expect(again.state.config).toMatchObject({ width: 40, height: 20, mapKind: legacy.state.config.mapKind });
      expect(again.meta.invited).toEqual([bo]);
    });
  });

  describe('rolling log', () => {
    it("keeps an idle member's hit line while three other players act, with who did what", async () => {
      const users = [ann, bo, cy, dan];
      await party(...users);
      // A goblin planted next to the last joiner: the first action's monster turn hits someone who then stays idle.
      const start = value(await service.view(key));
      const s = start.state;
      const d = s.players[3]!;
      const free = (x: number, y: number): boolean => s.tiles[y * s.width + x] === Tile.Floor && !s.players.some((p) => p.x === x && p.y === y) && !s.monsters.some((m) => m.x === x && m.y === y);
      const spot = [[1, 0], [-1, 0], [0, 1], [0, -1]].map(([dx, dy]) => [d.x + dx!, d.y + dy!] as const).find(([x, y]) => free(x, y));
      if (!spot) throw new Error('no floor next to the last player');
      const raw = JSON.parse(encodeState(start)) as { monsters: { x: number; y: number; state: string }[] };
      Object.assign(raw.monsters[0]!, { x: spot[0], y: spot[1], state: 'attack' });
      await kit.writeRawGame(key, JSON.stringify(raw), encodeMeta(start));

      const first = value(await service.act(key, ann, { type: 'wait' }));
      const hit = first.events.find((e) => (e.type === 'attacked' || e.type === 'missed') && e.target.kind === 'player' && e.target.id !== ann.id);
      if (!hit || (hit.type !== 'attacked' && hit.type !== 'missed') || hit.target.kind !== 'player') throw new Error('the planted goblin did not attack');
      const victim = hit.target.id;
      const hitLine = describeEvent(hit, null);
      expect(logText(first.meta.recentLog)).toContain(hitLine);
      expect(logText(first.meta.recentLog)).toContain('Ann waits.');

      const others = users.filter((u) => u.id !== victim);
      let last = first;
      for (const u of others) last = value(await service.act(key, u, { type: 'wait' }));
      expect(logText(last.meta.recentLog).some((l) => l.startsWith(hitLine))).toBe(true);
      expect(last.meta.recentLog?.length).toBeLessThanOrEqual(ROLLING_LOG_LINES);
      for (const u of others) expect(logText(last.meta.recentLog).some((l) => l.startsWith(`${u.name} waits.`))).toBe(true);
      // What the message showed so far (the last step's events) has lost it.
      expect(last.state.recent.some((e) => e === hit)).toBe(false);
    });
  });
});
