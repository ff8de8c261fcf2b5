import { beforeEach, describe, expect, it } from 'vitest';
import { commands } from '../../../commands/index.js';
import { buttonInvocation, pressButton, type ButtonOutcome } from '../../../src/adapters/discord/button-press.js';
import { encodeButtonId, decodeButtonId, gameTag, type ButtonId } from '../../../src/adapters/discord/custom-id.js';
import { MemoryGameStore } from '../../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../../src/adapters/memory/memory-settings-store.js';
import { GameService } from '../../../src/app/game-service.js';
import { silentLogger } from '../../../src/app/ports.js';
import type { GameServiceApi, GameView, Result } from '../../../src/app/service-types.js';
import { SettingsService } from '../../../src/app/settings-service.js';

const key = { guildId: '1', channelId: '2' };
const ann = { id: 'a', name: 'Ann' };

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

let now = 1_700_000_000_000;
let service: GameService;
let settings: SettingsService;
let calls: string[];
/** The service as the press sees it, recording which methods it calls. */
let games: GameServiceApi;

beforeEach(() => {
  const settingsStore = new MemorySettingsStore(silentLogger);
  service = new GameService({ games: new MemoryGameStore(), settings: settingsStore, clock: { now: () => now }, rounds: new MemoryRoundQueue(), logger: silentLogger });
  calls = [];
  games = new Proxy(service, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        calls.push(String(prop));
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  settings = new SettingsService(settingsStore, silentLogger);
});

/** The wait button as drawn on `view`. */
function waitButton(view: GameView): ButtonId {
  const decoded = decodeButtonId(encodeButtonId({ verb: 'wait', version: view.state.version, game: gameTag(view.meta.createdAt) }));
  if (!decoded.ok) throw new Error('unreadable button');
  return decoded.value;
}

async function press(id: ButtonId): Promise<ButtonOutcome> {
  calls = [];
  return pressButton({ key, user: ann, memberIsAdmin: false, games, settings, commands }, id, buttonInvocation(id)!);
}

describe('pressing a game button', () => {
  it('GIVEN a current button WHEN pressed THEN the action is applied with a single service call', async () => {
    const start = value(await service.newGame(key, ann, { seed: 3, size: 'small' }));
    const outcome = await press(waitButton(start));
    expect(outcome.kind).toBe('game');
    expect(outcome.kind === 'game' && outcome.view.state.version).toBe(start.state.version + 1);
    expect(calls).toEqual(['act']);
  });

  it('GIVEN a button of a game that was replaced WHEN pressed THEN it is refused as an old game, the new game is untouched and no message is redrawn', async () => {
    const old = value(await service.newGame(key, ann, { seed: 3, size: 'small' }));
    value(await service.end(key, ann, false));
    now += 1000;
    const fresh = value(await service.newGame(key, ann, { seed: 4, size: 'small' }));
    expect(fresh.state.version).toBe(old.state.version);
    const outcome = await press(waitButton(old));
    expect(outcome).toEqual({ kind: 'refused', text: 'That button belongs to a game that has ended. Use the current game message, or /rogue map to find it.', view: null, failure: { kind: 'old-game' } });
    expect(calls).toEqual(['act']);
    expect(value(await service.view(key)).state.version).toBe(fresh.state.version);
  });

  it('GIVEN a finished game WHEN one of its buttons is pressed THEN it is refused as game over and its message is redrawn with the final screen', async () => {
    const start = value(await service.newGame(key, ann, { seed: 3, size: 'small' }));
    const ended = value(await service.end(key, ann, false));
    const outcome = await press(waitButton(start));
    expect(outcome.kind === 'refused' && outcome.text).toBe('This game is over. Start a new one with /rogue new.');
    expect(outcome.kind === 'refused' && outcome.view?.state.version).toBe(ended.state.version);
    expect(calls).toEqual(['act', 'view']);
  });

  it('GIVEN a button pressed twice WHEN the second press arrives THEN it is refused as stale and the message catches up', async () => {
    const start = value(await service.newGame(key, ann, { seed: 3, size: 'small' }));
    await press(waitButton(start));
    const outcome = await press(waitButton(start));
    expect(outcome.kind === 'refused' && outcome.failure).toEqual({ kind: 'stale' });
    expect(outcome.kind === 'refused' && outcome.view?.state.version).toBe(start.state.version + 1);
  });

  it('GIVEN no game in the channel WHEN a button is pressed THEN the refusal says so and nothing is redrawn', async () => {
    const outcome = await press({ verb: 'wait', version: 1, game: gameTag(now) });
    expect(outcome).toEqual({ kind: 'refused', text: "There's no game in this channel. Start one with /rogue new.", view: null, failure: { kind: 'no-game' } });
    expect(calls).toEqual(['act']);
  });
});
