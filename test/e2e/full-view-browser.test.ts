/**
 * The full view in Debian's headless Chromium (playwright-core, never a downloaded browser): the real Embedded App
 * SDK inside an iframe, talking to a test page that plays Discord's parent frame (the SDK accepts messages from its
 * own origin), signing in through the fake Discord's OAuth2 and activity-instance routes. One browser for the file.
 */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { legalMoves, roundsNow } from '../../src/engine/index.js';
import type { ChannelKey, GameView, PlayerAction } from '../../src/app/service-types.js';
import { discordIdentity } from '../../src/adapters/web/discord-identity.js';
import { memoryKit } from '../app/fixtures.js';
import { startReplica, type Replica } from '../adapters/web/support.js';
import { FakeDiscord } from './fake-discord/index.js';

const GUILD = '1100000000000000001';
const CHANNEL = '1100000000000000011';
const OTHER = '1100000000000000012';
const ann = { id: '1300000000000000201', username: 'ann', global_name: 'Ann' };
// Bo reads Discord in German: his view speaks it (his Discord language, from GET /users/@me).
const bo = { id: '1300000000000000202', username: 'bo', global_name: 'Bo', locale: 'de' };
const annRef = { id: ann.id, name: 'Ann' };
const boRef = { id: bo.id, name: 'Bo' };
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Discord's side of the SDK's postMessage protocol: HANDSHAKE -> READY, AUTHORIZE -> the code, AUTHENTICATE -> the user. */
const PARENT = `<!doctype html><html><head><style>html,body{margin:0;height:100%}iframe{border:0;width:100%;height:100%}</style></head><body><script>
const q = new URLSearchParams(location.search);
const f = document.createElement('iframe');
f.src = '/app/?frame_id=frame-1&instance_id=' + q.get('instance') + '&platform=mobile&guild_id=${GUILD}&channel_id=' + q.get('channel');
const user = { id: q.get('user'), username: q.get('name'), discriminator: '0', public_flags: 0, global_name: q.get('name') };
window.sdkCommands = [];
window.addEventListener('message', (e) => {
  if (e.source !== f.contentWindow || !Array.isArray(e.data)) return;
  const [op, data] = e.data;
  const reply = (m) => f.contentWindow.postMessage(m, location.origin);
  if (op === 0) return reply([1, { cmd: 'DISPATCH', evt: 'READY', nonce: null, data: { v: 1, config: { api_endpoint: '//discord.com/api', environment: 'production', cdn_host: 'cdn.discordapp.com' }, user } }]);
  if (op !== 1) return;
  window.sdkCommands.push(data.cmd);
  if (data.cmd === 'AUTHORIZE') reply([1, { cmd: 'AUTHORIZE', evt: null, nonce: data.nonce, data: { code: q.get('code') } }]);
  if (data.cmd === 'AUTHENTICATE') reply([1, { cmd: 'AUTHENTICATE', evt: null, nonce: data.nonce, data: { access_token: data.args.access_token, user, scopes: ['identify'], expires: '2100-01-01T00:00:00Z', application: { id: '1', name: 'Channel Crawler', description: '' } } }]);
});
document.body.append(f);
</script></body></html>`;

function value<T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

describe('the full view in a browser, inside a fake Discord parent frame', () => {
  let fake: FakeDiscord;
  let r: Replica;
  let browser: Browser;
  let outDir: string;
  const key: ChannelKey = { guildId: GUILD, channelId: CHANNEL };

  beforeAll(async () => {
    outDir = mkdtempSync(join(tmpdir(), 'cc-web-'));
    await build({ configFile: join(process.cwd(), 'web/vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
    fake = await FakeDiscord.start();
    const identity = discordIdentity({ apiBase: fake.apiBase, applicationId: fake.applicationId, clientSecret: fake.oauth.clientSecret, botToken: fake.token });
    const parent = (req: IncomingMessage, res: ServerResponse): void => {
      if (!req.url?.startsWith('/parent.html')) return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end(PARENT);
    };
    r = await startReplica(await memoryKit(), { identity, clientId: fake.applicationId, testLogin: false, clientDir: outDir, fallback: parent });
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await r?.close();
    await fake?.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  /** Opens the Activity as `user` in the parent page; resolves with the iframe once it shows a frame (or a refusal). */
  async function openActivity(page: Page, user: typeof ann, opts: { channel?: string; instance?: string } = {}): Promise<Frame> {
    const code = fake.oauth.grant(user);
    await page.goto(`${r.url}/parent.html?code=${code}&user=${user.id}&name=${user.username}&channel=${opts.channel ?? CHANNEL}&instance=${opts.instance ?? 'inst-1'}`);
    const frame = await (await page.waitForSelector('iframe')).contentFrame();
    if (!frame) throw new Error('no iframe');
    await frame.waitForFunction(() => {
      const s = (globalThis as unknown as { ccFullView?: { frames: number; state: string } }).ccFullView;
      return s !== undefined && (s.frames > 0 || s.state === 'refused');
    }, null, { timeout: 10_000 });
    return frame;
  }

  const versionIn = (f: Frame): Promise<number> => f.evaluate(() => (globalThis as unknown as { ccFullView: { version: number } }).ccFullView.version);
  const waitVersion = (f: Frame, v: number): Promise<unknown> => f.waitForFunction((want) => (globalThis as unknown as { ccFullView: { version: number } }).ccFullView.version >= want, v, { timeout: 5000 });

  it('GIVEN two players in the full view and one in chat WHEN each moves THEN every view shows every turn', async () => {
    value(await r.games.newGame(key, annRef, { seed: 5, lobby: false, mode: 'free' }));
    value(await r.games.join(key, boRef));
    value(await r.games.join(key, { id: '1300000000000000203', name: 'Cy' }));
    fake.oauth.launch('inst-1', { channelId: CHANNEL, guildId: GUILD, users: [ann.id, bo.id] });
    const pa = await browser.newPage({ viewport: { width: 360, height: 740 } });
    const pb = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const fa = await openActivity(pa, ann);
    const fb = await openActivity(pb, bo);
    expect(await pa.evaluate(() => (globalThis as unknown as { sdkCommands: string[] }).sdkCommands)).toEqual(expect.arrayContaining(['AUTHORIZE', 'AUTHENTICATE']));
    expect(await fa.textContent('#party')).toContain('Ann (you)');
    // Each in their own language: Ann's browser's (English), Bo's Discord setting (German), the server's words too.
    const speaks = (f: Frame): Promise<[string, string]> => f.evaluate(() => [(globalThis as unknown as { ccFullView: { locale: string } }).ccFullView.locale, (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang]);
    expect(await speaks(fa)).toEqual(['en-US', 'en-US']);
    expect(await speaks(fb)).toEqual(['de', 'de']);
    expect(await fa.textContent('#status')).toContain('Depth 1/');
    expect(await fb.textContent('#status')).toContain('Ebene 1/');
    // The page's own words too: headings, the turn line, the controls, the pad's labels.
    expect(await fb.textContent('#side h2')).toBe('Gruppe');
    expect(await fb.textContent('#turn')).toBe('Freier Modus: Alle handeln, wann sie wollen.');
    expect(await fb.textContent('#party')).toContain('Bo (du)');
    expect(await fb.textContent('#controls .keys')).toMatch(/^Tasten: /);
    expect(await fb.getAttribute('#controls .pad button:nth-child(5)', 'aria-label')).toBe('warten');
    expect(await fa.textContent('#turn')).toBe('Free mode: anyone acts any time.');
    const v0 = await versionIn(fa);
    // Ann moves with the keyboard in her view; Cy presses a button in chat; Bo sees both.
    const view = value(await r.games.view(key)) as GameView;
    const dir = Object.entries(legalMoves(view.state, ann.id).moves).find(([, w]) => w === 'move')?.[0];
    const keyFor: Record<string, string> = { n: 'ArrowUp', s: 'ArrowDown', e: 'ArrowRight', w: 'ArrowLeft' };
    await fa.click('#map');
    await pa.keyboard.press(dir && keyFor[dir] ? keyFor[dir] : '.');
    await waitVersion(fb, v0 + 1);
    value(await r.games.act(key, { id: '1300000000000000203', name: 'Cy' }, { type: 'wait' }, { interactionId: '555000111' }));
    await waitVersion(fa, v0 + 2);
    await waitVersion(fb, v0 + 2);
    // A quick double press is two turns (the second waits for the first and is drawn for the version it reached).
    await pa.keyboard.press('.');
    await pa.keyboard.press('.');
    await waitVersion(fb, v0 + 4);
    expect(await fa.isHidden('#notice')).toBe(true);
    // The canvas holds the drawn map, not a blank.
    const lit = await fa.evaluate(() => {
      // Runs in the page (DOM types are not in the test project's lib): the canvas's pixels.
      type Canvas = { width: number; height: number; getContext(k: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } };
      const c = (globalThis as unknown as { document: { getElementById(id: string): Canvas } }).document.getElementById('map');
      const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 0; i < d.length; i += 4) if (d[i]! + d[i + 1]! + d[i + 2]! > 120) n++;
      return n;
    });
    expect(lit).toBeGreaterThan(1000);
    await pb.close();

    // A dropped socket reconnects with a fresh ticket and catches up with what happened meanwhile.
    await fa.evaluate(() => (globalThis as unknown as { ccFullView: { conn: { drop(): void } } }).ccFullView.conn.drop());
    value(await r.games.act(key, { id: '1300000000000000203', name: 'Cy' }, { type: 'wait' }, { interactionId: '555000112' }));
    value(await r.games.act(key, boRef, { type: 'wait' }, { interactionId: '555000113' }));
    await waitVersion(fa, v0 + 6);
    await pa.close();
  }, 30_000);

  it('GIVEN the built client WHEN served THEN assets have hashed names, are cached for good, and every page carries the CSP', async () => {
    const index = await fetch(`${r.url}/app/`);
    expect(index.headers.get('content-security-policy')).toMatch(/default-src 'self'.*script-src 'self'.*connect-src 'self'/);
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const html = await index.text();
    const script = /assets\/index-[A-Za-z0-9_-]{8}\.js/.exec(html)?.[0];
    expect(script).toBeDefined();
    const asset = await fetch(`${r.url}/app/${script}`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-type')).toContain('javascript');
    expect((await fetch(`${r.url}/app/../package.json`)).status).toBe(404);
  });

  it('GIVEN the SDK reports another channel than the instance runs in WHEN it signs in THEN the view is refused', async () => {
    fake.oauth.launch('inst-2', { channelId: CHANNEL, guildId: GUILD, users: [ann.id] });
    const page = await browser.newPage({ viewport: { width: 360, height: 640 } });
    const f = await openActivity(page, ann, { channel: OTHER, instance: 'inst-2' });
    expect(await f.textContent('#status')).toContain("isn't running in this channel");
    await page.close();
  });

  it('GIVEN a rounds-mode fight WHEN seen at 360 px THEN the screenshot shows the map, whose turn and the controls', async () => {
    const fightKey = { guildId: GUILD, channelId: OTHER };
    value(await r.games.newGame(fightKey, annRef, { seed: 21, lobby: false, mode: 'rounds' }));
    // Play the real game until a monster is after the party (rounds start), so the picture is a true fight.
    for (let i = 0; i < 200; i++) {
      const s = (value(await r.games.view(fightKey)) as GameView).state;
      if (roundsNow(s) || s.status !== 'playing') break;
      const can = legalMoves(s, ann.id);
      const a: PlayerAction = can.canExplore ? { type: 'explore' } : can.canDescend ? { type: 'descend' } : can.canTravel ? { type: 'travel' } : { type: 'wait' };
      await r.games.act(fightKey, annRef, a);
    }
    expect(roundsNow((value(await r.games.view(fightKey)) as GameView).state)).toBe(true);
    fake.oauth.launch('inst-3', { channelId: OTHER, guildId: GUILD, users: [ann.id] });
    const page = await browser.newPage({ viewport: { width: 360, height: 760 }, deviceScaleFactor: 2 });
    const f = await openActivity(page, ann, { channel: OTHER, instance: 'inst-3' });
    expect(await f.textContent('#turn')).toMatch(/Round: /);
    await page.waitForTimeout(200);
    mkdirSync('docs', { recursive: true });
    const png = await page.screenshot({ fullPage: false });
    writeFileSync(join(outDir, 'fight-360.png'), png);
    if (process.env.CC_KEEP_SCREENSHOT) writeFileSync('docs/full-view-360-fight.png', png);
    await page.close();
  }, 30_000);
});
