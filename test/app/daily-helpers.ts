/** Builders for the daily tests: a game service and a daily service over one set of stores, and a finished run. */
import { GameService } from '../../src/app/game-service.js';
import { DailyService } from '../../src/app/daily/daily-service.js';
import type { BoardStore, DailyAttemptStore, FinishedRunStore, HistoryStore } from '../../src/app/daily/ports.js';
import type { GameStore } from '../../src/app/ports.js';
import type { ChannelKey, UserRef } from '../../src/app/service-types.js';
import type { Action } from '../../src/engine/types.js';
import type { FakeClock, StoreKit } from './fixtures.js';

/** The daily stores one "process" uses. */
export interface DailyStores {
  attempts: DailyAttemptStore;
  boards: BoardStore;
  history: HistoryStore;
  /** Default: the kit's own (kit.runs). */
  runs?: FinishedRunStore;
}

/** A game service wired to a daily service, as main.ts wires them; `runs` overrides what the daily service reads finished runs from. */
export function dailySetup(kit: StoreKit, stores: DailyStores, clock: FakeClock, runs?: FinishedRunStore): { games: GameService; daily: DailyService } {
  let daily: DailyService | null = null;
  const games = new GameService({ games: kit.games, settings: kit.settings, clock, rounds: kit.rounds, logger: kit.logger, onFinished: (key, game) => daily?.recordFinished(key, game) ?? Promise.resolve() });
  daily = new DailyService({ games, gameStore: kit.games, settings: kit.settings, clock, logger: kit.logger, ...stores, runs: runs ?? stores.runs ?? kit.runs });
  return { games, daily };
}

/** Plays a few turns in the channel's game, then its player ends it; waits until the run is recorded. */
export async function finishRun(games: GameService, daily: DailyService, key: ChannelKey, user: UserRef, clock: FakeClock, turns = 3): Promise<void> {
  for (let i = 0; i < turns; i++) {
    clock.advance(1000);
    const r = await games.act(key, user, { type: 'explore' });
    if (!r.ok || r.value.state.status === 'over') break;
  }
  clock.advance(1000);
  const ended = await games.end(key, user, true);
  if (!ended.ok) throw new Error(`end failed: ${JSON.stringify(ended.error)}`);
  await daily.idle();
}

/** A store that reads back `log` instead of the stored log (a tampered save), also in finished runs' material, and is the given store otherwise. */
export function tamperedLogStore<S extends GameStore | FinishedRunStore>(store: S, tamper: (log: Action[]) => Action[]): S {
  return new Proxy(store, {
    get(target, prop) {
      if (prop === 'readLog' && 'readLog' in target) return async (...args: Parameters<GameStore['readLog']>) => tamper(await target.readLog(...args));
      if (prop === 'lastRun' && 'lastRun' in target) {
        return async (key: ChannelKey) => {
          const run = await target.lastRun(key);
          return run && { ...run, actions: tamper(run.actions) };
        };
      }
      if (prop === 'runMaterial' && 'runMaterial' in target) {
        return async (key: ChannelKey, runId: string) => {
          const run = await target.runMaterial(key, runId);
          return run && { ...run, actions: tamper(run.actions) };
        };
      }
      const value: unknown = Reflect.get(target, prop);
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}
