/** The image map: a game state drawn from real tiles into a palette PNG, with its alt text and where each living player's marker is. Pure (the caller passes deflate). */
import type { GameState } from '../../engine/types.js';
import { buildViewModel } from '../view-model.js';
import { describePicture } from './alt.js';
import { drawPicture, type Picture } from './draw.js';
import { privateFrame, publicFrame, type Frame } from './frame.js';
import { encodePng, type Deflate } from './png.js';

export type { Deflate } from './png.js';
export type { Picture } from './draw.js';

/** A rendered image map: the PNG bytes, its size, the alt text (the attachment's description) and each living player's marker centre in image pixels. */
export interface ImageMap {
  png: Uint8Array;
  width: number;
  height: number;
  alt: string;
  markers: { playerId: string; x: number; y: number }[];
}

/** File name of the map attachment; the embed shows it as `attachment://map.png`. */
export const IMAGE_NAME = 'map.png';

/** The frame of a picture: the public one (every living player) without a viewer, the viewer's private one with. */
export function frameFor(state: GameState, viewerId: string | null): Frame {
  return viewerId == null ? publicFrame(state) : privateFrame(state, viewerId);
}

/** The picture (palette indices) of `state` seen through `frame`, cell i seen now when visible[i] === mark. */
export function drawImageWith(state: GameState, visible: Uint8Array, mark: number, viewerId: string | null, frame: Frame): Picture {
  return drawPicture(buildViewModel(state, visible, mark, frame.view, viewerId), frame.tileSize);
}

/**
 * The image map with cell i seen now when visible[i] === mark. With a viewer it is that player's private view (centred
 * on them, drawn as the viewer); without, the public picture that shows every living player.
 */
export function renderImageWith(state: GameState, visible: Uint8Array, mark: number, viewerId: string | null, deflate: Deflate): ImageMap {
  const pic = drawImageWith(state, visible, mark, viewerId, frameFor(state, viewerId));
  return {
    png: encodePng(pic, deflate),
    width: pic.width,
    height: pic.height,
    alt: describePicture(state, visible, mark),
    markers: pic.markers,
  };
}
