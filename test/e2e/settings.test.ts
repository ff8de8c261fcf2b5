import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMS, ALICE, BOB, OTHER_CHANNEL, CHANNEL, ephemeralText, startHarness, subcommand, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  expect(h.fake.violations()).toEqual([]);
  await h.close();
});

describe('settings through /rogue-config', () => {
  it('GIVEN a member without Manage Server WHEN they change a setting THEN the refusal names the permission and nothing changes', async () => {
    const r = await h.command(BOB, 'rogue-config', subcommand('set', { turn_mode: 'rounds' }));
    expect(ephemeralText(r.callback)).toBe('You need the Manage Server permission to change Channel Crawler settings.');
    const shown = await h.command(ALICE, 'rogue-config', subcommand('show'), { permissions: ADMIN_PERMS });
    expect(JSON.stringify(shown.callback.data?.embeds)).toContain('`free`');
  });

  it('GIVEN an admin WHEN they change settings THEN each change is answered privately with its new value and new games use it', async () => {
    const r = await h.command(ALICE, 'rogue-config', subcommand('set', { render: 'ascii', max_players: 2 }), { permissions: ADMIN_PERMS });
    expect(ephemeralText(r.callback)).toBe('`render` is now `ascii`.\n`max_players` is now `2`.');
    const bad = await h.command(ALICE, 'rogue-config', subcommand('set', { round_seconds: 5 }), { permissions: ADMIN_PERMS });
    expect(ephemeralText(bad.callback)).toBe('Option `round_seconds`: must be a whole number from 10 to 600.');

    const game = await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, size: 'small' }));
    expect(h.fake.originalMessage(game.id)!.content.startsWith('```')).toBe(true); // ASCII map in a code block

    const limited = await h.command(ALICE, 'rogue-config', subcommand('add', { channel: CHANNEL }, 'channel'), { permissions: ADMIN_PERMS });
    expect(ephemeralText(limited.callback)).toContain(`<#${CHANNEL}> is allowed.`);
    const elsewhere = await h.command(BOB, 'rogue', subcommand('new', { lobby: false }), { channelId: OTHER_CHANNEL });
    expect(ephemeralText(elsewhere.callback)).toContain("isn't enabled in this channel");
    // A later `set` changes only what it names: the channel list and the earlier settings stay.
    const later = await h.command(ALICE, 'rogue-config', subcommand('set', { difficulty: 'hard' }), { permissions: ADMIN_PERMS });
    expect(ephemeralText(later.callback)).toBe('`difficulty` is now `hard`.');
    const shown = JSON.stringify(later.callback.data?.embeds);
    expect(shown).toContain('`ascii`');
    expect(shown).toContain(`<#${CHANNEL}>`);
    const stillElsewhere = await h.command(BOB, 'rogue', subcommand('new', { lobby: false }), { channelId: OTHER_CHANNEL });
    expect(ephemeralText(stillElsewhere.callback)).toContain("isn't enabled in this channel");

    const resetGame = await h.command(ALICE, 'rogue-config', subcommand('reset-game'), { permissions: ADMIN_PERMS });
    expect(ephemeralText(resetGame.callback)).toBe("Deleted this channel's game. Start a new one with /rogue new.");
    const reset = await h.command(ALICE, 'rogue-config', subcommand('reset'), { permissions: ADMIN_PERMS });
    expect(ephemeralText(reset.callback)).toBe('Settings restored to their defaults.');
    const again = await h.command(BOB, 'rogue', subcommand('new', { lobby: false, size: 'small' }), { channelId: OTHER_CHANNEL });
    expect(again.callback.type).toBe(4);
    expect(again.callback.data?.flags ?? 0).toBe(0);
  });

  it.each([
    ['emoji', false],
    ['emoji', true],
    ['ascii', false],
    ['ascii', true],
  ] as const)('GIVEN render %s (mobile %s) WHEN the largest 8-way map is posted THEN Discord accepts the message', async (render, mobile) => {
    await h.command(ALICE, 'rogue-config', subcommand('set', { render, mobile }), { permissions: ADMIN_PERMS });
    const started = await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 11, size: 'large', diagonals: true }));
    expect(started.callback.type).toBe(4);
    expect(h.fake.violations()).toEqual([]);
    await h.command(ALICE, 'rogue', subcommand('end'));
  });
});
