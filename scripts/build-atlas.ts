/**
 * npx tsx scripts/build-atlas.ts [--extract]
 * Builds src/render/image/atlas.ts (16 px tiles as palette indices in base64, and a shared palette of at most 120
 * colours by median cut) from the vendored 32 px tiles in assets/tiles/.
 * With --extract, first cuts those tiles out of Debian's crawl-tiles-data sheets (Dungeon Crawl Stone Soup, CC0).
 * With --rltiles DIR, first copies the single-tile PNGs of RLTILES (paths under crawl-ref/source/rltiles/ of
 * github.com/crawl/crawl, CC0 / public domain) from DIR/<name>.png into assets/tiles/ as 32 px RGBA.
 *
 * The atlas holds every tile named here; each monster and item row names its tile (art.tile), and
 * test/engine/tables.test.ts checks that every row's tile is in the atlas.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { decode, encode } from 'fast-png';

const SHEETS = '/usr/share/crawl/dat/tiles';
const ASSETS = 'assets/tiles';
const OUT = 'src/render/image/atlas.ts';
const SRC = 32;
const SIZE = 16;

/** Where each vendored tile comes from: sheet and rectangle (sprites in the sheets are trimmed, so some are smaller than 32 px and get centred). */
const SOURCES: Readonly<Record<string, { sheet: string; x: number; y: number; w: number; h: number }>> = {
  floor: { sheet: 'floor.png', x: 576, y: 0, w: 32, h: 32 },
  wall: { sheet: 'wall.png', x: 768, y: 128, w: 32, h: 32 },
  stairs: { sheet: 'feat.png', x: 160, y: 224, w: 32, h: 32 },
  potion: { sheet: 'main.png', x: 0, y: 538, w: 18, h: 27 },
  goblin: { sheet: 'player.png', x: 320, y: 1472, w: 32, h: 32 },
  orc: { sheet: 'player.png', x: 160, y: 1504, w: 32, h: 32 },
  troll: { sheet: 'player.png', x: 416, y: 1248, w: 32, h: 32 },
  hero: { sheet: 'player.png', x: 640, y: 1216, w: 32, h: 32 },
  fallen: { sheet: 'feat.png', x: 608, y: 160, w: 32, h: 32 },
  lure: { sheet: 'main.png', x: 304, y: 625, w: 28, h: 32 },
};

/** Tiles copied from the crawl repository's rltiles/ folder (one 32 px PNG each; see assets/tiles/LICENSE.txt). */
const RLTILES: Readonly<Record<string, string>> = {
  bat: 'mon/animals/bat.png',
  archer: 'mon/humanoids/elves/deep_elf_archer.png',
  shaman: 'mon/humanoids/orcs/orc_priest.png',
  golem: 'mon/humanoids/giants/stone_giant.png',
  warlord: 'mon/humanoids/orcs/orc_warlord.png',
  scroll: 'item/scroll/scroll-brown.png',
  teleport: 'item/scroll/scroll-blue.png',
  bomb: 'mon/nonliving/bomblet.png',
  dagger: 'item/weapon/dagger.png',
  sword: 'item/weapon/long_sword1.png',
  spear: 'item/weapon/spear1.png',
  axe: 'item/weapon/battle_axe1.png',
  leather: 'item/armour/leather_armour1.png',
  mail: 'item/armour/chain_mail1.png',
};

/** Every tile of the atlas, in order. */
const TILE_NAMES = [...Object.keys(SOURCES), ...Object.keys(RLTILES)];

/**
 * Tiles made from another tile (rules version 3's kinds): mirrored and tinted (each channel times the factor), then
 * drawn in the palette the vendored tiles made, so adding one never shifts another tile's colours.
 */
const DERIVED: Readonly<Record<string, { from: string; tint: readonly [number, number, number]; mirror: boolean }>> = {
  ooze: { from: 'potion', tint: [0.5, 1.4, 0.45], mirror: false },
  hexer: { from: 'shaman', tint: [1.2, 0.6, 1.35], mirror: true },
  rapier: { from: 'dagger', tint: [1.15, 1.15, 1.25], mirror: true },
  halberd: { from: 'spear', tint: [1.1, 0.95, 0.8], mirror: true },
  plate: { from: 'mail', tint: [1.2, 1.2, 1.3], mirror: true },
};

/** Tiles drawn here pixel by pixel (16 x 16, '.' transparent), in the palette the vendored tiles made: no source fits. */
const DRAWN: Readonly<Record<string, { rows: readonly string[]; colours: Readonly<Record<string, readonly [number, number, number]>> }>> = {
  wolf: {
    rows: [
      '................',
      '................',
      '..........D.D...',
      '.........DGDGD..',
      'D........DGGGGD.',
      'GD..DDDDDDGGEGD.',
      'DGDDGGGGGGGGGGGD',
      '.DGGGGGGGGGGGGNN',
      '.DGGGGGGGGGGDD..',
      '..DGGGGGGGGGD...',
      '..DGGLLLLLLGD...',
      '...DGDGDDGDGD...',
      '...DGDGDDGDGD...',
      '...DGDGDDGDGD...',
      '....D.D..D.D....',
      '................',
    ],
    colours: { G: [122, 118, 112], D: [38, 36, 36], L: [176, 168, 156], E: [232, 196, 64], N: [16, 16, 16] },
  },
  // Rules version 4's kinds.
  lizard: {
    rows: [
      '................',
      '................',
      '................',
      '..........DDD...',
      '.........DGGGD..',
      '........DGGEGGD.',
      '.......DGGGGGGN.',
      '..D...DGGGGGGD..',
      '.DGD.DGGGGGGD...',
      'DG.DDGGLLLLGD...',
      'G..DGGLLLLLGD...',
      '...DGGGGGGGD....',
      '....DGD..DGD....',
      '...DGD..DGD.....',
      '...DD...DD......',
      '................',
    ],
    colours: { G: [84, 150, 64], D: [28, 54, 28], L: [178, 196, 116], E: [232, 196, 64], N: [16, 16, 16] },
  },
  skeleton: {
    rows: [
      '.....DWWWWD.....',
      '....DWWWWWWD....',
      '....WNNWWNNW....',
      '....WNNWWNNW....',
      '....DWWNNWWD....',
      '.....WNWNWD.....',
      '......DWWD......',
      '.......WW.......',
      '....DWWWWWWD....',
      '...W.WWWWWW.W...',
      '...W.D.WW.D.W...',
      '...W.WWWWWW.W...',
      '.....D.WW.D.....',
      '......WWWW......',
      '.....WD..DW.....',
      '....WW....WW....',
    ],
    colours: { W: [226, 220, 200], D: [140, 134, 118], N: [16, 16, 16] },
  },
};

/** A drawn tile's pixels. */
function drawn(d: (typeof DRAWN)[string]): Uint8Array {
  const out = new Uint8Array(SIZE * SIZE * 4);
  d.rows.forEach((row, y) => {
    [...row].forEach((ch, x) => {
      const c = d.colours[ch];
      if (!c) return;
      out.set([c[0], c[1], c[2], 255], (y * SIZE + x) * 4);
    });
  });
  return out;
}

/** A derived tile's pixels: its source's, mirrored if asked and tinted. */
function derive(src: Uint8Array, d: (typeof DERIVED)[string]): Uint8Array {
  const out = new Uint8Array(src.length);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const from = (y * SIZE + (d.mirror ? SIZE - 1 - x : x)) * 4;
      const to = (y * SIZE + x) * 4;
      for (let c = 0; c < 3; c++) out[to + c] = Math.min(255, Math.round(src[from + c]! * d.tint[c]!));
      out[to + 3] = src[from + 3]!;
    }
  }
  return out;
}

function rgba(png: ReturnType<typeof decode>): Uint8Array {
  if (png.palette) return fromPalette(png);
  if (png.depth !== 8) throw new Error('8-bit sheets only');
  const src = png.data as Uint8Array;
  if (png.channels === 4) return src;
  const out = new Uint8Array(png.width * png.height * 4);
  for (let i = 0, j = 0; i < png.width * png.height; i++) {
    out[j++] = src[i * png.channels]!;
    out[j++] = src[i * png.channels + 1]!;
    out[j++] = src[i * png.channels + 2]!;
    out[j++] = png.channels === 4 ? src[i * 4 + 3]! : 255;
  }
  return out;
}

/** A palette PNG (4 or 8 bits per pixel) as RGBA; palette entries without alpha are opaque. */
function fromPalette(png: ReturnType<typeof decode>): Uint8Array {
  const pal = png.palette!;
  const src = png.data as Uint8Array;
  const n = png.width * png.height;
  const out = new Uint8Array(n * 4);
  const perByte = 8 / png.depth;
  const rowBytes = Math.ceil(png.width / perByte);
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < png.width; x++) {
      const byte = src[y * rowBytes + Math.floor(x / perByte)]!;
      const shift = 8 - png.depth * ((x % perByte) + 1);
      const entry = pal[(byte >> shift) & ((1 << png.depth) - 1)] ?? [0, 0, 0, 0];
      out.set([entry[0]!, entry[1]!, entry[2]!, entry[3] ?? 255], (y * png.width + x) * 4);
    }
  }
  return out;
}

function importRltiles(dir: string): void {
  for (const name of Object.keys(RLTILES)) {
    const png = decode(readFileSync(`${dir}/${name}.png`));
    if (png.width !== SRC || png.height !== SRC) throw new Error(`${name}: expected ${SRC}x${SRC}`);
    writeFileSync(`${ASSETS}/${name}.png`, encode({ width: SRC, height: SRC, data: rgba(png), channels: 4, depth: 8 }));
  }
}

function extract(): void {
  const cache = new Map<string, { w: number; data: Uint8Array }>();
  for (const [name, s] of Object.entries(SOURCES)) {
    let sheet = cache.get(s.sheet);
    if (!sheet) {
      const png = decode(readFileSync(`${SHEETS}/${s.sheet}`));
      sheet = { w: png.width, data: rgba(png) };
      cache.set(s.sheet, sheet);
    }
    const tile = new Uint8Array(SRC * SRC * 4);
    const ox = (SRC - s.w) >> 1;
    const oy = (SRC - s.h) >> 1;
    for (let y = 0; y < s.h; y++) {
      for (let x = 0; x < s.w; x++) {
        const from = ((s.y + y) * sheet.w + s.x + x) * 4;
        tile.set(sheet.data.subarray(from, from + 4), ((oy + y) * SRC + ox + x) * 4);
      }
    }
    writeFileSync(`${ASSETS}/${name}.png`, encode({ width: SRC, height: SRC, data: tile, channels: 4, depth: 8 }));
  }
}

/** 32 px -> 16 px: each output pixel averages a 2x2 block, colours weighted by alpha. */
function halve(src: Uint8Array): Uint8Array {
  const out = new Uint8Array(SIZE * SIZE * 4);
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      let r = 0, g = 0, b = 0, a = 0;
      for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) {
        const i = ((2 * y + dy) * SRC + 2 * x + dx) * 4;
        const al = src[i + 3]!;
        r += src[i]! * al;
        g += src[i + 1]! * al;
        b += src[i + 2]! * al;
        a += al;
      }
      const o = (y * SIZE + x) * 4;
      if (a > 0) {
        out[o] = Math.round(r / a);
        out[o + 1] = Math.round(g / a);
        out[o + 2] = Math.round(b / a);
      }
      // Hard edges read better than soft ones at 16 px: half-covered pixels become opaque.
      out[o + 3] = a / 4 >= 96 ? 255 : 0;
    }
  }
  return out;
}

/** Colours the atlas may use: the renderer's palette holds them, their dimmed twins and 16 fixed colours (256 in all). */
const MAX_COLOURS = 120;

type Rgb = [number, number, number];

/** Median cut: splits the box with the widest channel range at its median until there are `max` boxes; each box's mean is a palette colour. */
function medianCut(colours: Rgb[], max: number): Rgb[] {
  let boxes: Rgb[][] = [colours];
  const range = (b: Rgb[], c: number): number => Math.max(...b.map((p) => p[c]!)) - Math.min(...b.map((p) => p[c]!));
  while (boxes.length < max) {
    let best = -1;
    let bestRange = 0;
    let bestChannel = 0;
    boxes.forEach((b, i) => {
      if (b.length < 2) return;
      for (let c = 0; c < 3; c++) {
        const r = range(b, c);
        if (r > bestRange) [best, bestRange, bestChannel] = [i, r, c];
      }
    });
    if (best < 0) break;
    const box = [...boxes[best]!].sort((a, b) => a[bestChannel]! - b[bestChannel]!);
    const mid = box.length >> 1;
    boxes = [...boxes.slice(0, best), box.slice(0, mid), box.slice(mid), ...boxes.slice(best + 1)];
  }
  return boxes.map((b) => [0, 1, 2].map((c) => Math.round(b.reduce((n, p) => n + p[c]!, 0) / b.length)) as Rgb);
}

function nearest(palette: readonly Rgb[], p: Rgb): number {
  let best = 0;
  let bestD = Infinity;
  palette.forEach((q, i) => {
    const d = (q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2 + (q[2] - p[2]) ** 2;
    if (d < bestD) [best, bestD] = [i, d];
  });
  return best;
}

function build(): void {
  const tiles = TILE_NAMES.map((name) => {
    const png = decode(readFileSync(`${ASSETS}/${name}.png`));
    if (png.width !== SRC || png.height !== SRC) throw new Error(`${name}.png must be ${SRC}x${SRC}`);
    return { name, px: halve(rgba(png)) };
  });
  // Every opaque pixel counts once per occurrence, so that large areas (floor, wall) get the most faithful colours.
  const colours: Rgb[] = [];
  for (const t of tiles) for (let i = 0; i < t.px.length; i += 4) if (t.px[i + 3]) colours.push([t.px[i]!, t.px[i + 1]!, t.px[i + 2]!]);
  const palette = medianCut(colours, MAX_COLOURS);
  for (const [name, d] of Object.entries(DERIVED)) {
    const src = tiles.find((t) => t.name === d.from);
    if (!src) throw new Error(`${name}: no tile ${d.from} to derive from`);
    tiles.push({ name, px: derive(src.px, d) });
  }
  for (const [name, d] of Object.entries(DRAWN)) tiles.push({ name, px: drawn(d) });
  const hex = (c: Rgb): string => `0x${((c[0] << 16) | (c[1] << 8) | c[2]).toString(16).padStart(6, '0')}`;
  const lines = [
    '/** GENERATED by scripts/build-atlas.ts from assets/tiles/*.png (Dungeon Crawl Stone Soup tiles, CC0): do not edit. */',
    '',
    '/** Side of one atlas tile, in pixels. */',
    `export const TILE_SIZE = ${SIZE};`,
    '',
    '/** The atlas colours as 0xRRGGBB; a tile pixel p > 0 is ATLAS_PALETTE[p - 1], 0 is transparent. */',
    `export const ATLAS_PALETTE: readonly number[] = [${palette.map(hex).join(', ')}];`,
    '',
    '/** Each tile as base64 of TILE_SIZE x TILE_SIZE palette indices (row-major, 0 = transparent). */',
    'export const ATLAS_BASE64 = {',
  ];
  for (const t of tiles) {
    const idx = new Uint8Array(SIZE * SIZE);
    for (let i = 0; i < idx.length; i++) if (t.px[i * 4 + 3]) idx[i] = 1 + nearest(palette, [t.px[i * 4]!, t.px[i * 4 + 1]!, t.px[i * 4 + 2]!]);
    lines.push(`  ${t.name}: '${Buffer.from(idx).toString('base64')}',`);
  }
  lines.push('} as const;', '', '/** Name of a tile in the atlas. */', 'export type TileName = keyof typeof ATLAS_BASE64;', '');
  writeFileSync(OUT, lines.join('\n'));
}

if (process.argv.includes('--extract')) extract();
const rl = process.argv.indexOf('--rltiles');
if (rl >= 0) importRltiles(process.argv[rl + 1] ?? '.');
build();
