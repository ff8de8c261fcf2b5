import { DiscordAPIError, type REST } from 'discord.js';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { restGameMessages } from '../../../src/adapters/discord/messages.js';
import type { ChannelKey, GameServiceApi, GameView, MessageRef, Result } from '../../../src/app/service-types.js';
import { defaultConfig, newGame, step } from '../../../src/engine/index.js';

const key: ChannelKey = { guildId: '1', channelId: '2' };
const ref: MessageRef = { channelId: '2', messageId: '3' };

function viewAtTurn(turn: number, message: MessageRef | null = ref): GameView {
  const r = step(newGame(defaultConfig({ seed: 5, width: 40, height: 20 })), { type: 'join', user: 'a', name: 'A' });
  if (!r.ok) throw new Error(r.code);
  return { key, state: { ...r.state, turn }, events: [], meta: { creatorId: 'a', createdAt: 1, updatedAt: 1, roundDeadline: null, message, render: 'ascii', mobile: false, roundSeconds: 60, lastActed: {}, idleRounds: 0 } };
}

/** A service whose current view the test moves on, recording setMessage calls. */
function games(initial: GameView) {
  const state = { current: initial, cleared: 0 };
  const api: Pick<GameServiceApi, 'view' | 'setMessage'> = {
    view: async (): Promise<Result<GameView>> => ({ ok: true, value: state.current }),
    setMessage: async (_k, message): Promise<Result<GameView>> => {
      if (message === null) state.cleared++;
      state.current = { ...state.current, meta: { ...state.current.meta, message } };
      return { ok: true, value: state.current };
    },
  };
  return { api, state };
}

/** The REST client's one method we use, recording each edit's embed title (or failing as told). */
function rest(fail?: () => unknown) {
  const titles: string[] = [];
  const stub = {
    patch: async (_route: string, { body }: { body: { embeds: { title?: string }[] } }) => {
      if (fail) throw fail();
      titles.push(body.embeds[0]?.title ?? '');
    },
  };
  return { rest: stub as unknown as REST, titles };
}

describe('channel-API game message edits', () => {
  it('GIVEN a burst of refreshes while the game moves on WHEN they are sent THEN they collapse and the last edit shows the newest turn', async () => {
    const g = games(viewAtTurn(1));
    const r = rest();
    const m = restGameMessages({ rest: r.rest, games: g.api, logger: pino({ level: 'silent' }), now: () => 0, intervalMs: 50 });
    m.refreshSoon(key);
    await new Promise((res) => setTimeout(res, 10));
    g.state.current = viewAtTurn(2);
    m.refreshSoon(key);
    g.state.current = viewAtTurn(3);
    m.refreshSoon(key);
    await new Promise((res) => setTimeout(res, 120));
    await m.drain();
    expect(r.titles).toHaveLength(2);
    expect(r.titles.at(-1)).toContain('Turn 3');
  });

  it('GIVEN a deleted game message WHEN a refresh gets 404 THEN the message is forgotten so the next command posts a new one', async () => {
    const g = games(viewAtTurn(1));
    const gone = () => new DiscordAPIError({ code: 10008, message: 'Unknown Message' }, 10008, 404, 'PATCH', '/channels/2/messages/3', { body: undefined, files: undefined });
    const m = restGameMessages({ rest: rest(gone).rest, games: g.api, logger: pino({ level: 'silent' }), now: () => 0 });
    m.refreshSoon(key);
    await m.drain();
    expect(g.state.cleared).toBe(1);
    expect(g.state.current.meta.message).toBeNull();
  });

  it('GIVEN a server error WHEN a refresh fails THEN the message is kept (it may work next time) and nothing throws', async () => {
    const g = games(viewAtTurn(1));
    const m = restGameMessages({ rest: rest(() => new Error('503')).rest, games: g.api, logger: pino({ level: 'silent' }), now: () => 0 });
    m.refreshSoon(key);
    await m.drain();
    expect(g.state.cleared).toBe(0);
    expect(g.state.current.meta.message).toEqual(ref);
  });
});
