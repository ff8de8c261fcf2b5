/** The compact action-log form: every action round-trips exactly, in far fewer bytes; old JSON entries still read. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeLogEntry, encodeLogEntry } from '../../../src/adapters/redis/action-log-codec.js';
import type { Action } from '../../../src/engine/types.js';

const snowflake = fc.bigInt({ min: 1n << 40n, max: (1n << 63n) - 1n }).map(String);
const dir = fc.constantFrom('n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw');
const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ type: fc.constant('join'), user: snowflake, name: fc.string() }),
  fc.record({ type: fc.constant('move'), user: snowflake, dir, steps: fc.option(fc.integer({ min: 1, max: 20 }), { nil: undefined }) }, { requiredKeys: ['type', 'user', 'dir'] }),
  fc.record({ type: fc.constantFrom('wait', 'descend', 'rest', 'explore', 'travel', 'fight', 'leave'), user: fc.oneof(snowflake, fc.string()) }),
  fc.record({ type: fc.constant('use'), user: snowflake, item: fc.constantFrom('potion', 'bomb'), dir, distance: fc.integer({ min: 1, max: 9 }) }, { requiredKeys: ['type', 'user'] }),
  fc.constant({ type: 'resolve-round' }),
) as fc.Arbitrary<Action>;

describe('compact action log', () => {
  it('GIVEN any action (hostile names, odd user ids) WHEN encoded and decoded THEN it is the same action, never longer than its JSON', () => {
    fc.assert(
      fc.property(action, (a) => {
        const text = encodeLogEntry(a);
        expect(decodeLogEntry(text)).toEqual(JSON.parse(JSON.stringify(a)));
        expect(text.length).toBeLessThanOrEqual(JSON.stringify(a).length);
      }),
      { seed: 28, numRuns: 2000 },
    );
  });

  it.each<[Action, string]>([
    [{ type: 'move', user: '1000000000000000042', dir: 'n' }, 'move|7lieexzx4kyy|{"dir":"n"}'],
    [{ type: 'wait', user: '1000000000000000042' }, 'wait|7lieexzx4kyy'],
    [{ type: 'resolve-round' }, 'resolve-round|'],
    [{ type: 'wait', user: 'u1' }, '{"type":"wait","user":"u1"}'],
  ])('GIVEN %j WHEN stored THEN it is %s', (a, stored) => {
    expect(encodeLogEntry(a)).toBe(stored);
    expect(decodeLogEntry(stored)).toEqual(a);
  });

  it('GIVEN an entry written as JSON before the compact form WHEN read THEN it is the same action', () => {
    expect(decodeLogEntry('{"type":"move","user":"1000000000000000042","dir":"e","steps":3}')).toEqual({ type: 'move', user: '1000000000000000042', dir: 'e', steps: 3 });
  });
});
