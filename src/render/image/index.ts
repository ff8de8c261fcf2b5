/** The image map: a game state drawn from real tiles into a palette PNG, with its alt text, where each living player's marker is and which monsters it shows. Pure (the caller passes deflate). */
import type { GameState } from '../../engine/types.js';
import { cameraTarget } from '../camera.js';
import { buildViewModel } from '../view-model.js';
import { describePicture } from './alt.js';
import { drawPicture, TILE_PX, type Picture } from './draw.js';
import { PHONE_IMAGE_CSS, privateFrame, PUBLIC_VIEW, publicFrame, type Frame } from './frame.js';
import { encodePng, type Deflate } from './png.js';
import { PictureMemo } from './memo.js';
import type { Locale } from '../../i18n/index.js';

export type { Deflate } from './png.js';
export type { Picture } from './draw.js';
export type { Frame } from './frame.js';

/** A rendered image map: the PNG bytes, its size, the alt text (the attachment's description), each living player's marker centre in image pixels and the ids of the monsters drawn. */
export interface ImageMap {
  png: Uint8Array;
  width: number;
  height: number;
  alt: string;
  markers: { playerId: string; x: number; y: number }[];
  monsters: number[];
  /** The main view's tile count across (the phone shows the picture PHONE_IMAGE_CSS wide at most). */
  tilesAcross: number;
}

/** How wide one tile of a picture `width` px wide shows on a 360 px phone, in CSS px (Discord scales it down to PHONE_IMAGE_CSS, never up). */
export function phoneTileCss(width: number): number {
  return TILE_PX * Math.min(1, PHONE_IMAGE_CSS / width);
}

/** File name of the map attachment; the embed shows it as `attachment://map.png`. */
export const IMAGE_NAME = 'map.png';

/** Most tiles a public picture's main view shows (PUBLIC_VIEW, or PHONE_PUBLIC_VIEW with the `mobile` setting). */
export type ViewCap = { readonly width: number; readonly height: number };

/** The frame of a picture: the public one (every living player, at most `cap`) without a viewer, the viewer's private one with. */
export function frameFor(state: GameState, visible: Uint8Array, mark: number, viewerId: string | null, cap: ViewCap = PUBLIC_VIEW): Frame {
  return viewerId == null ? publicFrame(state, visible, mark, cap) : privateFrame(state, cameraTarget(state, viewerId));
}

/** The picture (palette indices) of `state` seen through `frame`, cell i seen now when visible[i] === mark. */
export function drawImageWith(state: GameState, visible: Uint8Array, mark: number, viewerId: string | null, frame: Frame): Picture {
  const main = buildViewModel(state, visible, mark, frame.view, viewerId);
  return drawPicture(main, frame.strip.map((v) => buildViewModel(state, visible, mark, v, viewerId)));
}

/**
 * The image map with cell i seen now when visible[i] === mark. With a viewer it is that player's private view (centred
 * on them, drawn as the viewer); without, the public picture that shows every living player, at most `cap` tiles.
 * The alt text is in `locale` (English when absent).
 */
export function renderImageWith(
  state: GameState,
  visible: Uint8Array,
  mark: number,
  viewerId: string | null,
  deflate: Deflate,
  cap: ViewCap = PUBLIC_VIEW,
  locale?: Locale,
): ImageMap {
  const memoKey = { viewerId, capWidth: cap.width, capHeight: cap.height, locale, deflate };
  const known = pictures.get(state, visible, mark, memoKey);
  if (known) return known;
  const frame = frameFor(state, visible, mark, viewerId, cap);
  const pic = drawImageWith(state, visible, mark, viewerId, frame);
  const image: ImageMap = {
    png: encodePng(pic, deflate),
    width: pic.width,
    height: pic.height,
    alt: describePicture(state, visible, mark, locale),
    markers: pic.markers,
    monsters: pic.monsters,
    tilesAcross: frame.view.width,
  };
  pictures.set(state, visible, mark, memoKey, image);
  return image;
}

/** The pictures of stored states drawn lately: a state drawn again (a catch-up redraw) costs a check, not a render. */
const pictures = new PictureMemo<ImageMap>();
