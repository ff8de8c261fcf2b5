/** The README's legend walks the monster and item tables: a kind added without its line (or with other art) fails by name. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ITEMS, ITEM_KINDS } from '../../src/engine/items.js';
import { MONSTERS, MONSTER_KINDS } from '../../src/engine/monsters.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
/** The legend's row for a kind: `| emoji | \`letter\` | name |`. */
const row = (art: { emoji: string; ascii: string }, name: string): string => `| ${art.emoji} | \`${art.ascii}\` | ${name} |`;

describe('the README legend matches what players see', () => {
  it.each(MONSTER_KINDS)('monster %s has its row with its emoji and ASCII letter', (kind) => {
    expect(readme).toContain(row(MONSTERS[kind].art, MONSTERS[kind].legend));
  });
  it.each(ITEM_KINDS)('item %s has its row with its emoji, ASCII letter and what it does', (kind) => {
    expect(readme).toContain(`${row(ITEMS[kind].art, ITEMS[kind].legend)} ${ITEMS[kind].blurb} |`);
  });
});
