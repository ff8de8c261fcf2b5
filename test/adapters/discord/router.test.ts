/** The transport-neutral router: IncomingInteraction in, responder calls out; no discord.js and no HTTP in sight. */
import { NO_CHANNEL_TEXT } from '../../../src/adapters/discord/place-guard.js';
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { t } from '../../../src/i18n/index.js';
import { commands } from '../../../commands/index.js';
import { encodeButtonId, gameTag } from '../../../commands/controls/custom-id.js';
import { POSTED_TEXT, RESTARTING_TEXT, createRouter } from '../../../src/adapters/discord/router.js';
import type { AnswerType, IncomingInteraction, InteractionResponder, OutgoingMessage } from '../../../src/adapters/discord/types.js';
import type { GameMessages } from '../../../src/adapters/discord/messages.js';
import { RateLimiter } from '../../../src/adapters/discord/rate-limit.js';
import { MemoryGameStore } from '../../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../../src/adapters/memory/memory-settings-store.js';
import { GameService } from '../../../src/app/game-service.js';
import { silentLogger } from '../../../src/app/ports.js';
import type { GameServiceApi, GameView, MessageRef } from '../../../src/app/service-types.js';
import { createGamePoster } from '../../../src/adapters/discord/game-poster.js';
import { retiredPayload } from '../../../src/adapters/discord/presenter.js';
import type { EditToken } from '../../../src/adapters/discord/edit-tokens.js';
import { SettingsService } from '../../../src/app/settings-service.js';

const key = { guildId: '1', channelId: '2' };
const ann = { id: 'u1', name: 'ann' };
let ids = 0;

/** A responder recording every call, as either transport would receive them. */
function recorder() {
  const calls: { method: string; msg?: OutgoingMessage }[] = [];
  let first: AnswerType | null = null;
  let next = 0;
  const answer = (type: AnswerType) => {
    if (first) throw new Error(`already answered (${first})`);
    first = type;
  };
  const r: InteractionResponder = {
    async reply(msg) {
      answer('reply');
      calls.push({ method: 'reply', msg });
    },
    async update(msg) {
      answer('update');
      calls.push({ method: 'update', msg });
    },
    async defer() {
      answer('defer');
      calls.push({ method: 'defer' });
    },
    async deferUpdate() {
      answer('defer-update');
      calls.push({ method: 'deferUpdate' });
    },
    async autocomplete() {
      answer('autocomplete');
      calls.push({ method: 'autocomplete' });
    },
    async launchActivity() {
      answer('launch-activity');
      calls.push({ method: 'launchActivity' });
    },
    async editOriginal(msg) {
      calls.push({ method: 'editOriginal', msg });
    },
    async followUp(msg) {
      calls.push({ method: 'followUp', msg });
      return `posted${++next}`;
    },
    async editMessage(id, msg) {
      calls.push({ method: `editMessage ${id}`, msg });
    },
    async originalMessageId() {
      return `posted${++next}`;
    },
    get answered() {
      return first !== null;
    },
    get answerType() {
      return first;
    },
  };
  return { r, calls };
}

function command(subcommand: string, options: Record<string, string | number | boolean> = {}, user = ann): IncomingInteraction {
  return { id: `i${++ids}`, applicationId: '9', token: 't', kind: 'command', guildId: key.guildId, channelId: key.channelId, user, memberPermissions: 0n, invocation: { command: 'rogue', group: null, subcommand, options } };
}

function button(customId: string, messageId: string, ephemeral = false, user = ann): IncomingInteraction {
  return { id: `i${++ids}`, applicationId: '9', token: 't', kind: 'button', guildId: key.guildId, channelId: key.channelId, user, memberPermissions: 0n, customId, message: { id: messageId, ephemeral } };
}

/** A router over a memory game service, recording coalesced refreshes. */
function routerWith(opts: { delayMs?: number } = {}) {
  const settingsStore = new MemorySettingsStore(silentLogger);
  const games = new GameService({ games: new MemoryGameStore(), settings: settingsStore, clock: { now: () => 1_700_000_000_000 }, rounds: new MemoryRoundQueue(), logger: silentLogger });
  const edits: { messageId: string; body: object }[] = [];
  const refreshed: { guildId: string; channelId: string }[] = [];
  const tokens: EditToken[] = [];
  const editNow = async (ref: MessageRef, body: object): Promise<void> => void edits.push({ messageId: ref.messageId, body });
  const messages: GameMessages = {
    editNow,
    poster: createGamePoster({ games, retire: (_k, ref) => editNow(ref, retiredPayload()), logger: pino({ level: 'silent' }) }),
    refreshSoon: (k) => void refreshed.push(k),
    offerToken: (_k, t) => void tokens.push(t),
    drain: async () => {},
    close: () => {},
  };
  const delay = opts.delayMs;
  const served: GameServiceApi = delay
    ? new Proxy(games, {
        get(target, prop, receiver) {
          const v = Reflect.get(target, prop, receiver) as unknown;
          if (typeof v !== 'function') return v;
          return async (...args: unknown[]) => {
            await new Promise((r) => setTimeout(r, delay));
            return (v as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      })
    : games;
  const router = createRouter({ games: served, settings: new SettingsService(settingsStore, silentLogger), commands, messages, rateLimiter: new RateLimiter({ capacity: 100 }), logger: pino({ level: 'silent' }), now: () => 1_700_000_000_000, ...(delay ? { deferAfterMs: 5 } : {}) });
  return { router, games, edits, refreshed };
}

const waitId = (v: GameView) => encodeButtonId({ verb: 'wait', version: v.state.version, game: gameTag(v.meta.createdAt) });

describe('interaction router', () => {
  it('GIVEN a game message WHEN a slash action is answered THEN the private answer comes at once and the message is refreshed through the coalescer, never edited inline', async () => {
    const { router, games, edits, refreshed } = routerWith();
    expect((await games.newGame(key, ann, { seed: 3, size: 'small' })).ok).toBe(true);
    await games.setMessage(key, { channelId: key.channelId, messageId: 'm1' });
    const { r, calls } = recorder();
    await router.handle(command('wait'), r);
    expect(calls.map((a) => a.method)).toEqual(['reply']);
    expect(calls[0]!.msg!.ephemeral).toBe(true);
    expect(edits).toEqual([]);
    expect(refreshed).toEqual([key]);
    const stored = await games.view(key);
    expect(stored.ok && stored.value.meta.message?.messageId).toBe('m1');
  });

  it('GIVEN /rogue new answered at once WHEN posted THEN the public game message is the only answer and its id is recorded', async () => {
    const { router, games } = routerWith();
    const { r, calls } = recorder();
    await router.handle(command('new', { lobby: false, seed: 3, size: 'small' }), r);
    expect(calls.map((a) => a.method)).toEqual(['reply']);
    expect(calls[0]!.msg!.ephemeral).toBeUndefined();
    expect(calls[0]!.msg!.components?.length).toBeGreaterThan(0);
    expect(calls[0]!.msg!.attachments).toEqual([]);
    const stored = await games.view(key);
    expect(stored.ok && stored.value.meta.message?.messageId).toBe('posted1');
  });

  it('GIVEN /rogue new answered after a deferral WHEN posted THEN the private placeholder says only where the game is, and the game follows publicly', async () => {
    const { router } = routerWith({ delayMs: 40 });
    const { r, calls } = recorder();
    await router.handle(command('new', { lobby: false, seed: 3, size: 'small' }), r);
    expect(calls.map((a) => a.method)).toEqual(['defer', 'editOriginal', 'followUp']);
    expect(calls[1]!.msg!.content).toBe(POSTED_TEXT);
    expect(calls[2]!.msg!.ephemeral).toBeUndefined();
  });

  it('GIVEN a d-pad press on the live message WHEN answered THEN the message is updated in place (type 7) with the next turn', async () => {
    const { router, games } = routerWith();
    const start = await games.newGame(key, ann, { seed: 3, size: 'small' });
    if (!start.ok) throw new Error('no game');
    await games.setMessage(key, { channelId: key.channelId, messageId: 'm1' });
    const { r, calls } = recorder();
    await router.handle(button(waitId(start.value), 'm1'), r);
    expect(calls.map((a) => a.method)).toEqual(['update']);
    const after = await games.view(key);
    expect(after.ok && after.value.state.version).toBe(start.value.state.version + 1);
  });

  it('GIVEN the same press delivered twice WHEN both are answered THEN the second is refused as stale and applies nothing', async () => {
    const { router, games } = routerWith();
    const start = await games.newGame(key, ann, { seed: 3, size: 'small' });
    if (!start.ok) throw new Error('no game');
    await games.setMessage(key, { channelId: key.channelId, messageId: 'm1' });
    await router.handle(button(waitId(start.value), 'm1'), recorder().r);
    const again = recorder();
    await router.handle(button(waitId(start.value), 'm1'), again.r);
    expect(again.calls.map((a) => a.method)).toEqual(['update', 'followUp']);
    const after = await games.view(key);
    expect(after.ok && after.value.state.version).toBe(start.value.state.version + 1);
  });

  it('GIVEN a press on a private controller WHEN answered THEN the controller is redrawn privately and the public message refreshed through the coalescer', async () => {
    const { router, games, refreshed } = routerWith();
    const start = await games.newGame(key, ann, { seed: 3, size: 'small' });
    if (!start.ok) throw new Error('no game');
    await games.setMessage(key, { channelId: key.channelId, messageId: 'm1' });
    const { r, calls } = recorder();
    await router.handle(button(waitId(start.value), 'eph1', true), r);
    expect(calls.map((a) => a.method)).toEqual(['update']);
    expect(calls[0]!.msg!.embeds?.[0]?.title ?? '').not.toBe('');
    expect(refreshed).toEqual([key]);
  });

  it('GIVEN a press on a retired message WHEN answered THEN nothing changes and the player gets a link to the live one', async () => {
    const { router, games } = routerWith();
    const start = await games.newGame(key, ann, { seed: 3, size: 'small' });
    if (!start.ok) throw new Error('no game');
    await games.setMessage(key, { channelId: key.channelId, messageId: 'live' });
    const { r, calls } = recorder();
    await router.handle(button(waitId(start.value), 'old'), r);
    expect(calls.map((a) => a.method)).toEqual(['reply']);
    expect(calls[0]!.msg!.content).toContain('https://discord.com/channels/1/2/live');
    const after = await games.view(key);
    expect(after.ok && after.value.state.version).toBe(start.value.state.version);
  });

  it.each(['autocomplete', 'modal', 'select', 'context-menu', 'unknown'] as const)('GIVEN a %s interaction WHEN routed THEN it still gets an answer', async (kind) => {
    const { router } = routerWith();
    const { r, calls } = recorder();
    await router.handle({ ...command('wait'), kind }, r);
    expect(calls.map((a) => a.method)).toEqual([kind === 'autocomplete' ? 'autocomplete' : 'reply']);
  });

  it('GIVEN a guild command that names no guild WHEN routed THEN it is refused privately', async () => {
    const { router } = routerWith();
    const { r, calls } = recorder();
    await router.handle({ ...command('wait'), guildId: null }, r);
    expect(calls[0]!.msg!.content).toBe(NO_CHANNEL_TEXT);
  });

  it('GIVEN a draining router WHEN an interaction arrives THEN it gets the restarting note', async () => {
    const { router } = routerWith();
    await router.drain();
    const { r, calls } = recorder();
    await router.handle(command('wait'), r);
    expect(calls[0]!.msg!.content).toBe(RESTARTING_TEXT);
  });

  it.each([
    ['Manage Server', 1n << 5n],
    ['Administrator', 1n << 3n],
  ])('GIVEN a member with %s WHEN they end a game they did not create THEN it ends (the permission bit is read)', async (_name, bits) => {
    const { router, games } = routerWith();
    await games.newGame(key, { id: 'u2', name: 'bo' }, { seed: 3, size: 'small' });
    await games.setMessage(key, { channelId: key.channelId, messageId: 'm1' });
    const { r } = recorder();
    await router.handle({ ...command('end'), memberPermissions: bits }, r);
    const after = await games.view(key);
    expect(after.ok && after.value.state.status).toBe('over');
  });

  it('GIVEN a member without those permissions WHEN they end a game they did not create THEN it only counts their vote', async () => {
    const { router, games } = routerWith();
    await games.newGame(key, { id: 'u2', name: 'bo' }, { seed: 3, size: 'small' });
    await games.join(key, ann);
    await games.setMessage(key, { channelId: key.channelId, messageId: 'm1' });
    const { r, calls } = recorder();
    await router.handle({ ...command('end'), memberPermissions: (1n << 11n) | (1n << 10n) }, r);
    expect(calls[0]!.msg!.content).toMatch(/You voted to end the game/);
    const after = await games.view(key);
    expect(after.ok && after.value.state.status).toBe('playing');
  });

  it('GIVEN /rogue new whose message id is not known yet (HTTP mode reads it back) WHEN an action comes in meanwhile THEN no second game message is posted, and the real message is drawn once its id is recorded', async () => {
    const { router, games, refreshed } = routerWith();
    const slow = recorder();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    slow.r.originalMessageId = async () => {
      await gate;
      return 'real1';
    };
    const posting = router.handle(command('new', { lobby: false, seed: 3, size: 'small' }), slow.r);
    for (let i = 0; i < 50 && slow.calls.length === 0; i++) await new Promise((r) => setTimeout(r, 5));
    const meanwhile = recorder();
    await router.handle(command('wait'), meanwhile.r);
    expect(meanwhile.calls.map((c) => c.method)).toEqual(['reply']);
    expect(meanwhile.calls[0]!.msg!.ephemeral).toBe(true); // a private note, not a second public game message
    release();
    await posting;
    const stored = await games.view(key);
    expect(stored.ok && stored.value.meta.message?.messageId).toBe('real1');
    expect(refreshed.at(-1)).toEqual(key); // the wait is drawn on the real message
  });

  it('GIVEN a post that fails WHEN the answer throws THEN the pending marker is dropped so the next command posts afresh', async () => {
    const { router, games } = routerWith();
    const failing = recorder();
    failing.r.reply = async () => {
      throw new Error('Discord is down');
    };
    await router.handle(command('new', { lobby: false, seed: 3, size: 'small' }), failing.r);
    const stored = await games.view(key);
    expect(stored.ok && stored.value.meta.message).toBeNull();
    // The game is saved: the player is told how to show it, never to try again.
    const said = failing.calls.map((c) => c.msg?.content ?? '').join(' ');
    expect(said).toContain(t('en-US', 'reply.post-failed'));
    expect(said).not.toMatch(/try again/i);
  });
});

describe('interaction router: the caller language', () => {
  it.each([
    ['de', 'In diesem Kanal läuft kein Spiel. Starte eins mit /rogue neu.'],
    ['ru', 'В этом канале нет игры. Начни её: /rogue новая.'],
    [undefined, "There's no game in this channel. Start one with /rogue new."],
  ] as const)('GIVEN a caller in %s and no game WHEN they act THEN the private refusal is in their language', async (locale, text) => {
    const { router } = routerWith();
    const { r, calls } = recorder();
    await router.handle({ ...command('wait'), ...(locale ? { locale } : {}) }, r);
    expect(calls[0]!.msg).toMatchObject({ content: text, ephemeral: true });
  });

  it.each([
    ['a Community server speaking German', 'de', 'de'],
    ['any other server', null, 'fr'],
  ] as const)('GIVEN a French starter in %s WHEN they run /rogue new THEN the shared game speaks %s', async (_where, guildLocale, expected) => {
    const { router, games } = routerWith();
    await router.handle({ ...command('new', { lobby: false, seed: 3, size: 'small' }), locale: 'fr', guildLocale }, recorder().r);
    const stored = await games.view(key);
    expect(stored.ok && stored.value.meta.locale).toBe(expected);
  });

  it('GIVEN a French caller WHEN they press a button that is not ours THEN they are told in French', async () => {
    const { router } = routerWith();
    const { r, calls } = recorder();
    await router.handle({ ...button('garbage', 'm1'), locale: 'fr' }, r);
    expect(calls[0]!.msg).toMatchObject({ content: 'Ce bouton ne vient pas de cette partie.', ephemeral: true });
  });
});
