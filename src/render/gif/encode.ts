/**
 * An animated GIF of same-sized palette pictures (the image map's 256-colour palette, so no quantising): the first
 * frame whole, then each frame only as the rectangle that changed since the previous one, drawn over it (disposal
 * "leave in place"), with its unchanged pixels in that rectangle made transparent when a palette index is free for
 * it, so the long runs compress to almost nothing. Every decoded frame is exactly its picture. Pure.
 */
import { ByteSink, writeLzw } from './lzw.js';

/** One picture of the animation: width x height palette indices. */
export interface GifFrame {
  px: Uint8Array;
}

export interface GifOptions {
  width: number;
  height: number;
  /** 256 RGB triples. */
  palette: Uint8Array;
  /** Hundredths of a second each frame shows. */
  delayCs: number;
  /** The last frame holds this much longer (hundredths), so the ending can be read. */
  lastDelayCs?: number;
}

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * A rectangle holding every pixel where `a` and `b` differ, or null when they are equal. Pictures whose width is a
 * multiple of 4 (every image map) are compared four pixels at a time, and their rectangle's sides then fall on
 * multiples of 4 (a few unchanged pixels more, which the encoder makes transparent); others pixel by pixel.
 */
export function changedRect(a: Uint8Array, b: Uint8Array, width: number, height: number): Rect | null {
  const n = width * height;
  if (width % 4 !== 0 || a.byteOffset % 4 !== 0 || b.byteOffset % 4 !== 0) return changedRectBytes(a, b, width, height);
  const a32 = new Uint32Array(a.buffer, a.byteOffset, n >> 2);
  const b32 = new Uint32Array(b.buffer, b.byteOffset, n >> 2);
  const words = width >> 2;
  let first = 0;
  while (first < a32.length && a32[first] === b32[first]) first++;
  if (first === a32.length) return null;
  let last = a32.length - 1;
  while (a32[last] === b32[last]) last--;
  const y0 = Math.floor(first / words);
  const y1 = Math.floor(last / words);
  let x0 = words;
  let x1 = -1;
  for (let y = y0; y <= y1; y++) {
    const row = y * words;
    for (let x = 0; x < x0; x++) {
      if (a32[row + x] !== b32[row + x]) {
        x0 = x;
        break;
      }
    }
    for (let x = words - 1; x > x1; x--) {
      if (a32[row + x] !== b32[row + x]) {
        x1 = x;
        break;
      }
    }
  }
  return { x: x0 * 4, y: y0, w: (x1 - x0 + 1) * 4, h: y1 - y0 + 1 };
}

/** changedRect pixel by pixel, to the exact pixel. */
function changedRectBytes(a: Uint8Array, b: Uint8Array, width: number, height: number): Rect | null {
  let y0 = -1;
  let y1 = -1;
  let x0 = width;
  let x1 = -1;
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let first = -1;
    for (let x = 0; x < width; x++) {
      if (a[row + x] !== b[row + x]) {
        first = x;
        break;
      }
    }
    if (first < 0) continue;
    let last = first;
    for (let x = width - 1; x > first; x--) {
      if (a[row + x] !== b[row + x]) {
        last = x;
        break;
      }
    }
    if (y0 < 0) y0 = y;
    y1 = y;
    if (first < x0) x0 = first;
    if (last > x1) x1 = last;
  }
  return y0 < 0 ? null : { x: x0, y: y0, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** Encodes the frames as a looping GIF89a. */
export function encodeGif(frames: readonly GifFrame[], o: GifOptions): Uint8Array {
  const { width, height } = o;
  const rects: (Rect | null)[] = [];
  const used = new Uint8Array(256);
  frames.forEach((f, i) => {
    const rect = i === 0 ? { x: 0, y: 0, w: width, h: height } : changedRect(frames[i - 1]!.px, f.px, width, height);
    rects.push(rect);
    if (!rect) return;
    for (let y = rect.y; y < rect.y + rect.h; y++) for (let x = rect.x, p = y * width + x; x < rect.x + rect.w; x++, p++) used[f.px[p]!] = 1;
  });
  const free = used.indexOf(0);
  const transparent = free >= 0 ? free : -1;

  const sink = new ByteSink();
  sink.all([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]); // GIF89a
  sink.u16(width);
  sink.u16(height);
  sink.byte(0xf7); // global colour table, 8-bit colour resolution, 256 entries
  sink.byte(0);
  sink.byte(0);
  sink.all(o.palette.subarray(0, 768));
  // NETSCAPE2.0: loop for ever.
  sink.all([0x21, 0xff, 0x0b, ...[...'NETSCAPE2.0'].map((c) => c.charCodeAt(0)), 0x03, 0x01, 0x00, 0x00, 0x00]);

  let buf = new Uint8Array(width * height);
  frames.forEach((f, i) => {
    const last = i === frames.length - 1;
    const delay = last ? (o.lastDelayCs ?? o.delayCs) : o.delayCs;
    // An unchanged frame is one transparent pixel (or, with no free index, the top-left pixel redrawn).
    const rect = rects[i] ?? { x: 0, y: 0, w: 1, h: 1 };
    const prev = i === 0 ? null : frames[i - 1]!.px;
    const n = rect.w * rect.h;
    if (buf.length < n) buf = new Uint8Array(n);
    let k = 0;
    for (let y = rect.y; y < rect.y + rect.h; y++) {
      for (let x = rect.x, p = y * width + x; x < rect.x + rect.w; x++, p++) {
        const v = f.px[p]!;
        buf[k++] = prev && transparent >= 0 && prev[p] === v ? transparent : v;
      }
    }
    const useTransparency = prev !== null && transparent >= 0;
    // Graphics control: disposal 1 (leave the frame in place), the transparent index when used, the delay.
    sink.all([0x21, 0xf9, 0x04, (1 << 2) | (useTransparency ? 1 : 0)]);
    sink.u16(delay);
    sink.byte(useTransparency ? transparent : 0);
    sink.byte(0);
    sink.byte(0x2c);
    sink.u16(rect.x);
    sink.u16(rect.y);
    sink.u16(rect.w);
    sink.u16(rect.h);
    sink.byte(0);
    writeLzw(sink, buf, n);
  });
  sink.byte(0x3b);
  return sink.result();
}
