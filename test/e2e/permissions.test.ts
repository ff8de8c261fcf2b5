import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PERMS, ALICE, buttons, CHANNEL, ephemeralText, startHarness, subcommand, TRANSPORTS, turnOf, type Harness } from './harness.js';
import { BOT_PERMS, PERMS } from './fake-discord/index.js';
import { INVITE_PERMISSIONS, NEEDED_PERMISSIONS } from '../../src/adapters/discord/permissions.js';

describe.each(TRANSPORTS)('a channel without Attach Files over the %s transport', (transport) => {
  let h: Harness;
  const notes: string[] = [];

  beforeAll(async () => {
    h = await startHarness({ transport, editIntervalMs: 1 });
    h.fake.setBotPermissions(CHANNEL, BigInt(BOT_PERMS) & ~PERMS.ATTACH_FILES);
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 3, size: 'small' }));
    for (let i = 0; i < 6; i++) notes.push(ephemeralText((await h.command(ALICE, 'rogue', subcommand('wait'))).callback));
    await h.bot.flushEdits();
  });

  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  it('GIVEN /rogue new and 6 waits WHEN uploads are not allowed THEN one public game message with live buttons shows turn 6 in emoji, and no request was refused', async () => {
    const live = h.fake.messages(CHANNEL).filter((m) => (m.flags & 64) === 0 && buttons(m).some((b) => !b.disabled));
    expect(live.map((m) => m.id)).toEqual([(await h.gameMessage()).id]);
    expect(turnOf(live[0]!)).toBe(6);
    expect(live[0]!.embeds[0]?.image).toBeUndefined();
    expect(h.fake.requests.filter((r) => r.status === 403)).toEqual([]);
  });

  it('GIVEN the bot lacks Attach Files WHEN players act THEN the channel is told once which permission is missing', () => {
    expect(notes.filter((n) => n.includes('**Attach Files**'))).toHaveLength(1);
  });

  it('GIVEN the bot lacks Attach Files WHEN /rogue-config show runs THEN it lists every needed permission, Attach Files as missing', async () => {
    const shown = await h.command(ALICE, 'rogue-config', subcommand('show'), { permissions: ADMIN_PERMS });
    const field = shown.callback.data?.embeds?.[0]?.fields?.find((f) => f.name === 'Bot permissions in this channel');
    for (const p of NEEDED_PERMISSIONS) expect(field?.value).toContain(`${p.name === 'Attach Files' ? '❌' : '✅'} ${p.name}`);
  });
});

describe('the invite permission integer', () => {
  it('GIVEN the needed permissions WHEN combined THEN the invite integer is View Channel, Send Messages, Embed Links, Attach Files and Read Message History', () => {
    expect(INVITE_PERMISSIONS).toBe(PERMS.VIEW_CHANNEL | PERMS.SEND_MESSAGES | PERMS.EMBED_LINKS | PERMS.ATTACH_FILES | PERMS.READ_MESSAGE_HISTORY);
    expect(INVITE_PERMISSIONS.toString()).toBe('117760');
  });
});
