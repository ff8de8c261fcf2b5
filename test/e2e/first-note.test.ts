/**
 * Issue 24: a player's first game says privately, once, what each icon button does: with `/rogue new`'s posted game
 * when a solo run starts at once, else on their first press.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, BOB, buttons, startHarness, subcommand, TRANSPORTS, type Harness } from './harness.js';

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ transport, editIntervalMs: 50 });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  /** The texts of the private notes (ephemeral follow-ups and replies, flag 64) the bot has sent so far that carry the first-game note. */
  function firstNotes(): string[] {
    return h.fake.requests
      .filter((r) => r.method === 'POST' && (r.path.startsWith('/webhooks/') || r.path.endsWith('/callback')))
      .map((r) => r.body as { content?: string; flags?: number; data?: { content?: string; flags?: number } })
      .map((b) => b.data ?? b)
      .filter((b) => ((b.flags ?? 0) & 64) === 64 && (b.content ?? '').includes('👋'))
      .map((b) => b.content ?? '');
  }

  it('GIVEN alice and bob new to the game WHEN each presses a button on the game message twice THEN each gets the note once, privately', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { seed: 31, size: 'small' }));
    // Alice's /rogue new started her run at once: the note follows the posted game before she presses anything.
    for (let i = 0; i < 40 && firstNotes().length < 1; i++) await new Promise((r) => setTimeout(r, 25));
    expect(firstNotes()).toHaveLength(1);
    await h.command(BOB, 'rogue', subcommand('join'));
    for (const user of [ALICE, BOB, ALICE, BOB]) {
      const pub = await h.gameMessage();
      const wait = buttons(pub).find((b) => /^cc1:(wait|mv):/.test(b.custom_id ?? '') && !b.disabled)!;
      await h.press(user, pub.id, wait.custom_id!);
    }
    for (let i = 0; i < 40 && firstNotes().length < 2; i++) await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 200));
    // Once for alice, once for bob: never again for either.
    const seen = firstNotes();
    expect(seen).toHaveLength(2);
    for (const n of seen) expect(n).toContain('🎮');
  });
});
