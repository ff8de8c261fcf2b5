import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployCommands } from '../../src/deploy-commands.js';
import { ALICE, CHANNEL, GUILD, MALLORY, buttons, ephemeralText, findButton, turnButton, startHarness, subcommand, turnOf, TRANSPORTS, type Harness } from './harness.js';

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ transport });
  });

  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  describe('the bot against a fake Discord', () => {
    it('GIVEN deploy-commands WHEN run for a guild and globally THEN both commands are registered there', async () => {
      const guild = await deployCommands({ discordToken: h.fake.token, applicationId: h.fake.applicationId, guildId: GUILD, apiBase: h.fake.apiBase });
      expect(guild).toEqual({ count: 2, scope: `guild ${GUILD}` });
      expect((h.fake.commands(GUILD) as { name: string }[]).map((c) => c.name).sort()).toEqual(['rogue', 'rogue-config']);
      await deployCommands({ discordToken: h.fake.token, applicationId: h.fake.applicationId, guildId: undefined, apiBase: h.fake.apiBase });
      const global = h.fake.commands() as { name: string; default_member_permissions?: string | null }[];
      expect(global.find((c) => c.name === 'rogue-config')?.default_member_permissions).toBe('32');
      // Registered in every language the game speaks (src/i18n/commands.ts), from the catalogues.
      const rogueNew = (global.find((c) => c.name === 'rogue') as { options?: { name: string; name_localizations?: Record<string, string> }[] } | undefined)?.options?.find((o) => o.name === 'new');
      expect(rogueNew?.name_localizations).toMatchObject({ de: 'neu', fr: 'nouvelle', 'pt-BR': 'novo', ru: 'новая', 'es-ES': 'nueva' });
    });

    it('GIVEN a channel WHEN a whole solo game is played with slash commands and buttons THEN the one game message stays current', async () => {
      const started = await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 12, size: 'small', map: 'cavern' }));
      expect(started.callback.type).toBe(4);
      expect(started.callback.data?.flags ?? 0).toBe(0); // public
      const first = h.fake.originalMessage(started.id)!;
      expect(turnOf(first)).toBe(0);
      expect(buttons(first).length).toBeGreaterThanOrEqual(5);
      expect((await h.gameMessage()).id).toBe(first.id);

      // A button press updates the very message it sits on (type 7).
      const btn = turnButton(first)!;
      const pressed = await h.press(ALICE, first.id, btn.custom_id!);
      expect(pressed.callback.type).toBe(7);
      expect(pressed.ms).toBeLessThan(3000);
      expect(turnOf(h.fake.message(first.id)!)).toBe(1);

      // A slash action edits the stored game message through the channel API and answers privately.
      const moved = await h.command(ALICE, 'rogue', subcommand('wait'));
      expect(ephemeralText(moved.callback).length).toBeGreaterThan(0);
      await h.fake.waitForRequest((r) => r.method === 'PATCH' && r.path === `/channels/${CHANNEL}/messages/${first.id}`);
      expect(turnOf(h.fake.message(first.id)!)).toBe(2);

      // The character sheet is private.
      const status = await h.command(ALICE, 'rogue', subcommand('status'));
      expect(status.callback.type).toBe(4);
      expect((status.callback.data?.flags ?? 0) & 64).toBe(64);
      expect(status.callback.data?.embeds?.[0]?.title).toContain('alice');

      // /rogue map reposts at the bottom and retires the old message's buttons.
      const map = await h.command(ALICE, 'rogue', subcommand('map'));
      const second = h.fake.originalMessage(map.id)!;
      expect(second.id).not.toBe(first.id);
      expect(turnOf(second)).toBe(2);
      await h.fake.waitForRequest((r) => r.method === 'PATCH' && r.path === `/channels/${CHANNEL}/messages/${first.id}` && Array.isArray((r.body as { components?: unknown[] }).components) && (r.body as { components: unknown[] }).components.length === 0);
      expect(buttons(h.fake.message(first.id)!)).toEqual([]);
      expect((await h.gameMessage()).id).toBe(second.id);

      // Moves keep working on the new message.
      const move = findButton(second, 'mv')!;
      expect((await h.press(ALICE, second.id, move.custom_id!)).callback.type).toBe(7);

      const ended = await h.command(ALICE, 'rogue', subcommand('end'));
      expect(ephemeralText(ended.callback)).toBe('The game is over.');
      // The final screen keeps two buttons: ▶ Play again and 🎞️ Replay.
      await h.fake.waitForRequest((r) => r.method === 'PATCH' && r.path === `/channels/${CHANNEL}/messages/${second.id}` && JSON.stringify((r.body as { components?: unknown[] }).components ?? []).includes('Play again'));
      expect(buttons(h.fake.message(second.id)!).map((b) => b.label)).toEqual(['Play again', 'Replay']);
    });

    it("GIVEN a running game WHEN a stranger presses a button or a stale/foreign button is pressed THEN each gets a friendly private refusal and nothing changes", async () => {
      await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 3, size: 'small' }));
      const msg = await h.gameMessage();
      const waitBtn = turnButton(msg)!;

      const stranger = await h.press(MALLORY, msg.id, waitBtn.custom_id!);
      expect(ephemeralText(stranger.callback)).toBe("You're not in this game. Join with /rogue join.");
      expect(turnOf(h.fake.message(msg.id)!)).toBe(0);

      // A double click: two presses of the same drawing arrive together; the first acts, the second is stale.
      const [one, two] = await Promise.all([
        h.fake.pressButton({ guildId: GUILD, channelId: CHANNEL, user: ALICE, messageId: msg.id, customId: waitBtn.custom_id! }),
        h.fake.pressButton({ guildId: GUILD, channelId: CHANNEL, user: ALICE, messageId: msg.id, customId: waitBtn.custom_id! }),
      ]);
      const answers = await Promise.all([h.fake.waitForResponse(one.id), h.fake.waitForResponse(two.id)]);
      expect(answers.map((a) => a.type)).toEqual([7, 7]); // both refresh the message to the current turn...
      const followUp = await h.fake.waitForRequest((r) => r.method === 'POST' && r.path.startsWith(`/webhooks/${h.fake.applicationId}/`) && JSON.stringify(r.body).includes('out of date'));
      expect(followUp.status).toBeLessThan(300); // ...and the second presser is told why nothing happened
      expect(turnOf(h.fake.message(msg.id)!)).toBe(1); // applied once, not twice

      // A button that isn't ours: the fake lets a test post any message, so post one with a foreign custom id.
      const foreign = await fetch(`${h.fake.apiBase}/v10/channels/${CHANNEL}/messages`, {
        method: 'POST',
        headers: { authorization: `Bot ${h.fake.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'other bot', components: [{ type: 1, components: [{ type: 2, style: 1, label: 'x', custom_id: 'ttt:1:2' }] }] }),
      }).then((r) => r.json() as Promise<{ id: string }>);
      const foreignAnswer = await h.press(ALICE, foreign.id, 'ttt:1:2');
      expect(ephemeralText(foreignAnswer.callback)).toBe("This button isn't from this game.");

      await h.command(ALICE, 'rogue', subcommand('end'));
    });
  });
});
