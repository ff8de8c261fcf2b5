import { describe, expect, it } from 'vitest';
import { buildFrame, wireMap } from '../../../src/adapters/web/frame.js';
import { GameService } from '../../../src/app/game-service.js';
import { silentLogger, systemClock } from '../../../src/app/ports.js';
import type { GameView, Result } from '../../../src/app/service-types.js';
import { memoryKit } from '../../app/fixtures.js';

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
}

async function twoPlayerGame(): Promise<GameView> {
  const kit = await memoryKit();
  const s = new GameService({ games: kit.games, settings: kit.settings, clock: systemClock, rounds: kit.rounds, logger: silentLogger });
  const key = { guildId: '1', channelId: '2' };
  value(await s.newGame(key, { id: 'a', name: 'Ann' }, { seed: 4, lobby: false }));
  return value(await s.join(key, { id: 'b', name: 'Bo' }));
}

describe('the full view frame', () => {
  it('GIVEN one map built for every view WHEN framed per viewer THEN it equals a frame built alone, the viewer drawn last', async () => {
    const view = await twoPlayerGame();
    const shared = wireMap(view.state, null);
    for (const id of ['a', 'b']) {
      const alone = buildFrame(view, { id, name: id, spectator: false }, 1);
      expect(buildFrame(view, { id, name: id, spectator: false }, 1, shared)).toEqual(alone);
      expect(alone.map.players.at(-1)).toMatchObject({ id, isViewer: true });
      expect(alone.map.players.filter((p) => p.isViewer)).toHaveLength(1);
    }
  });

  it('GIVEN a stranger or a party member on a watch link THEN they watch: no controls, nobody drawn as the viewer', async () => {
    const view = await twoPlayerGame();
    for (const viewer of [{ id: 'z', name: 'Zed', spectator: false }, { id: 'a', name: 'Ann', spectator: true }]) {
      const f = buildFrame(view, viewer, 1);
      expect(f.you).toMatchObject({ role: 'spectator', can: null });
      expect(f.map.players.some((p) => p.isViewer)).toBe(false);
    }
  });

  it('GIVEN a player WHEN framed THEN the whole level and their legal moves are there', async () => {
    const view = await twoPlayerGame();
    const f = buildFrame(view, { id: 'a', name: 'Ann', spectator: false }, 1);
    expect(f.map.view).toEqual({ x: 0, y: 0, width: view.state.width, height: view.state.height });
    expect(Buffer.from(f.map.terrain, 'base64')).toHaveLength(view.state.width * view.state.height);
    expect(f.you.can?.canAct).toBe(true);
    expect(f.party.map((p) => p.name)).toEqual(['Ann', 'Bo']);
  });
});
