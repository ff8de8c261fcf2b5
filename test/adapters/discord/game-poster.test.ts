/** The one poster protocol: post, record unless superseded, retire the old; never a marker sent to Discord. */
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createGamePoster } from '../../../src/adapters/discord/game-poster.js';
import { isPendingMessage, pendingMessageId, realMessage } from '../../../src/app/game-message.js';
import type { ChannelKey, GameView, MessageRef, Result } from '../../../src/app/service-types.js';

const key: ChannelKey = { guildId: '1', channelId: '2' };
const ref = (messageId: string): MessageRef => ({ channelId: key.channelId, messageId });

/** A game store of one message ref, with switches for refusing writes. */
function store(initial: MessageRef | null) {
  let message = initial;
  const log = { refuseReal: false, writes: [] as (string | null)[] };
  const view = (): Result<GameView> => ({ ok: true, value: { key, state: { version: 1 }, meta: { message }, events: [] } as unknown as GameView });
  const games = {
    view: async () => view(),
    setMessage: async (_k: ChannelKey, m: MessageRef | null): Promise<Result<GameView>> => {
      if (log.refuseReal && m && !isPendingMessage(m)) return { ok: false, error: { kind: 'storage-unavailable' } };
      log.writes.push(m?.messageId ?? null);
      message = m;
      return view();
    },
  };
  return { games, log, current: () => message };
}

function poster(s: ReturnType<typeof store>) {
  const retired: string[] = [];
  const p = createGamePoster({ games: s.games, retire: async (_k, r) => void retired.push(r.messageId), logger: pino({ level: 'silent' }) });
  return { p, retired };
}

describe('game poster', () => {
  it('GIVEN a live message WHEN a new one is posted THEN it is recorded after a marker, and the old one retired', async () => {
    const s = store(ref('100'));
    const { p, retired } = poster(s);
    const out = await p.post({ key, replaces: ref('100'), markerFor: '7', send: async () => '200', why: 'test' });
    expect(out.outcome).toBe('recorded');
    expect(s.log.writes).toEqual(['pending:7:100', '200']);
    expect(retired).toEqual(['100']);
  });

  it('GIVEN a marker stuck after an outage WHEN the next post replaces it THEN the real message the marker names is retired, never the marker', async () => {
    const s = store(ref(pendingMessageId('5', ref('100'))));
    const { p, retired } = poster(s);
    await p.post({ key, replaces: s.current(), markerFor: '8', send: async () => '300', why: 'test' });
    expect(retired).toEqual(['100']);
    expect(s.current()?.messageId).toBe('300');
  });

  it('GIVEN storage refusing the new id WHEN posted THEN it is unrecorded and nothing is retired', async () => {
    const s = store(ref('100'));
    s.log.refuseReal = true;
    const { p, retired } = poster(s);
    const out = await p.post({ key, replaces: ref('100'), markerFor: '9', send: async () => '400', why: 'test' });
    expect(out.outcome).toBe('unrecorded');
    expect(out.replaced).toEqual(ref('100'));
    expect(retired).toEqual([]);
  });

  it('GIVEN another message recorded meanwhile WHEN the post returns THEN it is superseded and records nothing', async () => {
    const s = store(ref('100'));
    const { p, retired } = poster(s);
    const out = await p.post({ key, replaces: ref('100'), markerFor: '10', send: async () => (await s.games.setMessage(key, ref('999')), '500'), why: 'test' });
    expect(out.outcome).toBe('superseded');
    expect(s.current()?.messageId).toBe('999');
    expect(retired).toEqual([]);
  });

  it('GIVEN a post that fails WHEN sent THEN the marker is dropped and the error rethrown', async () => {
    const s = store(null);
    const { p } = poster(s);
    await expect(p.post({ key, replaces: null, markerFor: '11', send: async () => Promise.reject(new Error('down')), why: 'test' })).rejects.toThrow('down');
    expect(s.current()).toBeNull();
  });

  it.each([
    [null, null],
    [ref('pending:3'), null],
    [ref('pending:3:123'), ref('123')],
    [ref('pending:3:pending:4'), null],
    [ref('not-an-id'), null],
    [ref('42'), ref('42')],
  ])('GIVEN the recorded ref %j WHEN asked for its real message THEN %j', (given, real) => {
    expect(realMessage(given)).toEqual(real);
  });
});
