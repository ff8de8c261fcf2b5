import { personalDailyKey } from '../../src/app/scope.js';
import { describe, expect, it } from 'vitest';
import rogue from '../../commands/rogue.js';
import { boardText, historyText } from '../../commands/daily-replies.js';
import type { CommandContext } from '../../commands/types.js';
import type { GameServiceApi, SettingsServiceApi } from '../../src/app/service-types.js';
import { DAY_MS, FIRST_DAY } from '../../src/app/daily/day.js';
import { dailyLine, depthStrip, OUTCOMES, plainName, shareCard, STRIP_MAX } from '../../src/app/daily/cards.js';
import type { BoardView } from '../../src/app/daily/daily-service.js';
import type { RankedEntry } from '../../src/app/daily/ports.js';
import { MemoryBoardStore, MemoryDailyAttemptStore, MemoryHistoryStore } from '../../src/adapters/memory/memory-daily-stores.js';
import { FakeClock, memoryKit } from '../app/fixtures.js';
import { dailySetup, finishRun } from '../app/daily-helpers.js';

/** A phone at 360 px shows about this many characters of a proportional line before it wraps (DISCORD.md: 11 emoji). */
const PHONE_LINE = 48;

function ranked(rank: number, name: string, over: Partial<RankedEntry> = {}): RankedEntry {
  return { rank, userId: String(rank), name, score: 1000 - rank, depth: 3, turns: 420, outcome: 'defeat', finishedAt: 0, guildId: '1', ...over };
}

async function setup() {
  const clock = new FakeClock(FIRST_DAY * DAY_MS + 3_600_000);
  const kit = await memoryKit();
  const { games, daily } = dailySetup(kit, { attempts: new MemoryDailyAttemptStore(clock), boards: new MemoryBoardStore(clock), history: new MemoryHistoryStore() }, clock);
  const ctx = (over: Partial<CommandContext>): CommandContext => ({
    command: 'rogue',
    group: null,
    subcommand: 'daily',
    options: {},
    user: { id: '11', name: 'Ann' },
    guildId: '1',
    channelId: '10',
    memberIsAdmin: false,
    games,
    settings: {} as SettingsServiceApi,
    daily,
    ...over,
  });
  return { clock, games, daily, ctx };
}

describe('/rogue daily, board and history', () => {
  it('GIVEN /rogue daily twice WHEN run THEN the first posts the game, the second shows it again while it runs, then offers a practice run, and practice:true posts a practice game', async () => {
    const { ctx, games, daily, clock } = await setup();
    const first = await rogue.run(ctx({}));
    expect(first.kind === 'game' && first.mode === 'post' && first.view.meta.daily).toMatchObject({ day: FIRST_DAY, scored: true });
    // The player's daily is theirs wherever they are in the server: asked again, it is shown where it stands.
    const shown = await rogue.run(ctx({ channelId: '11' }));
    expect(shown.kind === 'game' && shown.mode === 'post' && shown.view.meta.createdAt).toBe(first.kind === 'game' && first.view.meta.createdAt);
    await finishRun(games as never, daily, personalDailyKey({ guildId: '1', channelId: '10' }, '11'), { id: '11', name: 'Ann' }, clock);
    const again = await rogue.run(ctx({ channelId: '11' }));
    expect(again.kind === 'text' && again.text).toContain('`/rogue daily practice:true`');
    const practice = await rogue.run(ctx({ channelId: '11', options: { practice: true } }));
    expect(practice.kind === 'game' && practice.view.meta.daily).toEqual({ day: FIRST_DAY, scored: false });
    expect(practice.kind === 'game' && dailyLine(practice.view)).toBe('🧪 Practice run of Daily #1: never on a board.');
  });

  it('GIVEN two /rogue daily at once WHEN the second finds the first claim still being started THEN it says so and still offers practice', async () => {
    const { ctx } = await setup();
    const [a, b] = await Promise.all([rogue.run(ctx({})), rogue.run(ctx({ channelId: '12' }))]);
    const text = [a, b].find((r) => r.kind === 'text');
    expect([a, b].filter((r) => r.kind === 'game')).toHaveLength(1);
    expect(text?.kind === 'text' && text.text).toContain('is being started right now. If no game appears, try `/rogue daily` again in 30 seconds.');
    expect(text?.kind === 'text' && text.text).toContain('`/rogue daily practice:true`');
  });

  it('GIVEN no daily service WHEN /rogue board runs THEN it says so', async () => {
    const { ctx } = await setup();
    const reply = await rogue.run({ ...ctx({ subcommand: 'board' }), daily: undefined } as unknown as CommandContext);
    expect(reply).toEqual({ kind: 'text', text: 'The daily dungeon, boards and history are not available here.' });
  });

  it('GIVEN a finished daily WHEN /rogue board and /rogue history run THEN both list it and the game message carries the share card', async () => {
    const { ctx, games, daily, clock } = await setup();
    await rogue.run(ctx({}));
    const own = personalDailyKey({ guildId: '1', channelId: '10' }, '11');
    await finishRun(games as never, daily, own, { id: '11', name: 'Ann' }, clock);
    const board = await rogue.run(ctx({ subcommand: 'board' }));
    expect(board.kind === 'text' && board.text.split('\n')[1]).toMatch(/^\*\*1\.\*\* Ann 🏳️ \d+$/);
    // A player's daily is played in their own view, not in the channel: it is in their history, not the channel's.
    const recorded = await daily.history({ userId: '11' });
    const recap = recorded.ok ? recorded.value[0]?.recap : undefined;
    expect(recap).toMatch(/ · \d+ kills? · \d+ pts$/);
    const mine = await rogue.run(ctx({ subcommand: 'history', options: { user: '<@11>' } }));
    expect(mine.kind === 'text' && mine.text.split('\n')).toHaveLength(2);
    expect(mine.kind === 'text' && mine.text).toContain(`📅#1 · Ann: ${recap}`);
    const view = await (games as GameServiceApi).view(own);
    expect(view.ok && dailyLine(view.value)).toMatch(/^Channel Crawler Daily #1 🏳️\nDepth \d\/5 · \d+ pts\n/);
    const yesterday = await rogue.run(ctx({ subcommand: 'board', options: { yesterday: true } }));
    expect(yesterday.kind === 'text' && yesterday.text).toContain('No runs yet.');
  });

  it.each([
    ['<@1234567890>', '<＠1234567890\\>'],
    ['@everyone', '＠everyone'],
    ['**bold**', '\\*\\*bold\\*\\*'],
    ['A very long name indeed, longer than any board line', 'A very long na…'],
    ['全角の名前がとても長い', '全角の名前がと…'],
    ['alicedaily', 'alicedaily'],
    ['Ann 👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦', 'Ann 👨‍👩‍👧‍👦👨‍👩‍👧‍👦👨‍👩‍👧‍👦…'],
    ['Bob\u202E\u0000\nevil', 'Bob evil'],
  ])('GIVEN a player named %j WHEN shown THEN it is %j: never a mention, never markdown', (name, shown) => {
    expect(plainName(name)).toBe(shown);
  });

  it('GIVEN a board of 10 plus the asker at rank 17 WHEN drawn THEN every line fits a phone and the asker\'s line comes last, marked', () => {
    const view: BoardView = {
      board: { scope: 'server', guildId: '1', day: FIRST_DAY },
      top: Array.from({ length: 10 }, (_, i) => ranked(i + 1, i === 0 ? '<@&999> @here ModeratorOfTheRealm' : `Player${i + 1}`, { score: 12345 - i })),
      own: ranked(17, 'Ann', { outcome: 'victory' }),
    };
    const text = boardText(view);
    const lines = text.split('\n');
    expect(lines.slice(-5)).toEqual(['…', 'Your rank:', '**17.** Ann 🏆 983', '🏆 won · 💀 fell · 🏳️ ended.', 'Ties: the earlier finish first.']);
    expect(text).not.toMatch(/<@|@here|@everyone/);
    for (const line of lines.slice(1, -1)) expect([...line.replace(/\*\*/g, '')].length).toBeLessThanOrEqual(PHONE_LINE);
    expect(text.length).toBeLessThanOrEqual(2000);
  });

  it.each(Object.keys(OUTCOMES) as (keyof typeof OUTCOMES)[])('GIVEN a %s on depth 3 of 5 WHEN the share card is made THEN three short lines and a strip of five', (outcome) => {
    const card = shareCard(FIRST_DAY + 9, { outcome, depth: 3, turns: 300, kills: [{ id: '1', name: 'Ann', kills: 4 }] }, 340, 5);
    const lines = card.split('\n');
    expect(lines[0]).toBe(`Channel Crawler Daily #10 ${OUTCOMES[outcome].emoji}`);
    expect(lines[1]).toBe('Depth 3/5 · 340 pts');
    expect(lines[2]).toBe(`🟩🟩${OUTCOMES[outcome].emoji}⬛⬛`);
    for (const line of lines) expect([...line].length).toBeLessThanOrEqual(PHONE_LINE);
  });

  it('GIVEN a run deeper than a phone line of squares WHEN the strip is made THEN it stops at STRIP_MAX', () => {
    expect([...depthStrip(40, 40, 'victory').replace(/\uFE0F/g, '')]).toHaveLength(STRIP_MAX);
  });

  it('GIVEN no runs WHEN history is drawn THEN it says so', () => {
    expect(historyText([], 'channel')).toBe("📜 This channel's last runs\nNo finished runs yet.");
  });
});
