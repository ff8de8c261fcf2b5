import { describe, expect, it } from 'vitest';
import { DeadEnds } from '../../src/pathfinding/index.js';
import { grid } from './grid-helper.js';

function marked(rows: string[], topology: 4 | 8 = 4): string[] {
  const g = grid(rows);
  const out = new Uint8Array(g.width * g.height);
  new DeadEnds(g.width, g.height).compute(g.passable, topology, out);
  return rows.map((row, y) => [...row].map((ch, x) => (ch === '#' ? '#' : out[y * g.width + x] ? 'x' : '.')).join(''));
}

describe('DeadEnds', () => {
  it('GIVEN a loop with a spur WHEN peeled THEN the spur is marked and the loop is not', () => {
    expect(
      marked([
        '#########',
        '#.....###',
        '#.###.###',
        '#.....###',
        '#.#######',
        '#.#######',
        '#########',
      ]),
    ).toEqual([
      '#########',
      '#.....###',
      '#.###.###',
      '#.....###',
      '#x#######',
      '#x#######',
      '#########',
    ]);
  });

  it('GIVEN a corridor with no loop WHEN peeled THEN all of it is a dead end; an open room is not', () => {
    expect(marked(['#######', '#.....#', '#######'])).toEqual(['#######', '#xxxxx#', '#######']);
    expect(marked(['#####', '#...#', '#...#', '#...#', '#####'])).toEqual(['#####', '#...#', '#...#', '#...#', '#####']);
  });
});
