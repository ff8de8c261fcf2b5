import { describe, expect, it } from 'vitest';
import { commands, findCommand } from '../../commands/index.js';
import { failureText, optionErrorText } from '../../commands/replies.js';
import rogue, { eventsNote, HELP_TEXT, rogueOptions, toAction } from '../../commands/rogue.js';
import { ROGUE_GROUPS, ROGUE_TOP } from '../../commands/rogue-tree.js';
import { HELP_TOPIC_IDS, HELP_TOPICS, helpTopicText } from '../../commands/help.js';
import { decodeButtonId, pressIntent, runPress } from '../../commands/controls/index.js';
import rogueConfig, { rogueConfigOptions, toPatch } from '../../commands/rogue-config.js';
import type { CommandContext } from '../../commands/types.js';
import type { GameServiceApi, ServiceFailure, SettingsServiceApi } from '../../src/app/service-types.js';
import { DEFAULT_SETTINGS } from '../../src/app/settings.js';
import { SettingsService } from '../../src/app/settings-service.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { silentLogger } from '../../src/app/ports.js';
import type { GameEvent, RejectionCode } from '../../src/engine/types.js';
import type { GameView } from '../../src/app/service-types.js';
import { MAP_KINDS } from '../../src/engine/index.js';
import { CALM_ROUNDS } from '../../src/engine/pace.js';
import { expectSafe } from '../support/hostile-text.js';

function ctx(over: Partial<CommandContext>): CommandContext {
  const unused = new Proxy({}, { get: (_t, p) => () => Promise.reject(new Error(`unexpected call ${String(p)}`)) });
  return { command: 'rogue', group: null, subcommand: 'help', options: {}, user: { id: 'u', name: 'U' }, guildId: '1', channelId: '2', memberIsAdmin: false, games: unused as GameServiceApi, settings: unused as SettingsServiceApi, ...over };
}

describe('command modules', () => {
  it('GIVEN the static list WHEN serialised THEN /rogue and /rogue-config are valid command JSON with the required subcommands', () => {
    expect(commands.map((c) => c.data.name)).toEqual(['rogue', 'rogue-config']);
    const json = rogue.data.toJSON() as { options: { name: string }[] };
    expect(json.options.map((o) => o.name)).toEqual([...ROGUE_TOP, ...Object.keys(ROGUE_GROUPS)]);
    const cfg = rogueConfig.data.toJSON() as { default_member_permissions: string; options: { name: string }[] };
    expect(cfg.default_member_permissions).toBe('32'); // Manage Server
    expect(cfg.options.map((o) => o.name)).toEqual(['show', 'set', 'channel', 'reset-game', 'reset']);
    expect(findCommand('rogue')).toBe(rogue);
  });

  it('GIVEN /rogue help WHEN answered THEN it is one short screen with topic buttons, and the topics name the commands and rules', async () => {
    const reply = await rogue.run(ctx({}));
    if (reply.kind !== 'confirm') throw new Error('expected the help with its buttons');
    expect(reply.text).toBe(HELP_TEXT);
    // One 360 x 740 phone screen holds about 900 characters of message text with a row of buttons.
    expect([...HELP_TEXT].length).toBeLessThanOrEqual(800);
    expect(reply.buttons.flat().map((b) => b.label)).toEqual(HELP_TOPIC_IDS.map((t) => HELP_TOPICS[t].label));
    const all = [HELP_TEXT, ...HELP_TOPIC_IDS.map(helpTopicText)].join('\n');
    for (const topic of HELP_TOPIC_IDS) expect([...helpTopicText(topic)].length).toBeLessThanOrEqual(2000);
    for (const word of ['🧭 explore', '🏃', '💤', '/rogue use item', '⚔️ fight', '/rogue log', 'Party size', '/rogue act wait', '/rogue party kick', '/rogue runs board']) expect(all).toContain(word);
    // How rounds and free movement alternate, and what the fallen do, in the words the message uses.
    for (const word of ['Free turns', 'Rounds in fights', '"to act"', '"acted"', '"fighting"', `${CALM_ROUNDS} rounds`, 'Fallen players watch', 'stand up again at the stairs']) expect(all).toContain(word);
  });

  it('GIVEN a help topic button WHEN pressed THEN the topic answers privately with the topic buttons again', async () => {
    const reply = await rogue.run(ctx({}));
    if (reply.kind !== 'confirm') throw new Error('expected buttons');
    const party = reply.buttons.flat().find((b) => b.label === HELP_TOPICS.party.label)!;
    const id = decodeButtonId(party.customId);
    if (!id.ok) throw new Error('undecodable');
    const intent = pressIntent(id.value)!;
    const out = await runPress({ key: { guildId: '1', channelId: '2' }, user: { id: 'u', name: 'U' }, memberIsAdmin: false, games: ctx({}).games }, id.value, intent);
    expect(out).toEqual({ kind: 'confirm', text: helpTopicText('party'), buttons: reply.buttons });
  });

  it.each([
    [{ subcommand: 'move', direction: 'north' }, { type: 'move', dir: 'n' }],
    [{ subcommand: 'move', direction: 'sw', steps: '3' }, { type: 'move', dir: 'sw', steps: 3 }],
    [{ subcommand: 'move', direction: 'East', steps: 9 }, { type: 'move', dir: 'e', steps: 9 }],
    [{ subcommand: 'wait' }, { type: 'wait' }],
    [{ subcommand: 'descend' }, { type: 'descend' }],
    [{ subcommand: 'use' }, { type: 'use' }],
    [{ subcommand: 'use', item: 'map' }, { type: 'use', item: 'map' }],
    [{ subcommand: 'use', item: 'bomb', direction: 'north' }, { type: 'use', item: 'bomb', dir: 'n' }],
    [{ subcommand: 'map' }, null],
    [{ subcommand: 'explore' }, { type: 'explore' }],
    [{ subcommand: 'travel' }, { type: 'travel' }],
    [{ subcommand: 'rest' }, { type: 'rest' }],
    [{ subcommand: 'fight' }, { type: 'fight' }],
    [{ subcommand: 'use', item: 'lure', direction: 'west' }, { type: 'use', item: 'lure', dir: 'w' }],
    [{ subcommand: 'use', item: 'lure', direction: 'n', distance: '3' }, { type: 'use', item: 'lure', dir: 'n', distance: 3 }],
  ])('GIVEN /rogue options %j WHEN mapped THEN the action is %j', (input, action) => {
    expect(toAction(rogueOptions.parse(input))).toEqual(action);
  });

  it.each([
    [{ subcommand: 'move', direction: 'north', steps: 0 }, 'Option `steps`: must be a whole number from 1 to 9.'],
    [{ subcommand: 'move', direction: 'north', steps: '2.5' }, 'Option `steps`: must be a whole number from 1 to 9.'],
    [{ subcommand: 'move' }, 'Option `direction`: must be one of north, south, east, west, northeast, northwest, southeast, southwest.'],
    [{ subcommand: 'new', map: 'swamp' }, `Option \`map\`: must be one of ${MAP_KINDS.join(', ')}.`],
    [{ subcommand: 'wait', speed: 2 }, 'Unknown option: `speed`.'],
    [{ subcommand: 'dance' }, 'Unknown subcommand. Try /rogue help.'],
  ])('GIVEN bad options %j WHEN parsed THEN the error says %s', (input, text) => {
    const r = rogueOptions.safeParse(input);
    expect(r.success).toBe(false);
    if (!r.success) expect(optionErrorText(r.error)).toBe(text);
  });

  it('GIVEN /rogue new WHEN a seed is given THEN the whole 32-bit range the service accepts is accepted, and no more', () => {
    expect(rogueOptions.parse({ subcommand: 'new', seed: 4_294_967_295 })).toEqual({ subcommand: 'new', seed: 4_294_967_295 });
    expect(rogueOptions.parse({ subcommand: 'new', seed: '3000000000' })).toEqual({ subcommand: 'new', seed: 3_000_000_000 });
    expect(rogueOptions.safeParse({ subcommand: 'new', seed: 4_294_967_296 }).success).toBe(false);
    const json = rogue.data.toJSON() as { options: { name: string; options?: { name: string; min_value?: number; max_value?: number }[] }[] };
    const seed = json.options.find((o) => o.name === 'new')?.options?.find((o) => o.name === 'seed');
    expect(seed).toMatchObject({ min_value: 0, max_value: 4_294_967_295 });
  });

  it('GIVEN /rogue-config set options WHEN mapped THEN they become a settings patch with the service field names', () => {
    const parsed = rogueConfigOptions.parse({ subcommand: 'set', turn_mode: 'rounds', round_seconds: '30', mobile: 'yes' });
    expect(parsed.subcommand === 'set' && toPatch(parsed)).toEqual({ turnMode: 'rounds', roundSeconds: 30, mobile: true });
  });

  it('GIVEN a member without Manage Server WHEN they use /rogue-config THEN the reply names the missing permission and nothing is called', async () => {
    const reply = await rogueConfig.run(ctx({ command: 'rogue-config', subcommand: 'set', options: { render: 'ascii' } }));
    expect(reply).toEqual({ kind: 'text', text: 'You need the Manage Server permission to change Channel Crawler settings.' });
  });

  it('GIVEN an admin WHEN they set a value THEN the answer states the new value', async () => {
    const settings = { update: async (_g: string, patch: object) => ({ ok: true as const, value: { ...DEFAULT_SETTINGS, ...patch } }) } as unknown as SettingsServiceApi;
    const reply = await rogueConfig.run(ctx({ command: 'rogue-config', subcommand: 'set', options: { round_seconds: 30 }, memberIsAdmin: true, settings }));
    expect(reply.kind === 'text' && reply.text).toBe('`round_seconds` is now `30`.');
  });

  it('GIVEN an allowed channel and an earlier set WHEN an admin runs /rogue-config set again THEN every earlier setting and the channel survive', async () => {
    const settings = new SettingsService(new MemorySettingsStore(silentLogger), silentLogger);
    const admin = (subcommand: string, options: CommandContext['options'], group: string | null = null) => rogueConfig.run(ctx({ command: 'rogue-config', group, subcommand, options, memberIsAdmin: true, settings }));
    await admin('add', { channel: '42' }, 'channel');
    await admin('set', { turn_mode: 'rounds', round_seconds: 30 });
    const reply = await admin('set', { render: 'ascii' });
    expect(reply.kind === 'text' && reply.text).toBe('`render` is now `ascii`.');
    expect(await settings.get('1')).toEqual({ ok: true, value: { ...DEFAULT_SETTINGS, turnMode: 'rounds', roundSeconds: 30, render: 'ascii', allowedChannels: ['42'] } });
  });

  it('GIVEN /rogue-config set with no option WHEN run THEN nothing is changed and the admin is told to give one', async () => {
    const settings = { get: async () => ({ ok: true as const, value: DEFAULT_SETTINGS }) } as unknown as SettingsServiceApi;
    const reply = await rogueConfig.run(ctx({ command: 'rogue-config', subcommand: 'set', options: {}, memberIsAdmin: true, settings }));
    expect(reply.kind === 'text' && reply.text).toBe('Nothing to change: give at least one option to `/rogue-config set`.');
  });

  it('GIVEN a service refusal WHEN a command runs THEN it is passed on as a failure for the transport to word', async () => {
    const games = { act: async () => ({ ok: false as const, error: { kind: 'rejected' as const, code: 'wall' as const } }) } as unknown as GameServiceApi;
    const reply = await rogue.run(ctx({ subcommand: 'move', options: { direction: 'north' }, games }));
    expect(reply).toEqual({ kind: 'failure', error: { kind: 'rejected', code: 'wall' } });
  });
});

describe('refusal wording', () => {
  it.each<[ServiceFailure, RegExp]>([
    [{ kind: 'rejected', code: 'wall' }, /wall/],
    [{ kind: 'rejected', code: 'not-your-turn' }, /not your turn/],
    [{ kind: 'rejected', code: 'dead' }, /You've fallen/],
    [{ kind: 'not-a-player' }, /join with \/rogue join/i],
    [{ kind: 'stale' }, /out of date/],
    [{ kind: 'no-game' }, /no game in this channel/],
    [{ kind: 'channel-not-allowed' }, /isn't enabled in this channel/],
    [{ kind: 'storage-unavailable' }, /storage is unavailable/],
    [{ kind: 'corrupt-save', channelId: '2', reason: 'x' }, /ask an admin to run \/rogue-config reset-game/i],
    [{ kind: 'incompatible-save', channelId: '2', schema: 9 }, /reset-game/],
    [{ kind: 'game-full', max: 4 }, /4 players/],
    [{ kind: 'forbidden', need: 'Manage Server' }, /You need the Manage Server permission/],
    [{ kind: 'forbidden', need: 'the host or Manage Server' }, /^Only the host or a member with the Manage Server permission can do that\.$/],
    [{ kind: 'game-exists' }, /already running/],
    [{ kind: 'invalid', message: 'seed is bad' }, /^seed is bad$/],
  ])('GIVEN %j WHEN worded THEN the player reads %s', (failure, pattern) => {
    expect(failureText(failure)).toMatch(pattern);
  });

  it('GIVEN every engine rejection WHEN worded THEN each has its own non-empty sentence', () => {
    const codes: RejectionCode[] = ['wall', 'occupied-by-ally', 'not-in-game', 'dead', 'game-over', 'not-your-turn', 'no-stairs', 'nothing-to-use', 'already-joined', 'game-full', 'diagonal-not-allowed', 'not-rounds-mode'];
    const texts = codes.map((code) => failureText({ kind: 'rejected', code }));
    expect(new Set(texts).size).toBe(codes.length);
  });
});

describe('the private note of a slash command that ran several turns', () => {
  const me = { kind: 'player' as const, id: 'u', name: 'U' };
  const steps = (n: number): GameEvent[] => Array.from({ length: n }, (_, i) => ({ type: 'moved' as const, who: me, x: i, y: 0 }));
  const view = (events: GameEvent[]): GameView => ({ events }) as unknown as GameView;

  it('GIVEN an 11-step explore WHEN the note is worded THEN the steps are one counted line before the stop line', () => {
    const note = eventsNote(view([...steps(11), { type: 'run-stopped', who: me, reason: 'monster-in-view', steps: 11, run: 'explore' }]), 'u');
    const lines = note!.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('You move. (×11)');
    expect(lines[1]).toMatch(/^You stop exploring after 11 steps/);
  });

  it('GIVEN one step WHEN worded in German THEN it is the German line, not counted', () => {
    const note = eventsNote(view(steps(1)), 'u', 'de');
    expect(note).not.toContain('×');
    expect(note).not.toBe('You move.');
    expect(note!.length).toBeGreaterThan(0);
  });
});

describe('a long private note', () => {
  it('GIVEN hundreds of different lines with emoji names WHEN the note is cut THEN it stays within 1,800 code points and never splits a character', () => {
    const events: GameEvent[] = Array.from({ length: 400 }, (_, i) => ({ type: 'waited', who: { kind: 'player', id: `p${i}`, name: `🧙‍♂️${i}🦎` } }));
    const note = eventsNote(({ events }) as unknown as GameView, 'u')!;
    expectSafe(note, 1800, true);
    expect(note.endsWith('…')).toBe(true);
  });
});
