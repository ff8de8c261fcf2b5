import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discordIdentity } from '../../../src/adapters/web/discord-identity.js';
import { FakeDiscord } from '../../e2e/fake-discord/index.js';
import { memoryKit } from '../../app/fixtures.js';
import { watchToken } from '../../../src/adapters/web/watch-link.js';
import { post, startReplica, ViewClient, type Replica } from './support.js';

const GUILD = '1100000000000000001';
const CHANNEL = '1100000000000000011';
const OTHER = '1100000000000000012';
const ann = { id: '1300000000000000101', username: 'ann', global_name: 'Ann' };
const bo = { id: '1300000000000000102', username: 'bo' };

describe('signing in to the full view from an Activity (fake Discord)', () => {
  let fake: FakeDiscord;
  let r: Replica;

  beforeAll(async () => {
    fake = await FakeDiscord.start();
    const identity = discordIdentity({ apiBase: fake.apiBase, applicationId: fake.applicationId, clientSecret: fake.oauth.clientSecret, botToken: fake.token });
    r = await startReplica(await memoryKit(), { identity, clientId: fake.applicationId, oauth: { redirectUri: 'https://crawler.example/app/callback', authorizeUrl: 'https://discord.example/oauth2/authorize' }, testLogin: false });
    fake.oauth.launch('i-1', { channelId: CHANNEL, guildId: GUILD, users: [ann.id] });
    await r.games.newGame({ guildId: GUILD, channelId: CHANNEL }, { id: ann.id, name: 'Ann' }, { seed: 3, lobby: false });
  });
  afterAll(async () => {
    await r.close();
    await fake.close();
  });

  const session = (code: string, channelId: string, instanceId = 'i-1') => post(`${r.url}/app/api/activity-session`, { code, instanceId, channelId });

  it('GIVEN a code and the instance it runs in WHEN exchanged THEN the user plays that channel with a working ticket', async () => {
    const res = await session(fake.oauth.grant(ann), CHANNEL);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ user: { id: ann.id, name: 'Ann' }, spectator: false, key: { guildId: GUILD, channelId: CHANNEL } });
    const c = await ViewClient.open(r, String(res.body.ticket));
    await c.until((m) => m.t === 'frame');
    expect(c.frame?.you).toMatchObject({ id: ann.id, role: 'player' });
    c.close();
    // The bot token asked where the instance runs; the user's token asked who they are.
    const asked = fake.requests.filter((q) => q.path.includes('/activity-instances/'));
    expect(asked.at(-1)?.headers.authorization).toBe(`Bot ${fake.token}`);
  });

  it('GIVEN a client claiming another channel WHEN it signs in THEN it is refused', async () => {
    const res = await session(fake.oauth.grant(ann), OTHER);
    expect(res.status).toBe(403);
    expect(res.body.error).toMatch(/isn't running in this channel/);
  });

  it('GIVEN a user who is not in the instance WHEN they sign in THEN they are refused', async () => {
    const res = await session(fake.oauth.grant(bo), CHANNEL);
    expect(res.status).toBe(403);
  });

  it('GIVEN an instance that does not exist, or a code used twice THEN sign-in is refused', async () => {
    expect((await session(fake.oauth.grant(ann), CHANNEL, 'no-such')).status).toBe(403);
    const code = fake.oauth.grant(ann);
    expect((await session(code, CHANNEL)).status).toBe(200);
    expect((await session(code, CHANNEL)).status).toBe(401);
  });

  it('GIVEN production settings WHEN the test login is called THEN it does not exist', async () => {
    expect((await post(`${r.url}/app/api/test-login`, { userId: '1', name: 'x', guildId: GUILD, channelId: CHANNEL })).status).toBe(404);
  });

  it('GIVEN no secret in any error WHEN Discord refuses THEN the client is told kindly', async () => {
    fake.failRequests((m, p) => p === '/oauth2/token', { status: 500 });
    const res = await session(fake.oauth.grant(ann), CHANNEL);
    expect(res.status).toBe(503);
    expect(JSON.stringify(res.body)).not.toContain(fake.oauth.clientSecret);
  });

  describe('the plain web page (OAuth2 redirect and watch links)', () => {
    const watch = (): string => watchToken('test-secret', { guildId: GUILD, channelId: CHANNEL });
    const signIn = async (user: { id: string; username: string }): Promise<string> => {
      const login = await fetch(`${r.url}/app/login?watch=${watch()}`, { redirect: 'manual' });
      expect(login.status).toBe(302);
      const to = new URL(login.headers.get('location')!);
      expect(to.origin + to.pathname).toBe('https://discord.example/oauth2/authorize');
      expect(to.searchParams.get('redirect_uri')).toBe('https://crawler.example/app/callback');
      const back = await fetch(`${r.url}/app/callback?code=${fake.oauth.grant(user)}&state=${to.searchParams.get('state')}`, { redirect: 'manual' });
      expect(back.status).toBe(302);
      const session = /^\.\/#s=([A-Za-z0-9_-]+)$/.exec(back.headers.get('location') ?? '')?.[1];
      if (!session) throw new Error(`no session in ${back.headers.get('location')}`);
      // The state is single-use: the same callback again is refused.
      expect((await fetch(`${r.url}/app/callback?code=x&state=${to.searchParams.get('state')}`, { redirect: 'manual' })).status).toBe(403);
      return session;
    };
    const roleOf = async (session: string): Promise<string> => {
      const t = await post(`${r.url}/app/api/ticket`, {}, { authorization: `Bearer ${session}` });
      const c = await ViewClient.open(r, String(t.body.ticket));
      await c.until((m) => m.t === 'frame');
      c.close();
      return c.frame!.you.role;
    };

    it('GIVEN a party member WHEN they log in from a watch link THEN they play; anyone else watches', async () => {
      expect(await roleOf(await signIn(ann))).toBe('player');
      expect(await roleOf(await signIn(bo))).toBe('spectator');
    });

    it('GIVEN a watch link WHEN opened without logging in THEN the game is watched read-only; a forged link is refused', async () => {
      const res = await post(`${r.url}/app/api/watch`, { link: watch() });
      expect(res.body).toMatchObject({ spectator: true, key: { guildId: GUILD, channelId: CHANNEL } });
      expect((await post(`${r.url}/app/api/watch`, { link: watch().replace(CHANNEL, OTHER) })).status).toBe(403);
    });
  });

  it('GIVEN an Activity in a group DM WHEN signed in THEN it plays the group DM\'s game (its scoped key), and its watch link works', async () => {
    const GDM = '1100000000000000077';
    const gdmKey = { guildId: `gdm.${GDM}`, channelId: GDM };
    await r.games.newGame(gdmKey, { id: ann.id, name: 'Ann' }, { seed: 3, lobby: false });
    fake.oauth.launch('i-gdm', { channelId: GDM, guildId: null, users: [ann.id] });
    const res = await post(`${r.url}/app/api/activity-session`, { code: fake.oauth.grant(ann), instanceId: 'i-gdm', channelId: GDM });
    expect(res.status).toBe(200);
    expect(res.body.key).toEqual(gdmKey);
    expect((await post(`${r.url}/app/api/watch`, { link: watchToken('test-secret', gdmKey) })).body).toMatchObject({ key: gdmKey, spectator: true });
  });
});
