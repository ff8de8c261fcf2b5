/**
 * Issue 28: past capacity the bot sheds load with an honest answer. A press that reaches the router already more than
 * a second old (it waited in a queue: here the bot's clock is moved ahead, as if it had) is answered privately that
 * the dungeon is busy, and nothing is applied; once the bot catches up, presses are applied again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUSY_TEXT } from '../../src/adapters/discord/load-shedder.js';
import { ALICE, CHANNEL, GUILD, TRANSPORTS, ephemeralText, findButton, startHarness, subcommand, turnOf, type Harness } from './harness.js';

describe.each(TRANSPORTS)('over the %s transport', (transport) => {
  let h: Harness;
  /** How far behind Discord the bot is running: every interaction reaches it this much older. */
  let behind = 0;
  beforeAll(async () => {
    h = await startHarness({ transport, wallNow: () => Date.now() + behind });
  });
  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  /** A button that takes a turn on the game message now (wait, or else a move). */
  const act = (): string => {
    const m = h.fake.message(currentId)!;
    return (findButton(m, 'wait') ?? findButton(m, 'mv'))!.custom_id!;
  };
  let currentId = '';

  it('GIVEN a bot running 2 s behind WHEN a player presses THEN the press is answered busy, privately, and not applied; caught up, the next press is', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 3, size: 'small' }));
    const msg = await h.gameMessage();
    currentId = msg.id;
    const turn = turnOf(h.fake.message(msg.id)!);
    behind = 2000;
    const shed = await h.press(ALICE, msg.id, act());
    expect(ephemeralText(shed.callback)).toBe(BUSY_TEXT);
    const stored = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
    expect(stored.ok && stored.value.state.turn).toBe(turn);
    const command = await h.command(ALICE, 'rogue', subcommand('wait'));
    expect(ephemeralText(command.callback)).toBe(BUSY_TEXT);
    behind = 0;
    const applied = await h.press(ALICE, msg.id, act());
    expect(applied.callback.type).toBe(7);
    expect(turnOf(h.fake.message(msg.id)!)).toBe(turn + 1);
  });
});
