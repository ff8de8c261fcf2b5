/**
 * Issue 29: /rogue map can't drain the shared bot-token budget. The old message is retired through the channel's
 * fresh interaction token (exempt from the global limit), and a repost right after the last is answered privately.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/i18n/index.js';
import { ALICE, buttons, CHANNEL, ephemeralText, startHarness, subcommand, TRANSPORTS, type Harness } from './harness.js';

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ transport, tokenEdits: true, repostCooldownMs: 5_000 });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  it('GIVEN a live game message WHEN /rogue map reposts it THEN the old one is retired through an interaction token, not the bot token; WHEN /rogue map comes again at once THEN it is answered privately with a link and nothing is posted', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 3, size: 'small' }));
    const first = await h.gameMessage();
    const botEditsBefore = h.fake.requests.filter((r) => r.method === 'PATCH' && r.path.startsWith('/channels/')).length;
    await h.command(ALICE, 'rogue', subcommand('map'));
    const live = await h.gameMessage();
    expect(live.id).not.toBe(first.id);
    for (let i = 0; i < 40 && buttons(h.fake.message(first.id)!).length > 0; i++) await new Promise((r) => setTimeout(r, 25));
    expect(buttons(h.fake.message(first.id)!)).toEqual([]);
    expect(h.fake.requests.filter((r) => r.method === 'PATCH' && r.path.startsWith('/channels/')).length).toBe(botEditsBefore);

    const publicCount = (): number => h.fake.messages(CHANNEL).filter((m) => (m.flags & 64) === 0).length;
    const posts = publicCount();
    const again = await h.command(ALICE, 'rogue', subcommand('map'));
    expect(again.callback.type).toBe(4);
    expect(ephemeralText(again.callback)).toBe(t('en-US', 'reply.map-recent', { link: `https://discord.com/channels/${live.guild_id}/${CHANNEL}/${live.id}` }));
    expect(publicCount()).toBe(posts);
    expect((await h.gameMessage()).id).toBe(live.id);
  });
});
