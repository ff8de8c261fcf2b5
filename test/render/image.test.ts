/** The image map: golden hashes, decoded pixels, every living player in frame, alt text, same state -> same bytes. */
import { createHash } from 'node:crypto';
import { inflateSync } from 'node:zlib';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { zlibDeflate } from '../../src/adapters/render/image.js';
import type { GameState } from '../../src/engine/types.js';
import { ALT_MAX, direction } from '../../src/render/image/alt.js';
import { Extra, PICTURE_PALETTE, TILE_PX } from '../../src/render/image/draw.js';
import { drawImageWith, frameFor, phoneTileCss, renderImageWith, type ImageMap } from '../../src/render/image/index.js';
import { scanlines } from '../../src/render/image/png.js';
import { MIN_TILE_CSS, PHONE_IMAGE_CSS, PHONE_IMAGE_WIDTHS, PHONE_PUBLIC_VIEW, PRIVATE_VIEW, PUBLIC_VIEW, STRIP_VIEW, tilesAcross } from '../../src/render/image/frame.js';
import { SLOT_COLOURS } from '../../src/render/image/tiles.js';
import { monsterLabel } from '../../src/engine/index.js';
import { PUBLIC_SIGHT_LINES, renderGameWith } from '../../src/render/game.js';
import { OFF_PICTURE } from '../../src/render/hud.js';
import { drawState, mask } from './fixtures.js';

/** A drawn tile's side in pixels (2x). */
const T = TILE_PX;

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex').slice(0, 16);

/** The concatenated IDAT chunks of a PNG. */
function idat(png: Uint8Array): Buffer {
  const parts: Buffer[] = [];
  const b = Buffer.from(png);
  for (let o = 8; o < b.length; ) {
    const len = b.readUInt32BE(o);
    if (b.toString('latin1', o + 4, o + 8) === 'IDAT') parts.push(b.subarray(o + 8, o + 8 + len));
    o += 12 + len;
  }
  return Buffer.concat(parts);
}

/** RGB of pixel (x, y) of a decoded PNG. */
function pixel(png: Uint8Array, x: number, y: number): [number, number, number] {
  const img = decode(png);
  const i = y * img.width + x;
  if (img.palette) {
    const c = img.palette[img.data[i]!]!;
    return [c[0]!, c[1]!, c[2]!];
  }
  const ch = img.channels;
  return [img.data[i * ch]!, img.data[i * ch + 1]!, img.data[i * ch + 2]!];
}

/** Mean brightness of a tile (r + g + b averaged over its pixels). */
function tileBrightness(png: Uint8Array, tx: number, ty: number, size = T): number {
  let sum = 0;
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) sum += pixel(png, tx * size + x, ty * size + y).reduce((a, b) => a + b, 0);
  return sum / (size * size);
}

const hex = (c: number): [number, number, number] => [(c >> 16) & 255, (c >> 8) & 255, c & 255];

// A solo explorer: the west room is lit, the east room only remembered, the far east never seen.
const solo = drawState(
  [
    '##############',
    '#1.g.#......##',
    '#....+...>..##',
    '#.!..#..o...##',
    '##############',
  ].map((r) => r.replace('+', '.')),
  { names: ['Alice'], explored: ['xxxxxxxxxxxx..', 'xxxxxxxxxxxx..', 'xxxxxxxxxxxx..', 'xxxxxxxxxxxx..', 'xxxxxxxxxxxx..'] },
);
const soloSeen = mask(['xxxxxx........', 'xxxxxx........', 'xxxxxx........', 'xxxxxx........', 'xxxxxx........']);

/** A party of four in the four corners of a 90 x 30 cave, each with a monster nearby; everything seen. */
function spreadParty(): GameState {
  const W = 90;
  const H = 30;
  const rows: string[][] = Array.from({ length: H }, (_, y) => [...Array(W)].map((_, x) => (x === 0 || y === 0 || x === W - 1 || y === H - 1 ? '#' : '.')));
  const put = (x: number, y: number, c: string): void => {
    rows[y]![x] = c;
  };
  put(2, 2, '1');
  put(4, 3, 'g');
  put(W - 3, 2, '2');
  put(W - 5, 2, 'o');
  put(2, H - 3, '3');
  put(3, H - 5, 'g');
  put(W - 3, H - 3, '4');
  put(W - 4, H - 4, 'T');
  put(45, 15, '>');
  put(40, 12, '!');
  return drawState(rows.map((r) => r.join('')), { names: ['Alice', 'Bob', 'Carol', 'Dave'] });
}
const party = spreadParty();
const partySeen = new Uint8Array(party.width * party.height).fill(1);

function render(state: GameState, seen: Uint8Array, viewer: string | null = null): ImageMap {
  return renderImageWith(state, seen, 1, viewer, zlibDeflate);
}

const ink = (i: number): [number, number, number] => [PICTURE_PALETTE[i * 3]!, PICTURE_PALETTE[i * 3 + 1]!, PICTURE_PALETTE[i * 3 + 2]!];

describe('image map golden renders (2x, 32 px tiles)', () => {
  it('solo, public picture: whole explored level, stable bytes', () => {
    const img = render(solo, soloSeen);
    // The whole level is smaller than the square view: the view is the level.
    expect([img.width, img.height]).toEqual([solo.width * T, solo.height * T]);
    expect(sha(img.png)).toMatchInlineSnapshot(`"5a8967384c77547b"`);
  });

  it('spread-out party of 4, public picture: a PUBLIC_VIEW frame on the fighters and a strip window for each of the others, stable bytes', () => {
    const frame = frameFor(party, partySeen, 1, null);
    expect([frame.view.width, frame.view.height]).toEqual([PUBLIC_VIEW.width, PUBLIC_VIEW.height]);
    expect(frame.strip).toHaveLength(3);
    expect(frame.strip.every((w) => w.width === STRIP_VIEW.width && w.height === STRIP_VIEW.height)).toBe(true);
    const img = render(party, partySeen);
    expect(img.width).toBe(PUBLIC_VIEW.width * T);
    expect(sha(img.png)).toMatchInlineSnapshot(`"6d5b8d79ad76e3ab"`);
  });

  it('private view of player 2: centred on them, PRIVATE_VIEW tiles', () => {
    const img = render(party, partySeen, 'p2');
    expect([img.width, img.height]).toEqual([PRIVATE_VIEW.width * T, PRIVATE_VIEW.height * T]);
    expect(sha(img.png)).toMatchInlineSnapshot(`"f38bec2b79367ff7"`);
  });

  it('gives the same bytes for the same state, every time', () => {
    expect(render(party, partySeen).png).toEqual(render(party, partySeen).png);
    expect(render(solo, soloSeen, 'p1').png).toEqual(render(solo, soloSeen, 'p1').png);
  });
});

describe('image map pixels', () => {
  const img = render(solo, soloSeen);

  it.each([8, 5])('GIVEN a picture %i pixels wide (rows compared by words, or byte by byte) WHEN its scanlines are made THEN a row equal to the one above is Up and zeros, any other row None and its pixels', (width) => {
    const rows = [[1, 2], [1, 2], [3, 4], [3, 4], [3, 4], [1, 2]].map(([a, b]) => Array.from({ length: width }, (_, x) => (x % 2 === 0 ? a! : b!)));
    rows[4]![width - 1] = 9; // differs from the row above in its last pixel only
    const pic = { width, height: rows.length, px: Uint8Array.from(rows.flat()), palette: PICTURE_PALETTE, markers: [], monsters: [] };
    const lines = scanlines(pic);
    const expected = rows.flatMap((row, y) => (y > 0 && row.every((v, x) => v === rows[y - 1]![x]) ? [2, ...row.map(() => 0)] : [0, ...row]));
    expect([...lines]).toEqual(expected);
    expect(rows.map((_, y) => lines[y * (width + 1)])).toEqual([0, 2, 0, 2, 0, 0]);
  });

  it('GIVEN the golden pictures WHEN their PNGs are decoded THEN every pixel is the drawn palette index, rows filtered Up (a row equal to the one above) or not at all', () => {
    for (const [state, seen, viewer, mobile] of [[solo, soloSeen, null, false], [party, partySeen, null, false], [party, partySeen, 'p2', false], [party, partySeen, null, true]] as const) {
      const cap = mobile ? PHONE_PUBLIC_VIEW : PUBLIC_VIEW;
      const png = renderImageWith(state, seen, 1, viewer, zlibDeflate, cap).png;
      const drawn = drawImageWith(state, seen, 1, viewer, frameFor(state, seen, 1, viewer, cap));
      const d = decode(png);
      expect([d.width, d.height]).toEqual([drawn.width, drawn.height]);
      expect(Buffer.from(d.data as Uint8Array).equals(Buffer.from(drawn.px))).toBe(true);
      // Filter bytes: Up only where the row repeats the one above, None elsewhere.
      const lines = inflateSync(idat(png));
      const w = drawn.width;
      for (let y = 0; y < drawn.height; y++) {
        const repeats = y > 0 && Buffer.from(drawn.px.subarray(y * w, (y + 1) * w)).equals(Buffer.from(drawn.px.subarray((y - 1) * w, y * w)));
        expect(lines[y * (w + 1)]).toBe(repeats ? 2 : 0);
      }
    }
  });

  it('is a valid PNG of the stated size', () => {
    const d = decode(img.png);
    expect([d.width, d.height]).toEqual([img.width, img.height]);
  });

  it("draws the player's sprite inside a round ring in their slot colour, with a number badge in the corner", () => {
    // Alice (slot 0) stands at (1, 1): the ring touches the middle of each edge, the badge sits top left.
    expect(pixel(img.png, T + 1, T + T / 2)).toEqual(hex(SLOT_COLOURS[0]!));
    expect(pixel(img.png, 2 * T - 2, T + T / 2)).toEqual(hex(SLOT_COLOURS[0]!));
    expect(pixel(img.png, T + 1, T + 1)).toEqual(hex(SLOT_COLOURS[0]!));
    // The ring is round, not a box: the tile's bottom-right corner shows the sprite or floor, not the ring.
    expect(pixel(img.png, 2 * T - 1, 2 * T - 1)).not.toEqual(hex(SLOT_COLOURS[0]!));
  });

  it('makes lit floor clearly brighter than remembered floor', () => {
    const lit = tileBrightness(img.png, 4, 2);
    const remembered = tileBrightness(img.png, 7, 2);
    expect(remembered).toBeLessThan(lit * 0.4);
    expect(remembered).toBeGreaterThan(0);
  });

  it('frames the stairs in gold, brackets items in white', () => {
    // Stairs at (9, 2), remembered; the potion at (2, 3), seen.
    expect(pixel(img.png, 9 * T, 2 * T)).toEqual(ink(Extra.Gold));
    expect(pixel(img.png, 2 * T, 3 * T)).toEqual(ink(Extra.Bracket));
  });

  it('draws a fallen player as a grave with their badge', () => {
    const s = drawState(['#####', '#1.2#', '#####'], { dead: ['2'] });
    const im = render(s, new Uint8Array(s.width * s.height).fill(1));
    // The headstone's middle, right of the cross.
    expect(pixel(im.png, 3 * T + T / 2 + 6, T + T / 2 + 4)).toEqual(ink(Extra.Grave));
    expect(pixel(im.png, 3 * T + 1, T + 1)).toEqual(hex(SLOT_COLOURS[1]!));
    expect(im.markers.map((m) => m.playerId)).toEqual(['p1']);
  });

  it('draws never-seen cells near-black', () => {
    const solo2 = drawState(['#####', '#1..#', '#####'], { explored: ['xx...', 'xx...', 'xx...'] });
    const seen = mask(['xx...', 'xx...', 'xx...']);
    const im = render(solo2, seen);
    // The frame is the explored part plus one cell: column 2 was never seen.
    expect(pixel(im.png, 2 * T + T / 2, T / 2).reduce((a, b) => a + b, 0)).toBeLessThan(30);
  });
});

describe('phone sizes', () => {
  it('GIVEN the widths an embed image is drawn at on a 360 px phone WHEN the views are sized THEN they are sized for the narrowest, each tile at its minimum', () => {
    expect(PHONE_IMAGE_CSS).toBe(Math.min(PHONE_IMAGE_WIDTHS.discord, PHONE_IMAGE_WIDTHS.preview));
    for (const [view, min] of [[PUBLIC_VIEW, MIN_TILE_CSS.public], [PHONE_PUBLIC_VIEW, MIN_TILE_CSS.private], [PRIVATE_VIEW, MIN_TILE_CSS.private]] as const) {
      expect(view.width).toBe(tilesAcross(min));
      expect(phoneTileCss(view.width * T)).toBeGreaterThanOrEqual(min);
      // One more column would break the minimum: the rule takes as many as fit.
      expect(phoneTileCss((view.width + 1) * T)).toBeLessThan(min);
    }
  });

  it('GIVEN the server\'s mobile setting WHEN the spread party\'s shared picture is drawn THEN it is PHONE_PUBLIC_VIEW wide (private-size tiles), every living player still in it, stable bytes', () => {
    const wide = renderGameWith(party, { style: 'image', deflate: zlibDeflate }, partySeen).image!;
    const phone = renderGameWith(party, { style: 'image', mobile: true, deflate: zlibDeflate }, partySeen).image!;
    expect(wide.tilesAcross).toBe(PUBLIC_VIEW.width);
    expect(phone.tilesAcross).toBe(PHONE_PUBLIC_VIEW.width);
    expect(phone.width).toBe(PHONE_PUBLIC_VIEW.width * T);
    expect(phoneTileCss(phone.width)).toBeGreaterThanOrEqual(MIN_TILE_CSS.private);
    expect(phone.markers.map((m) => m.playerId).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(sha(phone.png)).toMatchInlineSnapshot(`"a64967b12e619d18"`);
  });

  it.each([
    ['the solo level', () => render(solo, soloSeen), MIN_TILE_CSS.public],
    ['the spread party', () => render(party, partySeen), MIN_TILE_CSS.public],
    ['a private view', () => render(party, partySeen, 'p3'), MIN_TILE_CSS.private],
  ] as const)('%s keeps a tile at least the minimum size on a 360 px phone', (_name, make, min) => {
    expect(phoneTileCss(make().width)).toBeGreaterThanOrEqual(min);
  });
});

describe('every living player is in the public picture', () => {
  it('places a marker inside the picture for each living player, at their ringed tile', () => {
    const img = render(party, partySeen);
    expect(img.markers.map((m) => m.playerId).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
    for (const m of img.markers) {
      expect(m.x).toBeGreaterThanOrEqual(0);
      expect(m.y).toBeGreaterThanOrEqual(0);
      expect(m.x).toBeLessThan(img.width);
      expect(m.y).toBeLessThan(img.height);
      const slot = Number(m.playerId.slice(1)) - 1;
      // The ring's left edge, 15 px left of the tile's centre.
      expect(pixel(img.png, m.x - 15, m.y)).toEqual(hex(SLOT_COLOURS[slot]!));
    }
  });

  it('draws every monster next to a player (main view or strip window), and the "In sight" list marks the others off picture', () => {
    const m = renderGameWith(party, { style: 'image', deflate: zlibDeflate }, partySeen);
    const drawn = new Set(m.image!.monsters);
    // The troll stands next to Dave: in his strip window.
    const troll = party.monsters.find((x) => x.kind === 'troll')!;
    expect(drawn.has(troll.id)).toBe(true);
    // The image style's HUD is the description: the monster lines are those naming a monster.
    const sight = m.embed.description.split('\n').filter((l) => party.monsters.some((x) => l.includes(` ${monsterLabel(x)} `)));
    expect(sight).toHaveLength(Math.min(party.monsters.length, PUBLIC_SIGHT_LINES));
    for (const x of party.monsters) {
      const line = sight.find((l) => l.includes(` ${monsterLabel(x)} `));
      if (line) expect(line.endsWith(OFF_PICTURE)).toBe(!drawn.has(x.id));
    }
    expect(sight.some((l) => l.endsWith(OFF_PICTURE))).toBe(true);
  });

  it('leaves fallen players out of the markers', () => {
    const s = spreadParty();
    s.players[1]!.alive = false;
    expect(render(s, partySeen).markers.map((m) => m.playerId)).toEqual(['p1', 'p3', 'p4']);
  });
});

describe('alt text', () => {
  it('says where the stairs are, who is where and which monsters are near whom', () => {
    const alt = render(solo, soloSeen).alt;
    expect(alt).toContain('depth 1');
    expect(alt).toContain('Stairs 8 tiles east of Alice.');
    expect(alt).toContain('1 Alice, 24/24 HP');
    expect(alt).toContain('goblin A 2 tiles east');
    // The orc is only remembered: not in sight, so not described.
    expect(alt).not.toContain('orc');
  });

  it('describes each of the party with the monster near them, and stays within 1,024 characters', () => {
    const alt = render(party, partySeen).alt;
    expect(alt).toContain('2 Bob, 24/24 HP, in the north-east: orc A 2 tiles west.');
    expect(alt).toContain('4 Dave, 24/24 HP, in the south-east: troll A 1 tile north-west.');
    expect(alt.length).toBeLessThanOrEqual(ALT_MAX);
  });

  it('says when the stairs are not found, and never exceeds 1,024 characters with a crowd', () => {
    const rows = ['#'.repeat(40), ...Array.from({ length: 8 }, (_, y) => `#${y < 8 ? String(y + 1) : '.'}${'g'.repeat(36)}.#`), '#'.repeat(40)];
    const crowd = drawState(rows, { names: Array.from({ length: 8 }, (_, i) => `Adventurer number ${i} with a long name`) });
    const alt = render(crowd, new Uint8Array(crowd.width * crowd.height).fill(1)).alt;
    expect(alt).toContain('Stairs not found yet.');
    expect([...alt].length).toBeLessThanOrEqual(ALT_MAX);
  });

  it('names eight compass directions', () => {
    expect([direction(0, 0, 3, 0), direction(0, 0, 0, -3), direction(0, 0, -2, 2), direction(0, 0, 5, -1)]).toEqual(['east', 'north', 'south-west', 'east']);
  });
});

describe('how the public picture chooses its frame', () => {
  /** A 60 x 12 hall: `cells` puts players (digits) and monsters (letters) at x positions on row 5. */
  function hall(cells: Record<number, string>, dead: string[] = []): GameState {
    const rows = Array.from({ length: 12 }, (_, y) => [...Array(60)].map((_, x): string => (x === 0 || y === 0 || x === 59 || y === 11 ? '#' : '.')));
    for (const [x, c] of Object.entries(cells)) rows[5]![Number(x)] = c;
    return drawState(rows.map((r) => r.join('')), { dead });
  }
  const everything = (s: GameState): Uint8Array => new Uint8Array(s.width * s.height).fill(1);

  it('GIVEN a level that fits WHEN framed THEN the whole of it is shown, with no strip', () => {
    const s = drawState(['#######', '#1.g.>#', '#######']);
    expect(frameFor(s, everything(s), 1, null)).toEqual({ view: { x: 0, y: 0, width: 7, height: 3 }, strip: [] });
  });

  it('GIVEN a big idle group and a lone fighter WHEN the level does not fit THEN the fighter and their foe are framed, the group gets strip windows', () => {
    const s = hall({ 5: '1', 7: '2', 9: '3', 50: '4', 51: 'o' });
    const f = frameFor(s, everything(s), 1, null);
    const inside = (x: number): boolean => x >= f.view.x && x < f.view.x + f.view.width;
    expect(inside(50) && inside(51)).toBe(true);
    expect([5, 7, 9].some(inside)).toBe(false);
    // One 3 x 3 window per idle player (they stand two apart: each window holds one).
    expect(f.strip).toHaveLength(3);
    expect(render(s, everything(s)).markers.map((m) => m.playerId).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
  });

  it('GIVEN nobody fights WHEN the party is split THEN the larger group is framed, and a fallen player gets no window', () => {
    // 1 and 2 stand side by side: one window holds both.
    const s = hall({ 5: '1', 6: '2', 40: '3', 44: '4', 50: '5', 30: '6' }, ['6']);
    const f = frameFor(s, everything(s), 1, null);
    const inside = (x: number): boolean => x >= f.view.x && x < f.view.x + f.view.width;
    expect([40, 44, 50].every(inside)).toBe(true);
    expect(f.strip).toHaveLength(1);
  });
});
