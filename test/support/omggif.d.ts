/** Types of the parts of omggif (a GIF decoder, CommonJS, no types of its own) the replay tests use. */
declare module 'omggif' {
  export interface GifFrameInfo {
    x: number;
    y: number;
    width: number;
    height: number;
    delay: number;
    disposal: number;
    transparent_index: number | null;
  }
  export class GifReader {
    constructor(buf: Uint8Array);
    width: number;
    height: number;
    numFrames(): number;
    loopCount(): number | null;
    frameInfo(frame: number): GifFrameInfo;
    /** Draws the frame over `pixels` (RGBA, width * height * 4), leaving transparent pixels as they are. */
    decodeAndBlitFrameRGBA(frame: number, pixels: Uint8Array): void;
  }
}
