/** PNG container for a palette picture (signature, IHDR, PLTE, IDAT, IEND with CRCs); the zlib stream comes from the caller, since deflate is I/O-free but lives in node:zlib, outside the pure render. */
import type { Picture } from './draw.js';

/** Compresses bytes into a zlib stream (RFC 1950), e.g. node:zlib's deflateSync; it must not keep `data` (a reused buffer). */
export type Deflate = (data: Uint8Array) => Uint8Array;

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(bytes: Uint8Array, start: number, end: number): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = CRC_TABLE[(c ^ bytes[i]!) & 255]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

// The scanline buffer is reused between encodes, as the picture buffer is (encoding is synchronous, and the deflate
// returns new bytes): a 544 x 544 picture would otherwise allocate 296 KB of garbage a press.
let lines = new Uint8Array(0);

/**
 * The picture's rows as PNG scanlines, one index per pixel after a filter byte: 2 (Up) with zeros for a row equal to
 * the one above, which tiles drawn at 2x make of about every other row; 0 (None) for the others (filters don't help
 * palette indices). Zeros deflate smaller than a copy of the row above: 12% fewer bytes than every row unfiltered,
 * at the same speed (docs/operations.md). The bytes are valid until the next call: a caller that keeps them copies
 * them.
 */
export function scanlines(pic: Picture): Uint8Array {
  const { width, height, px } = pic;
  const size = (width + 1) * height;
  if (lines.length < size) lines = new Uint8Array(size);
  const out = lines.subarray(0, size);
  // Rows compared four pixels at a time when they are word-aligned (picture widths are whole tiles: always).
  const words = width % 4 === 0 && px.byteOffset % 4 === 0 ? new Int32Array(px.buffer, px.byteOffset, (width * height) >> 2) : null;
  const w4 = width >> 2;
  for (let y = 0; y < height; y++) {
    const at = y * (width + 1);
    if (y > 0 && (words ? sameWords(words, y * w4, w4) : sameBytes(px, y * width, width))) {
      out[at] = 2;
      out.fill(0, at + 1, at + 1 + width);
      continue;
    }
    out[at] = 0;
    out.set(px.subarray(y * width, (y + 1) * width), at + 1);
  }
  return out;
}

/** Whether the n words from `a` equal the n before them (a row and the one above). */
function sameWords(words: Int32Array, a: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (words[a + k] !== words[a - n + k]) return false;
  return true;
}

function sameBytes(px: Uint8Array, a: number, n: number): boolean {
  for (let k = 0; k < n; k++) if (px[a + k] !== px[a - n + k]) return false;
  return true;
}

/** Encodes a palette picture as an 8-bit indexed PNG, `deflate` compressing the scanlines; the same picture and deflate give the same bytes. */
export function encodePng(pic: Picture, deflate: Deflate): Uint8Array {
  const idat = deflate(scanlines(pic));
  const plte = pic.palette;
  const out = new Uint8Array(8 + (12 + 13) + (12 + plte.length) + (12 + idat.length) + 12);
  const dv = new DataView(out.buffer);
  out.set(SIGNATURE, 0);
  let o = 8;
  const chunk = (type: string, body: Uint8Array): void => {
    dv.setUint32(o, body.length);
    for (let i = 0; i < 4; i++) out[o + 4 + i] = type.charCodeAt(i);
    out.set(body, o + 8);
    dv.setUint32(o + 8 + body.length, crc32(out, o + 4, o + 8 + body.length));
    o += 12 + body.length;
  };
  const ihdr = new Uint8Array(13);
  const hv = new DataView(ihdr.buffer);
  hv.setUint32(0, pic.width);
  hv.setUint32(4, pic.height);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: palette
  chunk('IHDR', ihdr); // compression, filter method and interlace stay 0
  chunk('PLTE', plte);
  chunk('IDAT', idat);
  chunk('IEND', new Uint8Array(0));
  return out;
}
