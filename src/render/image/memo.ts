/**
 * Remembers the last image maps drawn of a stored state, so a state drawn again (the coalescer catching a message up
 * to the newest turn, a refused press redrawing it, a controller) is not drawn and deflated twice. Only frozen states
 * (the stores hand out frozen games, which never change) are remembered, weakly, and a hit is checked cell by cell:
 * the same cells seen now, the same tiles and explored cells (typed arrays can't be frozen), the same options.
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
  /** 1 where the cell was seen when drawn. */
  seen: Uint8Array;
  tiles: Uint8Array;
  explored: Uint8Array;
  value: T;
}

/** Pictures kept per state (a public one and a few private ones). */
const PER_STATE = 4;

/** A memo of pictures by frozen state. */
export class PictureMemo<T> {
  private readonly byState = new WeakMap<GameState, Entry<T>[]>();

  /** The picture remembered for exactly these inputs, or undefined. */
  get(state: GameState, visible: Uint8Array, mark: number, o: MemoOptions): T | undefined {
    const list = this.byState.get(state);
    if (!list) return undefined;
    for (const e of list) if (sameOptions(e.o, o) && sameSeen(e.seen, visible, mark) && same(e.tiles, state.tiles) && same(e.explored, state.explored)) return e.value;
    return undefined;
  }

  /** Remembers `value` for these inputs when the state is frozen (else nothing: it could change). */
  set(state: GameState, visible: Uint8Array, mark: number, o: MemoOptions, value: T): void {
    if (!Object.isFrozen(state)) return;
    const n = state.width * state.height;
    const seen = new Uint8Array(n);
    for (let i = 0; i < n; i++) seen[i] = visible[i] === mark ? 1 : 0;
    const list = this.byState.get(state) ?? [];
    list.unshift({ o: { ...o }, seen, tiles: state.tiles.slice(), explored: state.explored.slice(), value });
    if (list.length > PER_STATE) list.length = PER_STATE;
    this.byState.set(state, list);
  }
}

function sameOptions(a: MemoOptions, b: MemoOptions): boolean {
  return a.viewerId === b.viewerId && a.capWidth === b.capWidth && a.capHeight === b.capHeight && a.locale === b.locale && a.deflate === b.deflate;
}

function sameSeen(seen: Uint8Array, visible: Uint8Array, mark: number): boolean {
  for (let i = 0; i < seen.length; i++) if ((visible[i] === mark ? 1 : 0) !== seen[i]) return false;
  return true;
}

function same(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
