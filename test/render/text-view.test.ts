/** Text mode for screen readers: the private view as sentences (position and HP, terrain clockwise from north, monsters, items, exits, allies, what happened). */
import { describe, expect, it } from 'vitest';
import { zlibDeflate } from '../../src/adapters/render/image.js';
import { renderImageWith } from '../../src/render/image/index.js';
import { renderPrivateWith } from '../../src/render/private.js';
import { AROUND, DOING, renderTextView, TEXT_LINE } from '../../src/render/text-view.js';
import { checkLimits } from '../../src/render/index.js';
import { hear } from '../../balance/text-policy.js';
import { drawState, mask } from './fixtures.js';

// Alice (1) in a room: a goblin next to her east, a potion two tiles south, Bob (2) west, the stairs far east.
const state = drawState(
  [
    '###########',
    '#.#.......#',
    '#21g....>.#',
    '#.........#',
    '#.!.......#',
    '###########',
  ],
  { names: ['Alice', 'Bob'] },
);
const seen = new Uint8Array(state.width * state.height).fill(1);
const line = (lines: string[], prefix: string): string => lines.find((l) => l.startsWith(prefix)) ?? '';

describe('text view', () => {
  const lines = renderTextView(state, 'p1', seen, 1, ['Alice walks 3 steps.', 'Bob waits.', 'The goblin A hits Alice for 2.']);

  it('says who and where you are with HP, depth and what you carry', () => {
    expect(line(lines, TEXT_LINE.you)).toBe('You: 1 Alice, HP 24 of 24, depth 1 of 5, wielding a sword, pack: potion (1), column 3, row 3.');
  });

  it('names the terrain around you clockwise from north, with who stands there', () => {
    expect(line(lines, TEXT_LINE.around)).toBe(
      'Around you, clockwise from north: north wall, north-east floor, east goblin A, south-east floor, south floor, south-west floor, west Bob, north-west floor.',
    );
    expect(AROUND.map((a) => a.word)).toEqual(['north', 'north-east', 'east', 'south-east', 'south', 'south-west', 'west', 'north-west']);
  });

  it('lists each monster in view with direction, distance, what it does and HP', () => {
    expect(line(lines, TEXT_LINE.monsters)).toBe(`Monsters in view: goblin A 1 tile east, ${DOING.hunt}, HP 6 of 6, rusty dagger.`);
  });

  it('lists items and exits in view, and allies', () => {
    expect(line(lines, TEXT_LINE.items)).toBe('Items in view: potion 2 tiles south.');
    expect(line(lines, TEXT_LINE.exits)).toBe('Exits: stairs down 6 tiles east, in view.');
    expect(line(lines, TEXT_LINE.allies)).toBe('Allies: 2 Bob 1 tile west, HP 24 of 24.');
  });

  it('tells what happened since your last action', () => {
    expect(line(lines, TEXT_LINE.happened)).toBe('Since your last action: Alice walks 3 steps. Bob waits. The goblin A hits Alice for 2.');
  });

  it('says the stairs are not found, and what a remembered cell is, when the party has not seen them', () => {
    const dark = drawState(['#####', '#1.>#', '#####'], { explored: ['xxx..', 'xxx..', 'xxx..'] });
    const l = renderTextView(dark, 'p1', mask(['xxx..', 'xxx..', 'xxx..']), 1);
    expect(line(l, TEXT_LINE.exits)).toBe('Exits: stairs not found yet.');
  });

  it('WHEN text mode is chosen THEN the private view is the description alone, within Discord limits, with no picture', () => {
    const m = renderPrivateWith(state, 'p1', { style: 'ascii', text: true, deflate: zlibDeflate }, seen, 1);
    expect(m.image).toBeUndefined();
    expect(m.content).toBe('');
    expect(m.embed.description.split('\n')[0]).toBe(line(lines, TEXT_LINE.you));
    expect(checkLimits(m)).toEqual([]);
  });

  it('the shared picture alt text names items and exits', () => {
    const alt = renderImageWith(state, seen, 1, null, zlibDeflate).alt;
    expect(alt).toContain('Stairs 6 tiles east of Alice.');
    expect(alt).toContain('Items in sight from Alice: potion 2 tiles south.');
  });
});

describe('the text policy reads the text view alone', () => {
  it('hears HP, each monster (distance, direction, doing, reach) and the allies from the sentences', () => {
    const orc = drawState(['#########', '#.1.o.2.#', '#########'], { names: ['Alice', 'Bob'] });
    const heard = hear(renderTextView(orc, 'p1', new Uint8Array(orc.width * orc.height).fill(1), 1));
    expect(heard).toEqual({
      me: 1,
      hp: 24,
      maxHp: 24,
      monsters: [{ label: 'orc A', distance: 2, dir: 'e', doing: 'hunting', reach: 2 }],
      allies: [{ number: 2, distance: 4, dir: 'e' }],
    });
  });

  it('hears a monster whose doing takes several words (an archer keeping its distance)', () => {
    const archer = drawState(['#########', '#.1..a..#', '#########'], { names: ['Alice'] });
    archer.monsters[0]!.state = 'retreat';
    const heard = hear(renderTextView(archer, 'p1', new Uint8Array(archer.width * archer.height).fill(1), 1));
    expect(heard.monsters).toEqual([{ label: 'goblin archer A', distance: 3, dir: 'e', doing: 'keeping its distance', reach: 6 }]);
  });
});
