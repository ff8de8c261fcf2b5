/** Typed-array fields of the game state: a Uint8Array that serialises itself as base64, so the state stays JSON-safe. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const LOOKUP = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) LOOKUP[ALPHABET.charCodeAt(i)] = i;

/** A Uint8Array whose JSON form is a compact string: `bits:length:base64` with `bits` bits per cell. */
export class Bytes extends Uint8Array {
  /** Bits each cell needs when stored (every value must fit). */
  static readonly bits: 1 | 2 | 4 | 8 = 8;
  toJSON(): string {
    return encodePacked(this, (this.constructor as typeof Bytes).bits);
  }
}

/** Tile codes (0..3): stored at 2 bits a cell, so an 80x40 map costs about 1 KB of JSON. */
export class TileBytes extends Bytes {
  static override readonly bits = 2;
}

/** A 0/1 mask (fog of war): stored at 1 bit a cell. */
export class MaskBytes extends Bytes {
  static override readonly bits = 1;
}

const KINDS = { 1: MaskBytes, 2: TileBytes, 4: Bytes, 8: Bytes } as const;

/** Packs cells at `bits` bits each (values are masked to fit) and encodes them as `bits:length:base64`. */
export function encodePacked(cells: Uint8Array, bits: 1 | 2 | 4 | 8): string {
  if (bits === 8) return `8:${cells.length}:${encodeBase64(cells)}`;
  const per = 8 / bits;
  const mask = (1 << bits) - 1;
  const packed = new Uint8Array(Math.ceil(cells.length / per));
  for (let i = 0; i < cells.length; i++) packed[(i / per) | 0]! |= (cells[i]! & mask) << ((i % per) * bits);
  return `${bits}:${cells.length}:${encodeBase64(packed)}`;
}

/** Decodes `bits:length:base64` into the matching Bytes class; null when malformed. */
export function decodePacked(text: string): Bytes | null {
  const m = /^(1|2|4|8):(\d{1,7}):(.*)$/s.exec(text);
  if (!m) return null;
  const bits = Number(m[1]) as 1 | 2 | 4 | 8;
  const length = Number(m[2]);
  const packed = decodeBase64(m[3]!);
  const per = 8 / bits;
  if (!packed || packed.length !== Math.ceil(length / per)) return null;
  const out = new KINDS[bits](length);
  if (bits === 8) {
    out.set(packed);
    return out;
  }
  const mask = (1 << bits) - 1;
  for (let i = 0; i < length; i++) out[i] = (packed[(i / per) | 0]! >> ((i % per) * bits)) & mask;
  return out;
}

/** Standard base64 (with padding) of some bytes. */
export function encodeBase64(bytes: Uint8Array): string {
  let out = '';
  const n = bytes.length;
  let i = 0;
  for (; i + 2 < n; i += 3) {
    const v = (bytes[i]! << 16) | (bytes[i + 1]! << 8) | bytes[i + 2]!;
    out += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + ALPHABET[(v >> 6) & 63]! + ALPHABET[v & 63]!;
  }
  if (i < n) {
    const rest = n - i;
    const v = (bytes[i]! << 16) | (rest === 2 ? bytes[i + 1]! << 8 : 0);
    out += ALPHABET[v >> 18]! + ALPHABET[(v >> 12) & 63]! + (rest === 2 ? ALPHABET[(v >> 6) & 63]! : '=') + '=';
  }
  return out;
}

/** Decodes standard base64; returns null when the text is not valid base64. */
export function decodeBase64(text: string): Bytes | null {
  if (text.length % 4 !== 0) return null;
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Bytes((text.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const a = LOOKUP[text.charCodeAt(i)] ?? -1;
    const b = LOOKUP[text.charCodeAt(i + 1)] ?? -1;
    const cc = text.charCodeAt(i + 2);
    const dc = text.charCodeAt(i + 3);
    const c = cc === 61 ? 0 : (LOOKUP[cc] ?? -1);
    const d = dc === 61 ? 0 : (LOOKUP[dc] ?? -1);
    if (a < 0 || b < 0 || c < 0 || d < 0) return null;
    const v = (a << 18) | (b << 12) | (c << 6) | d;
    if (o < out.length) out[o++] = v >> 16;
    if (o < out.length) out[o++] = (v >> 8) & 255;
    if (o < out.length) out[o++] = v & 255;
  }
  return out;
}

/** Copies a mask into a new MaskBytes (the state never shares mutable arrays between versions). */
export function copyMask(bytes: Uint8Array): MaskBytes {
  const out = new MaskBytes(bytes.length);
  out.set(bytes);
  return out;
}
