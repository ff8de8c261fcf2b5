/**
 * Scratch buffers for one map size, reused across turns so a turn allocates (almost) nothing.
 * They hold no game state: every result the engine returns depends only on its inputs.
 */
import { AStar, DeadEnds, DistanceField, Fov } from '../pathfinding/index.js';

const MAX_SLOTS = 8;

export class Workspace {
  readonly size: number;
  readonly astar: AStar;
  readonly fields: DistanceField;
  readonly fov: Fov;
  readonly deadEnds: DeadEnds;
  /** 1 on cells in dead-end branches (built with the flee map). */
  readonly deadEnd: Uint8Array;
  /** Occupancy during a monster phase: 0 empty, monster index + 1, or -(player slot + 1). */
  readonly occ: Int32Array;
  readonly approach: Int32Array;
  readonly flee: Int32Array;
  /** Distance to thrown lures (monster phase) and the explore/travel map (player runs). */
  readonly lure: Int32Array;
  /** Distance to one remembered place (monsters hunting where they last saw the party). */
  readonly track: Int32Array;
  readonly explore: Int32Array;
  /** The party's known passable cells (explored and open), for explore and travel. */
  readonly known: Uint8Array;
  /** Per player slot: a tile is visible when sight[slot][i] === sightGen[slot]. */
  readonly sight: Uint8Array[];
  readonly sightGen: Uint8Array;
  /** What the whole party sees (for rendering): visible when party[i] === partyMark. */
  readonly party: Uint8Array;
  private partyMark = 0;
  /** The frozen state whose party sight the mask holds now (see partySight), or null. */
  partyOf: object | null = null;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.size = width * height;
    this.astar = new AStar(width, height);
    this.fields = new DistanceField(width, height);
    this.fov = new Fov(width, height);
    this.deadEnds = new DeadEnds(width, height);
    this.deadEnd = new Uint8Array(this.size);
    this.occ = new Int32Array(this.size);
    this.approach = new Int32Array(this.size);
    this.flee = new Int32Array(this.size);
    this.lure = new Int32Array(this.size);
    this.track = new Int32Array(this.size);
    this.explore = new Int32Array(this.size);
    this.known = new Uint8Array(this.size);
    this.sight = Array.from({ length: MAX_SLOTS }, () => new Uint8Array(this.size));
    this.sightGen = new Uint8Array(MAX_SLOTS);
    this.party = new Uint8Array(this.size);
  }

  /** Starts a fresh party mask and returns the value that marks "visible" in it. */
  nextPartyMark(): number {
    this.partyOf = null;
    this.partyMark += 1;
    if (this.partyMark > 255) {
      this.party.fill(0);
      this.partyMark = 1;
    }
    return this.partyMark;
  }

  /** The mark of the newest party mask. */
  get currentPartyMark(): number {
    return this.partyMark;
  }

  /** Starts a fresh sight mask for a slot and returns the value that marks "visible" in it. */
  nextSightGen(slot: number): number {
    let gen = (this.sightGen[slot] ?? 0) + 1;
    if (gen > 255) {
      this.sight[slot]!.fill(0);
      gen = 1;
    }
    this.sightGen[slot] = gen;
    return gen;
  }
}

let cached: Workspace[] = [];

/** The workspace for a map size (a few sizes are kept, most recent first). */
export function workspaceFor(width: number, height: number): Workspace {
  const hit = cached.find((w) => w.width === width && w.height === height);
  if (hit) return hit;
  const ws = new Workspace(width, height);
  cached = [ws, ...cached].slice(0, 4);
  return ws;
}
