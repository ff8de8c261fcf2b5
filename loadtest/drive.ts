/** Sets up a game in every channel, then lets every player press buttons at a person's pace, recording each press. */
import { performance } from 'node:perf_hooks';
import { ADMIN_PERMS, buttons, subcommand } from '../test/e2e/harness.js';
import type { FakeDiscord } from '../test/e2e/fake-discord/index.js';
import { seededRandom } from './stats.js';
import { BUSY_TEXT } from '../src/adapters/discord/load-shedder.js';
import { gameKeyOf, type LoadChannel } from './world.js';
import { VERB_TABLE } from '../commands/controls/buttons.js';
import { LOCALE_CODES, t } from '../src/i18n/index.js';

/** The refusal a fallen player gets, in every language: they stand up again when the party goes down. */
const FALLEN = LOCALE_CODES.map((l) => t(l, 'rejection.dead').slice(0, 24));

/** True for the fallen player's refusal (its opening: the reply may add to it). */
export function isFallen(text: string): boolean {
  return FALLEN.some((f) => text.startsWith(f));
}

/** How long a fallen player watches before pressing again (unless their channel starts a new game first). */
const FALLEN_WATCH_MS = 60_000;

/**
 * Custom ids of buttons that take a turn: a move, an item, and the verbs whose intent is an action (wait, fight,
 * explore…). A player at play does not keep ending, joining, kicking, asking for help or drawing a replay GIF.
 */
const TURN_VERBS = ['mv', 'it', ...Object.entries(VERB_TABLE).flatMap(([verb, row]) => (row.intent.kind === 'act' ? [verb] : []))];
const TURN = new RegExp(`^cc1:(${TURN_VERBS.join('|')}):|^noop:`);

/** True for a custom id of a button that takes a turn (every button of the noop responder's d-pad does). */
export function takesTurn(customId: string): boolean {
  return TURN.test(customId);
}

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
  /** The game key's channel part the press went to (the channel, or `daily.<user>` for a daily)… */
  gameChannelId: string;
  /** …and which of the channel's games it was (1 for the setup's, one more for each restart). */
  generation: number;
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
  const games = channels.map((ch, i) => ({ ch, daily: i >= firstDaily }));
  await pool(games, 16, ({ ch, daily }) => startGame(fake, ch, seed, daily));
}

/**
 * One channel's game: its first player runs /rogue new (or /rogue daily, then played alone), the others join, and the
 * game message is recorded. Also how a channel whose game has ended starts the next one (`generation` counts them).
 */
export async function startGame(fake: FakeDiscord, ch: LoadChannel, seed: number, daily: boolean, deadline = Infinity): Promise<void> {
  const [creator, ...others] = ch.players;
  const place = { guildId: ch.guildId, channelId: ch.channelId };
  const gameSeed = seed + Number(BigInt(ch.channelId) % 100000n) + 7919 * (ch.generation ?? 0);
  const options = daily ? subcommand('daily') : subcommand('new', { lobby: false, seed: gameSeed, size: 'small' });
  const { created, cb } = await untilNotBusy(fake, { ...place, user: creator!, name: 'rogue', options }, deadline);
  // Deferred (a slow machine): the game message is posted as a follow-up once the work is done.
  // Tried twice, the second may be told a game is running: the first try's message is the channel's game message, or
  // (its answer came too late to post one) /rogue map posts it.
  const after = ch.messageId ?? '0';
  let message = fake.originalMessage(created.id) ?? (cb.type === 5 ? await postedAfter(fake, ch, after) : undefined);
  if (!message || !buttons(message).length) {
    const map = await untilNotBusy(fake, { ...place, user: creator!, name: 'rogue', options: subcommand('map') }, deadline);
    message = fake.originalMessage(map.created.id) ?? (await postedAfter(fake, ch, after));
  }
  if (!message || !buttons(message).length) {
    throw new Error(`setup: /rogue ${daily ? 'daily' : 'new'} in ${ch.channelId} was answered ${JSON.stringify(cb).slice(0, 300)}`);
  }
  ch.messageId = message.id;
  ch.generation = (ch.generation ?? 0) + 1;
  ch.daily = daily;
  // A daily run is one player's: the others of the channel sit it out.
  if (daily) {
    ch.players = [creator!];
    return;
  }
  for (const p of others) {
    await untilNotBusy(fake, { ...place, user: p, name: 'rogue', options: subcommand('join') }, deadline);
  }
}

/**
 * Sends a setup command, and again after a pause while the bot answers that it is too busy (it sheds load) or not in
 * time; not again after `deadline` (Date.now()): a restart must not hold a player past the end of the run.
 */
async function untilNotBusy(
  fake: FakeDiscord,
  command: Parameters<FakeDiscord['sendCommand']>[0],
  deadline = Infinity,
): Promise<{ created: { id: string }; cb: Awaited<ReturnType<FakeDiscord['waitForResponse']>> }> {
  for (let attempt = 1; ; attempt++) {
    if (Date.now() > deadline) throw new Error('the run ended before the command was answered');
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

/** Which game a press in the channel goes to: its store key's channel part, and the channel's game count. */
function gameOf(ch: LoadChannel): Pick<Press, 'gameChannelId' | 'generation'> {
  return { gameChannelId: gameKeyOf(ch).channelId, generation: ch.generation ?? 0 };
}

/**
 * Whether the channel's game has ended, as a player looking at it sees: the shared message offers ▶️ Play again (a
 * party that has fallen), or a daily's own message (one attempt a day, no ▶️) has no turn button left.
 */
function hasEnded(fake: FakeDiscord, ch: LoadChannel, lookedAt: string | undefined): boolean {
  const shared = ch.messageId ? fake.message(ch.messageId) : undefined;
  if (!shared) return false;
  return buttons(shared).some((b) => b.custom_id?.startsWith('cc1:again:')) || (ch.daily === true && lookedAt === ch.messageId);
}

/** How the players press: for how long, how fast, through controllers or not, and whether ended games start again. */
export interface DriveOptions {
  seconds: number;
  rate: number;
  seed: number;
  controllers: number;
  /** Start the next game in a channel whose game has ended (a fleet at a person's pace stays active). */
  restart?: boolean;
  /** Called after each such restart. */
  onRestart?: (ch: LoadChannel) => void;
}

/**
 * Every player, until `seconds` have passed: wait a person's think time (exponential, mean = players / rate), look
 * at the channel's game message as it is now, press one of its enabled buttons, and wait for the answer.
 */
export async function drivePlayers(fake: FakeDiscord, channels: readonly LoadChannel[], o: DriveOptions): Promise<Press[]> {
  const presses: Press[] = [];
  const restarting = new Map<LoadChannel, Promise<void>>();
  const everyone = channels.flatMap((ch) => ch.players.map((p) => ({ ch, p })));
  // Every how-many-th player plays through a private controller (its presses redraw the shared message).
  const controllerEvery = o.controllers > 0 ? Math.max(1, Math.round(100 / o.controllers)) : 0;
  const controllerOf = new Map<string, string>();
  const meanMs = (everyone.length / o.rate) * 1000;
  const end = performance.now() + o.seconds * 1000;
  // --restart: the channel's next game, started by one of its players while the others wait.
  const restart = (ch: LoadChannel): Promise<void> => {
    const started = startGame(fake, ch, o.seed, false, Date.now() + (end - performance.now()))
      .then(() => {
        o.onRestart?.(ch);
        for (const q of ch.players) controllerOf.delete(`${ch.channelId}:${q.id}`);
      })
      .catch(() => undefined) // tried again at a later press
      .finally(() => restarting.delete(ch));
    restarting.set(ch, started);
    return started;
  };
  await Promise.all(
    everyone.map(async ({ ch, p }, n) => {
      const random = seededRandom(o.seed * 7919 + n);
      // Told they have fallen, a player watches the others for a while instead of pressing on every think time.
      let watching = { until: 0, generation: 0 };
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
        if (restarting.has(ch)) continue;
        if (performance.now() < watching.until && watching.generation === ch.generation) continue;
        const onId = viaController ? controllerOf.get(`${ch.channelId}:${p.id}`)! : ch.messageId;
        const message = onId ? fake.message(onId) : undefined;
        // Buttons that take a turn: a player at play does not keep ending, joining or restarting the game.
        const enabled = message ? buttons(message).filter((b) => b.type === 2 && !b.disabled && b.custom_id && takesTurn(b.custom_id)) : [];
        if (!enabled.length) {
          if (o.restart && hasEnded(fake, ch, onId)) await restart(ch);
          continue;
        }
        const pick = enabled[Math.floor(random() * enabled.length)]!;
        const t0 = performance.now();
        const sentAt = Date.now();
        let sent: { id: string; token: string };
        try {
          sent = await fake.pressButton({ guildId: ch.guildId, channelId: ch.channelId, user: p, messageId: onId!, customId: pick.custom_id! });
        } catch {
          continue; // the message changed under the player's finger (a button that just went away)
        }
        const press: Press = { channel: ch, userId: p.id, interactionId: sent.id, token: sent.token, sentAt, ...gameOf(ch) };
        presses.push(press);
        try {
          const cb = await fake.waitForResponse(sent.id, ANSWER_TIMEOUT_MS);
          press.ms = performance.now() - t0;
          press.type = cb.type;
          const content = (cb.data as { content?: unknown } | undefined)?.content;
          if (typeof content === 'string') press.text = content;
          if (cb.type === 4 && press.text !== undefined && isFallen(press.text)) {
            watching = { until: performance.now() + FALLEN_WATCH_MS, generation: press.generation };
          }
        } catch {
          // unanswered: counted in the report
        }
      }
    }),
  );
  return presses;
}
