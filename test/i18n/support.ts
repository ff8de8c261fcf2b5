/** A game service and settings service over memory stores, for the language tests. */
import { MemoryGameStore } from '../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { GameService } from '../../src/app/game-service.js';
import { silentLogger } from '../../src/app/ports.js';
import { SettingsService } from '../../src/app/settings-service.js';

/** Fresh services sharing one settings store, on a fixed clock. */
export function games(): { games: GameService; settings: SettingsService } {
  const store = new MemorySettingsStore(silentLogger);
  const games = new GameService({ games: new MemoryGameStore(), settings: store, clock: { now: () => 1_700_000_000_000 }, rounds: new MemoryRoundQueue(), logger: silentLogger });
  return { games, settings: new SettingsService(store, silentLogger) };
}
