/** Issue 19 through the fake Discord: `/rogue new` opens a lobby friends join, that the host starts (or that starts when full or in time). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logText } from '../../src/app/rolling-log.js';
import { failureText } from '../../commands/replies.js';
import { LOBBY_MS } from '../../src/app/host.js';
import { startFight } from '../app/fixtures.js';
import type { FakeMessage } from './fake-discord/index.js';
import { ALICE, BOB, CAROL, CHANNEL, GUILD, buttons, ephemeralText, findButton, startHarness, subcommand, TestClock, turnOf, type Harness } from './harness.js';

const key = { guildId: GUILD, channelId: CHANNEL };
const human = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The Lobby field of a game message ('' when it has none). */
const lobbyField = (m: FakeMessage): string => m.embeds[0]?.fields?.find((f) => f.name === 'Lobby')?.value ?? '';

describe('the lobby', () => {
  let h: Harness;
  const clock = new TestClock();
  beforeAll(async () => {
    h = await startHarness({ clock, roundTimerMs: 50, editIntervalMs: 50 });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  const labels = (id: string): string[] => buttons(h.fake.message(id)!).map((b) => b.label ?? '');
  const press = async (who: typeof ALICE, msgId: string, label: string) => {
    const b = buttons(h.fake.message(msgId)!).find((c) => c.label === label);
    if (!b?.custom_id) throw new Error(`no ${label} button`);
    return h.press(who, msgId, b.custom_id);
  };
  const meta = async () => {
    const v = await h.games.view(key);
    if (!v.ok) throw new Error('no game');
    return v.value;
  };
  /** Waits until the game message shows `ok` (the bot redraws it after a timer's change). */
  const until = async (id: string, ok: (m: FakeMessage) => boolean): Promise<FakeMessage> => {
    for (let i = 0; i < 100 && !ok(h.fake.message(id)!); i++) await human(20);
    return h.fake.message(id)!;
  };

  it('GIVEN /rogue new party:4 WHEN posted THEN it is a lobby naming who is in and the settings; the solo host starts it with ▶️ at once', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { seed: 31, size: 'small', difficulty: 'easy', party: 4 }));
    const msg = await h.gameMessage();
    expect(labels(msg.id)).toEqual(['join', 'leave', 'start']);
    expect(lobbyField(msg)).toContain('1/4 in');
    expect(lobbyField(msg)).toContain('alice (the host) starts the run with ▶️ start');
    expect(lobbyField(msg)).toContain(`<t:${Math.ceil((clock.t + LOBBY_MS) / 1000)}:R>`);
    expect(lobbyField(msg)).toContain('This run: easy difficulty · free turns');
    // Nobody plays in a lobby: the d-pad is not there yet.
    expect(findButton(msg, 'mv')).toBeUndefined();
    await human(30);
    expect((await press(ALICE, msg.id, 'start')).callback.type).toBe(7);
    expect((await meta()).meta.lobbyUntil).toBeUndefined();
    expect(findButton(h.fake.message(msg.id)!, 'mv')).toBeDefined();
    expect(lobbyField(h.fake.message(msg.id)!)).toBe('');
    await h.games.resetGame(key);
  });

  it('GIVEN a lobby WHEN Bob joins and Alice starts THEN the run begins on the same message; Bob may not start it', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { seed: 31, size: 'small', party: 4 }));
    const msg = await h.gameMessage();
    await human(30);
    expect((await press(BOB, msg.id, 'join')).callback.type).toBe(7);
    expect(lobbyField(h.fake.message(msg.id)!)).toContain('2/4 in');
    const refused = await press(BOB, msg.id, 'start');
    expect(ephemeralText(refused.callback)).toBe(failureText({ kind: 'forbidden', need: 'the host or Manage Server' }));
    await human(30);
    expect((await press(ALICE, msg.id, 'start')).callback.type).toBe(7);
    const view = await meta();
    expect(view.meta.lobbyUntil).toBeUndefined();
    expect(view.state.players.map((p) => p.id)).toEqual([ALICE.id, BOB.id]);
    expect(findButton(h.fake.message(msg.id)!, 'mv')).toBeDefined();
    await h.games.resetGame(key);
  });

  it('GIVEN a lobby for two WHEN Bob joins THEN it is full and the run starts by itself', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { seed: 32, size: 'small', party: 2 }));
    const msg = await h.gameMessage();
    expect(lobbyField(msg)).toContain('1/2 in');
    await human(30);
    await press(BOB, msg.id, 'join');
    expect((await meta()).meta.lobbyUntil).toBeUndefined();
    expect(logText((await meta()).meta.recentLog)).toContain('The party is full: the run starts.');
    expect(findButton(h.fake.message(msg.id)!, 'mv')).toBeDefined();
    await h.games.resetGame(key);
  });

  it('GIVEN a lobby nobody starts WHEN LOBBY_MS pass THEN the run starts by itself and the message shows the d-pad', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { seed: 33, size: 'small', party: 4 }));
    const msg = await h.gameMessage();
    clock.t += LOBBY_MS - 1000;
    await human(200);
    expect((await meta()).meta.lobbyUntil).toBeDefined();
    clock.t += 1000;
    const started = await until(msg.id, (m) => findButton(m, 'mv') !== undefined);
    expect(findButton(started, 'mv')).toBeDefined();
    expect(logText((await meta()).meta.recentLog)).toContain('The lobby waited long enough: the run starts.');
    await h.games.resetGame(key);
  });

  it('GIVEN a rounds lobby in a fight WHEN minutes pass before the host starts THEN no round runs; the round timer starts with the run', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { seed: 5, size: 'small', mode: 'rounds', round_seconds: 30, party: 4 }));
    await h.command(BOB, 'rogue', subcommand('join'));
    const msg = await h.gameMessage();
    // Nothing moves in the lobby: its party field names who is in, not whether rounds or free moves run.
    expect(msg.embeds[0]?.fields?.map((f) => f.name).slice(0, 2)).toEqual(['Lobby', 'Party']);
    // A monster in view while the party waits; the lobby holds the round timer (the fixture's deadline is taken off).
    await startFight(h.stores, key, clock.t);
    const loaded = await h.stores.games.load(key);
    if (loaded.kind !== 'found') throw new Error('no game');
    await h.stores.games.save(key, { ...loaded.game, meta: { ...loaded.game.meta, roundDeadline: null } }, loaded.rev, []);
    const turn = (await meta()).state.turn;
    clock.t += 120_000;
    await human(200);
    expect((await meta()).state.turn).toBe(turn);
    expect((await meta()).meta.roundDeadline).toBeNull();
    await h.command(ALICE, 'rogue', subcommand('start'));
    expect((await meta()).meta.roundDeadline).toBe(clock.t + 30_000);
    clock.t += 30_000;
    await until(msg.id, (m) => turnOf(m) > turn);
    expect((await meta()).state.turn).toBe(turn + 1);
    await h.games.resetGame(key);
  });

  it('GIVEN party_size:1 or lobby:false WHEN /rogue new THEN the run starts at once, with no lobby', async () => {
    await h.command(CAROL, 'rogue', subcommand('new', { seed: 34, size: 'small', party_size: 1 }));
    expect((await meta()).meta.lobbyUntil).toBeUndefined();
    expect(findButton(await h.gameMessage(), 'mv')).toBeDefined();
    await h.games.resetGame(key);
    await h.command(CAROL, 'rogue', subcommand('new', { seed: 34, size: 'small', lobby: false }));
    expect((await meta()).meta.lobbyUntil).toBeUndefined();
    expect(findButton(await h.gameMessage(), 'mv')).toBeDefined();
    await h.games.resetGame(key);
  });
});
