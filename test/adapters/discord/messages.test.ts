import { DiscordAPIError, type REST } from '@discordjs/rest';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { OFFER_EVERY_MS, REPOST_AFTER_MS, restGameMessages, snowflakeTime } from '../../../src/adapters/discord/messages.js';
import { editToken, type EditToken, type EditTokens } from '../../../src/adapters/discord/edit-tokens.js';
import { ChannelPermissions } from '../../../src/adapters/discord/permissions.js';
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

  /** A snowflake for a message created at `ms`. */
  const snowflake = (ms: number) => ((BigInt(ms) - 1420070400000n) << 22n).toString();

  /** A REST stub for reposts: records PATCHes and POSTs, fails PATCH as told, answers POST with a new id (or fails). */
  function reposting(opts: { patchFails?: () => unknown; postFails?: () => unknown } = {}) {
    const calls: { method: string; route: string; body: { components?: unknown[]; embeds?: { title?: string }[] } }[] = [];
    const stub = {
      patch: async (route: string, { body }: { body: (typeof calls)[number]['body'] }) => {
        calls.push({ method: 'PATCH', route, body });
        if (opts.patchFails && body.embeds) throw opts.patchFails();
      },
      post: async (route: string, { body }: { body: (typeof calls)[number]['body'] }) => {
        calls.push({ method: 'POST', route, body });
        if (opts.postFails) throw opts.postFails();
        return { id: 'fresh1' };
      },
    };
    return { rest: stub as unknown as REST, calls };
  }

  it('GIVEN a snowflake WHEN read THEN its creation time comes back', () => {
    expect(snowflakeTime(snowflake(1_800_000_000_000))).toBe(1_800_000_000_000);
    expect(snowflakeTime('not-an-id')).toBeNull();
  });

  it('GIVEN a game message 55 minutes old (fake clock) WHEN refreshed THEN it is reposted, the new one recorded and the old one retired, with no edit of the old map', async () => {
    const born = 1_800_000_000_000;
    const old: MessageRef = { channelId: '2', messageId: snowflake(born) };
    const g = games(viewAtTurn(4, old));
    const r = reposting();
    let wall = born + REPOST_AFTER_MS - 1000;
    const m = restGameMessages({ rest: r.rest, games: g.api, logger: pino({ level: 'silent' }), now: () => 0, wallNow: () => wall, intervalMs: 1 });
    m.refreshSoon(key);
    await m.drain();
    expect(r.calls.map((c) => c.method)).toEqual(['PATCH']); // 54 minutes: still edited in place
    wall = born + REPOST_AFTER_MS;
    await new Promise((res) => setTimeout(res, 5));
    m.refreshSoon(key);
    await m.drain();
    expect(r.calls.slice(1).map((c) => `${c.method} ${c.route}`)).toEqual(['POST /channels/2/messages', `PATCH /channels/2/messages/${old.messageId}`]);
    expect(r.calls[1]!.body.embeds?.[0]?.title).toContain('Turn 4');
    expect(r.calls[2]!.body.components).toEqual([]);
    expect(g.state.current.meta.message).toEqual({ channelId: '2', messageId: 'fresh1' });
  });

  it('GIVEN a young message WHEN its edit comes back with 30046 THEN the game message is reposted and recorded', async () => {
    const born = 1_800_000_000_000;
    const ref1: MessageRef = { channelId: '2', messageId: snowflake(born) };
    const g = games(viewAtTurn(2, ref1));
    const limit = () => new DiscordAPIError({ code: 30046, message: 'Maximum number of edits to messages older than 1 hour reached. Try again later' }, 30046, 400, 'PATCH', '/channels/2/messages/x', { body: undefined, files: undefined });
    const r = reposting({ patchFails: limit });
    const m = restGameMessages({ rest: r.rest, games: g.api, logger: pino({ level: 'silent' }), now: () => 0, wallNow: () => born + 60_000 });
    m.refreshSoon(key);
    await m.drain();
    expect(r.calls.map((c) => c.method)).toEqual(['PATCH', 'POST', 'PATCH']);
    expect(g.state.current.meta.message?.messageId).toBe('fresh1');
  });

  it('GIVEN an old message in a channel the bot may not post in WHEN the repost fails THEN the old message is kept and edited instead', async () => {
    const born = 1_800_000_000_000;
    const old: MessageRef = { channelId: '2', messageId: snowflake(born) };
    const g = games(viewAtTurn(2, old));
    const denied = () => new DiscordAPIError({ code: 50013, message: 'Missing Permissions' }, 50013, 403, 'POST', '/channels/2/messages', { body: undefined, files: undefined });
    const r = reposting({ postFails: denied });
    const m = restGameMessages({ rest: r.rest, games: g.api, logger: pino({ level: 'silent' }), now: () => 0, wallNow: () => born + 2 * 3_600_000 });
    m.refreshSoon(key);
    await m.drain();
    expect(r.calls.map((c) => c.method)).toEqual(['POST', 'PATCH']);
    expect(g.state.current.meta.message).toEqual(old);
  });

  /** A REST stub whose edits with an upload are refused with 403 50013 (no Attach Files); records each edit. */
  function noUploads(opts: { refuseAll?: boolean } = {}) {
    const edits: { files: number; status: number }[] = [];
    const posts: unknown[] = [];
    const stub = {
      patch: async (route: string, req: { body: object; files?: unknown[] }) => {
        const files = req.files?.length ?? 0;
        const refused = opts.refuseAll || files > 0;
        edits.push({ files, status: refused ? 403 : 200 });
        if (refused) throw new DiscordAPIError({ code: 50013, message: 'Missing Permissions' }, 50013, 403, 'PATCH', route, { body: undefined, files: undefined });
      },
      post: async (route: string, body: unknown) => {
        posts.push(body);
        return { id: 'fresh1' };
      },
    };
    return { rest: stub as unknown as REST, edits, posts };
  }

  const imageView = (turn: number): GameView => {
    const v = viewAtTurn(turn);
    return { ...v, meta: { ...v.meta, render: 'image' } };
  };

  it('GIVEN a channel that refuses uploads (403 50013) WHEN the image map is refreshed twice THEN the picture falls back to emoji, the message is kept and nothing is posted', async () => {
    const g = games(imageView(1));
    const r = noUploads();
    const m = restGameMessages({ rest: r.rest, games: g.api, logger: pino({ level: 'silent' }), now: () => 0, wallNow: () => 1_420_070_400_000 + 60_000, intervalMs: 1, permissions: new ChannelPermissions() });
    m.refreshSoon(key);
    await m.drain();
    await new Promise((res) => setTimeout(res, 5));
    g.state.current = imageView(2);
    m.refreshSoon(key);
    await m.drain();
    // One refused upload, its emoji retry, then the next refresh goes straight to emoji (no second 403).
    expect(r.edits).toEqual([{ files: 1, status: 403 }, { files: 0, status: 200 }, { files: 0, status: 200 }]);
    expect(r.posts).toEqual([]);
    expect(g.state.cleared).toBe(0);
    expect(g.state.current.meta.message).toEqual(ref);
  });

  it('GIVEN a channel where every edit is refused (403) WHEN refreshed THEN the message is still recorded and no new one is posted', async () => {
    const g = games(viewAtTurn(1));
    const r = noUploads({ refuseAll: true });
    const m = restGameMessages({ rest: r.rest, games: g.api, logger: pino({ level: 'silent' }), now: () => 0, wallNow: () => 1_420_070_400_000 + 60_000, permissions: new ChannelPermissions() });
    m.refreshSoon(key);
    await m.drain();
    expect(r.edits).toEqual([{ files: 0, status: 403 }]);
    expect(r.posts).toEqual([]);
    expect(g.state.current.meta.message).toEqual(ref);
  });
});

describe('keeping press tokens that can edit the game message', () => {
  /** An EditTokens that counts writes (and fails them while `failing`). */
  function counting() {
    const kept: EditToken[] = [];
    const o = { failing: false };
    const store: EditTokens = {
      remember: async (_k, t) => {
        if (o.failing) throw new Error('redis down');
        kept.push(t);
      },
      fresh: async () => null,
      forget: async () => {},
    };
    return { store, kept, o };
  }
  const at = (ms: number, messageId = '3'): EditToken => editToken({ applicationId: '9', token: `tok${ms}` }, messageId, ms);

  it('GIVEN a press every second on one message WHEN each offers its token THEN one write per OFFER_EVERY_MS, a new message at once, and a failed write is tried again by the next press', async () => {
    const c = counting();
    const m = restGameMessages({ rest: rest().rest, games: games(viewAtTurn(1)).api, logger: pino({ level: 'silent' }), now: () => 0, editTokens: c.store });
    for (let s = 0; s < 65; s++) m.offerToken(key, at(1_000_000 + s * 1000));
    await Promise.resolve();
    expect(c.kept.map((t) => t.token)).toEqual(['tok1000000', `tok${1_000_000 + OFFER_EVERY_MS}`, `tok${1_000_000 + 2 * OFFER_EVERY_MS}`]);
    m.offerToken(key, at(1_070_000, '4'));
    expect(c.kept.at(-1)?.messageId).toBe('4');
    c.o.failing = true;
    m.offerToken(key, at(1_200_000, '4'));
    await new Promise((res) => setTimeout(res, 0));
    c.o.failing = false;
    m.offerToken(key, at(1_201_000, '4'));
    expect(c.kept.at(-1)?.token).toBe('tok1201000');
  });
});
