import { afterAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import omggif from 'omggif';
import { commands } from '../../commands/index.js';
import { encodeButtonId, gameTag } from '../../commands/controls/custom-id.js';
import { createRouter } from '../../src/adapters/discord/router.js';
import { createGamePoster } from '../../src/adapters/discord/game-poster.js';
import type { IncomingInteraction, InteractionResponder, OutgoingMessage } from '../../src/adapters/discord/types.js';
import type { GameMessages } from '../../src/adapters/discord/messages.js';
import { RateLimiter } from '../../src/adapters/discord/rate-limit.js';
import { inProcessReplayEncoder, workerReplayEncoder } from '../../src/adapters/render/replay-encoder.js';
import { GameService } from '../../src/app/game-service.js';
import { ReplayService, REPLAY_FILE, REPLAY_DIFFERS_TEXT, type ReplayEncoder } from '../../src/app/replay-service.js';
import { SettingsService } from '../../src/app/settings-service.js';
import type { GameStore } from '../../src/app/ports.js';
import type { FinishedRunStore } from '../../src/app/daily/ports.js';
import { encodeReplay } from '../../src/render/gif/replay-gif.js';
import { REPLAY_FRAMES } from '../../src/render/gif/replay-frames.js';
import { FakeClock, memoryKit, type StoreKit } from './fixtures.js';
import { tamperedLogStore } from './daily-helpers.js';

const key = { guildId: '1', channelId: '2' };
const ann = { id: '11', name: 'Ann' };

/** A finished solo run in `key`: some exploring, then ended. */
async function finishedRun(kit: StoreKit, turns = 40): Promise<GameService> {
  const games = new GameService({ games: kit.games, settings: kit.settings, clock: new FakeClock(), rounds: kit.rounds, logger: kit.logger });
  const created = await games.newGame(key, ann, { seed: 12, mapKind: 'cavern', size: 'medium', maxPlayers: 1 });
  if (!created.ok) throw new Error('no game');
  const dirs = ['n', 'e', 's', 'w'] as const;
  for (let i = 0; i < turns; i++) {
    const r = await games.act(key, ann, { type: 'explore' });
    if (r.ok && r.value.state.status === 'over') break;
    if (!r.ok) await games.act(key, ann, { type: 'move', dir: dirs[i % 4]! });
  }
  await games.end(key, ann, true);
  return games;
}

function service(kit: StoreKit, encoder: ReplayEncoder = inProcessReplayEncoder, stores: { games?: GameStore; runs?: FinishedRunStore } = {}) {
  return new ReplayService({ gameStore: stores.games ?? kit.games, runs: stores.runs ?? kit.runs, encoder, logger: kit.logger });
}

const worker = workerReplayEncoder();
afterAll(() => worker.close());

describe('replays of finished runs', () => {
  it('GIVEN a finished run WHEN replayed THEN one GIF named replay.gif, under 1 MiB, with alt text within 1,024 characters and a caption', async () => {
    const kit = await memoryKit();
    await finishedRun(kit);
    const r = await service(kit).replay(key);
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    const { file, caption } = r.value;
    expect(file.name).toBe(REPLAY_FILE);
    expect(file.data.length).toBeLessThanOrEqual(1024 * 1024);
    expect(file.description.length).toBeLessThanOrEqual(1024);
    expect(file.description).toMatch(/^Animated replay of the last \d+ turns on depth \d+, one frame per turn: Ann fight on;/);
    const reader = new omggif.GifReader(file.data);
    const over = await kit.games.load(key);
    const outcome = over.kind === 'found' ? over.game.state.summary?.outcome : undefined;
    expect(caption).toMatch(new RegExp(`^🎞️ ${outcome === 'defeat' ? '💀' : outcome === 'victory' ? '🏆' : '🏳️'} The last ${reader.numFrames()} turns on depth \\d+: \\d+ kills?\\.$`));
    expect(reader.numFrames()).toBeGreaterThan(1);
    expect(reader.numFrames()).toBeLessThanOrEqual(REPLAY_FRAMES);
  });

  it.each([
    ['no game', async () => {}, { kind: 'no-game' }],
    [
      'a game still running',
      async (kit: StoreKit) => {
        const games = new GameService({ games: kit.games, settings: kit.settings, clock: new FakeClock(), rounds: kit.rounds, logger: kit.logger });
        await games.newGame(key, ann, { seed: 1 });
      },
      { kind: 'invalid', message: 'The game in this channel is still running: a replay shows a finished run.' },
    ],
  ])('GIVEN %s WHEN a replay is asked for THEN it is refused kindly', async (_what, arrange, error) => {
    const kit = await memoryKit();
    await arrange(kit);
    expect(await service(kit).replay(key)).toMatchObject({ ok: false, error });
  });

  it('GIVEN a stored log that no longer replays WHEN a replay is asked for THEN it is refused as a damaged save and logged', async () => {
    const kit = await memoryKit();
    await finishedRun(kit);
    const store = tamperedLogStore(kit.games, (log) => [log[0]!, { type: 'descend', user: ann.id }, ...log.slice(1)]);
    expect(await service(kit, inProcessReplayEncoder, { games: store }).replay(key)).toEqual({ ok: false, error: { kind: 'corrupt-save', channelId: key.channelId, reason: 'its action log does not replay' } });
    expect(kit.logger.lines.some((l) => l.level === 'warn' && l.message.startsWith('replay not drawn'))).toBe(true);
  });

  it('GIVEN a log that replays to another run than the one saved (rules changed without a new version) WHEN a replay is asked for THEN it says so instead of animating another dungeon', async () => {
    const kit = await memoryKit();
    await finishedRun(kit);
    const store = new Proxy(kit.games, {
      get(t, prop) {
        if (prop === 'load') {
          return async (k: typeof key) => {
            const loaded = await t.load(k);
            return loaded.kind === 'found' ? { ...loaded, game: { ...loaded.game, state: { ...loaded.game.state, turn: loaded.game.state.turn + 1 } } } : loaded;
          };
        }
        const value: unknown = Reflect.get(t, prop);
        return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(t) : value;
      },
    });
    expect(await service(kit, inProcessReplayEncoder, { games: store }).replay(key)).toMatchObject({ ok: false, error: { kind: 'invalid', message: REPLAY_DIFFERS_TEXT } });
    expect(kit.logger.lines.some((l) => l.level === 'warn' && l.message === 'replay not drawn: the log replays to another run under this code')).toBe(true);
  });

  it('GIVEN the worker thread encoder WHEN it encodes a run THEN its GIF is byte for byte the in-process one, and a bad log is an error', async () => {
    const kit = await memoryKit();
    await finishedRun(kit);
    const loaded = await kit.games.load(key);
    if (loaded.kind !== 'found') throw new Error('no game');
    const actions = await kit.games.readLog(key);
    const job = { config: loaded.game.state.config, actions };
    const [fromWorker, again] = await Promise.all([worker(job), worker(job)]);
    const local = encodeReplay(job.config, job.actions);
    expect(Buffer.from(fromWorker.gif).equals(Buffer.from(local.gif))).toBe(true);
    expect(again.frames).toBe(local.frames);
    await expect(worker({ config: job.config, actions: [actions[0]!, { type: 'descend', user: ann.id }] })).rejects.toThrow(/rejected/);
  }, 30_000);
});

describe('the replay through the router', () => {
  function recorder() {
    const calls: { method: string; msg?: OutgoingMessage }[] = [];
    let answered = false;
    const r: InteractionResponder = {
      reply: async (msg) => void ((answered = true), calls.push({ method: 'reply', msg })),
      update: async (msg) => void ((answered = true), calls.push({ method: 'update', msg })),
      defer: async () => void ((answered = true), calls.push({ method: 'defer' })),
      deferUpdate: async () => void ((answered = true), calls.push({ method: 'deferUpdate' })),
      autocomplete: async () => void calls.push({ method: 'autocomplete' }),
      launchActivity: async () => void ((answered = true), calls.push({ method: 'launchActivity' })),
      editOriginal: async (msg) => void calls.push({ method: 'editOriginal', msg }),
      editMessage: async (_id, msg) => void calls.push({ method: 'editMessage', msg }),
      followUp: async (msg) => {
        calls.push({ method: 'followUp', msg });
        return 'posted';
      },
      originalMessageId: async () => 'orig',
      get answered() {
        return answered;
      },
      get answerType() {
        return null;
      },
    };
    return { r, calls };
  }

  async function routed() {
    const kit = await memoryKit();
    const games = await finishedRun(kit, 20);
    const messages: GameMessages = { editNow: async () => {}, poster: createGamePoster({ games, retire: async () => {}, logger: pino({ level: 'silent' }) }), refreshSoon: () => {}, offerToken: () => {}, drain: async () => {}, close: () => {} };
    const replays = service(kit);
    const router = createRouter({ games, settings: new SettingsService(kit.settings, kit.logger), replays, commands, messages, rateLimiter: new RateLimiter({ capacity: 100 }), logger: pino({ level: 'silent' }), now: () => 0 });
    return { router, games };
  }

  it('GIVEN /rogue replay WHEN handled THEN the interaction is deferred at once and the GIF is posted as a new public message with one attachment', async () => {
    const { router } = await routed();
    const { r, calls } = recorder();
    const i: IncomingInteraction = { id: 'i1', applicationId: '9', token: 't', kind: 'command', guildId: key.guildId, channelId: key.channelId, user: ann, memberPermissions: 0n, invocation: { command: 'rogue', group: null, subcommand: 'replay', options: {} } };
    await router.handle(i, r);
    expect(calls.map((c) => c.method)).toEqual(['defer', 'editOriginal', 'followUp']);
    const post = calls[2]!.msg!;
    expect(post.ephemeral).toBeUndefined();
    expect(post.files?.map((f) => f.name)).toEqual([REPLAY_FILE]);
    expect(post.components).toBeUndefined();
    expect(post.content).toMatch(/^🎞️ /);
  });

  it('GIVEN the final screen WHEN 🎞️ Replay is pressed THEN the press is deferred without touching the game message and the GIF follows as a new message', async () => {
    const { router, games } = await routed();
    const v = await games.view(key);
    if (!v.ok) throw new Error('no game');
    const { r, calls } = recorder();
    const customId = encodeButtonId({ verb: 'rpl', version: v.value.state.version, game: gameTag(v.value.meta.createdAt) });
    await router.handle({ id: 'i2', applicationId: '9', token: 't', kind: 'button', guildId: key.guildId, channelId: key.channelId, user: { id: '99', name: 'Someone' }, memberPermissions: 0n, customId, message: { id: 'm1', ephemeral: false } }, r);
    expect(calls.map((c) => c.method)).toEqual(['deferUpdate', 'followUp']);
    expect(calls[1]!.msg!.files).toHaveLength(1);
  });
});
