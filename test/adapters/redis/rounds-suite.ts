/** Round deadlines across two processes on a real Redis (one server or a cluster): registered by rounds.test.ts and cluster.test.ts. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GameService } from '../../../src/app/game-service.js';
import type { GameView } from '../../../src/app/service-types.js';
import { DEFAULT_SETTINGS } from '../../../src/app/settings.js';
import { startRoundTimer } from '../../../src/app/round-timer.js';
import type { RedisTarget } from '../../../src/adapters/redis/client.js';
import { channelKeys } from '../../../src/adapters/redis/keys.js';
import { INTERACTION_TTL_MS } from '../../../src/app/ports.js';
import { connectRedis, FakeClock, freshKey, redisKit, startFight, type StoreKit } from '../../app/fixtures.js';

/** Registers the suite; `target` is read when each test starts (a cluster is started by the caller's beforeAll). */
export function roundsAcrossProcesses(target: () => string | RedisTarget): void {
  describe('rounds across two processes', () => {
    let a: StoreKit;
    let b: StoreKit;
    let clock: FakeClock;
    let one: GameService;
    let two: GameService;
    const key = freshKey();

    beforeEach(async () => {
      a = await redisKit(target());
      b = await a.connect();
      clock = new FakeClock();
      one = new GameService({ games: a.games, settings: a.settings, clock, rounds: a.rounds, logger: a.logger });
      two = new GameService({ games: b.games, settings: b.settings, clock, rounds: b.rounds, logger: b.logger });
      await a.settings.set(key.guildId, { ...DEFAULT_SETTINGS, turnMode: 'rounds', roundSeconds: 10, mapSize: 'small' });
      expect((await one.newGame(key, { id: '1', name: 'Ann' }, { seed: 8 })).ok).toBe(true);
      // Rounds mode plays in rounds only in a fight: a goblin comes into view.
      await startFight(a, key, clock.now());
    });
    afterEach(async () => {
      await b.close();
      await a.close();
    });

    it('resolves a due round exactly once when both processes poll at the same moment', async () => {
      clock.advance(10_000);
      const [x, y] = await Promise.all([one.resolveDueRounds(), two.resolveDueRounds()]);
      expect(x.length + y.length).toBe(1);
      const log = await a.games.readLog(key);
      expect(log.filter((act) => act.type === 'resolve-round')).toHaveLength(1);
      const v = await one.view(key);
      expect(v.ok && v.value.state.turn).toBe(1);
    });

    it('a round claimed by a process that then died is resolved by the other once the lease runs out', async () => {
      clock.advance(10_000);
      const claimed = await a.rounds.claimDue(clock.now(), 10, 3000); // process one claims, then "crashes"
      expect(claimed).toHaveLength(1);
      expect(await two.resolveDueRounds()).toHaveLength(0);
      clock.advance(3001);
      const views = await two.resolveDueRounds();
      expect(views).toHaveLength(1);
      expect(views[0]!.state.turn).toBe(1);
    });

    it('the poll loop reports resolved rounds and stops when asked', async () => {
      const seen: GameView[] = [];
      clock.advance(10_000);
      const stop = startRoundTimer(two, { intervalMs: 20, onResolved: (v) => void seen.push(v) });
      await new Promise((r) => setTimeout(r, 150));
      await stop();
      expect(seen).toHaveLength(1);
      clock.advance(10_000);
      await new Promise((r) => setTimeout(r, 80));
      expect(seen).toHaveLength(1);
    });

    it('every save refreshes a 14-day TTL on the game and its log; the interactions set lives 20 minutes', async () => {
      expect((await one.act(key, { id: '1', name: 'Ann' }, { type: 'wait' }, { interactionId: '5' })).ok).toBe(true);
      const raw = await connectRedis(target());
      const keys = channelKeys((a.games as unknown as { prefix: string }).prefix, key);
      const [game, log, ix, summaries] = await Promise.all([keys.game, keys.log, keys.seen, keys.summaries].map((k) => raw.pttl(k)));
      raw.disconnect();
      for (const t of [game, log]) expect(t).toBeGreaterThan(14 * 24 * 3600 * 1000 - 60_000);
      expect(ix).toBeGreaterThan(INTERACTION_TTL_MS - 60_000);
      expect(ix).toBeLessThanOrEqual(INTERACTION_TTL_MS);
      expect(summaries).toBe(-2); // no game ended: no summaries key
    });
  });
}
