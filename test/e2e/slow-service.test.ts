import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, findButton, startHarness, subcommand, turnOf, type Harness } from './harness.js';

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
    const started = await h.command(ALICE, 'rogue', subcommand('new', { seed: 2, size: 'small' }));
    expect(started.callback.type).toBe(5); // deferred (ephemeral "thinking")
    const msg = await h.gameMessage(); // posted as a follow-up and recorded
    expect(msg.flags & 64).toBe(0); // public, not the private placeholder
    expect(turnOf(msg)).toBe(0);

    const pressed = await h.press(ALICE, msg.id, findButton(msg, 'wait')!.custom_id!);
    expect(pressed.callback.type).toBe(6); // deferred update...
    await h.fake.waitForRequest((r) => r.method === 'PATCH' && r.path.endsWith('/messages/@original') && r.path.includes(`/webhooks/${h.fake.applicationId}/`));
    await h.fake.waitForRequest(() => turnOf(h.fake.message(msg.id)!) === 1, 3000).catch(() => undefined);
    expect(turnOf(h.fake.message(msg.id)!)).toBe(1); // ...then the same message is edited
    expect(h.fake.failures()).toEqual([]);
  });
});
