/** The image style on Discord: the map is a PNG attached to the game message, shown by the embed, with alt text; edits replace it. */
import { describe, expect, it } from 'vitest';
import { discordGameMessage } from '../../../src/adapters/discord/router.js';
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
    expect(p.embeds[0]!.image).toEqual({ url: 'attachment://map.png' });
    expect(p.files).toHaveLength(1);
    expect(p.files[0]!.name).toBe('map.png');
    expect([...p.files[0]!.data.slice(0, 8)]).toEqual(PNG_SIGNATURE);
    expect(p.files[0]!.description.length).toBeGreaterThan(0);
    expect([...p.files[0]!.description].length).toBeLessThanOrEqual(1024);
    expect(p.content).not.toContain('```');
    expect(gamePayload(viewOf('image'), 0).files[0]!.data).toEqual(p.files[0]!.data); // same state, same bytes
  });

  it('GIVEN a text style WHEN presented THEN nothing is attached, and the discord.js message still lists no old attachments to keep', () => {
    for (const style of ['emoji', 'ascii'] as const) {
      const p = gamePayload(viewOf(style), 0);
      expect(p.files).toEqual([]);
      expect(p.embeds[0]!.image).toBeUndefined();
      expect(discordGameMessage(p).attachments).toEqual([]);
    }
  });

  it('GIVEN an image payload WHEN converted for discord.js THEN the file carries its name and description and old attachments are dropped', () => {
    const d = discordGameMessage(gamePayload(viewOf('image'), 0));
    expect(d.attachments).toEqual([]);
    expect(d.files[0]).toMatchObject({ name: 'map.png' });
    expect(d.files[0]!.description.length).toBeGreaterThan(0);
    expect(Buffer.isBuffer(d.files[0]!.attachment)).toBe(true);
  });
});
