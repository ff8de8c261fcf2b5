/** A small RGB PNG drawn in code (a grid of coloured tiles with four player dots), for checking how the page scales pictures. */
import { crc32, deflateSync } from 'node:zlib';
import type { ImageMarker } from './bot.js';

const TILE = 16;
const COLS = 40;
const ROWS = 20;

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/** Encodes RGB pixels (3 bytes each, row by row) as a PNG. */
export function encodeRgbPng(width: number, height: number, rgb: Uint8Array): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) Buffer.from(rgb.buffer, rgb.byteOffset + y * width * 3, width * 3).copy(raw, y * (width * 3 + 1) + 1);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** Slot colours of the four fixture players. */
const PLAYERS: readonly { label: string; col: number; row: number; rgb: [number, number, number] }[] = [
  { label: '1', col: 1, row: 1, rgb: [88, 101, 242] },
  { label: '2', col: 38, row: 1, rgb: [35, 165, 90] },
  { label: '3', col: 1, row: 18, rgb: [240, 178, 50] },
  { label: '4', col: 38, row: 18, rgb: [218, 55, 60] },
];

/** A 640x320 picture (wider than a phone) and where its four player dots are. */
export function fixturePng(): { png: Buffer; markers: ImageMarker[] } {
  const width = COLS * TILE;
  const height = ROWS * TILE;
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const col = Math.floor(x / TILE);
      const row = Math.floor(y / TILE);
      const wall = col === 0 || row === 0 || col === COLS - 1 || row === ROWS - 1;
      const edge = x % TILE === 0 || y % TILE === 0;
      const player = PLAYERS.find((p) => p.col === col && p.row === row);
      const c = player ? player.rgb : wall ? [90, 80, 70] : edge ? [40, 40, 48] : [60, 60, 70];
      rgb.set(c, (y * width + x) * 3);
    }
  }
  return { png: encodeRgbPng(width, height, rgb), markers: PLAYERS.map((p) => ({ x: p.col * TILE + TILE / 2, y: p.row * TILE + TILE / 2, label: p.label })) };
}
