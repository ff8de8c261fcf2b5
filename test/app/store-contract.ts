/** The behaviour every GameStore / SettingsStore / RoundScheduler adapter must have; run against memory and Redis. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION, step } from '../../src/engine/index.js';
import type { Action } from '../../src/engine/types.js';
import { DUPLICATE, INTERACTION_TTL_MS, isLease, SUMMARIES_PER_CHANNEL } from '../../src/app/ports.js';
import type { StoredGame } from '../../src/app/service-types.js';
import { DEFAULT_SETTINGS } from '../../src/app/settings.js';
import { freshKey, revOf, sampleMeta, sampleStored, type StoreKit } from './fixtures.js';

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
      for (let seed = 0; seed <= SUMMARIES_PER_CHANNEL; seed++) rev = revOf(await kit.games.save(key, game, rev, [], record(seed)));
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

  describe('GameStore: exactly once per interaction', () => {
    const T = 1_700_000_000_000;
    /** A game with Ann joined, and `waits` ready to save: the state after 1, 2, ... waits of hers. */
    async function started(): Promise<{ key: ReturnType<typeof freshKey>; rev: string; after: (n: number) => StoredGame }> {
      const key = freshKey();
      const game = sampleStored();
      const rev = (await kit.games.create(key, game, [{ type: 'join', user: 'u1', name: 'Ann' }]))!;
      const after = (n: number): StoredGame => {
        let state = game.state;
        for (let i = 0; i < n; i++) {
          const r = step(state, wait);
          if (!r.ok) throw new Error(r.code);
          state = r.state;
        }
        return { state, meta: game.meta };
      };
      return { key, rev, after };
    }
    const wait: Action = { type: 'wait', user: 'u1' };

    it('GIVEN an applied interaction WHEN it is saved again, even on the current revision, THEN it is a duplicate and nothing is written', async () => {
      const { key, rev, after } = await started();
      const rev1 = revOf(await kit.games.save(key, after(1), rev, [wait], undefined, { interactionId: 'i1', now: T }));
      expect(await kit.games.save(key, after(2), rev1, [wait], undefined, { interactionId: 'i1', now: T + 1 })).toEqual(DUPLICATE);
      expect(await kit.games.readLog(key)).toHaveLength(2);
      const loaded = await kit.games.load(key);
      expect(loaded.kind === 'found' && [loaded.rev, loaded.game.state.version]).toEqual([rev1, 2]);
    });

    it('GIVEN an applied interaction WHEN a redelivery also holds the old revision THEN it is told duplicate, not conflict', async () => {
      const { key, rev, after } = await started();
      revOf(await kit.games.save(key, after(1), rev, [wait], undefined, { interactionId: 'i1', now: T }));
      expect(await kit.games.save(key, after(1), rev, [wait], undefined, { interactionId: 'i1', now: T })).toEqual(DUPLICATE);
      expect(await kit.games.readLog(key)).toHaveLength(2);
    });

    it('GIVEN distinct interactions WHEN each is saved THEN each is applied once', async () => {
      const { key, rev, after } = await started();
      const rev1 = revOf(await kit.games.save(key, after(1), rev, [wait], undefined, { interactionId: 'i1', now: T }));
      const rev2 = revOf(await kit.games.save(key, after(2), rev1, [wait], undefined, { interactionId: 'i2', now: T }));
      revOf(await kit.games.save(key, after(3), rev2, [wait], undefined, { now: T }));
      expect(await kit.games.readLog(key)).toEqual([{ type: 'join', user: 'u1', name: 'Ann' }, wait, wait, wait]);
    });

    it('GIVEN a save that lost the compare-and-set WHEN its interaction is retried on the fresh revision THEN it is applied (a conflict records nothing)', async () => {
      const { key, rev, after } = await started();
      const rev1 = revOf(await kit.games.save(key, after(1), rev, [wait], undefined, { interactionId: 'i1', now: T }));
      expect(await kit.games.save(key, after(1), rev, [wait], undefined, { interactionId: 'i2', now: T })).toBeNull();
      const found = await kit.games.load(key, { interactionId: 'i2', now: T });
      expect(found.kind === 'found' && found.applied).toBe(false);
      revOf(await kit.games.save(key, after(2), rev1, [wait], undefined, { interactionId: 'i2', now: T }));
      expect(await kit.games.readLog(key)).toHaveLength(3);
    });

    it('GIVEN an applied interaction WHEN the game is loaded with an interaction id THEN the load says whether that one was applied', async () => {
      const { key, rev, after } = await started();
      revOf(await kit.games.save(key, after(1), rev, [wait], undefined, { interactionId: 'i1', now: T }));
      const seen = await kit.games.load(key, { interactionId: 'i1', now: T });
      expect(seen.kind === 'found' && [seen.applied, seen.game.state.version]).toEqual([true, 2]);
      const other = await kit.games.load(key, { interactionId: 'i9', now: T });
      expect(other.kind === 'found' && other.applied).toBe(false);
      const plain = await kit.games.load(key);
      expect(plain.kind === 'found' && 'applied' in plain).toBe(false);
    });

    it('GIVEN an applied interaction WHEN INTERACTION_TTL_MS has passed THEN its record has expired and it is accepted again', async () => {
      const { key, rev, after } = await started();
      const rev1 = revOf(await kit.games.save(key, after(1), rev, [wait], undefined, { interactionId: 'i1', now: T }));
      expect(INTERACTION_TTL_MS).toBeGreaterThan(15 * 60_000);
      expect(await kit.games.save(key, after(2), rev1, [wait], undefined, { interactionId: 'i1', now: T + INTERACTION_TTL_MS - 1 })).toEqual(DUPLICATE);
      // Records are kept to the whole second (Redis stores their expiry in seconds): gone within a second after the TTL.
      const late = await kit.games.load(key, { interactionId: 'i1', now: T + INTERACTION_TTL_MS + 1000 });
      expect(late.kind === 'found' && late.applied).toBe(false);
      revOf(await kit.games.save(key, after(2), rev1, [wait], undefined, { interactionId: 'i1', now: T + INTERACTION_TTL_MS + 1000 }));
      expect(await kit.games.readLog(key)).toHaveLength(3);
    });

    it('GIVEN an applied interaction WHEN the game is deleted (reset) and started again THEN the interaction is forgotten with it', async () => {
      const { key, rev, after } = await started();
      revOf(await kit.games.save(key, after(1), rev, [wait], undefined, { interactionId: 'i1', now: T }));
      expect(await kit.games.delete(key)).toBe(true);
      const again = (await kit.games.create(key, sampleStored(), [{ type: 'join', user: 'u1', name: 'Ann' }]))!;
      revOf(await kit.games.save(key, after(1), again, [wait], undefined, { interactionId: 'i1', now: T }));
      expect(await kit.games.readLog(key)).toHaveLength(2);
    });

    it('GIVEN a game replaced by a new one (no reset) WHEN an interaction applied to the old game comes again THEN it is still a duplicate', async () => {
      const { key, rev, after } = await started();
      const rev1 = revOf(await kit.games.create(key, sampleStored(), [], revOf(await kit.games.save(key, after(1), rev, [wait], undefined, { interactionId: 'i1', now: T }))));
      expect(await kit.games.save(key, after(1), rev1, [wait], undefined, { interactionId: 'i1', now: T })).toEqual(DUPLICATE);
    });

    it('GIVEN the same interaction id in two channels THEN each channel applies it: records are per channel', async () => {
      const a = await started();
      const b = await started();
      revOf(await kit.games.save(a.key, a.after(1), a.rev, [wait], undefined, { interactionId: 'i1', now: T }));
      revOf(await kit.games.save(b.key, b.after(1), b.rev, [wait], undefined, { interactionId: 'i1', now: T }));
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
