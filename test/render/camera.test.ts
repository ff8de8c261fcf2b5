import { describe, expect, it } from 'vitest';
import { cameraTarget, placeCamera } from '../../src/render/camera.js';
import { drawState } from './fixtures.js';

describe('placeCamera', () => {
  it('centres the view on the target in the middle of a big map', () => {
    expect(placeCamera(200, 200, 19, 13, 100, 100)).toEqual({ x: 91, y: 94, width: 19, height: 13 });
  });

  it.each([
    ['top-left corner', 0, 0, { x: 0, y: 0 }],
    ['bottom-right corner', 199, 199, { x: 181, y: 187 }],
    ['left edge', 3, 100, { x: 0, y: 94 }],
    ['bottom edge', 100, 195, { x: 91, y: 187 }],
  ])('clamps to the map at the %s', (_where, cx, cy, corner) => {
    expect(placeCamera(200, 200, 19, 13, cx, cy)).toEqual({ ...corner, width: 19, height: 13 });
  });

  it('shows a map smaller than the view whole, wherever the target is', () => {
    for (const [cx, cy] of [[0, 0], [10, 5], [19, 11]] as const) {
      expect(placeCamera(20, 12, 61, 25, cx, cy)).toEqual({ x: 0, y: 0, width: 20, height: 12 });
    }
  });

  it('clamps only the axis that is smaller than the view', () => {
    expect(placeCamera(60, 30, 61, 25, 50, 15)).toEqual({ x: 0, y: 3, width: 60, height: 25 });
  });
});

describe('cameraTarget', () => {
  const state = drawState(['##########', '#1......2#', '#...3....#', '##########'], { dead: ['3'] });

  it('follows the viewer', () => {
    expect(cameraTarget(state, 'p2')).toEqual({ x: 8, y: 1 });
  });

  it('follows a fallen viewer to their corpse', () => {
    expect(cameraTarget(state, 'p3')).toEqual({ x: 4, y: 2 });
  });

  it('looks at the centroid of the living party when no one acts', () => {
    expect(cameraTarget(state, null)).toEqual({ x: 5, y: 1 });
  });

  it('falls back to the party for a viewer who is not in the game', () => {
    expect(cameraTarget(state, 'stranger')).toEqual({ x: 5, y: 1 });
  });

  it('looks at a fallen player when everyone is dead, and at the middle of an empty map', () => {
    const allDead = drawState(['#####', '#1..#', '#####'], { dead: ['1'] });
    expect(cameraTarget(allDead, null)).toEqual({ x: 1, y: 1 });
    const empty = drawState(['#####', '#...#', '#####']);
    expect(cameraTarget(empty, null)).toEqual({ x: 2, y: 1 });
  });
});
