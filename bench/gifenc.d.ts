/** Types of the parts of gifenc (CommonJS under Node, no types of its own) the replay bench uses. */
declare module 'gifenc' {
  export interface GifEncoder {
    writeFrame(index: Uint8Array, width: number, height: number, opts?: { palette?: number[][]; delay?: number; repeat?: number; transparent?: boolean; transparentIndex?: number; dispose?: number }): void;
    finish(): void;
    bytes(): Uint8Array;
  }
  const gifenc: { GIFEncoder(opts?: { initialCapacity?: number; auto?: boolean }): GifEncoder };
  export default gifenc;
}
