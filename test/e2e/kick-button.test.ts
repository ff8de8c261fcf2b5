/** Issue 19 through the fake Discord: the host removes a player with 👢 (whom, then confirm), without typing a command. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logText } from '../../src/app/rolling-log.js';
import { KICK_HOST_ONLY_TEXT, KICK_WHO_TEXT, kickConfirmText } from '../../commands/controls/index.js';
import { kickText } from '../../commands/replies.js';
import type { FakeMessage } from './fake-discord/index.js';
import { ALICE, BOB, CAROL, CHANNEL, GUILD, buttons, ephemeralText, startHarness, subcommand, type Harness } from './harness.js';

const key = { guildId: GUILD, channelId: CHANNEL };
const human = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A button's custom id by its label, or (icon-only buttons send no label) by the verb in its custom id. */
function button(m: FakeMessage, label: RegExp, verb?: string): string {
  const b = buttons(m).find((c) => label.test(c.label ?? '')) ?? (verb ? buttons(m).find((c) => c.custom_id?.startsWith(`cc1:${verb}:`)) : undefined);
  if (!b?.custom_id) throw new Error(`no ${String(label)} button on ${JSON.stringify(buttons(m).map((c) => c.label))}`);
  return b.custom_id;
}

describe('the 👢 kick button', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ editIntervalMs: 50 });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  it('GIVEN a lobby of three WHEN Bob presses 👢 THEN only the host may, and he is told how the party votes instead', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { seed: 31, size: 'small', party: 4 }));
    await h.command(BOB, 'rogue', subcommand('join'));
    await h.command(CAROL, 'rogue', subcommand('join'));
    const lobby = h.fake.message((await h.gameMessage()).id)!;
    expect(buttons(lobby).map((b) => b.label)).toEqual(['join', 'leave', 'start', 'kick']);
    await human(20);
    const refused = await h.press(BOB, lobby.id, button(lobby, /^kick$/));
    expect(ephemeralText(refused.callback)).toBe(KICK_HOST_ONLY_TEXT);
    await human(20);
    await h.press(ALICE, lobby.id, button(lobby, /^start$/));
  });

  it('GIVEN the running game WHEN the host presses 👢 on her controller, picks Bob and confirms THEN Bob leaves the party and the log says the host removed him', async () => {
    const pub = h.fake.message((await h.gameMessage()).id)!;
    const opened = await h.press(ALICE, pub.id, button(pub, /^my view$/, 'me'));
    const controller = h.fake.originalMessage(opened.id)!;
    await human(20);
    const who = await h.press(ALICE, controller.id, button(controller, /^kick$/));
    expect(ephemeralText(who.callback)).toBe(KICK_WHO_TEXT);
    const question = h.fake.originalMessage(who.id)!;
    // Only the other members are offered, by name.
    expect(buttons(question).map((b) => b.label)).toEqual(['bob', 'carol']);
    await human(20);
    const sure = await h.press(ALICE, question.id, button(question, /^bob$/));
    expect(ephemeralText(sure.callback)).toBe(kickConfirmText('bob'));
    const confirm = h.fake.originalMessage(sure.id)!;
    // Nothing happens before the confirmation.
    const before = await h.games.view(key);
    expect(before.ok && before.value.state.players.map((p) => p.id)).toEqual([ALICE.id, BOB.id, CAROL.id]);
    await human(20);
    await h.press(ALICE, confirm.id, button(confirm, /^Remove bob$/));
    const after = await h.games.view(key);
    expect(after.ok && after.value.state.players.map((p) => p.id)).toEqual([ALICE.id, CAROL.id]);
    expect(after.ok && logText(after.value.meta.recentLog)).toContain('bob was removed from the party by the host.');
    await h.fake.waitForRequest((r) => r.method === 'POST' && r.path.startsWith(`/webhooks/${h.fake.applicationId}/`) && JSON.stringify(r.body).includes(kickText(true, 0, 0)), 2000);
  });
});
