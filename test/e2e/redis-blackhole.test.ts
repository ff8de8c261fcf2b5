import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ALICE, BOB, CAROL, CHANNEL, GUILD, MALLORY, OTHER_CHANNEL, ephemeralText, findButton, startHarness, subcommand, turnOf, type Harness } from './harness.js';
import { BlackholeProxy } from './blackhole-proxy.js';
import type { FakeActor } from './fake-discord/index.js';

let proxy: BlackholeProxy;
let h: Harness;
beforeAll(async () => {
  proxy = await BlackholeProxy.start(inject('redisUrl'));
  h = await startHarness({ redisUrl: proxy.url });
});
afterAll(async () => {
  proxy.unblock();
  expect(h.fake.violations()).toEqual([]);
  await h.close();
  await proxy.close();
});

const UNAVAILABLE = "The game's storage is unavailable right now, so your action may not have gone through. Please try again in a moment.";

/** The final private text of a command: its reply, or after a deferral the edited placeholder. */
async function finalText(id: string): Promise<string> {
  const first = await h.fake.waitForResponse(id, 3000);
  if (first.type === 4) return ephemeralText(first);
  expect(first.type).toBe(5);
  for (let i = 0; i < 300; i++) {
    const m = h.fake.originalMessage(id);
    if (m && !(m.flags & 128)) return m.content; // 128: still "thinking"
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`interaction ${id} never got its final answer`);
}

describe('a Redis that hangs (paused, not stopped)', () => {
  it('GIVEN a game WHEN Redis stops answering without closing the connection THEN every command and press is answered within 3 s (deferring when needed) with the friendly note, and once it answers again the game goes on', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 9, size: 'small' }));
    for (const who of [BOB, CAROL, MALLORY]) await h.command(who, 'rogue', subcommand('join'));
    const msg = await h.gameMessage();
    const turn = turnOf(h.fake.message(msg.id)!);
    const wait = findButton(h.fake.message(msg.id)!, 'wait')!.custom_id!;

    proxy.block();
    const cmd = await h.command(ALICE, 'rogue', subcommand('wait'));
    expect(cmd.ms).toBeLessThan(3000);
    expect(await finalText(cmd.id)).toBe(UNAVAILABLE);
    const press = await h.press(BOB, msg.id, wait);
    expect(press.ms).toBeLessThan(3000);
    if (press.callback.type === 4) expect(ephemeralText(press.callback)).toBe(UNAVAILABLE);
    else expect(press.callback.type).toBe(6);

    // A burst in one channel queues behind the hanging calls: the later ones must defer, not time out.
    const players: FakeActor[] = [ALICE, BOB, CAROL, MALLORY];
    const burst = await Promise.all(players.map((who) => h.fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: who, name: 'rogue', options: subcommand('wait') })));
    const started = await h.fake.sendCommand({ guildId: GUILD, channelId: OTHER_CHANNEL, user: CAROL, name: 'rogue', options: subcommand('new', { lobby: false, size: 'small' }) });
    const texts = await Promise.all([...burst, started].map((b) => finalText(b.id)));
    expect(texts).toEqual(Array(5).fill(UNAVAILABLE));
    expect(h.fake.failures()).toEqual([]);

    proxy.unblock();
    // Calls fail at once until the client's probe PING is answered; give that a few seconds under load, not a
    // number of attempts (fast-failing attempts take a few ms each).
    let answer = UNAVAILABLE;
    const until = Date.now() + 5000;
    while (answer === UNAVAILABLE && Date.now() < until) {
      const r = await h.command(ALICE, 'rogue', subcommand('wait'));
      expect(r.ms).toBeLessThan(3000);
      answer = ephemeralText(r.callback);
      if (answer === UNAVAILABLE) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(answer).not.toBe(UNAVAILABLE);
    expect(turnOf(h.fake.message(msg.id)!)).toBe(turn + 1);
  }, 30_000);
});
