/**
 * Issue 29: answers never lie about an applied action, and interaction answers never wait on the bot token's global
 * limit. The fake Discord fails the requests that carry them, both transports.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_ERROR_TEXT } from '../../commands/replies.js';
import { APPLIED_TEXT } from '../../src/adapters/discord/applied-answer.js';
import { ALICE, buttons, CHANNEL, GUILD, startHarness, subcommand, TRANSPORTS, turnOf, type Harness } from './harness.js';
import type { FakeComponent, RecordedRequest } from './fake-discord/index.js';

/** An action button the message offers now: a lit arrow (each is a turn, like ⏳). */
const actionOn = (msg: { components?: FakeComponent[] | null }): string => buttons(msg).find((b) => b.custom_id?.startsWith('cc1:mv:') && !b.disabled)!.custom_id!;

const isCallback = (method: string, path: string): boolean => method === 'POST' && /^\/interactions\/\d+\/[^/]+\/callback$/.test(path);
const isFollowUp = (method: string, path: string): boolean => method === 'POST' && /^\/webhooks\/\d+\/[^/]+$/.test(path);

/** Every text the bot sent for interaction `id` (callback, follow-ups, @original edits), as one string. */
function saidTo(h: Harness, id: string, token: string): string {
  const mine = (r: RecordedRequest): boolean => r.path.includes(`/${id}/`) || r.path.includes(`/${token}`);
  return JSON.stringify(h.fake.requests.filter((r) => mine(r) && r.status < 300).map((r) => r.body));
}

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ transport });
  });
  afterAll(async () => {
    h.fake.clearFaults();
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  const tokenOf = (id: string): string => h.fake.requests.find((r) => r.path.startsWith(`/interactions/${id}/`))?.path.split('/')[3] ?? '';
  /** The game message and one action button it offers now (a lit arrow). */
  const waitButton = async () => {
    const msg = await h.gameMessage();
    return { msg, wait: actionOn(msg) };
  };

  it('GIVEN Discord refusing the answer that carries the picture (500) WHEN a press is saved THEN it is answered without the picture, applied once, and never told to try again', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 7, size: 'small' }));
    const { msg, wait } = await waitButton();
    const turn = turnOf(msg);
    // Every multipart callback (the answer carrying the picture) fails, however often it is tried.
    h.fake.failRequests((m, p, headers) => isCallback(m, p) && (headers['content-type'] ?? '').startsWith('multipart/'), { status: 500, unapplied: true }, 100);
    const press = await h.press(ALICE, msg.id, wait);
    h.fake.clearFaults();
    expect(press.callback.type).toBe(7);
    expect(turnOf(h.fake.message(msg.id)!)).toBe(turn + 1);
    const said = saidTo(h, press.id, tokenOf(press.id));
    expect(said).not.toContain(INTERNAL_ERROR_TEXT.slice(0, 30));
    expect(said).not.toMatch(/try again/i);
    const saved = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
    expect(saved.ok && saved.value.state.turn).toBe(turn + 1);
  });

  it('GIVEN a stale press WHEN the follow-up with its reason fails (500) THEN the reason still reaches the player by another try', async () => {
    const { msg, wait } = await waitButton();
    // The game moves on behind the message's back: its buttons are now stale.
    await h.games.act({ guildId: GUILD, channelId: CHANNEL }, { id: ALICE.id, name: ALICE.username }, { type: 'wait' });
    // Follow-ups fail for a moment (every immediate retry with them), then work again.
    let first = 0;
    const briefly = (m: string, p: string): boolean => isFollowUp(m, p) && Date.now() - (first ||= Date.now()) < 120;
    h.fake.failRequests(briefly, { status: 500, unapplied: true }, 100);
    const stale = await h.press(ALICE, msg.id, wait);
    h.fake.clearFaults();
    const notes = h.fake.requests.filter((r) => isFollowUp(r.method, r.path) && r.path.endsWith(tokenOf(stale.id)) && r.status < 300);
    expect(notes.length).toBe(1);
    expect(JSON.stringify(notes[0]!.body)).toMatch(/already|moved on|newer|changed/i);
  });

  it('GIVEN a global 429 on the bot token (retry after 5 s) WHEN a press is refused meanwhile THEN its answer and its note arrive within 1 s', async () => {
    // /rogue map retires the old message with the bot token: that request meets Discord's global limit.
    h.fake.failRequests((m, p) => m === 'PATCH' && /^\/channels\/\d+\/messages\/\d+$/.test(p), { retryAfterSec: 5, global: true }, 1);
    await h.command(ALICE, 'rogue', subcommand('map'));
    await h.fake.waitForRequest((r) => r.status === 429, 3000);
    const live = await waitButton();
    await h.games.act({ guildId: GUILD, channelId: CHANNEL }, { id: ALICE.id, name: ALICE.username }, { type: 'wait' });
    const t0 = Date.now();
    const stale = await h.fake.pressButton({ guildId: GUILD, channelId: CHANNEL, user: ALICE, messageId: live.msg.id, customId: live.wait });
    await h.fake.waitForResponse(stale.id, 3000);
    const note = await h.fake.waitForRequest((r) => isFollowUp(r.method, r.path) && r.path.endsWith(stale.token), 3000);
    expect(note.at - t0).toBeLessThan(1000);
  });
});

describe('over the gateway transport, when Discord took the answer but said 500', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ transport: 'gateway' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('GIVEN the picture answer applied by Discord yet answered 500 WHEN every later answer is refused as already acknowledged THEN the player is told privately that it went through', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 7, size: 'small' }));
    const msg = await h.gameMessage();
    const wait = actionOn(msg);
    const turn = turnOf(msg);
    h.fake.failRequests((m, p, headers) => isCallback(m, p) && (headers['content-type'] ?? '').startsWith('multipart/'), { status: 500 }, 1);
    const press = await h.fake.pressButton({ guildId: GUILD, channelId: CHANNEL, user: ALICE, messageId: msg.id, customId: wait });
    const note = await h.fake.waitForRequest((r) => isFollowUp(r.method, r.path) && r.path.endsWith(press.token) && r.status < 300, 3000);
    expect(JSON.stringify(note.body)).toContain(APPLIED_TEXT.slice(0, 30));
    expect(turnOf(h.fake.message(msg.id)!)).toBe(turn + 1);
  });
  it('GIVEN Discord failing the answer of an applied /rogue wait (500, not applied) WHEN answered THEN the note is sent again by another try, never "try again"', async () => {
    const before = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
    h.fake.failRequests((m, p) => isCallback(m, p), { status: 500, unapplied: true }, 2);
    const cmd = await h.fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'rogue', options: subcommand('wait') });
    const answer = await h.fake.waitForResponse(cmd.id, 3000);
    h.fake.clearFaults();
    expect(answer.type).toBe(4);
    expect(JSON.stringify(answer.data)).not.toMatch(/try again/i);
    const after = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
    expect(before.ok && after.ok && after.value.state.turn).toBe(before.ok ? before.value.state.turn + 1 : -1);
  });
});
