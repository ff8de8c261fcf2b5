import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESTARTING_TEXT } from '../../src/adapters/discord/router.js';
import { ALICE, CHANNEL, GUILD, ephemeralText, turnButton, startHarness, subcommand, turnOf, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  // Every service call takes 150 ms and the bot defers after 100 ms: the same path a slow Redis would take under Discord's 3 s.
  h = await startHarness({ slowMs: 150, deferAfterMs: 100 });
});
afterAll(async () => {
  expect(h.fake.violations()).toEqual([]);
  await h.close();
});

describe('a slow service', () => {
  it('GIVEN answers that take longer than the defer threshold WHEN commands and buttons arrive THEN the bot defers first and then edits, never failing the interaction', async () => {
    const started = await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 2, size: 'small' }));
    expect(started.callback.type).toBe(5); // deferred (ephemeral "thinking")
    const msg = await h.gameMessage(); // posted as a follow-up and recorded
    expect(msg.flags & 64).toBe(0); // public, not the private placeholder
    expect(turnOf(msg)).toBe(0);

    const pressed = await h.press(ALICE, msg.id, turnButton(msg)!.custom_id!);
    expect(pressed.callback.type).toBe(6); // deferred update...
    await h.fake.waitForRequest((r) => r.method === 'PATCH' && r.path.endsWith('/messages/@original') && r.path.includes(`/webhooks/${h.fake.applicationId}/`));
    await h.fake.waitForRequest(() => turnOf(h.fake.message(msg.id)!) === 1, 3000).catch(() => undefined);
    expect(turnOf(h.fake.message(msg.id)!)).toBe(1); // ...then the same message is edited
    expect(h.fake.failures()).toEqual([]);
  });

  it('GIVEN an interaction in flight WHEN the bot stops THEN that one is finished, a newcomer is told the bot is restarting, and only then is the client destroyed', async () => {
    const inFlight = await h.fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'rogue', options: subcommand('wait') });
    await new Promise((r) => setTimeout(r, 20)); // the bot has it and is working on it
    const stopping = h.bot.stop();
    const late = await h.fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'rogue', options: subcommand('wait') });
    expect(ephemeralText(await h.fake.waitForResponse(late.id))).toBe(RESTARTING_TEXT);
    await stopping;
    expect((await h.fake.waitForResponse(inFlight.id)).type).toBe(5);
    const final = h.fake.originalMessage(inFlight.id)!;
    expect(final.flags & 128).toBe(0); // no longer "thinking": the answer was delivered before the client went away
    expect(final.content.length).toBeGreaterThan(0);
    expect(turnOf(h.fake.message((await h.gameMessage()).id)!)).toBe(2);
  });
});
