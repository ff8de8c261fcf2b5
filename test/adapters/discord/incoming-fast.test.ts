/** The hand check of incoming interactions (plainInteraction) accepts only what the schema accepts, and converts alike. */
import { describe, expect, it } from 'vitest';
import { plainInteraction, RawInteractionSchema, toIncoming } from '../../../src/adapters/discord/incoming.js';
import { rawInteraction } from '../http/support.js';

const button = (extra: Record<string, unknown> = {}) => rawInteraction(3, { custom_id: 'cc1:mv:n:4:abc', component_type: 2 }, { message: { id: '1400000000000000001', flags: 0 }, locale: 'de', app_permissions: '2147483648', context: 0, authorizing_integration_owners: { '0': '1100000000000000001' }, ...extra });

/** Every body below, and a variant of it that the hand check refuses (an empty options list) so the schema converts it. */
const bodies: Record<string, unknown>[] = [
  button(),
  button({ member: undefined, user: { id: '1000000000000000042', username: 'bob', global_name: null }, guild_id: undefined, context: 1 }),
  button({ guild: { id: '1100000000000000001', locale: 'fr', features: ['COMMUNITY'] }, guild_locale: 'fr' }),
  button({ message: { id: '1400000000000000001', flags: 64 }, extra_field: { anything: [1, 2] } }),
  rawInteraction(2, { name: 'rogue', type: 1 }),
];

describe('incoming interactions: the hand check', () => {
  it.each(bodies.map((b, i) => [i, b]))('GIVEN plain body %i WHEN converted THEN the hand check takes it and the result equals the schema path', (_i, b) => {
    expect(plainInteraction(b)).toBe(true);
    const viaSchema = { ...b, data: { ...(b.data as object), options: [] } };
    expect(plainInteraction(viaSchema)).toBe(false);
    expect(toIncoming(b)).toEqual(toIncoming(viaSchema));
  });

  // Each a field the schema refuses: the hand check must refuse it too (then the schema gives the problems).
  const broken: [string, Record<string, unknown>][] = [
    ['id not a snowflake', button({ id: 'x1' })],
    ['null guild_id', button({ guild_id: null })],
    ['token empty', button({ token: '' })],
    ['token too long', button({ token: 't'.repeat(1001) })],
    ['type not an integer', button({ type: 3.5 })],
    ['context out of range', button({ context: 3 })],
    ['permissions not digits', button({ member: { user: { id: '1', username: 'a' }, permissions: '1e3' } })],
    ['member without user', button({ member: { permissions: '0' } })],
    ['user id missing', button({ member: undefined, user: { username: 'a' } })],
    ['custom id too long', rawInteraction(3, { custom_id: 'c'.repeat(101), component_type: 2 })],
    ['message flags a string', button({ message: { id: '1400000000000000001', flags: '64' } })],
    ['app_permissions too long', button({ app_permissions: '1'.repeat(31) })],
    ['locale too long', button({ locale: 'x'.repeat(17) })],
    ['features not strings', button({ guild: { features: [1] } })],
    ['owners not strings or numbers', button({ authorizing_integration_owners: { '0': true } })],
    ['channel type a string', button({ channel: { id: '1100000000000000011', type: '0' } })],
  ];
  it.each(broken)('GIVEN %s WHEN checked THEN the hand check refuses it, as the schema does', (_what, b) => {
    expect(RawInteractionSchema.safeParse(b).success).toBe(false);
    expect(plainInteraction(b)).toBe(false);
    expect(toIncoming(b).ok).toBe(false);
  });

  it('PROPERTY: whatever one field is set to, the hand check never takes a body the schema refuses', () => {
    const values: unknown[] = [null, undefined, '', 'x', '123', '1'.repeat(21), 0, -1, 1.5, 3, 2 ** 60, true, [], {}, ['COMMUNITY'], { id: '1' }, 'a'.repeat(1001)];
    const fields = ['id', 'application_id', 'type', 'token', 'guild_id', 'channel_id', 'channel', 'context', 'authorizing_integration_owners', 'member', 'user', 'data', 'message', 'app_permissions', 'locale', 'guild_locale', 'guild'];
    let taken = 0;
    for (const f of fields) {
      for (const v of values) {
        const b = { ...button(), [f]: v };
        if (plainInteraction(b)) {
          taken++;
          expect(RawInteractionSchema.safeParse(b).success, `${f} = ${JSON.stringify(v)}`).toBe(true);
        }
      }
    }
    expect(taken).toBeGreaterThan(10);
  });
});
