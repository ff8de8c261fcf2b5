/** The private view and the spread-out party's public message, in every style, desktop and mobile. */
import { PRIVATE_VIEW } from '../../src/render/image/frame.js';
import { TILE_PX } from '../../src/render/image/draw.js';
import { OFF_PICTURE } from '../../src/render/hud.js';
import { decode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { zlibDeflate } from '../../src/adapters/render/image.js';
import type { GameState } from '../../src/engine/types.js';
import { renderGameWith } from '../../src/render/game.js';
import { checkLimits, type RenderedMessage } from '../../src/render/index.js';
import { renderPrivateWith, waitingLine } from '../../src/render/private.js';
import { codePoints } from '../../src/render/text.js';
import { allSeen, drawState, mapRows } from './fixtures.js';
import { mapMarker } from '../../src/render/hud.js';

/** Four players far apart in a 48 x 16 hall: 1 and 3 in the west, 2 and 4 in the east; a goblin next to 4. */
function spread(): GameState {
  const W = 48;
  const H = 16;
  const rows: string[][] = Array.from({ length: H }, (_, y) => [...Array(W)].map((_, x) => (x === 0 || y === 0 || x === W - 1 || y === H - 1 ? '#' : '.')));
  rows[2]![2] = '1';
  rows[2]![W - 3] = '2';
  rows[H - 3]![2] = '3';
  rows[H - 3]![W - 3] = '4';
  rows[H - 3]![W - 5] = 'g';
  rows[8]![24] = '>';
  const s = drawState(rows.map((r) => r.join('')), { names: ['Alice', 'Bob', 'Carol', 'Dave'] });
  s.players[3]!.hp = 9;
  return s;
}
const state = spread();
const seen = new Uint8Array(state.width * state.height).fill(1);

function mapOf(m: RenderedMessage): string[] {
  expect(checkLimits(m)).toEqual([]);
  return mapRows(m.content || m.embed.description);
}

describe('private view', () => {
  it('centres the emoji map on the viewer and lists their HP, depth and items', () => {
    const m = renderPrivateWith(state, 'p4', { style: 'emoji' }, seen, 1);
    expect(m.embed.title).toBe('🧙 Dave · your view');
    expect(m.embed.fields[0]).toMatchInlineSnapshot(`
      {
        "name": "You",
        "value": "You are 🟣4 on the map.
      HP 🟨🟨⬛⬛⬛ 9/24
      Depth 1/5 · kills 0
      Pack: 🧪1
      Gear: 🤺 sword",
      }
    `);
    expect(mapOf(m)).toMatchInlineSnapshot(`
      [
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🧱",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🧱",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🧱",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🧱",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🧱",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🧱",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🧱",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🧱",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🧱",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🧱",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫👺🟫🧙🟫🧱",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🧱",
        "🧱🧱🧱🧱🧱🧱🧱🧱🧱🧱🧱🧱🧱🧱🧱🧱🧱🧱🧱",
      ]
    `);
  });

  it('fits a phone: 11 emoji wide, the viewer in view', () => {
    const rows = mapOf(renderPrivateWith(state, 'p4', { style: 'emoji', mobile: true }, seen, 1));
    expect(Math.max(...rows.map(codePoints))).toBeLessThanOrEqual(11);
    expect(rows.join('\n')).toContain('🧙');
  });

  it('draws ASCII on a phone in 29 columns with the viewer as @', () => {
    const rows = mapOf(renderPrivateWith(state, 'p1', { style: 'ascii', mobile: true }, seen, 1));
    expect(rows).toMatchInlineSnapshot(`
      [
        "#############################",
        "#............................",
        "#.@..........................",
        "#............................",
        "#............................",
        "#............................",
        "#............................",
        "#............................",
        "#.......................>....",
        "#............................",
        "#............................",
        "#............................",
        "#............................",
        "#.3..........................",
        "#............................",
        "#############################",
      ]
    `);
    expect(Math.max(...rows.map(codePoints))).toBeLessThanOrEqual(30);
  });

  it('draws the viewer\'s own picture in the image style', () => {
    const m = renderPrivateWith(state, 'p2', { style: 'image', deflate: zlibDeflate }, seen, 1);
    expect(m.embed.image).toBe('attachment://map.png');
    const img = m.image!;
    expect([img.width, img.height]).toEqual([PRIVATE_VIEW.width * TILE_PX, PRIVATE_VIEW.height * TILE_PX]);
    expect(decode(img.png).width).toBe(img.width);
    // Bob alone is in his 15 x 11 view: Dave and his goblin are 11 rows south, so the goblin is listed as off picture.
    expect(img.markers.map((k) => k.playerId).sort()).toEqual(['p2']);
    expect(m.embed.fields.find((f) => f.name === 'In sight')!.value).toContain(`goblin A 6/6 · ${OFF_PICTURE}`);
  });

  it('GIVEN a rolling log WHEN Alice opens her view THEN it shows what happened from her last action on', () => {
    const log = ['Alice walks 3 steps.', 'Bob hits the goblin A for 3.', 'Alice hits the orc A for 2.', 'The orc A hits Alice for 4.', 'Bob waits.'];
    const m = renderPrivateWith(state, 'p1', { style: 'emoji', log }, seen, 1);
    expect(m.embed.fields.find((f) => f.name === 'Since your last action')!.value.split('\n')).toEqual(log.slice(2));
    // Carol has no line yet: she reads the whole log.
    expect(renderPrivateWith(state, 'p3', { style: 'emoji', log }, seen, 1).embed.fields.find((f) => f.name === 'Since your last action')!.value.split('\n')).toEqual(log);
  });

  it("GIVEN rounds mode and Alice has acted WHEN she sees her controller THEN it says why its buttons are grey: who the round waits for and when it ends", () => {
    const s = spread();
    s.config = { ...s.config, turnMode: 'rounds' };
    s.calm = 0; // in a fight: rounds run
    s.acted = ['p1', 'p4'];
    const deadline = 1_800_000_000_000;
    const m = renderPrivateWith(s, 'p1', { style: 'emoji', roundDeadlineMs: deadline }, seen, 1);
    expect(m.embed.fields[0]).toEqual({ name: 'This round', value: `You've acted. Waiting for Bob and Carol · round ends <t:${deadline / 1000}:R>.` });
    // Bob has not acted: no such line; in free mode never.
    expect(renderPrivateWith(s, 'p2', { style: 'emoji', roundDeadlineMs: deadline }, seen, 1).embed.fields.some((f) => f.name === 'This round')).toBe(false);
    expect(waitingLine({ ...s, config: { ...s.config, turnMode: 'free' } }, 'p1', deadline)).toBeNull();
    expect(checkLimits(m)).toEqual([]);
  });

  it('tells a fallen player and a stranger what they are', () => {
    const s = spread();
    s.players[0]!.alive = false;
    expect(renderPrivateWith(s, 'p1', { style: 'ascii' }, seen, 1).embed.fields[0]!.value).toContain('You have fallen.');
    expect(renderPrivateWith(s, 'nobody', { style: 'ascii' }, seen, 1).embed.fields[0]!.value).toContain('not in this run');
  });
});

describe('public message of a spread-out party of 4', () => {
  it('emoji desktop: 19 x 13 around the party centre (a spread party falls outside it; the image style shows everyone)', () => {
    expect(mapOf(renderGameWith(state, { style: 'emoji' }, seen))).toMatchInlineSnapshot(`
      [
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🔽🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
      ]
    `);
  });

  it('emoji mobile (at most 11 wide)', () => {
    expect(mapOf(renderGameWith(state, { style: 'emoji', mobile: true }, seen))).toMatchInlineSnapshot(`
      [
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🔽🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
        "🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫",
      ]
    `);
  });

  it('ASCII desktop: the whole hall, every player on it', () => {
    const rows = mapOf(renderGameWith(state, { style: 'ascii' }, seen));
    for (const d of ['1', '2', '3', '4']) expect(rows.join('\n')).toContain(d);
    expect(rows).toMatchInlineSnapshot(`
      [
        "################################################",
        "#..............................................#",
        "#.1..........................................2.#",
        "#..............................................#",
        "#..............................................#",
        "#..............................................#",
        "#..............................................#",
        "#..............................................#",
        "#.......................>......................#",
        "#..............................................#",
        "#..............................................#",
        "#..............................................#",
        "#..............................................#",
        "#.3........................................g.4.#",
        "#..............................................#",
        "################################################",
      ]
    `);
  });

  it('ASCII mobile (29 columns)', () => {
    expect(mapOf(renderGameWith(state, { style: 'ascii', mobile: true }, seen))).toMatchInlineSnapshot(`
      [
        "#############################",
        ".............................",
        ".............................",
        ".............................",
        ".............................",
        ".............................",
        ".............................",
        ".............................",
        "..............>..............",
        ".............................",
        ".............................",
        ".............................",
        ".............................",
        ".............................",
        ".............................",
        "#############################",
      ]
    `);
  });

  it('image: every living player is in the picture, the embed points at the attachment, the party list numbers match', () => {
    const m = renderGameWith(state, { style: 'image', deflate: zlibDeflate }, seen);
    expect(checkLimits(m)).toEqual([]);
    expect(m.embed.image).toBe('attachment://map.png');
    expect(m.image!.markers.map((k) => k.playerId).sort()).toEqual(['p1', 'p2', 'p3', 'p4']);
    // The picture's HUD is the description: the party's lines first, numbered as the rings.
    expect(m.embed.description.split('\n').slice(0, 4).map((l) => l.split(' ')[0])).toEqual(['🔵1', '🟢2', '🟡3', '🟣4']);
    expect(m.image!.alt).toContain('4 Dave, 9/24 HP, in the south-east: goblin A 2 tiles west.');
  });

  it('image without a deflate draws no picture but still the HUD', () => {
    const m = renderGameWith(state, { style: 'image' }, seen);
    expect(m.image).toBeUndefined();
    expect(m.embed.description).toContain('**Dave**');
  });
});

describe('which ring is you (issue 24)', () => {
  it.each(['image', 'emoji', 'ascii'] as const)('GIVEN a party WHEN a member opens their %s controller THEN it says their ring colour and number on the map (the shared one and their own); solo it says nothing', (style) => {
    const party = drawState(['#######', '#1.2..#', '#######'], { names: ['Ann', 'Bob'] });
    const bob = renderPrivateWith(party, 'p2', { style }, allSeen(party), 1).embed.fields.find((f) => f.name === 'You')!.value.split('\n')[0];
    expect(bob).toBe(`You are ${mapMarker(party.players[1]!, null, 'image')} on the map.`);
    expect(bob).toContain('2');
    const solo = drawState(['#####', '#1..#', '#####']);
    expect(renderPrivateWith(solo, 'p1', { style }, allSeen(solo), 1).embed.fields.find((f) => f.name === 'You')!.value).not.toContain('You are');
  });
});
