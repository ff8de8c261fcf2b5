import { describe, expect, it } from 'vitest';
import { toIncoming } from '../../../src/adapters/discord/incoming.js';
import { EXTERNAL_APPS_OFF_TEXT, interactionKey, placeRefusal } from '../../../src/adapters/discord/place-guard.js';
import { USE_EXTERNAL_APPS } from '../../../src/adapters/discord/place.js';
import { boardGuildOf, channelKeyOf, interactionOnly, isPersonalDaily, messageLink, personalDailyKey, scopeOf } from '../../../src/app/scope.js';
import type { ChannelKey } from '../../../src/app/service-types.js';

const USER = { id: '1300000000000000001', username: 'alice', global_name: 'Alice' };
const GUILD = '1100000000000000001';
const CHANNEL = '1100000000000000011';
const MEMBER = (1n << 10n) | (1n << 11n) | (1n << 31n);

/** A slash command as Discord sends it in each place (the fields the converter reads). */
const PAYLOADS = {
  'guild, server install': { guild_id: GUILD, channel: { id: CHANNEL, type: 0 }, member: { user: USER, permissions: String(MEMBER) }, context: 0, authorizing_integration_owners: { '0': GUILD } },
  'guild, user install only': { guild_id: GUILD, channel: { id: CHANNEL, type: 0 }, member: { user: USER, permissions: String(MEMBER | USE_EXTERNAL_APPS) }, context: 0, authorizing_integration_owners: { '1': USER.id } },
  'guild, external apps off': { guild_id: GUILD, channel: { id: CHANNEL, type: 0 }, member: { user: USER, permissions: String(MEMBER) }, context: 0, authorizing_integration_owners: { '1': USER.id } },
  'DM with the bot': { channel: { id: '1500000000000000001', type: 1 }, user: USER, context: 1, authorizing_integration_owners: { '1': USER.id }, app_permissions: String(MEMBER) },
  'group DM': { channel: { id: '1500000000000000002', type: 3 }, user: USER, context: 2, authorizing_integration_owners: { '1': USER.id }, app_permissions: String(MEMBER) },
  'old payload without contexts': { guild_id: GUILD, channel_id: CHANNEL, member: { user: USER, permissions: String(MEMBER) } },
  'DM without context (older payload)': { channel: { id: '1500000000000000003', type: 1 }, user: USER },
} as const;

const EXPECTED: Record<keyof typeof PAYLOADS, { kind: string; serverInstall: boolean; external: boolean; scope: string }> = {
  'guild, server install': { kind: 'guild', serverInstall: true, external: true, scope: 'guild' },
  'guild, user install only': { kind: 'guild', serverInstall: false, external: true, scope: 'external' },
  'guild, external apps off': { kind: 'guild', serverInstall: false, external: false, scope: 'external' },
  'DM with the bot': { kind: 'dm', serverInstall: false, external: true, scope: 'dm' },
  'group DM': { kind: 'group-dm', serverInstall: false, external: true, scope: 'group-dm' },
  'old payload without contexts': { kind: 'guild', serverInstall: true, external: true, scope: 'guild' },
  'DM without context (older payload)': { kind: 'dm', serverInstall: false, external: true, scope: 'dm' },
};

function convert(fields: object, sub = 'new') {
  const r = toIncoming({ id: '1400000000000000001', application_id: '1200000000000000001', type: 2, token: 't', data: { name: 'rogue', type: 1, options: [{ name: sub, type: 1 }] }, ...fields });
  if (!r.ok) throw new Error(r.problems.join('; '));
  return r.interaction;
}

describe('where an interaction comes from', () => {
  it.each(Object.keys(PAYLOADS) as (keyof typeof PAYLOADS)[])('GIVEN a command from "%s" WHEN converted THEN its place and key scope are read right', (name) => {
    const i = convert(PAYLOADS[name]);
    const want = EXPECTED[name];
    expect(i.place).toMatchObject({ kind: want.kind, serverInstall: want.serverInstall, externalAppsAllowed: want.external });
    const key = interactionKey(i)!;
    expect(scopeOf(key)).toBe(want.scope);
    expect(interactionOnly(key)).toBe(want.scope !== 'guild');
  });

  it('GIVEN the same channel id in every place WHEN keyed THEN no two places share a key, and a player’s daily never shares the channel’s', () => {
    const places = [
      { kind: 'guild', serverInstall: true },
      { kind: 'guild', serverInstall: false },
      { kind: 'dm', serverInstall: false },
      { kind: 'group-dm', serverInstall: false },
    ] as const;
    const keys: ChannelKey[] = places.flatMap((p) => {
      const k = channelKeyOf(p, GUILD, CHANNEL);
      return [k, personalDailyKey(k, USER.id), personalDailyKey(k, '1300000000000000002')];
    });
    expect(new Set(keys.map((k) => `${k.guildId}|${k.channelId}`)).size).toBe(keys.length);
    expect(keys.filter(isPersonalDaily)).toHaveLength(8);
    expect(keys.filter((k) => !interactionOnly(k))).toEqual([{ guildId: GUILD, channelId: CHANNEL }]);
  });

  it('GIVEN runs in each place WHEN their boards are chosen THEN servers keep their board (installed or not) and DMs go to the global board only', () => {
    expect(boardGuildOf(channelKeyOf({ kind: 'guild', serverInstall: true }, GUILD, CHANNEL))).toBe(GUILD);
    expect(boardGuildOf(channelKeyOf({ kind: 'guild', serverInstall: false }, GUILD, CHANNEL))).toBe(GUILD);
    expect(boardGuildOf(channelKeyOf({ kind: 'dm', serverInstall: false }, null, CHANNEL))).toBeNull();
    expect(boardGuildOf(personalDailyKey(channelKeyOf({ kind: 'group-dm', serverInstall: false }, null, CHANNEL), USER.id))).toBeNull();
    expect(messageLink(channelKeyOf({ kind: 'dm', serverInstall: false }, null, CHANNEL), CHANNEL, '9')).toBe(`https://discord.com/channels/@me/${CHANNEL}/9`);
  });

  it('GIVEN a server that turned off external apps WHEN a shared-game command or a private one comes THEN only the shared one is refused, with its sentence', () => {
    const off = PAYLOADS['guild, external apps off'];
    expect(placeRefusal(convert(off, 'new'))).toBe(EXTERNAL_APPS_OFF_TEXT);
    expect(placeRefusal(convert(off, 'join'))).toBe(EXTERNAL_APPS_OFF_TEXT);
    for (const sub of ['daily', 'help', 'board', 'prefs']) expect(placeRefusal(convert(off, sub))).toBeNull();
    expect(placeRefusal(convert(PAYLOADS['guild, user install only'], 'new'))).toBeNull();
  });

  it('GIVEN an interaction with no channel WHEN keyed THEN there is no key', () => {
    const r = toIncoming({ id: '1400000000000000001', application_id: '1200000000000000001', type: 2, token: 't', user: USER, context: 1, data: { name: 'rogue', type: 1 } });
    expect(r.ok && interactionKey(r.interaction)).toBeNull();
  });
});
