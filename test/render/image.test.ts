/** The image map: golden hashes, decoded pixels, every living player in frame, alt text, same state -> same bytes. */
import { createHash } from 'node:crypto';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { zlibDeflate } from '../../src/adapters/render/image.js';
import type { GameState } from '../../src/engine/types.js';
import { ALT_MAX, direction } from '../../src/render/image/alt.js';
import { frameFor, renderImageWith, type ImageMap } from '../../src/render/image/index.js';
import { SLOT_COLOURS } from '../../src/render/image/tiles.js';
import { drawState, mask } from './fixtures.js';

const sha = (b: Uint8Array): string => createHash('sha256').update(b).digest('hex').slice(0, 16);

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
function tileBrightness(png: Uint8Array, tx: number, ty: number, size = 16): number {
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

describe('image map golden renders', () => {
  it('solo, public picture: whole explored level at 16 px, stable bytes', () => {
    const img = render(solo, soloSeen);
    expect([img.width, img.height]).toEqual([13 * 16, 5 * 16]);
    expect(sha(img.png)).toMatchInlineSnapshot(`"eae9d8633899859e"`);
  });

  it('spread-out party of 4, public picture: 8 px tiles so that everyone is in frame, stable bytes', () => {
    const img = render(party, partySeen);
    expect(frameFor(party, null).tileSize).toBe(8);
    expect(sha(img.png)).toMatchInlineSnapshot(`"dd2e1813b517a0cf"`);
  });

  it('private view of player 2: centred on them, 21 x 15 tiles', () => {
    const img = render(party, partySeen, 'p2');
    expect([img.width, img.height]).toEqual([21 * 16, 15 * 16]);
    expect(sha(img.png)).toMatchInlineSnapshot(`"898e31a586bdcb0c"`);
  });

  it('gives the same bytes for the same state, every time', () => {
    expect(render(party, partySeen).png).toEqual(render(party, partySeen).png);
    expect(render(solo, soloSeen, 'p1').png).toEqual(render(solo, soloSeen, 'p1').png);
  });
});

describe('image map pixels', () => {
  const img = render(solo, soloSeen);

  it('is a valid PNG of the stated size', () => {
    const d = decode(img.png);
    expect([d.width, d.height]).toEqual([img.width, img.height]);
  });

  it("rings the player's tile in their slot colour", () => {
    // Alice (slot 0) stands at (1, 1): the tile's top-left pixel is on the ring.
    expect(pixel(img.png, 16, 16)).toEqual(hex(SLOT_COLOURS[0]!));
    expect(pixel(img.png, 31, 31)).toEqual(hex(SLOT_COLOURS[0]!));
  });

  it('dims remembered tiles: the same floor is darker where it is only remembered', () => {
    const lit = tileBrightness(img.png, 4, 2);
    const remembered = tileBrightness(img.png, 7, 2);
    expect(remembered).toBeLessThan(lit * 0.7);
    expect(remembered).toBeGreaterThan(0);
  });

  it('draws never-seen cells near-black', () => {
    const solo2 = drawState(['#####', '#1..#', '#####'], { explored: ['xx...', 'xx...', 'xx...'] });
    const seen = mask(['xx...', 'xx...', 'xx...']);
    const im = render(solo2, seen);
    // The frame is the explored part plus one cell: column 2 was never seen.
    expect(pixel(im.png, 2 * 16 + 8, 8).reduce((a, b) => a + b, 0)).toBeLessThan(30);
  });
});

describe('every living player is in the public picture', () => {
  it('places a marker inside the picture for each living player, at their tile', () => {
    const img = render(party, partySeen);
    expect(img.markers.map((m) => m.playerId).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
    for (const m of img.markers) {
      expect(m.x).toBeGreaterThanOrEqual(0);
      expect(m.y).toBeGreaterThanOrEqual(0);
      expect(m.x).toBeLessThan(img.width);
      expect(m.y).toBeLessThan(img.height);
      const slot = Number(m.playerId.slice(1)) - 1;
      // The marker's tile is ringed in the player's colour: its left edge is 4 px from the centre at 8 px tiles.
      expect(pixel(img.png, m.x - 4, m.y)).toEqual(hex(SLOT_COLOURS[slot]!));
    }
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
