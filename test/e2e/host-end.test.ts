/** Issue 19 through the fake Discord: the host's 🏳️ asks first, a vote survives a join, the ending line, Play again for the run's players. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIRM_END_TEXT, ENDED_TEXT } from '../../commands/controls/index.js';
import { failureText } from '../../commands/replies.js';
import { ALICE, BOB, CAROL, CHANNEL, GUILD, MALLORY, buttons, ephemeralText, startHarness, subcommand, type Harness } from './harness.js';
import type { FakeMessage } from './fake-discord/index.js';

const key = { guildId: GUILD, channelId: CHANNEL };
const human = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** The button labelled `label` on a message (its custom id). */
/** A button by its label, or (icon-only buttons send no label) by the verb in its custom id. */
function button(m: FakeMessage, label: RegExp, verb?: string): string {
  const b = buttons(m).find((c) => label.test(c.label ?? '')) ?? (verb ? buttons(m).find((c) => c.custom_id?.startsWith(`cc1:${verb}:`)) : undefined);
  if (!b?.custom_id) throw new Error(`no ${String(label)} button on ${JSON.stringify(buttons(m).map((c) => c.label))}`);
  return b.custom_id;
}

/** The Log field of a game message. */
/** The log lines a game message shows (› lines in the description or the party field, or a Log field). */
function logOf(m: FakeMessage): string {
  const e = m.embeds[0];
  return [e?.description ?? '', ...(e?.fields ?? []).map((f) => f.value)].join('\n');
}

describe('ending a run with friends', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ editIntervalMs: 50 });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  it('GIVEN bob voted WHEN carol joins THEN the vote and its tally stay on the message', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { seed: 31, size: 'small', party: 4 }));
    await h.command(BOB, 'rogue', subcommand('join'));
    const lobby = await h.gameMessage();
    // /rogue new opens a lobby: the host starts the run with ▶️ start on the game message.
    expect(buttons(lobby).map((b) => b.label)).toEqual(['join', 'leave', 'start', 'kick']);
    await human(20);
    expect((await h.press(ALICE, lobby.id, button(lobby, /^start$/))).callback.type).toBe(7);
    const pub = h.fake.message(lobby.id)!;
    await human(20);
    const voted = await h.press(BOB, pub.id, button(pub, /^end/, 'end'));
    expect(voted.callback.type).toBe(7);
    expect(button(h.fake.message(pub.id)!, /^end \(1\/2\)$/)).toBeTruthy();
    await human(20);
    await h.press(CAROL, pub.id, button(h.fake.message(pub.id)!, /^join$/, 'join'));
    const after = h.fake.message(pub.id)!;
    expect(button(after, /^end \(1\/2\)$/)).toBeTruthy();
    const view = await h.games.view(key);
    expect(view.ok && view.value.meta.endVotes).toEqual([BOB.id]);
  });

  it("GIVEN the host WHEN she taps 🏳️ THEN she is asked privately, the run goes on, and the confirm button ends it with a line saying she did", async () => {
    const pub = await h.gameMessage();
    const asked = await h.press(ALICE, pub.id, button(pub, /^end/, 'end'));
    expect(ephemeralText(asked.callback)).toBe(CONFIRM_END_TEXT);
    const still = await h.games.view(key);
    expect(still.ok && still.value.state.status).toBe('playing');
    const question = h.fake.originalMessage(asked.id)!;
    await human(30);
    const confirmed = await h.press(ALICE, question.id, button(question, /^End the run for everyone$/));
    expect([6, 7]).toContain(confirmed.callback.type);
    const ended = await h.games.view(key);
    expect(ended.ok && ended.value.state.status).toBe('over');
    await h.fake.waitForRequest((r) => r.method === 'POST' && r.path.startsWith(`/webhooks/${h.fake.applicationId}/`) && JSON.stringify(r.body).includes(ENDED_TEXT), 2000);
    for (let i = 0; i < 80 && !logOf(h.fake.message(pub.id)!).includes('Ended by the host, alice.'); i++) await human(25);
    expect(logOf(h.fake.message(pub.id)!)).toContain('Ended by the host, alice.');
    expect(buttons(h.fake.message(pub.id)!).map((b) => b.label)).toEqual(['Play again', 'Replay']);
  });

  it('GIVEN the finished run WHEN someone who did not play presses ▶️ THEN they are told to join, and a player of the run starts the new game', async () => {
    const pub = h.fake.message((await h.gameMessage()).id)!;
    const again = button(pub, /^Play again$/);
    const refused = await h.press(MALLORY, pub.id, again);
    expect(ephemeralText(refused.callback)).toBe(failureText({ kind: 'not-your-run' }));
    const still = await h.games.view(key);
    expect(still.ok && still.value.state.status).toBe('over');
    await human(20);
    await h.press(CAROL, pub.id, again);
    const next = await h.games.view(key);
    expect(next.ok && next.value.state.status).toBe('playing');
    expect(next.ok && next.value.state.players.map((p) => p.id)).toEqual([CAROL.id]);
    // The party's next run opens a lobby, so the invited players join before it starts.
    expect(next.ok && next.value.meta.lobbyUntil).toBeDefined();
  });
});
