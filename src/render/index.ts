/** Rendering: a game state as the text of a Discord message (emoji or ASCII), always within Discord's limits. Pure. */
import type { GameState } from '../engine/types.js';
import { lastParty, renderGameWith, type RenderOptions } from './game.js';
import type { RenderedMessage } from './limits.js';
import { partySight } from '../engine/index.js';
import { renderPrivateWith, type PrivateOptions } from './private.js';

export type { RenderStyle } from './glyphs.js';
export type { RenderOptions } from './game.js';
export type { EmbedText, RenderedMessage } from './limits.js';
export { checkLimits, LIMITS } from './limits.js';
export { codePoints } from './text.js';
export { playerMarker, monsterMarker } from './glyphs.js';
export { describeEvent } from './events.js';
export { renderStatus } from './status.js';
export { renderLogView } from './log-view.js';
export { mergeLog, turnLines, ROLLING_LOG_LINES } from './rolling-log.js';
export { countdownLine, relativeTime } from './timer.js';
export { IMAGE_NAME, type ImageMap, type Deflate } from './image/index.js';
export { RENDER_STYLES, STYLES } from './glyphs.js';
export type { PrivateOptions } from './private.js';

/** The game message seen by `options.viewerId` (or the party): map through the camera, HUD, turn log. */
export function renderGame(state: GameState, options: RenderOptions): RenderedMessage {
  // A run ended by vote keeps its last map: the party is drawn (and sees) where it stood.
  const sight = partySight(lastParty(state));
  return renderGameWith(state, options, sight.mask, sight.mark);
}

/** A player's private view: the map from their position in their style (image: their own picture), their HP, depth and items, the monsters they see. */
export function renderPrivate(state: GameState, viewerId: string, options: PrivateOptions): RenderedMessage {
  const sight = partySight(state);
  return renderPrivateWith(state, viewerId, options, sight.mask, sight.mark);
}
