/** /rogue end as a vote, and /rogue prefs, run against the real services on memory stores. */
import { beforeEach, describe, expect, it } from 'vitest';
import rogue from '../../commands/rogue.js';
import type { CommandContext, Reply } from '../../commands/types.js';
import { MemoryGameStore } from '../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { GameService } from '../../src/app/game-service.js';
import { silentLogger } from '../../src/app/ports.js';
import type { UserRef } from '../../src/app/service-types.js';
import { SettingsService } from '../../src/app/settings-service.js';
import { OFFERED_ROLES } from '../../src/engine/roles.js';
import { MemoryUserPrefsStore } from '../../src/adapters/memory/memory-user-prefs-store.js';

const ann: UserRef = { id: '1', name: 'Ann' };
const bo: UserRef = { id: '2', name: 'Bo' };
const cy: UserRef = { id: '3', name: 'Cy' };

describe('/rogue commands of the party', () => {
  let games: GameService;
  let settings: SettingsService;
  beforeEach(() => {
    const settingsStore = new MemorySettingsStore(silentLogger);
    games = new GameService({ games: new MemoryGameStore(), settings: settingsStore, clock: { now: () => 1_700_000_000_000 }, rounds: new MemoryRoundQueue(), logger: silentLogger });
    settings = new SettingsService(settingsStore, silentLogger, new MemoryUserPrefsStore(silentLogger));
  });

  const run = (user: UserRef, subcommand: string, options: CommandContext['options'] = {}, memberIsAdmin = false): Promise<Reply> =>
    rogue.run({ command: 'rogue', group: null, subcommand, options, user, guildId: '1', channelId: '2', memberIsAdmin, games, settings });

  it('GIVEN a party of three WHEN a member who is not the creator runs /rogue end THEN it counts as their vote and says the tally', async () => {
    await run(ann, 'new', { seed: 5, size: 'small' });
    await run(bo, 'join');
    await run(cy, 'join');
    const first = await run(bo, 'end');
    expect(first).toMatchObject({ kind: 'game', mode: 'update', note: expect.stringContaining('1 of 2 votes needed') });
    expect(first.kind === 'game' && first.view.state.status).toBe('playing');
    const second = await run(cy, 'end');
    expect(second).toMatchObject({ kind: 'game', note: 'The party voted to end the game. The game is over.' });
    expect(second.kind === 'game' && second.view.state.status).toBe('over');
    expect(await run(bo, 'end')).toMatchObject({ kind: 'game', note: 'This game is already over. Start a new one with /rogue new.' });
  });

  it.each(OFFERED_ROLES)('GIVEN /rogue new role:%s (solo, and a lobby) WHEN it starts THEN the starter plays that hero, and a bad role gets a private reply', async (role) => {
    const solo = await run(ann, 'new', { seed: 5, size: 'small', role });
    expect(solo.kind === 'game' && solo.view.state.players.map((p) => p.role)).toEqual([role]);
    await run(ann, 'end', {}, true);
    const lobby = await run(ann, 'new', { seed: 6, party: 3, role });
    expect(lobby.kind === 'game' && lobby.view.state.players.map((p) => p.role)).toEqual([role]);
    expect(await run(bo, 'new', { role: 'wizard-king' })).toMatchObject({ kind: 'text', text: expect.stringContaining('role') });
  });

  it.each([
    ['a mention', '<@3>'],
    ['a user id', '3'],
  ])('GIVEN a party of three WHEN the host runs /rogue kick with %s THEN that player is out, and a member can\'t kick someone who plays', async (_, user) => {
    await run(ann, 'new', { seed: 5, size: 'small' });
    await run(bo, 'join');
    await run(cy, 'join');
    expect(await run(bo, 'kick', { user })).toMatchObject({ kind: 'failure', error: { kind: 'invalid' } });
    const r = await run(ann, 'kick', { user });
    expect(r).toMatchObject({ kind: 'game', mode: 'update', note: 'They left the party; the dungeon adjusts to the smaller party.' });
    expect(r.kind === 'game' && r.view.state.players.map((p) => p.id)).toEqual(['1', '2']);
  });

  it('GIVEN a party that played WHEN a member runs /rogue log THEN they privately get the kept log, longer than the shared 5 lines, with theirs since they acted', async () => {
    expect(await run(ann, 'log')).toMatchObject({ kind: 'failure', error: { kind: 'no-game' } });
    await run(ann, 'new', { seed: 5, size: 'small', lobby: false });
    await run(bo, 'join');
    for (let i = 0; i < 4; i++) {
      await run(ann, 'wait');
      await run(bo, 'wait');
    }
    const r = await run(ann, 'log');
    if (r.kind !== 'text' || !r.embed) throw new Error('expected an embed');
    const lines = r.embed.description.split('\n');
    expect(lines.filter((l) => l === 'Ann waits.' || l === 'Bo waits.').length).toBeGreaterThan(5);
    expect(lines.slice(-3)).toEqual(['**Since your last action**', 'Ann waits.', 'Bo waits.']);
  });

  it('GIVEN /rogue new with the host\'s choices THEN the run has them; out-of-range ones are refused before anything starts', async () => {
    expect(await run(ann, 'new', { seed: 5, size: 'small', round_seconds: 5 })).toEqual({ kind: 'text', text: 'Option `round_seconds`: must be a whole number from 10 to 600.' });
    const r = await run(ann, 'new', { seed: 5, size: 'small', difficulty: 'easy', round_seconds: 30, party_size: 2 });
    expect(r.kind === 'game' && r.view.state.config).toMatchObject({ difficulty: 'easy', maxPlayers: 2 });
    expect(r.kind === 'game' && r.view.meta.roundSeconds).toBe(30);
  });

  it('GIVEN /rogue kick without a user or with text THEN it says what is wrong', async () => {
    await run(ann, 'new', { seed: 5, size: 'small' });
    expect(await run(ann, 'kick', { user: 'bob' })).toEqual({ kind: 'text', text: 'Option `user`: must be a user.' });
  });

  it('GIVEN a running game WHEN its creator runs /rogue end THEN it ends at once', async () => {
    await run(ann, 'new', { seed: 5, size: 'small' });
    await run(bo, 'join');
    const r = await run(ann, 'end');
    expect(r).toMatchObject({ kind: 'game', note: 'The game is over.' });
    expect(r.kind === 'game' && r.view.state.status).toBe('over');
  });

  it('GIVEN a running game WHEN someone outside it runs /rogue end THEN they are told they are not in it', async () => {
    await run(ann, 'new', { seed: 5, size: 'small' });
    expect(await run(bo, 'end')).toEqual({ kind: 'failure', error: { kind: 'not-a-player' } });
  });

  it('GIVEN a user WHEN they run /rogue prefs with options THEN the reply says what the prefs now are and they are saved for every server', async () => {
    const r = await run(ann, 'prefs', { style: 'ascii', mobile: 'true' });
    expect(r).toEqual({ kind: 'text', text: expect.stringContaining('Your preferences are now: style `ascii`, mobile `on`.') });
    expect(await settings.prefs?.get(ann.id)).toEqual({ ok: true, value: { style: 'ascii', mobile: true, iconsExplained: false } });
    const shown = await run(ann, 'prefs');
    expect(shown).toEqual({ kind: 'text', text: expect.stringContaining('Your preferences: style `ascii`, mobile `on`.') });
    expect(await settings.prefs?.get(bo.id)).toEqual({ ok: true, value: { style: 'image', mobile: false, iconsExplained: false } });
  });

  it('GIVEN style:text WHEN /rogue prefs runs THEN it is saved (private views become a text description)', async () => {
    const r = await run(ann, 'prefs', { style: 'text' });
    expect(r.kind).toBe('text');
    expect(await settings.prefs?.get(ann.id)).toEqual({ ok: true, value: { style: 'text', mobile: false, iconsExplained: false } });
    await run(ann, 'prefs', { style: 'image' });
  });

  it('GIVEN a bad style WHEN /rogue prefs runs THEN it answers with a friendly option error and saves nothing', async () => {
    const r = await run(ann, 'prefs', { style: 'sixel' });
    expect(r).toEqual({ kind: 'text', text: 'Option `style`: must be one of image, emoji, ascii, text.' });
    expect(await settings.prefs?.get(ann.id)).toEqual({ ok: true, value: { style: 'image', mobile: false, iconsExplained: false } });
  });
});
