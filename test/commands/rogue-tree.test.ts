/** The /rogue command tree: short names for what is used most, groups with room to grow, the old flat names still working. */
import { beforeEach, describe, expect, it } from 'vitest';
import rogue, { gameExistsText, rogueOptions, toAction } from '../../commands/rogue.js';
import { LEGACY_PATHS, ROGUE_GROUPS, ROGUE_TOP, roguePath } from '../../commands/rogue-tree.js';
import { gameControls } from '../../commands/controls/layouts.js';
import { decodeButtonId, pressIntent, runPress } from '../../commands/controls/index.js';
import type { CommandContext, Reply } from '../../commands/types.js';
import { MemoryGameStore } from '../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { MemoryUserPrefsStore } from '../../src/adapters/memory/memory-user-prefs-store.js';
import { GameService } from '../../src/app/game-service.js';
import { inLobby } from '../../src/app/host.js';
import { silentLogger } from '../../src/app/ports.js';
import type { UserRef } from '../../src/app/service-types.js';
import { SettingsService } from '../../src/app/settings-service.js';

interface Opt { name: string; type: number; options?: Opt[] }
const json = rogue.data.toJSON() as { options: Opt[] };

describe('the /rogue command tree', () => {
  it('GIVEN the definition THEN its top level is the most used subcommands then the groups, with room for more', () => {
    expect(json.options.map((o) => o.name)).toEqual([...ROGUE_TOP, ...Object.keys(ROGUE_GROUPS)]);
    // Discord allows 25 options per level: at least 5 stay free at the top and in every group.
    expect(json.options.length).toBeLessThanOrEqual(20);
    for (const [group, subs] of Object.entries(ROGUE_GROUPS)) {
      const g = json.options.find((o) => o.name === group);
      expect(g?.type).toBe(2); // SUB_COMMAND_GROUP
      expect(g?.options?.map((o) => o.name)).toEqual(subs);
    }
  });

  it('GIVEN every old flat name WHEN parsed THEN it is its grouped path, and both give the same action', () => {
    expect(Object.keys(LEGACY_PATHS).length).toBeGreaterThan(0);
    for (const [flat, path] of Object.entries(LEGACY_PATHS)) {
      const [group, sub] = path.split(' ');
      expect(roguePath({ group: group ?? null, subcommand: sub ?? null })).toBe(path);
      expect(roguePath({ group: null, subcommand: flat })).toBe(path);
      const extra = flat === 'kick' ? { user: '12' } : {};
      const old = rogueOptions.parse({ subcommand: flat, ...extra });
      const now = rogueOptions.parse({ subcommand: path, ...extra });
      expect(old).toEqual(now);
      expect(toAction(old)).toEqual(toAction(now));
    }
    expect(toAction(rogueOptions.parse({ subcommand: 'act wait' }))).toEqual({ type: 'wait' });
    expect(toAction(rogueOptions.parse({ subcommand: 'rest' }))).toEqual({ type: 'rest' });
  });

  it('GIVEN a grouped name under the wrong group THEN it is refused with the help hint', () => {
    expect(rogueOptions.safeParse({ subcommand: 'party wait' }).success).toBe(false);
  });
});

const ann: UserRef = { id: '1', name: 'Ann' };
const bo: UserRef = { id: '2', name: 'Bo' };

describe('/rogue new', () => {
  let games: GameService;
  let settings: SettingsService;
  beforeEach(() => {
    const store = new MemorySettingsStore(silentLogger);
    games = new GameService({ games: new MemoryGameStore(), settings: store, clock: { now: () => 1_700_000_000_000 }, rounds: new MemoryRoundQueue(), logger: silentLogger });
    settings = new SettingsService(store, silentLogger, new MemoryUserPrefsStore(silentLogger));
  });
  const ctx = (user: UserRef, subcommand: string, options: CommandContext['options'] = {}, group: string | null = null): CommandContext =>
    ({ command: 'rogue', group, subcommand, options, user, guildId: '1', channelId: '2', memberIsAdmin: false, games, settings });
  const run = (user: UserRef, subcommand: string, options: CommandContext['options'] = {}, group: string | null = null): Promise<Reply> => rogue.run(ctx(user, subcommand, options, group));

  it('GIVEN /rogue new alone THEN the run starts at once with ➕ join, and the first arrow pressed moves: two inputs', async () => {
    const r = await run(ann, 'new', { seed: 5, size: 'small' });
    if (r.kind !== 'game') throw new Error('expected the game');
    expect(inLobby(r.view.meta)).toBe(false);
    const rows = gameControls(r.view);
    const buttons = rows.flat();
    expect(buttons.some((b) => b.label === 'join' && !b.disabled)).toBe(true);
    const arrow = buttons.find((b) => b.customId.includes(':mv:') && !b.disabled);
    if (!arrow) throw new Error('no lit arrow');
    const id = decodeButtonId(arrow.customId);
    if (!id.ok) throw new Error('undecodable arrow');
    const intent = pressIntent(id.value);
    if (!intent) throw new Error('a spacer');
    const moved = await runPress({ key: { guildId: '1', channelId: '2' }, user: ann, memberIsAdmin: false, games }, id.value, intent);
    expect(moved.kind).toBe('game');
    expect(moved.kind === 'game' && moved.view.state.version).toBeGreaterThan(r.view.state.version);
    // A friend joins the running game.
    const joined = await run(bo, 'join');
    expect(joined.kind === 'game' && joined.view.state.players.map((p) => p.id)).toEqual(['1', '2']);
  });

  it('GIVEN /rogue new party:3 THEN a lobby for three opens; /rogue new again says a lobby is open and how to join', async () => {
    const r = await run(ann, 'new', { seed: 5, size: 'small', party: 3 });
    expect(r.kind === 'game' && inLobby(r.view.meta)).toBe(true);
    expect(r.kind === 'game' && r.view.state.config.maxPlayers).toBe(3);
    expect(await run(bo, 'new')).toEqual({ kind: 'text', text: gameExistsText(true) });
    expect(gameExistsText(true)).toContain('lobby');
    await run(ann, 'start', {}, 'party');
    expect(await run(bo, 'new')).toEqual({ kind: 'text', text: gameExistsText(false) });
  });

  it('GIVEN the old lobby options THEN lobby:true and party_size still open a lobby, lobby:false starts at once', async () => {
    const a = await run(ann, 'new', { seed: 5, size: 'small', lobby: true });
    expect(a.kind === 'game' && inLobby(a.view.meta)).toBe(true);
    await run(ann, 'end');
    const b = await run(ann, 'new', { seed: 5, size: 'small', party_size: 2, lobby: false });
    expect(b.kind === 'game' && inLobby(b.view.meta)).toBe(false);
  });
});
