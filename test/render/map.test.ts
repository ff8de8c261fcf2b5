import { describe, expect, it } from 'vitest';
import { drawMap } from '../../src/render/map.js';
import { codePoints } from '../../src/render/text.js';
import { drawState, mask } from './fixtures.js';

const whole = (w: number, h: number) => ({ x: 0, y: 0, width: w, height: h });

// Players 1 and 2 stand in the lit west room; the east part was seen before and is only remembered, so the orc
// and the potion there are not drawn; the far east column was never seen.
const state = drawState(
  [
    '############',
    '#1..#...o..#',
    '#.g...!....#',
    '#..2#....>.#',
    '############',
  ],
  {
    explored: [
      'xxxxxxxxxxx.',
      'xxxxxxxxxxx.',
      'xxxxxxxxxxx.',
      'xxxxxxxxxxx.',
      'xxxxxxxxxxx.',
    ],
  },
);
const visible = mask([
  'xxxxxx......',
  'xxxxxx......',
  'xxxxxx......',
  'xxxxxx......',
  'xxxxxx......',
]);

describe('drawMap', () => {
  it('draws fog of war in ASCII: seen cells fully, remembered ones dimmed without monsters or items, unknown blank', () => {
    const map = drawMap(state, visible, 1, whole(12, 5), 'ascii', 'p1');
    expect(map.text.split('\n')).toEqual([
      '######+++++ ',
      '#@..#.····· ',
      '#.g...····· ',
      '#..2#.···>· ',
      '######+++++ ',
    ]);
  });

  it('draws the same view in emoji', () => {
    const map = drawMap(state, visible, 1, whole(12, 5), 'emoji', 'p1');
    expect(map.text.split('\n')).toEqual([
      '🧱🧱🧱🧱🧱🧱🪨🪨🪨🪨🪨⬛',
      '🧱🧙🟫🟫🧱🟫🔲🔲🔲🔲🔲⬛',
      '🧱🟫👺🟫🟫🟫🔲🔲🔲🔲🔲⬛',
      '🧱🟫🟫🟢🧱🟫🔲🔲🔲🔽🔲⬛',
      '🧱🧱🧱🧱🧱🧱🪨🪨🪨🪨🪨⬛',
    ]);
  });

  it('draws everyone in their slot colour when no one is acting, and the fallen as corpses', () => {
    const s = drawState(['#####', '#1.2#', '#3!.#', '#####'], { dead: ['3'] });
    const all = mask(['xxxxx', 'xxxxx', 'xxxxx', 'xxxxx']);
    expect(drawMap(s, all, 1, whole(5, 4), 'ascii', null).text).toBe('#####\n#1.2#\n#%!.#\n#####');
    expect(drawMap(s, all, 1, whole(5, 4), 'emoji', null).text).toBe('🧱🧱🧱🧱🧱\n🧱🔵🟫🟢🧱\n🧱💀🧪🟫🧱\n🧱🧱🧱🧱🧱');
  });

  it('draws only the viewport, with rows of equal width', () => {
    const map = drawMap(state, visible, 1, { x: 2, y: 1, width: 5, height: 3 }, 'ascii', 'p2');
    expect(map.text).toBe('..#.·\ng...·\n.@#.·');
    for (const row of map.text.split('\n')) expect(codePoints(row)).toBe(5);
  });

  it('honours the visibility mark, so a reused mask needs no clearing', () => {
    const stale = Uint8Array.from(visible, (v) => (v ? 7 : 6));
    expect(drawMap(state, stale, 7, whole(12, 5), 'ascii', 'p1').text).toBe(drawMap(state, visible, 1, whole(12, 5), 'ascii', 'p1').text);
  });
});
