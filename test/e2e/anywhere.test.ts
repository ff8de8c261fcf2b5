/**
 * Playing anywhere, through the fake Discord: a group DM where only the players installed the app, a DM with the bot,
 * a server that turned off external apps, and players' own dailies beside a channel's game. In DMs and group DMs the
 * bot has no channel access: every message is created and edited through interactions, with 0 bot-token requests.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { APP_VERSION, FORGET_CONFIRM_TEXT, FORGOTTEN_TEXT } from '../../commands/about.js';
import { decodeButtonId } from '../../commands/controls/custom-id.js';
import { EXTERNAL_APPS_OFF_TEXT } from '../../src/adapters/discord/place-guard.js';
import { failureText } from '../../commands/replies.js';
import { deployCommands } from '../../src/deploy-commands.js';
import type { FakeActor, FakeComponent, FakeMessage, InteractionCallback, RecordedRequest } from './fake-discord/index.js';
import { ALICE, BOB, CAROL, CHANNEL, GUILD, MALLORY, buttons, ephemeralText, startHarness, subcommand, TestClock, turnOf, TRANSPORTS, type Harness } from './harness.js';

/** The verbs a scripted player presses, most useful first (a fight, then exploring, then waiting, then any move). */
const PREFERRED = ['fgt', 'use', 'exp', 'desc', 'wait', 'mv'];

/** The enabled button of `verb` on `m`. */
function button(m: FakeMessage, verb: string): FakeComponent | undefined {
  return buttons(m).find((b) => {
    const d = b.custom_id && !b.disabled ? decodeButtonId(b.custom_id) : null;
    return d?.ok === true && d.value.verb === verb;
  });
}

/** The button a scripted player presses on `m` (its `nth` press): ▶️ Play again once over, else the preferred verbs in turn. */
function pick(m: FakeMessage, nth: number): FakeComponent | undefined {
  const again = button(m, 'again');
  if (again) return again;
  // Rotating the preferences, so a refused press (a teammate in the way) is not repeated for ever.
  const order = [...PREFERRED.slice(nth % PREFERRED.length), ...PREFERRED.slice(0, nth % PREFERRED.length)];
  for (const verb of order) {
    const b = button(m, verb);
    if (b) return b;
  }
  return undefined;
}

/** Follow-ups posted per interaction token (POST /webhooks/{app}/{token}). */
function followUpsPerToken(requests: RecordedRequest[]): number[] {
  const counts = new Map<string, number>();
  for (const r of requests) {
    const m = /^\/webhooks\/\d+\/([^/]+)$/.exec(r.path);
    if (r.method === 'POST' && m) counts.set(m[1]!, (counts.get(m[1]!) ?? 0) + 1);
  }
  return [...counts.values()];
}

describe.each(TRANSPORTS)('anywhere, over the %s transport', (transport) => {
  let h: Harness;

  afterEach(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  /** A command in a private channel, answered. */
  async function privately(user: FakeActor, channelId: string, options: unknown[]): Promise<{ id: string; callback: InteractionCallback }> {
    const { id } = await h.fake.sendCommand({ channelId, user, name: 'rogue', options });
    const callback = await h.fake.waitForResponse(id, 3000);
    await h.bot.flushEdits();
    return { id, callback };
  }

  /** A press in a private channel, answered. */
  async function pressIn(user: FakeActor, channelId: string, messageId: string, customId: string): Promise<InteractionCallback> {
    const { id } = await h.fake.pressButton({ channelId, user, messageId, customId });
    const callback = await h.fake.waitForResponse(id, 3000);
    await h.bot.flushEdits();
    return callback;
  }

  it('GIVEN the commands deployed WHEN the fake Discord offers them THEN /rogue is offered in DMs and group DMs to user installs, /rogue-config only in servers', async () => {
    h = await startHarness({ transport });
    await deployCommands({ discordToken: h.fake.token, applicationId: h.fake.applicationId, guildId: undefined, apiBase: h.fake.apiBase });
    const dm = h.fake.openDm(ALICE);
    const help = await privately(ALICE, dm.id, subcommand('help'));
    expect(help.callback.type).toBe(4);
    await expect(h.fake.sendCommand({ channelId: dm.id, user: ALICE, name: 'rogue-config', options: subcommand('show') })).rejects.toThrow(/not offered/);
    await expect(h.fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'rogue-config', options: subcommand('show'), install: 'user' })).rejects.toThrow(/not offered/);
  });

  it('GIVEN a group DM whose three players installed the app WHEN they play 100 turns with the buttons THEN nothing uses the bot token and no interaction posts over 5 follow-ups', async () => {
    h = await startHarness({ transport, tokenEdits: true });
    const players = [ALICE, BOB, CAROL];
    const gdm = h.fake.openGroupDm(players);
    const started = await privately(ALICE, gdm.id, subcommand('new', { lobby: false, seed: 21, size: 'small', map: 'cavern', party_size: 3 }));
    expect(started.callback.type).toBe(4);
    expect((started.callback.data?.flags ?? 0) & 64).toBe(0); // public in the group DM
    let message = h.fake.originalMessage(started.id)!;
    for (const p of [BOB, CAROL]) expect(ephemeralText((await privately(p, gdm.id, subcommand('join'))).callback)).not.toMatch(/server/i);
    let played = 0;
    let last = turnOf(h.fake.message(message.id)!);
    for (let press = 0; played < 100 && press < 300; press++) {
      const current = h.fake.message(message.id)!;
      const b = pick(current, press);
      expect(b, `a button to press on turn ${turnOf(current)}`).toBeDefined();
      const presser = players[press % 3]!;
      const cb = await pressIn(presser, gdm.id, message.id, b!.custom_id!);
      if (cb.type === 4 && (cb.data?.flags ?? 0) === 0) {
        // ▶️ Play again posted the next game message, a lobby of the same party: the others join, the host starts it.
        message = h.fake.messages(gdm.id).filter((m) => (m.flags & 64) === 0).at(-1)!;
        for (const p of players.filter((x) => x !== presser)) await pressIn(p, gdm.id, message.id, button(h.fake.message(message.id)!, 'join')!.custom_id!);
        const start = button(h.fake.message(message.id)!, 'start');
        if (start) await pressIn(presser, gdm.id, message.id, start.custom_id!);
        last = turnOf(h.fake.message(message.id)!);
        continue;
      }
      const now = turnOf(h.fake.message(message.id)!);
      played += Math.max(0, now - last);
      last = now;
    }
    expect(played).toBeGreaterThanOrEqual(100);
    expect(h.fake.botTokenRequests()).toEqual([]);
    expect(Math.max(0, ...followUpsPerToken(h.fake.requests))).toBeLessThanOrEqual(5);
    expect(h.fake.failures().filter((r) => r.path.startsWith('/webhooks/') || r.path.startsWith('/interactions/'))).toEqual([]);
  });

  it('GIVEN a group DM WHEN someone asks for rounds mode, or a slash action comes after the last token expired THEN one clear sentence says why and how to go on', async () => {
    const clock = new TestClock(Date.now());
    h = await startHarness({ transport, tokenEdits: true, clock, wallNow: clock.now });
    const gdm = h.fake.openGroupDm([ALICE, BOB]);
    const rounds = await privately(ALICE, gdm.id, subcommand('new', { lobby: false, mode: 'rounds' }));
    expect(ephemeralText(rounds.callback)).toBe(failureText({ kind: 'rounds-need-channel' }));
    const started = await privately(ALICE, gdm.id, subcommand('new', { lobby: false, seed: 5, size: 'small' }));
    const message = h.fake.originalMessage(started.id)!;
    await privately(BOB, gdm.id, subcommand('join'));
    clock.t += 20 * 60_000;
    const waited = await privately(ALICE, gdm.id, subcommand('wait'));
    expect(ephemeralText(waited.callback)).toMatch(/Press any button on it, or use `\/rogue map`/);
    // Any press brings it back: the press's own answer redraws the message it sits on (type 7).
    const act = ['wait', 'mv', 'exp'].map((verb) => button(h.fake.message(message.id)!, verb)).find((b) => b !== undefined)!;
    const pressed = await pressIn(BOB, gdm.id, message.id, act.custom_id!);
    expect(pressed.type).toBe(7);
    expect(turnOf(h.fake.message(message.id)!)).toBeGreaterThanOrEqual(2);
    expect(h.fake.botTokenRequests()).toEqual([]);
  });

  it('GIVEN a DM with the bot WHEN a player plays the daily to its end THEN the run is on the global board and its card and board are the reply, with 0 bot-token requests', async () => {
    h = await startHarness({ transport, tokenEdits: true, daily: true });
    const dm = h.fake.openDm(ALICE);
    const started = await privately(ALICE, dm.id, subcommand('daily'));
    expect(started.callback.type).toBe(4);
    const message = h.fake.originalMessage(started.id)!;
    expect(message.content ?? '').toMatch(/Daily #\d+/);
    // End the run: 🏳️ asks to confirm privately; the confirmation ends it.
    const end = buttons(message).find((b) => b.custom_id && /:end:/.test(b.custom_id))!;
    const asked = await pressIn(ALICE, dm.id, message.id, end.custom_id!);
    const confirmMessage = h.fake.messages(dm.id).at(-1)!;
    const confirm = asked.type === 4 ? buttons(confirmMessage).find((b) => b.custom_id && /:endok:/.test(b.custom_id)) : undefined;
    if (confirm) await pressIn(ALICE, dm.id, confirmMessage.id, confirm.custom_id!);
    // The share card and the board it counts on are posted with the run's end, publicly (here: in the DM).
    const card = h.fake.messages(dm.id).find((m) => (m.flags & 64) === 0 && /^Channel Crawler Daily #\d+/.test(m.content ?? ''));
    expect(card?.content).toMatch(/every server/);
    const board = await privately(ALICE, dm.id, subcommand('board'));
    const text = ephemeralText(board.callback);
    expect(text).toMatch(/every server/);
    expect(text).toMatch(/alice/);
    expect(h.fake.botTokenRequests()).toEqual([]);
  });

  it('GIVEN a DM WHEN a player asks /rogue about, then /rogue forget and confirms THEN they read what is kept and their history and preferences are gone', async () => {
    h = await startHarness({ transport, daily: true });
    const dm = h.fake.openDm(ALICE);
    const about = (await privately(ALICE, dm.id, subcommand('about'))).callback;
    const fields = about.data?.embeds?.[0]?.fields ?? [];
    expect(about.data?.embeds?.[0]?.title).toBe(`Channel Crawler ${APP_VERSION}`);
    expect(fields.map((f) => f.name)).toEqual(['Source', 'Privacy', 'Terms']);
    expect(fields[1]!.value).toMatch(/\/rogue forget/);
    // Some data to forget: preferences and a finished run in the history.
    await privately(ALICE, dm.id, subcommand('prefs', { style: 'text' }));
    await privately(ALICE, dm.id, subcommand('new', { lobby: false, seed: 4, size: 'small' }));
    await privately(ALICE, dm.id, subcommand('end'));
    expect(ephemeralText((await privately(ALICE, dm.id, subcommand('history', { user: ALICE.id }, 'runs'))).callback)).not.toMatch(/No finished runs/);
    const asked = (await privately(ALICE, dm.id, subcommand('forget'))).callback;
    expect(ephemeralText(asked)).toBe(FORGET_CONFIRM_TEXT);
    const question = h.fake.messages(dm.id).at(-1)!;
    const done = await pressIn(ALICE, dm.id, question.id, buttons(question)[0]!.custom_id!);
    expect(ephemeralText(done)).toBe(FORGOTTEN_TEXT);
    expect(ephemeralText((await privately(ALICE, dm.id, subcommand('prefs'))).callback)).toMatch(/style `image`/);
    expect(ephemeralText((await privately(ALICE, dm.id, subcommand('history', { user: ALICE.id }, 'runs'))).callback)).toMatch(/No finished runs/);
  });

  it("GIVEN one channel WHEN two players play today's daily at once THEN each plays their own private run and the channel's game still plays", async () => {
    h = await startHarness({ transport, tokenEdits: true, daily: true });
    const game = await h.command(MALLORY, 'rogue', subcommand('new', { lobby: false, seed: 9, size: 'small' }));
    const shared = h.fake.originalMessage(game.id)!;
    const a = await h.command(ALICE, 'rogue', subcommand('daily'));
    const b = await h.command(BOB, 'rogue', subcommand('daily'));
    for (const d of [a, b]) {
      expect(d.callback.type).toBe(4);
      expect((d.callback.data?.flags ?? 0) & 64).toBe(64); // each player's own view
    }
    const aMsg = h.fake.originalMessage(a.id)!;
    const bMsg = h.fake.originalMessage(b.id)!;
    const press = async (user: FakeActor, m: FakeMessage): Promise<InteractionCallback> => {
      const wait = buttons(h.fake.message(m.id)!).find((x) => x.custom_id && /:(wait|exp|mv):/.test(x.custom_id) && !x.disabled)!;
      return (await h.press(user, m.id, wait.custom_id!)).callback;
    };
    const before = { a: turnOf(aMsg), b: turnOf(bMsg), shared: turnOf(shared) };
    expect((await press(ALICE, aMsg)).type).toBe(7);
    expect((await press(BOB, bMsg)).type).toBe(7);
    expect((await press(MALLORY, shared)).type).toBe(7);
    expect(turnOf(h.fake.message(aMsg.id)!)).toBeGreaterThan(before.a);
    expect(turnOf(h.fake.message(bMsg.id)!)).toBeGreaterThan(before.b);
    expect(turnOf(h.fake.message(shared.id)!)).toBeGreaterThan(before.shared);
    // The second /rogue daily of a player shows their run again, where it stands; it never starts a second one.
    const again = await h.command(ALICE, 'rogue', subcommand('daily'));
    expect((again.callback.data?.flags ?? 0) & 64).toBe(64);
    expect(turnOf(h.fake.originalMessage(again.id)!)).toBe(turnOf(h.fake.message(aMsg.id)!));
  });

  it('GIVEN a server that turned off external apps and never added the bot WHEN a member starts a game THEN one clear private sentence says why and what to do', async () => {
    h = await startHarness({ transport, daily: true });
    const { id } = await h.fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'rogue', options: subcommand('new'), install: 'user', externalApps: false });
    expect(ephemeralText(await h.fake.waitForResponse(id))).toBe(EXTERNAL_APPS_OFF_TEXT);
    // Their own daily still works there: it is private anyway.
    const daily = await h.fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'rogue', options: subcommand('daily'), install: 'user', externalApps: false });
    const cb = await h.fake.waitForResponse(daily.id);
    expect((cb.data?.flags ?? 0) & 64).toBe(64);
    expect(cb.data?.embeds?.length ?? 0).toBeGreaterThan(0);
    expect(h.fake.botTokenRequests()).toEqual([]);
  });
});
