/** Until the image renderer lands, a game whose render style is 'image' (the new default) is drawn as emoji. */
import { describe, expect, it } from 'vitest';
import { gamePayload } from '../../../src/adapters/discord/presenter.js';
import type { GameView } from '../../../src/app/service-types.js';
import { DEFAULT_SETTINGS } from '../../../src/app/settings.js';
import { sampleGame, sampleMeta } from '../../app/fixtures.js';

function viewOf(render: GameView['meta']['render']): GameView {
  return { key: { guildId: '1', channelId: '2' }, state: sampleGame().state, meta: sampleMeta({ render }), events: [] };
}

describe('image render style fallback', () => {
  it('GIVEN the defaults WHEN a new server plays THEN its style is image', () => {
    expect(DEFAULT_SETTINGS.render).toBe('image');
  });

  it('GIVEN an image-style game WHEN the presenter draws it THEN it draws exactly the emoji message', () => {
    expect(gamePayload(viewOf('image'), 0)).toEqual(gamePayload(viewOf('emoji'), 0));
    expect(gamePayload(viewOf('image'), 0)).not.toEqual(gamePayload(viewOf('ascii'), 0));
  });
});
