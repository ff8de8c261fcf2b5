/**
 * The exactly-once scenario, run against one Redis server and against a cluster: every interaction delivered to two
 * service instances (two separate clients, as two processes) at the same moment, many channels at once.
 */
import { expect } from 'vitest';
import { parseGameState, replay, step } from '../../../src/engine/index.js';
import type { GameState } from '../../../src/engine/types.js';
import { GameService } from '../../../src/app/game-service.js';
import type { ChannelKey, GameView, Result } from '../../../src/app/service-types.js';
import { DEFAULT_SETTINGS } from '../../../src/app/settings.js';
import type { RedisTarget } from '../../../src/adapters/redis/client.js';
import { FakeClock, redisKit } from '../../app/fixtures.js';

/** What the scenario measured, for the test to report. */
export interface ExactlyOnceRun {
  channels: number;
  interactions: number;
  duplicates: number;
}

/**
 * `channels` games of one player each; `perChannel` interactions per channel, all sent at once, each delivered twice
 * at once (one delivery to each process, in an order drawn from a fixed seed). Asserts that every delivery is answered
 * with the game, that exactly one of the two deliveries of each interaction took the turn, that each channel's log
 * holds exactly its interactions, and that the saved state is the replay of that log.
 */
export async function runExactlyOnce(target: string | RedisTarget, channels = 50, perChannel = 20): Promise<ExactlyOnceRun> {
  const a = await redisKit(target);
  const b = await a.connect();
  try {
    const clock = new FakeClock();
    let duplicates = 0;
    // A delivery only loses a compare-and-set to a turn the other process saved, and a channel has perChannel turns
    // in all: with more retries than that, no delivery can give up, so every one must be answered with the game.
    const services = [a, b].map((k) => new GameService({ games: k.games, settings: k.settings, clock, rounds: k.rounds, logger: k.logger, maxRetries: perChannel + 5, onDuplicate: () => void (duplicates += 1) }));
    const ann = { id: '1', name: 'Ann' };
    const guildId = `g${Math.floor(Math.random() * 1e12)}`;
    await a.settings.set(guildId, { ...DEFAULT_SETTINGS, mapSize: 'small', difficulty: 'easy' });
    const keys: ChannelKey[] = Array.from({ length: channels }, (_, c) => ({ guildId, channelId: String(1000 + c) }));
    // One player waiting: the turns are all alike, so the game ends the same in whatever order they land. A seed whose
    // player would not live through them (so that a wait would be refused) is replaced by the next one.
    await Promise.all(
      keys.map(async (key, c) => {
        for (let seed = 4242 + 100 * c; ; seed++) {
          const created = await services[c % 2]!.newGame(key, ann, { seed, mapKind: 'cavern' });
          if (!created.ok) throw new Error(`newGame: ${JSON.stringify(created.error)}`);
          if (survives(created.value.state, perChannel)) return;
          expect((await services[c % 2]!.resetGame(key)).ok).toBe(true);
        }
      }),
    );

    let x = 20240601;
    const rand = (n: number): number => {
      x = (Math.imul(x, 1103515245) + 12345) >>> 0;
      return (x >>> 8) % n;
    };
    const deliveries: { key: ChannelKey; id: string; both: Promise<[Result<GameView>, Result<GameView>]> }[] = [];
    for (let i = 0; i < perChannel; i++) {
      for (const key of keys) {
        const id = `${key.channelId}-${i}`;
        const deliver = (s: number): Promise<Result<GameView>> => services[s]!.act(key, ann, { type: 'wait' }, { interactionId: id });
        const first = rand(2);
        const one = deliver(first);
        const two = deliver(1 - first);
        deliveries.push({ key, id, both: first === 0 ? Promise.all([one, two]) : Promise.all([two, one]) });
      }
    }
    const answers = await Promise.all(deliveries.map((d) => d.both));
    answers.forEach((pair, i) => {
      for (const r of pair) if (!r.ok) throw new Error(`delivery of ${deliveries[i]!.id} failed: ${JSON.stringify(r.error)}`);
      const turns = pair.filter((r) => r.ok && r.value.events.length > 0);
      // The delivery that applied it reports the turn's events; the other is answered with the game and no events.
      expect(turns, deliveries[i]!.id).toHaveLength(1);
    });
    expect(duplicates).toBe(channels * perChannel);

    await Promise.all(
      keys.map(async (key) => {
        const log = await a.games.readLog(key);
        expect(log).toHaveLength(1 + perChannel);
        expect(log.slice(1)).toEqual(Array.from({ length: perChannel }, () => ({ type: 'wait', user: '1' })));
        const loaded = await b.games.load(key);
        if (loaded.kind !== 'found') throw new Error(loaded.kind);
        expect(loaded.game.state.version).toBe(log.length);
        const replayed = parseGameState(JSON.parse(JSON.stringify(replay(loaded.game.state.config, log))));
        if (!replayed.ok) throw new Error('replay does not parse');
        expect(loaded.game.state).toEqual(replayed.state);
      }),
    );
    return { channels, interactions: channels * perChannel, duplicates };
  } finally {
    await b.close();
    await a.close();
  }
}

/** True when the first player can wait `turns` times in a row from `state` without a refusal (dead, game over). */
function survives(state: GameState, turns: number): boolean {
  let s = state;
  for (let i = 0; i < turns; i++) {
    const r = step(s, { type: 'wait', user: s.players[0]!.id });
    if (!r.ok) return false;
    s = r.state;
  }
  return s.status === 'playing';
}
