/** Sets up a game in every channel, then lets every player press buttons at a person's pace, recording each press. */
import { performance } from 'node:perf_hooks';
import { ADMIN_PERMS, buttons, subcommand } from '../test/e2e/harness.js';
import type { FakeDiscord } from '../test/e2e/fake-discord/index.js';
import { seededRandom } from './stats.js';
import { BUSY_TEXT } from '../src/adapters/discord/load-shedder.js';
import type { LoadChannel } from './world.js';

/** Custom ids of buttons that take no turn (end vote, join, play again). */
const NOT_A_TURN = /^cc1:(end|join|again|me):/;

/** One button press and what came of it. */
export interface Press {
  channel: LoadChannel;
  userId: string;
  interactionId: string;
  token: string;
  /** The first answer's callback type; undefined when none came in time. */
  type?: number;
  /** Dispatch to answer, in ms. */
  ms?: number;
  /** Date.now() just before the fake dispatched the interaction (to time follow-ups, which the fake stamps the same way). */
  sentAt?: number;
  /** The first answer's text, when it was a message (type 4: a private refusal, "busy", a rate-limit note). */
  text?: string;
}

const ANSWER_TIMEOUT_MS = 5000;

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * Puts `percent` of the guilds (the first ones) in rounds mode with 10-second rounds, and every guild in `render`
 * when given, through /rogue-config set.
 */
export async function setupGuilds(fake: FakeDiscord, channels: readonly LoadChannel[], percent: number, render?: string): Promise<void> {
  const guilds = [...new Set(channels.map((c) => c.guildId))];
  const rounds = new Set(guilds.slice(0, Math.round((guilds.length * percent) / 100)));
  await pool(guilds, 8, async (guildId) => {
    const options = { ...(rounds.has(guildId) ? { turn_mode: 'rounds', round_seconds: 10 } : {}), ...(render ? { render } : {}) };
    if (Object.keys(options).length === 0) return;
    const ch = channels.find((c) => c.guildId === guildId)!;
    const sent = await fake.sendCommand({ guildId, channelId: ch.channelId, user: ch.players[0]!, name: 'rogue-config', options: subcommand('set', options), permissions: ADMIN_PERMS });
    await fake.waitForResponse(sent.id, ANSWER_TIMEOUT_MS);
  });
}

/**
 * Starts a game in each channel (its first player runs /rogue new, the others join) and records the game message.
 * The last `dailyPercent` of the channels run today's daily instead (`/rogue daily`, played by its first player alone).
 */
export async function setupGames(fake: FakeDiscord, channels: readonly LoadChannel[], seed: number, dailyPercent = 0): Promise<void> {
  const firstDaily = channels.length - Math.round((channels.length * dailyPercent) / 100);
  await pool(channels, 16, async (ch) => {
    const [creator, ...others] = ch.players;
    const daily = channels.indexOf(ch) >= firstDaily;
    const options = daily ? subcommand('daily') : subcommand('new', { lobby: false, seed: seed + Number(BigInt(ch.channelId) % 100000n), size: 'small' });
    const { created, cb } = await untilNotBusy(fake, { guildId: ch.guildId, channelId: ch.channelId, user: creator!, name: 'rogue', options });
    // Deferred (a slow machine): the game message is posted as a follow-up once the work is done.
    // Tried twice, the second may be told a game is running: the first try's message is the channel's game message, or
    // (its answer came too late to post one) /rogue map posts it.
    let message = fake.originalMessage(created.id) ?? (cb.type === 5 ? await postedAfter(fake, ch, '0') : undefined);
    if (!message || !buttons(message).length) {
      const map = await untilNotBusy(fake, { guildId: ch.guildId, channelId: ch.channelId, user: creator!, name: 'rogue', options: subcommand('map') });
      message = fake.originalMessage(map.created.id) ?? (await postedAfter(fake, ch, '0'));
    }
    if (!message || !buttons(message).length) throw new Error(`setup: /rogue ${daily ? 'daily' : 'new'} in ${ch.channelId} was answered ${JSON.stringify(cb).slice(0, 300)}`);
    ch.messageId = message.id;
    if (daily) {
      // A daily run is one player's: the others of the channel sit it out.
      ch.players = [creator!];
      ch.daily = true;
      return;
    }
    for (const p of others) {
      await untilNotBusy(fake, { guildId: ch.guildId, channelId: ch.channelId, user: p, name: 'rogue', options: subcommand('join') });
    }
  });
}

/** Sends a setup command, and again after a pause while the bot answers that it is too busy (it sheds load) or not in time. */
async function untilNotBusy(fake: FakeDiscord, command: Parameters<FakeDiscord['sendCommand']>[0]): Promise<{ created: { id: string }; cb: Awaited<ReturnType<FakeDiscord['waitForResponse']>> }> {
  for (let attempt = 1; ; attempt++) {
    const created = await fake.sendCommand(command);
    // Unanswered in time (an overloaded machine) is tried again too; a late answer to the first try is harmless.
    const cb = await fake.waitForResponse(created.id, ANSWER_TIMEOUT_MS).catch((err: unknown) => (attempt >= 20 ? Promise.reject(err) : null));
    if (cb && (cb.data?.content !== BUSY_TEXT || attempt >= 20)) return { created, cb };
    await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
  }
}

/** The public game message a deferred command posted in the channel (a follow-up), if any. */
async function postedAfter(fake: FakeDiscord, ch: LoadChannel, interactionId: string): Promise<ReturnType<FakeDiscord['message']>> {
  for (let i = 0; i < 300; i++) {
    const posted = fake.messages(ch.channelId).filter((m) => m.id > interactionId && buttons(m).length > 0 && (m.flags & 64) === 0);
    if (posted.length) return posted.at(-1);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return undefined;
}

/** For the noop responder: one bot message with a d-pad per channel (nothing behind it). */
export async function setupNoopMessages(fake: FakeDiscord, channels: readonly LoadChannel[]): Promise<void> {
  const button = (id: string, label: string) => ({ type: 2, style: 2, custom_id: `noop:${id}`, label });
  const components = [
    { type: 1, components: [button('n', 'north')] },
    { type: 1, components: [button('w', 'west'), button('wait', 'wait'), button('e', 'east')] },
    { type: 1, components: [button('s', 'south')] },
  ];
  await pool(channels, 16, async (ch) => {
    const res = await fetch(`${fake.apiBase}/v10/channels/${ch.channelId}/messages`, { method: 'POST', headers: { authorization: `Bot ${fake.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ content: 'noop board', components }) });
    if (res.status !== 200) throw new Error(`setup: could not post the noop board (${res.status})`);
    ch.messageId = ((await res.json()) as { id: string }).id;
  });
}

/**
 * Every player, until `seconds` have passed: wait a person's think time (exponential, mean = players / rate), look
 * at the channel's game message as it is now, press one of its enabled buttons, and wait for the answer.
 */
export async function drivePlayers(fake: FakeDiscord, channels: readonly LoadChannel[], o: { seconds: number; rate: number; seed: number; controllers: number }): Promise<Press[]> {
  const presses: Press[] = [];
  const everyone = channels.flatMap((ch) => ch.players.map((p) => ({ ch, p })));
  // Every how-many-th player plays through a private controller (its presses redraw the shared message).
  const controllerEvery = o.controllers > 0 ? Math.max(1, Math.round(100 / o.controllers)) : 0;
  const controllerOf = new Map<string, string>();
  const meanMs = (everyone.length / o.rate) * 1000;
  const end = performance.now() + o.seconds * 1000;
  await Promise.all(
    everyone.map(async ({ ch, p }, n) => {
      const random = seededRandom(o.seed * 7919 + n);
      // Exponential think times from the start: together the players offer a steady `rate` presses per second.
      let wait = -Math.log(1 - random()) * meanMs;
      for (;;) {
        // Never sleep past the end: a slow player's next press may lie well beyond it.
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, end - performance.now())));
        wait = -Math.log(1 - random()) * meanMs;
        if (performance.now() >= end) return;
        const viaController = controllerEvery > 0 && n % controllerEvery === 0;
        if (viaController && !controllerOf.has(`${ch.channelId}:${p.id}`)) {
          // First the 🎮 on the shared message: the answer is this player's private controller.
          const shared = ch.messageId ? fake.message(ch.messageId) : undefined;
          const open = shared ? buttons(shared).find((b) => b.custom_id?.startsWith('cc1:me:')) : undefined;
          if (!open?.custom_id) continue;
          try {
            const sent = await fake.pressButton({ guildId: ch.guildId, channelId: ch.channelId, user: p, messageId: ch.messageId!, customId: open.custom_id });
            await fake.waitForResponse(sent.id, ANSWER_TIMEOUT_MS);
            const controller = fake.originalMessage(sent.id);
            if (controller) controllerOf.set(`${ch.channelId}:${p.id}`, controller.id);
          } catch {
            // tried again at the next press
          }
          continue;
        }
        const onId = viaController ? controllerOf.get(`${ch.channelId}:${p.id}`)! : ch.messageId;
        const message = onId ? fake.message(onId) : undefined;
        // Buttons that take a turn: a player at play does not keep ending, joining or restarting the game.
        const enabled = message ? buttons(message).filter((b) => b.type === 2 && !b.disabled && b.custom_id && !NOT_A_TURN.test(b.custom_id)) : [];
        if (!enabled.length) continue;
        const pick = enabled[Math.floor(random() * enabled.length)]!;
        const t0 = performance.now();
        const sentAt = Date.now();
        let sent: { id: string; token: string };
        try {
          sent = await fake.pressButton({ guildId: ch.guildId, channelId: ch.channelId, user: p, messageId: onId!, customId: pick.custom_id! });
        } catch {
          continue; // the message changed under the player's finger (a button that just went away)
        }
        const press: Press = { channel: ch, userId: p.id, interactionId: sent.id, token: sent.token, sentAt };
        presses.push(press);
        try {
          const cb = await fake.waitForResponse(sent.id, ANSWER_TIMEOUT_MS);
          press.ms = performance.now() - t0;
          press.type = cb.type;
          const content = (cb.data as { content?: unknown } | undefined)?.content;
          if (typeof content === 'string') press.text = content;
        } catch {
          // unanswered: counted in the report
        }
      }
    }),
  );
  return presses;
}
