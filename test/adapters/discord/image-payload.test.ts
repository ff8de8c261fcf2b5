/** The image style on Discord: the map is a PNG attached to the game message, shown by the embed, with alt text; edits replace it. */
import { describe, expect, it } from 'vitest';
import { gameMessage } from '../../../src/adapters/discord/router.js';
import { messageBody } from '../../../src/adapters/discord/payload.js';
import { gamePayload } from '../../../src/adapters/discord/presenter.js';
import type { GameView } from '../../../src/app/service-types.js';
import { DEFAULT_SETTINGS } from '../../../src/app/settings.js';
import { sampleGame, sampleMeta } from '../../app/fixtures.js';

function viewOf(render: GameView['meta']['render']): GameView {
  return { key: { guildId: '1', channelId: '2' }, state: sampleGame().state, meta: sampleMeta({ render }), events: [] };
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe('image render style on the game message', () => {
  it('GIVEN the defaults WHEN a new server plays THEN its style is image', () => {
    expect(DEFAULT_SETTINGS.render).toBe('image');
  });

  it('GIVEN an image-style game WHEN presented THEN the embed shows attachment://map.png, a PNG with alt text is attached, and no map text is sent', () => {
    const p = gamePayload(viewOf('image'), 0);
    // The alt text is on the embed image itself (where screen readers read it) as well as on the attachment.
    expect(p.embeds[0]!.image).toEqual({ url: 'attachment://map.png', description: p.files[0]!.description });
    expect(p.files).toHaveLength(1);
    expect(p.files[0]!.name).toBe('map.png');
    expect([...p.files[0]!.data.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(p.files[0]!.description.length).toBeGreaterThan(0);
    expect([...p.files[0]!.description].length).toBeLessThanOrEqual(1024);
    expect(p.content).not.toContain('```');
    expect(gamePayload(viewOf('image'), 0).files[0]!.data).toEqual(p.files[0]!.data); // same state, same bytes
  });

  it('GIVEN a text style WHEN sent THEN nothing is attached, and the body lists no old attachments to keep (an old picture is dropped)', () => {
    for (const style of ['emoji', 'ascii'] as const) {
      const p = gamePayload(viewOf(style), 0);
      expect(p.files).toEqual([]);
      expect(p.embeds[0]!.image).toBeUndefined();
      expect(messageBody(gameMessage(p), false).attachments).toEqual([]);
    }
  });

  it('GIVEN an image payload WHEN sent THEN the body names exactly the new file, with its description, so old attachments are dropped', () => {
    const p = gamePayload(viewOf('image'), 0);
    const body = messageBody(gameMessage(p), false);
    expect(body.attachments).toEqual([{ id: 0, filename: 'map.png', description: p.files[0]!.description }]);
    expect(p.files[0]!.description.length).toBeGreaterThan(0);
  });
});
