/** The player's action is the engine's action without its user: every field a command parses reaches step. */
import { describe, expect, it } from 'vitest';
import rogue from '../../commands/rogue.js';
import type { CommandContext, Reply } from '../../commands/types.js';
import { MemoryGameStore } from '../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { MemoryUserPrefsStore } from '../../src/adapters/memory/memory-user-prefs-store.js';
import { GameService } from '../../src/app/game-service.js';
import { silentLogger } from '../../src/app/ports.js';
import { SettingsService } from '../../src/app/settings-service.js';
import { drawState } from '../engine/fixtures.js';

const key = { guildId: '1', channelId: '2' };
const p1 = { id: 'p1', name: 'P1' };

async function setup(): Promise<{ run: (sub: string, options: CommandContext['options']) => Promise<Reply> }> {
  const store = new MemoryGameStore();
  const settingsStore = new MemorySettingsStore(silentLogger);
  const games = new GameService({ games: store, settings: settingsStore, clock: { now: () => 1_700_000_000_000 }, rounds: new MemoryRoundQueue(), logger: silentLogger });
  const settings = new SettingsService(settingsStore, silentLogger, new MemoryUserPrefsStore(silentLogger));
  const created = await games.newGame(key, p1, { seed: 5, size: 'small', lobby: false });
  if (!created.ok) throw new Error('no game');
  // An open room, P1 on the west side with one lure: a throw east lands exactly as far as asked.
  const wall = '#'.repeat(20);
  const open = `#${'.'.repeat(18)}#`;
  const state = drawState([wall, open, open, open, open, `#.1${'.'.repeat(16)}#`, open, open, open, open, open, wall]);
  state.players[0]!.pack = { lure: 1 };
  store.writeRaw(key, JSON.stringify(state), JSON.stringify(created.value.meta));
  return { run: (subcommand, options) => rogue.run({ command: 'rogue', group: null, subcommand, options, user: p1, guildId: key.guildId, channelId: key.channelId, memberIsAdmin: false, games, settings }) };
}

describe('one action shape from the command to the engine', () => {
  it.each([
    [2, 4],
    [5, 7],
  ])('GIVEN /rogue use item:lure direction:east distance:%i WHEN run through the service THEN the lure lands that far', async (distance, x) => {
    const { run } = await setup();
    const reply = await run('use', { item: 'lure', direction: 'east', distance });
    if (reply.kind !== 'game') throw new Error(`expected a game reply, got ${JSON.stringify(reply)}`);
    expect(reply.view.state.lures).toEqual([expect.objectContaining({ x, y: 5 })]);
  });
});
