/**
 * Issue 27 through the fake Discord: with the full view served, the game message offers 🖥️ full view, which answers
 * LAUNCH_ACTIVITY (type 12, no data) over both transports, in a server channel and in a group DM alike, and a watch
 * link (a link button) that verifies as that conversation's spectator link.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { decodeButtonId } from '../../commands/controls/custom-id.js';
import { gameLinks, verifyWatchToken } from '../../src/adapters/web/watch-link.js';
import type { FakeComponent, FakeMessage } from './fake-discord/index.js';
import { ALICE, BOB, CHANNEL, GUILD, buttons, startHarness, subcommand, TRANSPORTS, type Harness } from './harness.js';

const SECRET = 's'.repeat(40);
const PUBLIC_URL = 'https://crawler.example.com/app/';

/** The 🖥️ button on `m`, by the verb in its custom id. */
const launchButton = (m: FakeMessage): FakeComponent | undefined => buttons(m).find((b) => b.custom_id !== undefined && decodeButtonId(b.custom_id).ok && b.custom_id.startsWith('cc1:full:'));
/** The link buttons (style 5) on `m`. */
const linkButtons = (m: FakeMessage): FakeComponent[] => buttons(m).filter((b) => b.style === 5);

/** The channel a watch link's URL names, verified with the server's secret. */
function watchedChannel(url: string | undefined): unknown {
  const parsed = new URL(url ?? 'invalid:');
  expect(`${parsed.origin}${parsed.pathname}`).toBe(PUBLIC_URL);
  return verifyWatchToken(SECRET, parsed.searchParams.get('watch') ?? '');
}

describe.each(TRANSPORTS)('the full view buttons, over the %s transport', (transport) => {
  let h: Harness;
  afterEach(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  it('GIVEN the full view served WHEN a player presses 🖥️ on the game message THEN Discord gets LAUNCH_ACTIVITY (12, no data) and the message stays as it was', async () => {
    h = await startHarness({ transport, links: gameLinks(SECRET, PUBLIC_URL) });
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 21, size: 'small' }));
    const message = await h.gameMessage();
    const launch = launchButton(message);
    expect(launch?.emoji?.name).toBe('🖥️');
    const [watch] = linkButtons(message);
    expect(watch?.custom_id).toBeUndefined();
    expect(watchedChannel(watch?.url)).toEqual({ guildId: GUILD, channelId: CHANNEL });
    const before = JSON.stringify(h.fake.message(message.id));
    const pressed = await h.press(BOB, message.id, launch!.custom_id!);
    expect(pressed.callback).toEqual({ type: 12 });
    expect(h.fake.activityLaunches()).toEqual([expect.objectContaining({ interactionId: pressed.id, userId: BOB.id, channelId: CHANNEL })]);
    expect(JSON.stringify(h.fake.message(message.id))).toBe(before);
  });

  it('GIVEN a group DM where the players installed the app WHEN one presses 🖥️ THEN it launches the same way, and the watch link names the group DM', async () => {
    h = await startHarness({ transport, tokenEdits: true, links: gameLinks(SECRET, PUBLIC_URL) });
    const gdm = h.fake.openGroupDm([ALICE, BOB]);
    const { id } = await h.fake.sendCommand({ channelId: gdm.id, user: ALICE, name: 'rogue', options: subcommand('new', { lobby: false, seed: 5, size: 'small' }) });
    await h.fake.waitForResponse(id, 3000);
    const message = h.fake.originalMessage(id)!;
    expect(watchedChannel(linkButtons(message)[0]?.url)).toMatchObject({ channelId: gdm.id, guildId: expect.stringMatching(/^gdm\./) });
    const press = await h.fake.pressButton({ channelId: gdm.id, user: ALICE, messageId: message.id, customId: launchButton(message)!.custom_id! });
    expect(await h.fake.waitForResponse(press.id, 3000)).toEqual({ type: 12 });
    expect(h.fake.botTokenRequests()).toEqual([]);
  });

  it('GIVEN the full view not served WHEN a game is shown THEN it has neither 🖥️ nor a watch link', async () => {
    h = await startHarness({ transport });
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 21, size: 'small' }));
    const message = await h.gameMessage();
    expect(launchButton(message)).toBeUndefined();
    expect(linkButtons(message)).toEqual([]);
  });

  it('GIVEN no public URL WHEN a game is shown THEN 🖥️ is offered and no watch link', async () => {
    h = await startHarness({ transport, links: gameLinks(SECRET, undefined) });
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 21, size: 'small' }));
    const message = await h.gameMessage();
    expect(launchButton(message)).toBeDefined();
    expect(linkButtons(message)).toEqual([]);
  });
});
