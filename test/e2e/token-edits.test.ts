import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, CHANNEL, GUILD, startHarness, subcommand, TRANSPORTS, turnOf, type Harness, turnButton } from './harness.js';
import type { RecordedRequest } from './fake-discord/index.js';

/** Requests sent with the bot token (the ones Discord's global 50/s counts). */
const botToken = (r: RecordedRequest): boolean => (r.headers.authorization ?? '').startsWith('Bot ');

describe.each(TRANSPORTS)('game-message redraws through press tokens over the %s transport', (transport) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ transport, tokenEdits: true, editIntervalMs: 1 });
  });

  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  it('GIVEN a game posted by /rogue new and a press on it WHEN slash actions redraw the shared message THEN every redraw goes through an interaction token and no request uses the bot token', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 6, size: 'small' }));
    await h.command(BOB, 'rogue', subcommand('join'));
    const shared = await h.gameMessage();
    const before = h.fake.requests.length;
    // A slash action: the redraw uses the token of the /rogue new answer that posted the message.
    await h.command(ALICE, 'rogue', subcommand('wait'));
    await h.command(BOB, 'rogue', subcommand('wait'));
    // A press on the shared message gives a fresher token; the next slash action redraws through it.
    const wait = turnButton(h.fake.message(shared.id)!)!;
    await h.press(ALICE, shared.id, wait.custom_id!);
    await h.command(BOB, 'rogue', subcommand('wait'));
    await h.bot.flushEdits();
    const after = h.fake.requests.slice(before);
    expect(after.filter(botToken).map((r) => `${r.method} ${r.path}`)).toEqual([]);
    const tokenEdits = after.filter((r) => r.method === 'PATCH' && /^\/webhooks\/[^/]+\/[^/]+\/messages\/@original$/.test(r.path));
    expect(tokenEdits.length).toBeGreaterThanOrEqual(2);
    // The shared message shows the newest turn.
    const current = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
    expect(current.ok && turnOf(h.fake.message(shared.id)!)).toBe(current.ok && current.value.state.turn);
    expect(h.fake.messages(CHANNEL).filter((m) => (m.flags & 64) === 0 && m.components.length > 0)).toHaveLength(1);
  });
});
