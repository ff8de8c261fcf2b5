import { describe, expect, it } from 'vitest';
import { CLOSE_RANGE, rollAttack } from '../../src/engine/combat.js';
import { Rng } from '../../src/grid/rng.js';
import type { Weapon } from '../../src/engine/types.js';

const bow: Weapon = { name: 'shortbow', verb: 'shoots an arrow at', reach: 6, damage: [1, 4], toHit: 0 };
const archer = { attack: 3, defence: 0 };
const hero = { attack: 4, defence: 2 };

/** Hits out of n rolls from one seeded stream, at a range. */
function hits(range: number, n = 4000): number {
  const rng = Rng.fromSeed(99);
  let k = 0;
  for (let i = 0; i < n; i++) if (rollAttack(archer, bow, hero, rng, range).hit) k++;
  return k;
}

describe('missiles lose accuracy with range', () => {
  it('GIVEN the same rolls WHEN shot from up to CLOSE_RANGE tiles THEN the odds are those of a blow next to you', () => {
    expect(hits(CLOSE_RANGE)).toBe(hits(1));
  });
  it('GIVEN an archer WHEN it shoots from farther away THEN it hits less often tile by tile, though a natural 20 still lands', () => {
    const rates = [3, 4, 5, 6].map((r) => hits(r));
    for (let i = 1; i < rates.length; i++) expect(rates[i]).toBeLessThan(rates[i - 1]!);
    expect(rates[0]).toBeLessThan(hits(CLOSE_RANGE));
    // A natural 20 still hits from 6 tiles.
    expect(rates[3]).toBeGreaterThan(0);
  });
});
