/** Issue 19 through the fake Discord: a lobby friends join, that the host starts. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureText } from '../../commands/replies.js';
import { ALICE, BOB, CHANNEL, GUILD, buttons, ephemeralText, findButton, startHarness, subcommand, type Harness } from './harness.js';

describe('the lobby', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ editIntervalMs: 50 });
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

  it('GIVEN /rogue new lobby:true WHEN Bob joins and Alice starts THEN the run begins on the same message; Bob may not start it', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { seed: 31, size: 'small', lobby: true }));
    const msg = await h.gameMessage();
    expect(labels(msg.id)).toEqual(['join', 'leave', 'start']);
    await new Promise((r) => setTimeout(r, 30));
    expect((await press(BOB, msg.id, 'join')).callback.type).toBe(7);
    const refused = await press(BOB, msg.id, 'start');
    expect(ephemeralText(refused.callback)).toBe(failureText({ kind: 'forbidden', need: 'the host or Manage Server' }));
    await new Promise((r) => setTimeout(r, 30));
    expect((await press(ALICE, msg.id, 'start')).callback.type).toBe(7);
    const view = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
    expect(view.ok && view.value.meta.lobbyUntil).toBeUndefined();
    expect(view.ok && view.value.state.players.map((p) => p.id)).toEqual([ALICE.id, BOB.id]);
    expect(findButton(h.fake.message(msg.id)!, 'wait')).toBeDefined();
  });
});
