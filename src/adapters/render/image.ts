/** The image map for Discord: the pure render's PNG deflated by node:zlib, and the attachment pieces the presenter sends. */
import { deflateSync } from 'node:zlib';
import { partySight, type GameState } from '../../engine/index.js';
import { IMAGE_NAME, renderImageWith, type Deflate, type ImageMap } from '../../render/image/index.js';

/** zlib level 1: a 960 x 640 map encodes in 1.2 ms to about 21 KB, against 5.1 ms and 14 KB at level 6 (npm run bench -- --filter image). */
export const PNG_DEFLATE_LEVEL = 1;

/** node:zlib's deflate at PNG_DEFLATE_LEVEL (deterministic for one zlib version). */
export const zlibDeflate: Deflate = (data) => deflateSync(data, { level: PNG_DEFLATE_LEVEL });

/** The image map of `state`: the public picture (every living player in frame) without a viewer, a player's private view with one. */
export function renderImageMap(state: GameState, viewerId: string | null = null): ImageMap {
  const sight = partySight(state);
  return renderImageWith(state, sight.mask, sight.mark, viewerId, zlibDeflate);
}

/** What a Discord message needs for the map: the embed's image URL, the file to attach and its alt text. */
export interface MapAttachment {
  /** `attachment://map.png`, for embed.image.url */
  url: string;
  name: string;
  file: Uint8Array;
  /** the attachment's description: alt text, at most 1,024 characters */
  description: string;
}

/** The attachment pieces of an image map. */
export function mapAttachment(image: ImageMap): MapAttachment {
  return { url: `attachment://${IMAGE_NAME}`, name: IMAGE_NAME, file: image.png, description: image.alt };
}
