import { describe, expect, it } from 'vitest';
import { buildViewModel, knownStairs, monsterLabels } from '../../src/render/view-model.js';
import { Cell } from '../../src/render/glyphs.js';
import { drawState, mask } from './fixtures.js';

const state = drawState(
  [
    '##########',
    '#1.g.#.o.#',
    '#.g.2#.g>#',
    '##########',
  ],
  { names: ['Alice', 'Bob'], explored: ['xxxxxxxxx.', 'xxxxxxxxx.', 'xxxxxxxxx.', 'xxxxxxxxx.'] },
);
const visible = mask(['xxxxxx....', 'xxxxxx....', 'xxxxxx....', 'xxxxxx....']);
const whole = { x: 0, y: 0, width: 10, height: 4 };

describe('monsterLabels', () => {
  it('names monsters by kind and a letter in id order, per kind', () => {
    const labels = [...monsterLabels(state).values()].map((l) => l.label).sort();
    expect(labels).toEqual(['goblin A', 'goblin B', 'goblin C', 'orc A']);
  });

  it('keeps the same label for the same monster however the list is ordered', () => {
    const shuffled = { ...state, monsters: [...state.monsters].reverse() };
    expect(monsterLabels(shuffled)).toEqual(monsterLabels(state));
  });
});

describe('buildViewModel', () => {
  const model = buildViewModel(state, visible, 1, whole, 'p2');

  it('lists only the monsters standing on cells seen now, with their labels', () => {
    expect(model.monsters.map((m) => [m.label, m.x, m.y])).toEqual([
      ['goblin A', 3, 1],
      ['goblin B', 2, 2],
    ]);
  });

  it('marks players with their slot number and the viewer, the viewer listed last (drawn on top)', () => {
    expect(model.players.map((p) => [p.name, p.marker, p.isViewer])).toEqual([
      ['Alice', '1', false],
      ['Bob', '2', true],
    ]);
  });

  it('dims remembered terrain and leaves the never-seen column unknown', () => {
    expect(model.terrain[1 * 10 + 1]).toBe(Cell.Floor);
    expect(model.terrain[1 * 10 + 6]).toBe(Cell.DimFloor);
    expect(model.terrain[2 * 10 + 8]).toBe(Cell.DimStairs);
    expect(model.terrain[1 * 10 + 9]).toBe(Cell.Unknown);
  });

  it('finds remembered stairs', () => {
    expect(knownStairs(state)).toEqual({ x: 8, y: 2 });
  });
});
