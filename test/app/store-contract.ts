/** The behaviour every GameStore / SettingsStore / RoundScheduler adapter must have; run against memory and Redis. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION, step } from '../../src/engine/index.js';
import type { Action } from '../../src/engine/types.js';
import { isLease, SUMMARIES_PER_CHANNEL } from '../../src/app/ports.js';
import { DEFAULT_SETTINGS } from '../../src/app/settings.js';
import { freshKey, sampleMeta, sampleStored, type StoreKit } from './fixtures.js';

/** Registers the contract suite for one kind of store. */
export function storeContract(makeKit: () => Promise<StoreKit>): void {
  let kit: StoreKit;
  beforeEach(async () => {
    kit = await makeKit();
  });
  afterEach(async () => {
    await kit.close();
  });

  describe('GameStore', () => {
    it('reports a channel without a game as missing', async () => {
      expect(await kit.games.load(freshKey())).toEqual({ kind: 'missing' });
    });

    it('creates a game only when the channel has none, and loads back the same state and meta', async () => {
      const key = freshKey();
      const game = sampleStored();
      const join: Action = { type: 'join', user: 'u1', name: 'Ann' };
      const rev = await kit.games.create(key, game, [join]);
      expect(rev).toEqual(expect.any(String));
      expect(await kit.games.create(key, game, [join])).toBeNull();
      const loaded = await kit.games.load(key);
      expect(loaded.kind).toBe('found');
      if (loaded.kind !== 'found') return;
      expect(loaded.rev).toBe(rev);
      expect(loaded.game.meta).toEqual(game.meta);
      expect(loaded.game.state).toEqual(game.state);
      expect(await kit.games.readLog(key)).toEqual([join]);
    });

    it('saves by compare-and-set: a stale revision is refused and its actions are not logged', async () => {
      const key = freshKey();
      const game = sampleStored();
      const rev0 = (await kit.games.create(key, game, [{ type: 'join', user: 'u1', name: 'Ann' }]))!;
      const wait: Action = { type: 'wait', user: 'u1' };
      const r = step(game.state, wait);
      if (!r.ok) throw new Error(r.code);
      const rev1 = await kit.games.save(key, { state: r.state, meta: game.meta }, rev0, [wait]);
      expect(rev1).not.toBeNull();
      expect(rev1).not.toBe(rev0);
      expect(await kit.games.save(key, { state: r.state, meta: game.meta }, rev0, [wait])).toBeNull();
      const log = await kit.games.readLog(key);
      expect(log).toEqual([{ type: 'join', user: 'u1', name: 'Ann' }, wait]);
      expect(await kit.games.readLog(key, 1)).toEqual([wait]);
      expect(await kit.games.readLog(key, 0, 1)).toEqual([{ type: 'join', user: 'u1', name: 'Ann' }]);
      expect(await kit.games.readLog(key, 1, 1)).toEqual([]);
      const loaded = await kit.games.load(key);
      expect(loaded.kind === 'found' && loaded.game.state.version).toBe(2);
    });

    it('keeps the newest SUMMARIES_PER_CHANNEL summaries of a channel, dropping the oldest in the write that adds one', async () => {
      const key = freshKey();
      const game = sampleStored();
      let rev = (await kit.games.create(key, game, []))!;
      const record = (seed: number) => ({ guildId: key.guildId, channelId: key.channelId, seed, createdAt: 1, endedAt: 2, outcome: 'abandoned' as const, depth: 1, turns: 0, kills: 0, players: [] });
      for (let seed = 0; seed <= SUMMARIES_PER_CHANNEL; seed++) rev = (await kit.games.save(key, game, rev, [], record(seed)))!;
      const kept = (await kit.games.summaries(key.guildId)).filter((r) => r.channelId === key.channelId).map((r) => r.seed);
      expect(kept).toEqual(Array.from({ length: SUMMARIES_PER_CHANNEL }, (_, i) => i + 1));
    });

    it('a meta-only save changes the revision, so a writer holding the old one conflicts', async () => {
      const key = freshKey();
      const game = sampleStored();
      const rev0 = (await kit.games.create(key, game, []))!;
      const withMessage = { ...game, meta: { ...game.meta, message: { channelId: key.channelId, messageId: '9' } } };
      expect(await kit.games.save(key, withMessage, rev0, [])).not.toBeNull();
      expect(await kit.games.save(key, game, rev0, [])).toBeNull();
    });

    it('saving a game that no longer exists is a conflict, not a resurrection', async () => {
      const key = freshKey();
      const game = sampleStored();
      const rev = (await kit.games.create(key, game, []))!;
      expect(await kit.games.delete(key)).toBe(true);
      expect(await kit.games.save(key, game, rev, [])).toBeNull();
      expect(await kit.games.load(key)).toEqual({ kind: 'missing' });
      expect(await kit.games.delete(key)).toBe(false);
    });

    it('replacing a game needs its current revision and starts a fresh log', async () => {
      const key = freshKey();
      const rev = (await kit.games.create(key, sampleStored(), [{ type: 'wait', user: 'u1' }]))!;
      const next = sampleStored({ seed: 99 });
      expect(await kit.games.create(key, next, [], 'not-the-rev')).toBeNull();
      expect(await kit.games.create(key, next, [{ type: 'join', user: 'u2', name: 'Bo' }], rev)).not.toBeNull();
      expect(await kit.games.readLog(key)).toEqual([{ type: 'join', user: 'u2', name: 'Bo' }]);
      const loaded = await kit.games.load(key);
      expect(loaded.kind === 'found' && loaded.game.state.config.seed).toBe(99);
    });

    it('lists the guild games still playing, not finished or deleted ones', async () => {
      const guildId = `g${Math.floor(Math.random() * 1e9)}`;
      const a = { guildId, channelId: '1' };
      const b = { guildId, channelId: '2' };
      const c = { guildId, channelId: '3' };
      await kit.games.create(a, sampleStored(), []);
      const over = sampleStored();
      await kit.games.create(b, { ...over, state: { ...over.state, status: 'over' } }, []);
      await kit.games.create(c, sampleStored(), []);
      await kit.games.delete(c);
      expect(await kit.games.listActive(guildId)).toEqual([a]);
    });

    it.each([
      ['garbage text', '{not json', /JSON/],
      ['a JSON array', '[1,2,3]', /not an object/],
      ['a state without schema', '{"version":3}', /schema/],
      ['a state of the wrong shape', '{"schema":2,"version":"x"}', /state/],
    ])('reports %s as corrupt with a reason', async (_, text, reason) => {
      const key = freshKey();
      await kit.writeRawGame(key, text, JSON.stringify(sampleMeta()));
      const loaded = await kit.games.load(key);
      expect(loaded.kind).toBe('corrupt');
      expect(loaded.kind === 'corrupt' && loaded.reason).toMatch(reason);
    });

    it('reports a corrupt meta record as corrupt', async () => {
      const key = freshKey();
      await kit.writeRawGame(key, JSON.stringify(sampleStored().state), '{"creatorId":5}');
      expect((await kit.games.load(key)).kind).toBe('corrupt');
    });

    it('reports a save from a newer schema as incompatible', async () => {
      const key = freshKey();
      const state = { ...JSON.parse(JSON.stringify(sampleStored().state)), schema: 99 };
      await kit.writeRawGame(key, JSON.stringify(state), JSON.stringify(sampleMeta()));
      expect(await kit.games.load(key)).toEqual({ kind: 'incompatible', schema: 99 });
    });

    it('migrates a schema 1 save (no recent events, no acted list) on load', async () => {
      const key = freshKey();
      const { recent: _r, acted: _a, ...old } = JSON.parse(JSON.stringify(sampleStored().state)) as Record<string, unknown>;
      await kit.writeRawGame(key, JSON.stringify({ ...old, schema: 1 }), JSON.stringify(sampleMeta()));
      const loaded = await kit.games.load(key);
      expect(loaded.kind).toBe('found');
      if (loaded.kind !== 'found') return;
      expect(loaded.migratedFrom).toBe(1);
      expect(loaded.game.state.schema).toBe(SCHEMA_VERSION);
      expect(loaded.game.state.recent).toEqual([]);
    });

    it('deletes a corrupt record', async () => {
      const key = freshKey();
      await kit.writeRawGame(key, 'garbage', 'garbage');
      expect(await kit.games.delete(key)).toBe(true);
      expect(await kit.games.load(key)).toEqual({ kind: 'missing' });
    });
  });

  describe('SettingsStore', () => {
    it('gives the defaults to a guild that never saved settings', async () => {
      expect(await kit.settings.get(`g${Math.random()}`)).toEqual(DEFAULT_SETTINGS);
    });

    it('round-trips settings and clears them back to defaults', async () => {
      const g = `g${Math.random()}`;
      const s = { ...DEFAULT_SETTINGS, turnMode: 'rounds' as const, roundSeconds: 30, allowedChannels: ['123'] };
      await kit.settings.set(g, s);
      expect(await kit.settings.get(g)).toEqual(s);
      await kit.settings.clear(g);
      expect(await kit.settings.get(g)).toEqual(DEFAULT_SETTINGS);
    });

    it('keeps valid fields of partly invalid settings, defaults the rest, and warns', async () => {
      const g = `g${Math.random()}`;
      await kit.writeRawSettings(g, JSON.stringify({ render: 'ascii', roundSeconds: 5, maxPlayers: 'many' }));
      expect(await kit.settings.get(g)).toEqual({ ...DEFAULT_SETTINGS, render: 'ascii' });
      const warning = kit.logger.lines.find((l) => l.level === 'warn');
      expect(warning?.fields.problems).toHaveLength(2);
    });

    it('falls back to defaults for unparseable settings with a warning', async () => {
      const g = `g${Math.random()}`;
      await kit.writeRawSettings(g, '{oops');
      expect(await kit.settings.get(g)).toEqual(DEFAULT_SETTINGS);
      expect(kit.logger.lines.some((l) => l.level === 'warn' && l.fields.guildId === g)).toBe(true);
    });
  });

  describe('RoundScheduler', () => {
    it('hands a due deadline to exactly one claimer and leaves future ones alone', async () => {
      const a = freshKey();
      const b = freshKey();
      await kit.rounds.schedule(a, 1000);
      await kit.rounds.schedule(b, 5000);
      const other = await kit.connect();
      const [first, second] = await Promise.all([kit.rounds.claimDue(1000, 10, 3000), other.rounds.claimDue(1000, 10, 3000)]);
      const claimed = [...first, ...second].filter((c) => c.key.channelId === a.channelId || c.key.channelId === b.channelId);
      expect(claimed.map((c) => c.key)).toEqual([a]);
      expect(isLease(claimed[0]!.lease)).toBe(true);
      await other.close();
    });

    it('claims a lease again once it has run out (the claimer died)', async () => {
      const a = freshKey();
      await kit.rounds.schedule(a, 1000);
      const mine = (c: { key: { channelId: string } }) => c.key.channelId === a.channelId;
      expect((await kit.rounds.claimDue(1000, 100, 3000)).filter(mine)).toHaveLength(1);
      expect((await kit.rounds.claimDue(3999, 100, 3000)).filter(mine)).toHaveLength(0);
      expect((await kit.rounds.claimDue(4001, 100, 3000)).filter(mine)).toHaveLength(1);
    });

    it('settles only its own lease: a deadline scheduled meanwhile wins', async () => {
      const a = freshKey();
      await kit.rounds.schedule(a, 1000);
      const claim = (await kit.rounds.claimDue(1000, 100, 3000)).find((c) => c.key.channelId === a.channelId)!;
      await kit.rounds.schedule(a, 70_000);
      expect(await kit.rounds.settle(claim, null)).toBe(false);
      expect(await kit.rounds.scoreOf(a)).toBe(70_000);
    });

    it('settle replaces the lease with the next deadline, or removes the entry', async () => {
      const a = freshKey();
      await kit.rounds.schedule(a, 1000);
      const claim = (await kit.rounds.claimDue(1000, 100, 3000)).find((c) => c.key.channelId === a.channelId)!;
      expect(await kit.rounds.settle(claim, 61_000)).toBe(true);
      expect(await kit.rounds.scoreOf(a)).toBe(61_000);
      const claim2 = (await kit.rounds.claimDue(61_000, 100, 3000)).find((c) => c.key.channelId === a.channelId)!;
      expect(await kit.rounds.settle(claim2, null)).toBe(true);
      expect(await kit.rounds.scoreOf(a)).toBeNull();
    });

    it('schedule never moves an entry later unless it replaces the previous deadline', async () => {
      const a = freshKey();
      await kit.rounds.schedule(a, 5000);
      await kit.rounds.schedule(a, 9000);
      expect(await kit.rounds.scoreOf(a)).toBe(5000);
      await kit.rounds.schedule(a, 9000, 5000);
      expect(await kit.rounds.scoreOf(a)).toBe(9000);
      await kit.rounds.schedule(a, 7000);
      expect(await kit.rounds.scoreOf(a)).toBe(7000);
    });

    it('replace sets the entry whatever it holds, a later deadline or a lease included', async () => {
      const a = freshKey();
      await kit.rounds.schedule(a, 5000);
      await kit.rounds.replace(a, 9000);
      expect(await kit.rounds.scoreOf(a)).toBe(9000);
      const claim = (await kit.rounds.claimDue(9000, 100, 3000)).find((c) => c.key.channelId === a.channelId)!;
      await kit.rounds.replace(a, 20_000);
      expect(await kit.rounds.settle(claim, null)).toBe(false);
      expect(await kit.rounds.scoreOf(a)).toBe(20_000);
    });

    it('cancel removes the entry only while it holds the expected deadline', async () => {
      const a = freshKey();
      await kit.rounds.schedule(a, 5000);
      await kit.rounds.cancel(a, 4000);
      expect(await kit.rounds.scoreOf(a)).toBe(5000);
      await kit.rounds.cancel(a, 5000);
      expect(await kit.rounds.scoreOf(a)).toBeNull();
    });
  });
}
