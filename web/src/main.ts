/**
 * The full view's client: signs in (inside Discord through the Embedded App SDK and the OAuth2 code; on a plain page
 * with a watch link or after the OAuth2 redirect; in `npm run web` with its dev login), opens the socket and keeps the
 * map, panels and controls in step with every frame.
 */
import type { WebFrame, WireAction } from '../../src/adapters/web/protocol.js';
import { drawMap } from './draw.js';
import { keyAction } from './keys.js';
import { browserLocale, currentLocale, tr, useLocale } from './i18n.js';
import { apiUrl, Connection } from './net.js';
import { showFrame, showNotice, showStatus, showTurn, showWords, turnText } from './ui.js';

interface Started {
  session: string;
  ticket: string;
  /** The viewer's language as the server settled it (their Discord language, else the browser's we sent). */
  locale?: string;
}

/** What the page reports about itself (the browser tests read it). */
const stats = { frames: 0, lastLatencyMs: -1, version: -1, state: 'connecting' as string, locale: '', conn: null as Connection | null };
(window as unknown as { ccFullView: typeof stats }).ccFullView = stats;

async function postJson<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(apiUrl(path), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const data = (await res.json().catch(() => ({}))) as T & { error?: string };
  if (!res.ok) throw new Error(data.error ?? tr('web.signin.bot-answered', { status: res.status }));
  return data;
}

/** Inside Discord: the SDK's handshake, then the OAuth2 code, checked by the server against Discord. */
async function activitySignIn(): Promise<Started> {
  const { DiscordSDK } = await import('@discord/embedded-app-sdk');
  const config = (await (await fetch(apiUrl('api/config'))).json()) as { clientId: string | null };
  if (!config.clientId) throw new Error(tr('web.signin.no-app'));
  const sdk = new DiscordSDK(config.clientId);
  await sdk.ready();
  if (!sdk.channelId) throw new Error(tr('web.signin.no-channel'));
  const { code } = await sdk.commands.authorize({ client_id: config.clientId, response_type: 'code', state: '', prompt: 'none', scope: ['identify'] });
  const started = await postJson<Started & { accessToken: string }>('api/activity-session', { code, instanceId: sdk.instanceId, channelId: sdk.channelId, locale: currentLocale() });
  await sdk.commands.authenticate({ access_token: started.accessToken });
  return started;
}

/** Back from Discord's OAuth2 (the plain page): the session is in the fragment, never sent to a server. */
async function fromFragment(session: string): Promise<Started> {
  history.replaceState(null, '', location.pathname + location.search);
  const res = await fetch(apiUrl('api/ticket'), { method: 'POST', headers: { authorization: `Bearer ${session}` } });
  if (!res.ok) throw new Error(tr('web.refuse.sign-in-expired'));
  const { ticket, locale } = (await res.json()) as { ticket: string; locale?: string };
  return { session, ticket, ...(locale ? { locale } : {}) };
}

/** A watch link: watch at once, and offer Discord's login to play when the server has it. */
async function watchLink(watch: string): Promise<Started> {
  const config = (await (await fetch(apiUrl('api/config'))).json()) as { login?: boolean };
  const link = document.getElementById('login') as HTMLAnchorElement;
  if (config.login) {
    link.href = apiUrl(`login?watch=${encodeURIComponent(watch)}`);
    link.hidden = false;
  }
  return postJson<Started>('api/watch', { link: watch, locale: currentLocale() });
}

async function signIn(): Promise<Started> {
  const q = new URLSearchParams(location.search);
  if (q.has('frame_id') && q.has('instance_id')) return activitySignIn();
  const fragment = new URLSearchParams(location.hash.slice(1)).get('s');
  if (fragment) return fromFragment(fragment);
  const watch = q.get('watch');
  if (watch) return watchLink(watch);
  const dev = q.get('dev');
  if (dev !== null) {
    const who = { userId: q.get('user') ?? '1', name: q.get('name') ?? 'dev', spectator: q.get('spectate') === '1' };
    return postJson<Started>('api/test-login', { ...who, guildId: q.get('guild') ?? '1', channelId: q.get('channel') ?? '1', locale: currentLocale() });
  }
  throw new Error(tr('web.signin.how'));
}

function start(s: Started): void {
  const board = document.getElementById('board')!;
  const canvas = document.getElementById('map') as HTMLCanvasElement;
  let frame: WebFrame | null = null;
  let skew = 0;
  const redraw = (): void => {
    if (!frame) return;
    // A phone keeps the controls on the first screen: the map takes at most three quarters of its width in height.
    const h = window.innerWidth < 900 ? Math.min(window.innerHeight * 0.5, board.clientWidth * 0.75) : window.innerHeight - 80;
    drawMap(canvas, frame, board.clientWidth, h);
  };
  const conn = new Connection(s.session, s.ticket, {
    frame(f, sentAt) {
      frame = f;
      skew = f.now - Date.now();
      stats.frames++;
      stats.version = f.version;
      stats.lastLatencyMs = Date.now() - sentAt;
      showFrame(f, act);
      showTurn(turnText(f, Date.now(), skew));
      redraw();
    },
    refused: (reason) => showNotice(reason),
    state(st, detail) {
      stats.state = st;
      if (st !== 'open') showStatus(detail ?? tr(st === 'reconnecting' ? 'web.status.reconnecting' : 'web.status.disconnected'));
    },
  });
  stats.conn = conn;
  const act = (a: WireAction): void => conn.act(a);
  window.addEventListener('resize', redraw);
  window.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || !frame?.you.can) return;
    const k = keyAction(e);
    if (!k) return;
    e.preventDefault();
    if (k.type === 'item') {
      const it = frame.you.can.items[k.index];
      if (it) act({ type: 'use', item: it.kind });
    } else act(k);
  });
  setInterval(() => frame && showTurn(turnText(frame, Date.now(), skew)), 500);
  void conn.open();
}

// The browser's language first (the sign-in's own words), then the viewer's once the server has settled it.
useLocale(browserLocale())
  .then(() => {
    showWords();
    return signIn();
  })
  .then(async (s) => {
    if (s.locale && s.locale !== currentLocale()) {
      await useLocale(s.locale);
      showWords();
    }
    stats.locale = currentLocale();
    start(s);
  })
  .catch((err: unknown) => {
    stats.state = 'refused';
    showStatus(err instanceof Error ? err.message : tr('web.signin.failed'));
  });
