import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeButtonId } from '../../commands/controls/custom-id.js';
import { ADMIN_PERMS, ALICE, CHANNEL, GUILD, buttons, ephemeralText, startHarness, subcommand, turnOf, TRANSPORTS, type Harness } from './harness.js';
import type { FakeComponent, FakeMessage } from './fake-discord/index.js';

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ transport });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  const DANGER = 4;
  let pressCount = 0;

  /** The player's policy, read off the buttons: drink when below half health, attack when a red arrow shows, else wait. */
  async function choose(m: FakeMessage): Promise<FakeComponent> {
    const enabled = buttons(m).filter((b) => !b.disabled && b.custom_id && decodeButtonId(b.custom_id).ok);
    const view = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
    const me = view.ok ? view.value.state.players.find((p) => p.id === ALICE.id) : undefined;
    const drink = me && me.hp * 2 < me.maxHp ? enabled.find((b) => b.custom_id?.startsWith('cc1:use:')) : undefined;
    // Fight what is next to her, else walk on and down (monsters start out of sight since issue 15), else wait.
    const walk = ['exp', 'desc', 'trv'].map((verb) => enabled.find((b) => b.custom_id?.startsWith(`cc1:${verb}:`))).find((b) => b);
    // With an unaware monster in view explore is refused: step about (a different arrow each press) until it notices.
    const arrows = enabled.filter((b) => b.custom_id?.startsWith('cc1:mv:'));
    const step = arrows.length > 0 ? arrows[pressCount++ % arrows.length] : undefined;
    const pick = drink ?? enabled.find((b) => b.style === DANGER) ?? walk ?? step ?? enabled.find((b) => b.custom_id?.startsWith('cc1:wait:'));
    if (!pick) throw new Error(`no button to press on ${JSON.stringify(m.components)}`);
    return pick;
  }

  describe('a whole solo game played through buttons', () => {
    it('GIVEN a small hard cavern (seed 6) WHEN alice keeps pressing buttons THEN the run ends on the same message with its summary, later presses and actions are refused kindly, and /rogue new starts afresh', async () => {
      await h.command(ALICE, 'rogue-config', subcommand('set', { difficulty: 'hard' }), { permissions: ADMIN_PERMS });
      const started = await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 6, size: 'small', map: 'cavern' }));
      const msg = h.fake.originalMessage(started.id)!;
      let presses = 0;
      for (; presses < 1000; presses++) {
        const current = h.fake.message(msg.id)!;
        if (buttons(current).some((b) => b.label === 'Play again')) break;
        const button = await choose(current);
        const pressed = await h.press(ALICE, msg.id, button.custom_id!);
        expect(pressed.callback.type).toBe(7); // the same message, updated in place
        expect(pressed.ms).toBeLessThan(3000);
      }
      // The game-over screen: the outcome, depth and turns, kills per player, and only ▶ Play again and 🎞️ Replay left to press.
      const end = h.fake.message(msg.id)!;
      expect(buttons(end).map((b) => b.label)).toEqual(['Play again', 'Replay']);
      const embed = end.embeds[0]!;
      // The title and the summary tell the run as the saved game has it (balance moves the numbers; the shape stays).
      const saved = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
      if (!saved.ok || !saved.value.state.summary) throw new Error('the game did not end');
      const { depth, turns, kills } = saved.value.state.summary;
      const fell = saved.value.state.summary.outcome === 'defeat';
      expect(embed.title).toBe(`${fell ? '💀 Game over' : '🏆 Victory'} · Depth ${depth}/5 · Turn ${turns}`);
      if (fell) expect(JSON.stringify(embed)).toContain(`The party has fallen on depth ${depth} after ${turns} turns.`);
      const alice = kills.find((k) => k.id === ALICE.id)!.kills;
      expect(JSON.stringify(embed)).toContain(`**alice** — ${alice} kill${alice === 1 ? '' : 's'}`);
      expect(presses).toBeGreaterThan(0);
      expect((await h.gameMessage()).id).toBe(msg.id); // still the one game message

      // Afterwards: actions and another start's refusal are friendly and private, and change nothing.
      for (const sub of ['wait', 'descend', 'use']) {
        expect(ephemeralText((await h.command(ALICE, 'rogue', subcommand(sub))).callback)).toBe('This game is over. Start a new one with /rogue new.');
      }
      expect(ephemeralText((await h.command(ALICE, 'rogue', subcommand('move', { direction: 'north' }))).callback)).toBe('This game is over. Start a new one with /rogue new.');
      expect(turnOf(h.fake.message(msg.id)!)).toBe(turns);

      // A button left on another message (a copy drawn before the end) is not the live game message: it changes
      // nothing, and the private answer links to the live one.
      const leftover = await fetch(`${h.fake.apiBase}/v10/channels/${CHANNEL}/messages`, {
        method: 'POST',
        headers: { authorization: `Bot ${h.fake.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'an old copy', components: [{ type: 1, components: [{ type: 2, style: 2, label: 'wait', custom_id: buttons(end).find((b) => b.label === 'Play again')!.custom_id }] }] }),
      }).then((r) => r.json() as Promise<{ id: string }>);
      const late = await h.press(ALICE, leftover.id, buttons(end).find((b) => b.label === 'Play again')!.custom_id!);
      expect(late.callback.type).toBe(4);
      expect(ephemeralText(late.callback)).toContain(`https://discord.com/channels/${GUILD}/${CHANNEL}/${msg.id}`);
      expect(h.fake.message(leftover.id)!.content).toBe('an old copy');
      expect(turnOf(h.fake.message(msg.id)!)).toBe(turns);
      expect((await h.games.view({ guildId: GUILD, channelId: CHANNEL })).ok && (await h.gameMessage()).id).toBe(msg.id);

      // A fresh game in the same channel, with live buttons again.
      const again = await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 9, size: 'small' }));
      expect(again.callback.type).toBe(4);
      expect(again.callback.data?.flags ?? 0).toBe(0);
      const fresh = h.fake.originalMessage(again.id)!;
      expect(fresh.id).not.toBe(msg.id);
      expect(turnOf(fresh)).toBe(0);
      expect(buttons(fresh).some((b) => !b.disabled)).toBe(true);
      expect((await h.gameMessage()).id).toBe(fresh.id);
    });

    it('GIVEN a game its creator ended WHEN ▶ Play again is pressed THEN a new game message of the same settings is posted with live buttons and becomes the channel\'s game message, while the ended one keeps its map and summary', async () => {
      await h.command(ALICE, 'rogue', subcommand('end'));
      const ended = await h.gameMessage();
      const finalEmbeds = JSON.stringify(ended.embeds);
      expect(finalEmbeds).toContain('Run summary');
      const again = buttons(ended).find((b) => b.label === 'Play again');
      expect(again).toBeDefined();
      const pressed = await h.press(ALICE, ended.id, again!.custom_id!);
      // A new message (type 4), or after a deferral (type 6) a follow-up: never an update of the ended one.
      expect([4, 6]).toContain(pressed.callback.type);
      let now = await h.gameMessage();
      for (let i = 0; now.id === ended.id && i < 100; i++) {
        await new Promise((r) => setTimeout(r, 20));
        now = await h.gameMessage();
      }
      expect(now.id).not.toBe(ended.id);
      expect(turnOf(now)).toBe(0);
      expect(buttons(now).some((b) => !!b.custom_id?.startsWith('cc1:exp:') && !b.disabled)).toBe(true);
      // The ended message keeps its last map and summary; its buttons go (retired).
      await h.fake.waitForRequest((r) => r.method === 'PATCH' && r.path === `/channels/${CHANNEL}/messages/${ended.id}` && buttons(h.fake.message(ended.id)!).length === 0);
      expect(JSON.stringify(h.fake.message(ended.id)!.embeds)).toBe(finalEmbeds);
      const view = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
      expect(view.ok && view.value.state.status).toBe('playing');
      expect(view.ok && view.value.state.config.width).toBe(40); // the small map of the game before
    });
  });
});
