/**
 * The full view in the viewer's language: picked from the browser's languages (or an Accept-Language header) among
 * the game's, or from the user's Discord setting when Discord says who they are; frames (title, log, item labels),
 * refusals over HTTP and over the socket are said in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordIdentity } from '../../../src/adapters/web/discord-identity.js';
import { acceptLanguages, pickLocale } from '../../../src/adapters/web/locale-pick.js';
import { viewerLocale } from '../../../src/adapters/web/routes.js';
import { LOCALE_CODES, t } from '../../../src/i18n/index.js';
import { FakeDiscord } from '../../e2e/fake-discord/index.js';
import { memoryKit } from '../../app/fixtures.js';
import { post, startReplica, ViewClient, type Replica } from './support.js';

const GUILD = '1100000000000000001';
const CHANNEL = '1100000000000000021';

describe("the viewer's language", () => {
  it.each([
    [['de-AT', 'en'], 'de'],
    [['en-GB'], 'en-US'],
    [['es-MX', 'fr'], 'es-ES'],
    [['pt-PT'], 'pt-BR'],
    [['pt-BR'], 'pt-BR'],
    [['ja', 'ru-RU'], 'ru'],
    [['fr_CA'], 'fr'],
    [['ja', 'zh-CN'], null],
    [[], null],
  ] as const)('GIVEN a browser reading %j THEN it reads %s', (wanted, want) => {
    expect(pickLocale(wanted, LOCALE_CODES)).toBe(want);
  });

  it('GIVEN an Accept-Language header THEN its tags come by preference, q=0 and * left out', () => {
    expect(acceptLanguages('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.95, *;q=0.5, ru;q=0')).toEqual(['fr-CH', 'de', 'fr', 'en']);
    expect(acceptLanguages(undefined)).toEqual([]);
  });

  it("GIVEN Discord's setting and the browser's THEN Discord's wins when it is one of ours, else the browser's, else English", () => {
    expect(viewerLocale('de', 'fr')).toBe('de');
    expect(viewerLocale('en-GB', 'fr')).toBe('en-US');
    expect(viewerLocale('ja', 'fr')).toBe('fr');
    expect(viewerLocale(undefined, 'ru')).toBe('ru');
    expect(viewerLocale(undefined, 'klingon')).toBe('en-US');
    expect(viewerLocale('ja', undefined)).toBe('en-US');
  });
});

describe('a full view in another language', () => {
  let fake: FakeDiscord;
  let r: Replica;
  const key = { guildId: GUILD, channelId: CHANNEL };
  const ann = { id: '1300000000000000301', username: 'ann', global_name: 'Ann', locale: 'fr' };

  beforeAll(async () => {
    fake = await FakeDiscord.start();
    const identity = discordIdentity({ apiBase: fake.apiBase, applicationId: fake.applicationId, clientSecret: fake.oauth.clientSecret, botToken: fake.token });
    r = await startReplica(await memoryKit(), { identity, clientId: fake.applicationId, testLogin: true });
    fake.oauth.launch('i-fr', { channelId: CHANNEL, guildId: GUILD, users: [ann.id] });
    await r.games.newGame(key, { id: ann.id, name: 'Ann' }, { seed: 3, lobby: false });
  });
  afterAll(async () => {
    await r.close();
    await fake.close();
  });

  it("GIVEN a user whose Discord reads French WHEN they open the Activity from a German browser THEN the view speaks French", async () => {
    const res = await post(`${r.url}/app/api/activity-session`, { code: fake.oauth.grant(ann), instanceId: 'i-fr', channelId: CHANNEL, locale: 'de' });
    expect(res.status).toBe(200);
    expect(res.body.locale).toBe('fr');
    const c = await ViewClient.open(r, String(res.body.ticket));
    await c.until((m) => m.t === 'frame');
    expect(c.frame!.title).toMatch(/^Niveau 1\//);
    // A ticket asked for later says the session's language too (the plain page's sign-in reads it there).
    const again = await post(`${r.url}/app/api/ticket`, {}, { authorization: `Bearer ${String(res.body.session)}` });
    expect(again.body.locale).toBe('fr');
    c.close();
  });

  it('GIVEN a watcher in Russian WHEN they try to move THEN the refusal is in Russian; a stranger to the language gets English', async () => {
    for (const [locale, want] of [['ru', 'ru'], ['klingon', 'en-US']] as const) {
      const res = await post(`${r.url}/app/api/test-login`, { userId: '1300000000000000302', name: 'Vera', ...key, spectator: true, locale });
      expect(res.body.locale).toBe(want);
      const c = await ViewClient.open(r, String(res.body.ticket));
      await c.until((m) => m.t === 'frame');
      c.send({ t: 'act', id: 'watch-0001', seen: c.frame!.version, game: c.frame!.game, action: { type: 'wait' } });
      expect(await c.until((m) => m.t === 'ack')).toMatchObject({ ok: false, reason: t(want, 'web.move.watching') });
      c.close();
    }
  });

  it('GIVEN a request refused over HTTP THEN the reason is in the Accept-Language of the browser', async () => {
    const ask = (lang: string) => fetch(`${r.url}/app/api/ticket`, { method: 'POST', headers: { authorization: 'Bearer nope-nope-nope-nope-nope-nope', 'accept-language': lang } });
    for (const [lang, want] of [['de-DE,de;q=0.9', 'de'], ['pt-BR', 'pt-BR'], ['ja', 'en-US']] as const) {
      const res = await ask(lang);
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: string }).error).toBe(t(want, 'web.refuse.session-ended'));
    }
  });
});
