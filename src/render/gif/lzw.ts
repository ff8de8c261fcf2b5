/**
 * GIF's variable-width LZW, written into 255-byte sub-blocks. The dictionary is the classic `compress` open-addressing
 * hash (5003 slots, as in gifenc and the GIF encoders before it): a clear code empties it when 4,096 codes are in use.
 * Pure and allocation-free per call apart from the growing output.
 */

/** A growable byte buffer. */
export class ByteSink {
  bytes = new Uint8Array(1 << 16);
  length = 0;

  /** Makes room for `n` more bytes. */
  reserve(n: number): void {
    if (this.length + n <= this.bytes.length) return;
    let size = this.bytes.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.bytes.subarray(0, this.length));
    this.bytes = next;
  }

  byte(b: number): void {
    this.reserve(1);
    this.bytes[this.length++] = b;
  }

  /** A 16-bit little-endian number. */
  u16(n: number): void {
    this.reserve(2);
    this.bytes[this.length++] = n & 255;
    this.bytes[this.length++] = (n >> 8) & 255;
  }

  all(data: ArrayLike<number>): void {
    this.reserve(data.length);
    for (let i = 0; i < data.length; i++) this.bytes[this.length++] = data[i]!;
  }

  /** A copy of what was written. */
  result(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

const HSIZE = 5003;
const HSHIFT = 4;
const MAX_BITS = 12;
const MAX_CODES = 1 << MAX_BITS;

// Shared scratch tables: encoding is synchronous, so one pair serves every call.
const htab = new Int32Array(HSIZE);
const codetab = new Int32Array(HSIZE);

/**
 * Writes the image data of one GIF frame: the minimum code size byte, the LZW codes of `data[0..n)` (palette indices
 * below 2^minCodeSize) in sub-blocks, and the zero-length block that ends them.
 */
export function writeLzw(sink: ByteSink, data: Uint8Array, n: number, minCodeSize = 8): void {
  sink.byte(minCodeSize);
  const clear = 1 << minCodeSize;
  const eoi = clear + 1;
  const initBits = minCodeSize + 1;
  let nBits = initBits;
  let maxcode = (1 << nBits) - 1;
  let freeEnt = clear + 2;
  let clearFlag = false;
  // Worst case a little over 12 bits per pixel, plus a length byte per 255: reserve once, write unchecked.
  sink.reserve(Math.ceil(n * 1.6) + 64);
  const out = sink.bytes;
  let pos = sink.length;
  let blockStart = pos++;
  let acc = 0;
  let accBits = 0;

  const output = (code: number): void => {
    acc |= code << accBits;
    accBits += nBits;
    while (accBits >= 8) {
      out[pos++] = acc & 255;
      acc >>>= 8;
      accBits -= 8;
      if (pos - blockStart - 1 === 255) {
        out[blockStart] = 255;
        blockStart = pos++;
      }
    }
    if (freeEnt > maxcode || clearFlag) {
      if (clearFlag) {
        nBits = initBits;
        maxcode = (1 << nBits) - 1;
        clearFlag = false;
      } else {
        nBits++;
        maxcode = nBits === MAX_BITS ? MAX_CODES : (1 << nBits) - 1;
      }
    }
  };

  htab.fill(-1);
  output(clear);
  let ent = data[0] ?? 0;
  outer: for (let i = 1; i < n; i++) {
    const c = data[i]!;
    const fcode = (c << MAX_BITS) + ent;
    let h = (c << HSHIFT) ^ ent;
    if (htab[h] === fcode) {
      ent = codetab[h]!;
      continue;
    }
    if (htab[h]! >= 0) {
      const disp = h === 0 ? 1 : HSIZE - h;
      do {
        h -= disp;
        if (h < 0) h += HSIZE;
        if (htab[h] === fcode) {
          ent = codetab[h]!;
          continue outer;
        }
      } while (htab[h]! >= 0);
    }
    output(ent);
    ent = c;
    if (freeEnt < MAX_CODES) {
      codetab[h] = freeEnt++;
      htab[h] = fcode;
    } else {
      htab.fill(-1);
      freeEnt = clear + 2;
      clearFlag = true;
      output(clear);
    }
  }
  output(ent);
  output(eoi);
  if (accBits > 0) {
    out[pos++] = acc & 255;
    if (pos - blockStart - 1 === 255) {
      out[blockStart] = 255;
      blockStart = pos++;
    }
  }
  const last = pos - blockStart - 1;
  if (last > 0) {
    out[blockStart] = last;
    out[pos++] = 0;
  } else {
    // The open block is empty: it becomes the terminator.
    out[blockStart] = 0;
  }
  sink.length = pos;
}
