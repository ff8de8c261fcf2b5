import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMS, ALICE, buttons, startHarness, subcommand, TRANSPORTS, type Harness } from './harness.js';
import type { FakeActor, RecordedRequest } from './fake-discord/index.js';

/** Players whose display names try every trick: a user and a role mention, @everyone, @here, a right-to-left override. */
const EVE: FakeActor = { id: '1300000000000000005', username: '\u202Eevil<@1300000000000000002>' };
const ZED: FakeActor = { id: '1300000000000000006', username: 'zed @everyone @here' };
const ROY: FakeActor = { id: '1300000000000000007', username: 'roy<@&1100000000000000001>' };
const HOSTILE = [EVE, ZED, ROY];

/** A message request: method, path and JSON body (HTTP mode's first answers count as callbacks). */
type Sent = Pick<RecordedRequest, 'method' | 'path' | 'body'>;

/**
 * Requests whose body creates or edits a message: callbacks of type 4 and 7 (in HTTP mode the HTTP answers), webhook
 * and channel-API posts and edits.
 */
function messageRequests(h: Harness): Sent[] {
  const answers: Sent[] = (h.fake.http?.deliveries ?? []).filter((d) => d.answer !== undefined).map((d) => ({ method: 'POST', path: `/interactions/${d.interactionId}/http/callback`, body: d.answer }));
  return [...h.fake.requests.filter((r) => r.status < 400), ...answers].filter((r) => {
    if (/^\/interactions\/[^/]+\/[^/]+\/callback$/.test(r.path)) return [4, 7].includes((r.body as { type?: number }).type ?? 0);
    if (r.method === 'POST' && /^\/webhooks\/[^/]+\/[^/]+$/.test(r.path)) return true;
    if (r.method === 'PATCH' && /^\/webhooks\/[^/]+\/[^/]+\/messages\//.test(r.path)) return true;
    return (r.method === 'POST' || r.method === 'PATCH') && /^\/channels\/[^/]+\/messages/.test(r.path);
  });
}

/** The allowed_mentions a message request carried (inside `data` for callbacks). */
function mentionsOf(r: Sent): unknown {
  const body = r.body as { data?: { allowed_mentions?: unknown }; allowed_mentions?: unknown };
  return r.path.endsWith('/callback') ? body.data?.allowed_mentions : body.allowed_mentions;
}

describe.each(TRANSPORTS)('mentions over the %s transport', (transport) => {
  let h: Harness;
  let againId = '';

  beforeAll(async () => {
    h = await startHarness({ transport });
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 5, size: 'small' }));
    for (const p of HOSTILE) await h.command(p, 'rogue', subcommand('join'));
    const shared = await h.gameMessage();
    const wait = buttons(shared).find((b) => b.custom_id?.includes(':wait:'));
    if (wait?.custom_id) await h.press(EVE, shared.id, wait.custom_id);
    await h.command(EVE, 'rogue', subcommand('wait'));
    await h.command(ALICE, 'rogue', subcommand('me'));
    await h.command(EVE, 'rogue', subcommand('map'));
    await h.command(ALICE, 'rogue', subcommand('end'), { permissions: ADMIN_PERMS });
    againId = (await h.command(ALICE, 'rogue', subcommand('again'))).id;
    await h.command(ALICE, 'rogue', subcommand('map'));
    await h.bot.flushEdits();
  });

  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  it('GIVEN a whole game with a hostile name WHEN every message request is read THEN each one sets allowed_mentions explicitly', () => {
    const sent = messageRequests(h);
    // The interaction answers and the channel-API edits (refreshes, the retired message) were all exercised.
    expect(sent.filter((r) => r.path.endsWith('/callback')).length).toBeGreaterThanOrEqual(10);
    expect(sent.filter((r) => r.method === 'PATCH' && r.path.startsWith('/channels/')).length).toBeGreaterThanOrEqual(2);
    expect(sent.filter((r) => mentionsOf(r) === undefined).map((r) => `${r.method} ${r.path}`)).toEqual([]);
  });

  it('GIVEN ▶ play again after a game WHEN the requests are read THEN only the new game\'s post pings, and only the invited player', () => {
    const pinging = messageRequests(h).filter((r) => {
      const m = mentionsOf(r) as { parse?: unknown[]; users?: string[]; roles?: string[] };
      return (m.parse?.length ?? 0) > 0 || (m.users?.length ?? 0) > 0 || (m.roles?.length ?? 0) > 0;
    });
    expect(pinging.map((r) => r.path)).toEqual([expect.stringContaining(`/interactions/${againId}/`)]);
    expect(mentionsOf(pinging[0]!)).toEqual({ parse: [], users: HOSTILE.map((p) => p.id) });
  });

  it('GIVEN a hostile display name WHEN the messages are shown THEN no mention, @everyone, @here or direction override survives', () => {
    // The invite line is the bot's own mention of the invited players; everything else must hold none.
    const invite = `Play again! ${HOSTILE.map((p) => `<@${p.id}>`).join(' ')}: press ➕ join.`;
    const shown = h.fake.messages().map((m) => JSON.stringify([m.content.replace(invite, ''), m.embeds, m.attachments.map((a) => a.description)]));
    // The names are shown (defused), not dropped.
    for (const word of ['evil', 'zed', 'roy']) expect(shown.some((s) => s.includes(word))).toBe(true);
    for (const s of shown) {
      expect(s).not.toMatch(/@everyone|@here|<@\d|<@&|\u202E/);
    }
  });
});
