import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, arrowFor, buttons, startHarness, subcommand, TRANSPORTS, type Harness } from './harness.js';

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ transport });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  describe('the image map on Discord', () => {
    it('GIVEN a server on the default settings WHEN a game starts and a button is pressed THEN the message carries one map.png with alt text, shown by the embed, replaced (not piled up) by the edit', async () => {
      const started = await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 11, size: 'small' }));
      const msg = h.fake.originalMessage(started.id)!;
      expect(msg.embeds[0]!.image?.url).toBe('attachment://map.png');
      expect(msg.attachments).toHaveLength(1);
      expect(msg.attachments[0]!.filename).toBe('map.png');
      expect(msg.attachments[0]!.description).toMatch(/alice/i);
      const first = msg.attachments[0]!.id;
      // A turn: ⏳ where the layout shows it, else an arrow Alice can take (the phone layout keeps ⏳ for fights).
      const wait = buttons(msg).find((b) => b.custom_id?.startsWith('cc1:wait:')) ?? (await arrowFor(h.games, msg, ALICE.id))!;
      expect((await h.press(ALICE, msg.id, wait.custom_id!)).callback.type).toBe(7);
      const after = h.fake.message(msg.id)!;
      expect(after.attachments).toHaveLength(1);
      expect(after.attachments[0]!.id).not.toBe(first);
      expect(after.embeds[0]!.image?.url).toBe('attachment://map.png');
    });
  });
});
