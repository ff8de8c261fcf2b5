import { describe, expect, it } from 'vitest';
import { type CommandInteractionOption, type Interaction } from 'discord.js';
import { pino } from 'pino';
import { commands } from '../../../commands/index.js';
import { POSTED_TEXT, createRouter, invocationOf } from '../../../src/adapters/discord/router.js';
import type { GameMessages } from '../../../src/adapters/discord/messages.js';
import { RateLimiter } from '../../../src/adapters/discord/rate-limit.js';
import { MemoryGameStore } from '../../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../../src/adapters/memory/memory-settings-store.js';
import { GameService } from '../../../src/app/game-service.js';
import { silentLogger } from '../../../src/app/ports.js';
import type { GameServiceApi } from '../../../src/app/service-types.js';
import { SettingsService } from '../../../src/app/settings-service.js';
import { buttonInvocation } from '../../../src/adapters/discord/button-press.js';
import { rogueOptions, toAction } from '../../../commands/rogue.js';
import { schemaInput } from '../../../commands/options.js';

describe('interaction router mapping', () => {
  it('GIVEN a subcommand with options WHEN flattened THEN the invocation carries the subcommand and typed values', () => {
    const data = [{ name: 'move', type: 1, options: [{ name: 'direction', type: 3, value: 'north' }, { name: 'steps', type: 4, value: 3 }] }] as unknown as CommandInteractionOption[];
    expect(invocationOf('rogue', data)).toEqual({ command: 'rogue', group: null, subcommand: 'move', options: { direction: 'north', steps: 3 } });
  });

  it('GIVEN a subcommand group WHEN flattened THEN group and subcommand are both kept', () => {
    const data = [{ name: 'channel', type: 2, options: [{ name: 'add', type: 1, options: [{ name: 'channel', type: 7, value: '123456789012345678' }] }] }] as unknown as CommandInteractionOption[];
    expect(invocationOf('rogue-config', data)).toEqual({ command: 'rogue-config', group: 'channel', subcommand: 'add', options: { channel: '123456789012345678' } });
  });

  it.each([
    [{ verb: 'mv', dir: 'ne', version: 1, game: 'a' } as const, { type: 'move', dir: 'ne' }],
    [{ verb: 'wait', version: 1, game: 'a' } as const, { type: 'wait' }],
    [{ verb: 'desc', version: 1, game: 'a' } as const, { type: 'descend' }],
    [{ verb: 'use', version: 1, game: 'a' } as const, { type: 'use' }],
  ])('GIVEN button %j WHEN routed THEN it runs /rogue as the action %j', (id, action) => {
    const inv = buttonInvocation(id)!;
    expect(toAction(rogueOptions.parse(schemaInput(inv)))).toEqual(action);
  });

  it('GIVEN a d-pad spacer WHEN routed THEN there is nothing to run', () => {
    expect(buttonInvocation({ verb: 'nop', index: 0, version: 1, game: 'a' })).toBeNull();
  });
});

/** A slash-command interaction as the router reads it, recording every answer it is given. */
function fakeCommand(subcommand: string, options: Record<string, string | number> = {}) {
  const answers: { method: string; payload: { content?: string; flags?: number; embeds?: unknown[]; components?: unknown[] } }[] = [];
  let next = 0;
  const interaction = {
    id: 'i1',
    commandName: 'rogue',
    guildId: key.guildId,
    channelId: key.channelId,
    user: { id: 'u1', username: 'ann', globalName: null },
    member: null,
    memberPermissions: null,
    options: { data: [{ name: subcommand, type: 1, options: Object.entries(options).map(([name, value]) => ({ name, type: typeof value === 'number' ? 4 : 3, value })) }] },
    deferred: false,
    replied: false,
    isChatInputCommand: () => true,
    isButton: () => false,
    isMessageComponent: () => false,
    async reply(payload: (typeof answers)[number]['payload']) {
      answers.push({ method: 'reply', payload });
      interaction.replied = true;
      return { resource: { message: { id: `posted${++next}` } } };
    },
    async deferReply(payload: (typeof answers)[number]['payload']) {
      answers.push({ method: 'deferReply', payload });
      interaction.deferred = true;
    },
    async editReply(payload: (typeof answers)[number]['payload']) {
      answers.push({ method: 'editReply', payload });
    },
    async followUp(payload: (typeof answers)[number]['payload']) {
      answers.push({ method: 'followUp', payload });
      return { id: `posted${++next}` };
    },
  };
  return { interaction: interaction as unknown as Interaction, answers };
}

const key = { guildId: '1', channelId: '2' };
const ann = { id: 'u1', name: 'ann' };

/** A router over a memory game service whose channel-API edits fail as `failEdit` says (once, the first time). */
async function routerWith(opts: { failEdit?: () => Error; delayMs?: number } = {}) {
  const settingsStore = new MemorySettingsStore(silentLogger);
  const games = new GameService({ games: new MemoryGameStore(), settings: settingsStore, clock: { now: () => 1_700_000_000_000 }, rounds: new MemoryRoundQueue(), logger: silentLogger });
  const edits: { messageId: string; body: object }[] = [];
  const refreshed: { guildId: string; channelId: string }[] = [];
  let failures = opts.failEdit ? 1 : 0;
  const messages: GameMessages = {
    async editNow(ref, body) {
      edits.push({ messageId: ref.messageId, body });
      if (failures > 0 && opts.failEdit) {
        failures--;
        throw opts.failEdit();
      }
    },
    refreshSoon: (k) => void refreshed.push(k),
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

describe('interaction router answers', () => {
  it('GIVEN a game message WHEN a slash action is answered THEN the private answer comes at once and the message is refreshed through the coalescer, never edited inline', async () => {
    const { router, games, edits, refreshed } = await routerWith({ failEdit: () => new Error('Internal Server Error') });
    expect((await games.newGame(key, ann, { seed: 3, size: 'small' })).ok).toBe(true);
    await games.setMessage(key, { channelId: key.channelId, messageId: 'm1' });
    const { interaction, answers } = fakeCommand('wait');
    await router.handle(interaction);
    expect(answers.map((a) => a.method)).toEqual(['reply']);
    expect((answers[0]!.payload.flags ?? 0) & 64).toBe(64);
    expect(edits).toEqual([]);
    expect(refreshed).toEqual([key]);
    const stored = await games.view(key);
    expect(stored.ok && stored.value.meta.message?.messageId).toBe('m1'); // no second live game message
  });

  it('GIVEN /rogue new answered at once WHEN posted THEN the public game message is the only answer', async () => {
    const { router } = await routerWith();
    const { interaction, answers } = fakeCommand('new', { seed: 3, size: 'small' });
    await router.handle(interaction);
    expect(answers.map((a) => a.method)).toEqual(['reply']);
    expect(answers[0]!.payload.flags ?? 0).toBe(0);
    expect(answers[0]!.payload.components?.length).toBeGreaterThan(0);
  });

  it('GIVEN /rogue new answered after a deferral WHEN posted THEN the private placeholder says only where the game is, and the game follows publicly', async () => {
    const { router } = await routerWith({ delayMs: 40 });
    const { interaction, answers } = fakeCommand('new', { seed: 3, size: 'small' });
    await router.handle(interaction);
    expect(answers.map((a) => a.method)).toEqual(['deferReply', 'editReply', 'followUp']);
    expect(answers[1]!.payload.content).toBe(POSTED_TEXT);
    expect(answers[2]!.payload.flags ?? 0).toBe(0);
  });
});
