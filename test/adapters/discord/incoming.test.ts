import { describe, expect, it } from 'vitest';
import { kindOf, optionsBeyondShape, toIncoming } from '../../../src/adapters/discord/incoming.js';
import { APP_ID, CHANNEL, GUILD, TOKEN, rawInteraction } from '../http/support.js';

describe('raw interaction -> IncomingInteraction', () => {
  it('GIVEN a chat-input command with a subcommand WHEN converted THEN its options are flattened into an invocation', () => {
    const r = toIncoming(rawInteraction(2, { name: 'rogue', type: 1, options: [{ name: 'move', type: 1, options: [{ name: 'direction', type: 3, value: 'north' }, { name: 'steps', type: 4, value: 3 }] }] }));
    expect(r).toEqual({
      ok: true,
      interaction: {
        id: '1300000000000000001',
        applicationId: APP_ID,
        token: TOKEN,
        kind: 'command',
        guildId: GUILD,
        channelId: CHANNEL,
        user: { id: '1000000000000000042', name: 'Alice' },
        memberPermissions: 32n,
        appPermissions: null,
        place: { kind: 'guild', serverInstall: true, userInstall: false, externalAppsAllowed: true },
        locale: 'en-US',
        guildLocale: null,
        invocation: { command: 'rogue', group: null, subcommand: 'move', options: { direction: 'north', steps: 3 } },
      },
    });
  });

  // guild_locale counts only for a Community server (features has COMMUNITY): every other server says "en-US".
  it.each([
    ['de', 'de', ['COMMUNITY'], 'de', 'de'],
    ['de', 'fr', [], 'de', null],
    ['pt-BR', 'en-US', undefined, 'pt-BR', null],
    ['pt-BR', 'en-US', ['COMMUNITY', 'NEWS'], 'pt-BR', 'en-US'],
    ['es-419', undefined, ['COMMUNITY'], 'es-ES', null],
    ['ja', 'fr', ['COMMUNITY'], 'en-US', 'fr'],
    ['fr', 'ja', ['COMMUNITY'], 'fr', null],
  ] as const)('GIVEN locale %j, guild_locale %j and guild features %j WHEN converted THEN the game speaks %s (server: %s)', (locale, guild, features, speaks, server) => {
    const raw = {
      ...rawInteraction(2, { name: 'rogue', type: 1, options: [{ name: 'help', type: 1 }] }),
      locale,
      ...(guild ? { guild_locale: guild } : {}),
      ...(features ? { guild: { id: GUILD, ...(guild ? { locale: guild } : {}), features } } : {}),
    };
    const r = toIncoming(raw);
    expect(r.ok && [r.interaction.locale, r.interaction.guildLocale]).toEqual([speaks, server]);
  });

  it('GIVEN a command with a subcommand group WHEN converted THEN group and subcommand are both named', () => {
    const r = toIncoming(rawInteraction(2, { name: 'rogue-config', type: 1, options: [{ name: 'channel', type: 2, options: [{ name: 'add', type: 1, options: [{ name: 'channel', type: 7, value: CHANNEL }] }] }] }));
    expect(r.ok && r.interaction.invocation).toEqual({ command: 'rogue-config', group: 'channel', subcommand: 'add', options: { channel: CHANNEL } });
  });

  it.each([
    [2, { name: 'Inspect', type: 2 }, 'context-menu'],
    [2, { name: 'Inspect', type: 3 }, 'context-menu'],
    [3, { custom_id: 'cc1:n', component_type: 2 }, 'button'],
    [3, { custom_id: 'pick', component_type: 3, values: ['a'] }, 'select'],
    [4, { name: 'rogue', type: 1, options: [] }, 'autocomplete'],
    [5, { custom_id: 'form', components: [] }, 'modal'],
    [99, undefined, 'unknown'],
  ] as const)('GIVEN interaction type %i with %j WHEN converted THEN its kind is %s', (type, data, kind) => {
    const r = toIncoming(rawInteraction(type, data as Record<string, unknown> | undefined));
    expect(r.ok && r.interaction.kind).toBe(kind);
    expect(kindOf({ type, data: data as never })).toBe(kind);
  });

  it('GIVEN a button on an ephemeral message WHEN converted THEN the custom id and the message are kept', () => {
    const r = toIncoming(rawInteraction(3, { custom_id: 'cc1:n:5', component_type: 2 }, { message: { id: '1400000000000000007', flags: 64 } }));
    expect(r.ok && r.interaction).toMatchObject({ kind: 'button', customId: 'cc1:n:5', message: { id: '1400000000000000007', ephemeral: true } });
  });

  it('GIVEN a context-menu or autocomplete WHEN converted THEN the command name is set', () => {
    const r = toIncoming(rawInteraction(4, { name: 'rogue', type: 1, options: [{ name: 'move', type: 1, options: [] }] }));
    expect(r.ok && r.interaction.commandName).toBe('rogue');
  });

  it('GIVEN a DM (user, no member) WHEN converted THEN there is no guild and no permission bitfield', () => {
    const raw = rawInteraction(2, { name: 'rogue', type: 1 }, { guild_id: undefined, member: undefined, user: { id: '1000000000000000042', username: 'alice' } });
    const r = toIncoming(JSON.parse(JSON.stringify(raw)));
    expect(r.ok && r.interaction).toMatchObject({ guildId: null, memberPermissions: null, user: { id: '1000000000000000042', name: 'alice' } });
  });

  it('GIVEN a member with a nickname WHEN converted THEN the nickname is the name (at most 32 code points, cut with an ellipsis)', () => {
    const r = toIncoming(rawInteraction(2, { name: 'rogue', type: 1 }, { member: { user: { id: '1000000000000000042', username: 'alice' }, nick: 'N'.repeat(40), permissions: '0' } }));
    expect(r.ok && r.interaction.user.name).toBe(`${'N'.repeat(31)}…`);
  });

  it.each([
    [{ ...rawInteraction(2, { name: 'rogue', type: 1 }), id: 'not-an-id' }, 'id'],
    [{ ...rawInteraction(2, { name: 'rogue', type: 1 }), token: undefined }, 'token'],
    [rawInteraction(3, { component_type: 2 }), 'data.custom_id'],
    [rawInteraction(2, { type: 1 }), 'data.name'],
    [{ ...rawInteraction(2, { name: 'rogue' }), member: undefined }, 'user'],
  ])('GIVEN a malformed interaction WHEN converted THEN the problem names the field (%#)', (raw, field) => {
    const r = toIncoming(raw);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems.join(' ')).toContain(field);
      expect(r.problems.join(' ')).not.toContain(TOKEN);
    }
  });

  it.each([
    ['a group, a subcommand and leaves', [{ name: 'channel', type: 2, options: [{ name: 'add', type: 1, options: [{ name: 'channel', type: 7, value: '1' }] }] }], false],
    ['no options at all', undefined, false],
    ['one level deeper than a group allows', [{ name: 'a', type: 2, options: [{ name: 'b', type: 1, options: [{ name: 'c', type: 1, options: [{ name: 'd', type: 3, value: 'x' }] }] }] }], true],
    ['26 in a level', Array.from({ length: 26 }, (_, n) => ({ name: `o${n}`, type: 3, value: 'x' })), true],
    ['a name of 33 characters', [{ name: 'x'.repeat(33), type: 3, value: 'x' }], true],
    ['a 6,001-character string', [{ name: 'seed', type: 3, value: 'x'.repeat(6001) }], true],
    ['an option that is not an object', [7], true],
  ])('GIVEN options with %s WHEN checked against Discord shapes THEN beyond is %s', (_what, options, beyond) => {
    expect(optionsBeyondShape(options)).toBe(beyond);
  });

  it('GIVEN options nested 100,000 deep WHEN converted THEN the command is kept, flagged as refused, with no stack overflow', () => {
    let options: unknown[] = [];
    for (let d = 0; d < 100_000; d++) options = [{ name: 'n', type: 1, options }];
    const r = toIncoming(rawInteraction(2, { name: 'rogue', type: 1, options }));
    expect(r.ok && r.interaction.optionsRefused).toBe(true);
    expect(r.ok && r.interaction.invocation).toEqual({ command: 'rogue', group: null, subcommand: null, options: {} });
  });
});
