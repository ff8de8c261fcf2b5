/** Classic rooms and corridors: rectangular rooms that never touch, joined by L-shaped one-tile corridors. */
import { Tile } from '../grid/tiles.js';
import type { Rng } from '../grid/rng.js';
import type { Draft, Step } from './draft.js';

/** A room's floor rectangle (walls around it belong to nobody). */
interface Room {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Random room placements tried per wanted room. */
const TRIES_PER_ROOM = 12;

/**
 * Rooms and corridors: up to about one room per `tilesPerRoom` tiles (at least 2), each a rectangle of floor
 * 3..maxSide wide, separated from every other room by at least one wall tile, then joined in a chain of
 * L-shaped corridors (each room to its nearest already-joined room, so the rooms form a tree) plus a few
 * extra corridors that make loops. A corridor meets a room's wall in a doorway. Overwrites all tiles.
 */
export function roomsAndCorridors(tilesPerRoom = 160, maxSide = 9, loops = 0.25): Step {
  if (!(tilesPerRoom > 0)) throw new Error(`roomsAndCorridors tilesPerRoom must be positive, got ${tilesPerRoom}`);
  if (!Number.isInteger(maxSide) || maxSide < 3) throw new Error(`roomsAndCorridors maxSide must be an integer >= 3, got ${maxSide}`);
  return (draft: Draft, rng: Rng): Draft => {
    const { width, height, tiles } = draft;
    tiles.fill(Tile.Wall);
    const wanted = Math.max(2, Math.round((width * height) / tilesPerRoom));
    const rooms: Room[] = [];
    for (let t = 0; t < wanted * TRIES_PER_ROOM && rooms.length < wanted; t++) {
      const w = Math.min(rng.int(3, maxSide), width - 2);
      const h = Math.min(rng.int(3, Math.max(3, Math.ceil(maxSide * 0.7))), height - 2);
      const room = { x: rng.int(1, width - 1 - w), y: rng.int(1, height - 1 - h), w, h };
      if (rooms.every((r) => apart(r, room))) rooms.push(room);
    }
    for (const r of rooms) carveRect(tiles, width, r);
    // Join each room to the nearest room already joined (a spanning tree over the centres), in placement order.
    for (let k = 1; k < rooms.length; k++) {
      let best = 0;
      for (let j = 1; j < k; j++) if (centreDistance(rooms[j]!, rooms[k]!) < centreDistance(rooms[best]!, rooms[k]!)) best = j;
      corridor(tiles, width, rooms[best]!, rooms[k]!, rng);
    }
    // A few loops, so one pack in a corridor doesn't cut the level in two.
    const extra = Math.round(loops * rooms.length);
    for (let k = 0; k < extra && rooms.length > 2; k++) corridor(tiles, width, rng.pick(rooms), rng.pick(rooms), rng);
    return draft;
  };
}

/** True when the rooms (grown by one wall tile each side) do not touch. */
function apart(a: Room, b: Room): boolean {
  return a.x + a.w + 1 < b.x || b.x + b.w + 1 < a.x || a.y + a.h + 1 < b.y || b.y + b.h + 1 < a.y;
}

function centre(r: Room): [number, number] {
  return [r.x + (r.w >> 1), r.y + (r.h >> 1)];
}

function centreDistance(a: Room, b: Room): number {
  const [ax, ay] = centre(a);
  const [bx, by] = centre(b);
  return Math.abs(ax - bx) + Math.abs(ay - by);
}

function carveRect(tiles: Uint8Array, width: number, r: Room): void {
  for (let y = r.y; y < r.y + r.h; y++) tiles.fill(Tile.Floor, y * width + r.x, y * width + r.x + r.w);
}

/** An L-shaped corridor between two rooms' centres, horizontal or vertical leg first at random. */
function corridor(tiles: Uint8Array, width: number, a: Room, b: Room, rng: Rng): void {
  if (a === b) return;
  const [ax, ay] = centre(a);
  const [bx, by] = centre(b);
  if (rng.chance(0.5)) {
    hLine(tiles, width, ax, bx, ay);
    vLine(tiles, width, ay, by, bx);
  } else {
    vLine(tiles, width, ay, by, ax);
    hLine(tiles, width, ax, bx, by);
  }
}

function hLine(tiles: Uint8Array, width: number, x0: number, x1: number, y: number): void {
  for (let x = Math.min(x0, x1); x <= Math.max(x0, x1); x++) tiles[y * width + x] = Tile.Floor;
}

function vLine(tiles: Uint8Array, width: number, y0: number, y1: number, x: number): void {
  for (let y = Math.min(y0, y1); y <= Math.max(y0, y1); y++) tiles[y * width + x] = Tile.Floor;
}
