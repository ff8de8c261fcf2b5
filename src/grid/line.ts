/**
 * Whether the straight (Bresenham) line from (ax, ay) to (bx, by) reaches b with no cell between them `blocked`
 * (the end cells are not asked). One walker for every shot: an archer's line of fire, a ranger's arrow.
 */
export function lineClear(ax: number, ay: number, bx: number, by: number, blocked: (x: number, y: number) => boolean): boolean {
  const dx = Math.abs(bx - ax);
  const dy = -Math.abs(by - ay);
  const sx = ax < bx ? 1 : -1;
  const sy = ay < by ? 1 : -1;
  let err = dx + dy;
  let x = ax;
  let y = ay;
  for (;;) {
    if (x === bx && y === by) return true;
    const e2 = 2 * err;
    if (e2 >= dy) {
      err += dy;
      x += sx;
    }
    if (e2 <= dx) {
      err += dx;
      y += sy;
    }
    if (x === bx && y === by) return true;
    if (blocked(x, y)) return false;
  }
}
