/** Issue 11 item 3: an answer never waits on an edit of the game message, even behind a long rate limit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, CHANNEL, ephemeralText, startHarness, subcommand, turnOf, TRANSPORTS, type Harness } from './harness.js';

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ transport, editIntervalMs: 50 });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  describe('a rate-limited game message', () => {
    it('GIVEN the game message edit answers 429 retry_after 30 WHEN players keep acting THEN every answer still comes at once, and the game message is not queued behind the limit', async () => {
      await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 5, size: 'small' }));
      const msg = await h.gameMessage();
      const edit = (method: string, path: string): boolean => method === 'PATCH' && path === `/channels/${CHANNEL}/messages/${msg.id}`;
      h.fake.failRequests(edit, { retryAfterSec: 30 }, 1);
      for (let i = 0; i < 4; i++) {
        const waited = await h.command(ALICE, 'rogue', subcommand('wait'));
        expect(ephemeralText(waited.callback).length).toBeGreaterThan(0);
        expect(waited.ms).toBeLessThan(1000);
      }
      // Nothing was held behind the limit: the message shows the newest turn, and no stale frame was replayed after it.
      await h.bot.flushEdits();
      expect(turnOf(h.fake.message(msg.id)!)).toBe(4);
      const patches = h.fake.requests.filter((r) => edit(r.method, r.path));
      expect(patches.length).toBeLessThanOrEqual(4);
      expect(patches.filter((r) => r.status === 429)).toHaveLength(1);
    });
  });
});
