/**
 * Remembers the last image maps drawn of stored states, so a state drawn again (the coalescer catching a message up
 * to the newest turn, a refused press redrawing it, a controller) is not drawn and deflated twice. Only frozen states
 * (the stores hand out frozen games, which never change) are remembered, weakly, by identity. A hit is checked cell
 * by cell: the same cells seen now, the same tiles and explored cells (typed arrays can't be frozen: their hashes are
 * kept, not copies), the same options.
 */
import type { GameState } from '../../engine/types.js';
import type { Locale } from '../../i18n/index.js';

/** What a picture depends on besides the state and its sight. */
export interface MemoOptions {
  viewerId: string | null;
  capWidth: number;
  capHeight: number;
  locale: Locale | undefined;
  /** The deflate function (another one makes other bytes). */
  deflate: unknown;
}

interface Entry<T> {
  o: MemoOptions;
  /** A bit per cell, set where the cell was seen when drawn. */
  seen: Uint8Array;
  /** Hashes of the tiles and explored cells when drawn (a few bytes kept per picture, not two copies of the map). */
  tiles: number;
  explored: number;
  value: T;
}

/** Pictures kept per state (the public one and a private one). */
const PER_STATE = 2;

/** A memo of pictures by frozen state. */
export class PictureMemo<T> {
  private readonly byState = new WeakMap<GameState, Entry<T>[]>();

  /** The picture remembered for exactly these inputs, or undefined. */
  get(state: GameState, visible: Uint8Array, mark: number, o: MemoOptions): T | undefined {
    const entries = this.byState.get(state);
    if (!entries) return undefined;
    for (const e of entries) if (sameOptions(e.o, o) && sameSeen(e.seen, visible, mark, state.width * state.height) && e.tiles === hash(state.tiles) && e.explored === hash(state.explored)) return e.value;
    return undefined;
  }

  /** Remembers `value` for these inputs when the state is frozen (else nothing: it could change). */
  set(state: GameState, visible: Uint8Array, mark: number, o: MemoOptions, value: T): void {
    if (!Object.isFrozen(state)) return;
    const n = state.width * state.height;
    const seen = new Uint8Array((n + 7) >> 3);
    for (let i = 0; i < n; i++) if (visible[i] === mark) seen[i >> 3]! |= 1 << (i & 7);
    const entries = this.byState.get(state) ?? [];
    entries.unshift({ o: { ...o }, seen, tiles: hash(state.tiles), explored: hash(state.explored), value });
    if (entries.length > PER_STATE) entries.length = PER_STATE;
    this.byState.set(state, entries);
  }
}

function sameOptions(a: MemoOptions, b: MemoOptions): boolean {
  return a.viewerId === b.viewerId && a.capWidth === b.capWidth && a.capHeight === b.capHeight && a.locale === b.locale && a.deflate === b.deflate;
}

function sameSeen(seen: Uint8Array, visible: Uint8Array, mark: number, n: number): boolean {
  for (let i = 0; i < n; i++) if ((visible[i] === mark ? 1 : 0) !== ((seen[i >> 3]! >> (i & 7)) & 1)) return false;
  return true;
}

/** FNV-1a over the bytes, with the length. */
function hash(a: Uint8Array): number {
  let h = 0x811c9dc5 ^ a.length;
  for (let i = 0; i < a.length; i++) h = Math.imul(h ^ a[i]!, 0x01000193);
  return h >>> 0;
}
