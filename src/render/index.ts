/** Rendering: a game state as the text of a Discord message (emoji or ASCII), always within Discord's limits. Pure. */
import type { GameState } from '../engine/types.js';
import { renderGameWith, type RenderOptions } from './game.js';
import type { RenderedMessage } from './limits.js';
import { partySight } from '../engine/index.js';

export type { RenderStyle } from './glyphs.js';
export type { RenderOptions } from './game.js';
export type { EmbedText, RenderedMessage } from './limits.js';
export { checkLimits, LIMITS } from './limits.js';
export { codePoints } from './text.js';
export { playerMarker, monsterMarker } from './glyphs.js';
export { describeEvent } from './events.js';
export { renderStatus } from './status.js';

/** The game message seen by `options.viewerId` (or the party): map through the camera, HUD, turn log. */
export function renderGame(state: GameState, options: RenderOptions): RenderedMessage {
  const sight = partySight(state);
  return renderGameWith(state, options, sight.mask, sight.mark);
}
