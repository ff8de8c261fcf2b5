/** The daily's share card, boards and history, the replay's caption and alt text, and the map's alt text in every language. */
import { describe, expect, it } from 'vitest';
import { attemptUsedText, boardText, historyText } from '../../commands/daily-replies.js';
import { dailyLine, shareCard } from '../../src/app/daily/cards.js';
import type { BoardView } from '../../src/app/daily/daily-service.js';
import type { RankedEntry } from '../../src/app/daily/ports.js';
import { FIRST_DAY } from '../../src/app/daily/day.js';
import { replayAlt } from '../../src/app/replay-service.js';
import { t } from '../../src/i18n/index.js';
import { LOCALE_CODES, type Locale } from '../../src/i18n/locales.js';
import { describePicture, whereFrom } from '../../src/render/image/alt.js';
import { drawState } from '../render/fixtures.js';

const others = LOCALE_CODES.filter((c) => c !== 'en-US');
/** English words that must not leak into another language's text (the texts' own English wording). */
const ENGLISH = /\b(Your rank|Ties|Depth|Daily|tiles?|Stairs|Items in sight|has fallen|no monster near|Practice run|kills?|Animated)\b/;
const PHONE_LINE = 40;

function ranked(rank: number, name: string, over: Partial<RankedEntry> = {}): RankedEntry {
  return { rank, userId: String(rank), name, score: 12_345 - rank, depth: 3, turns: 420, outcome: 'defeat', finishedAt: 0, guildId: '1', ...over };
}

const board: BoardView = {
  board: { scope: 'global', day: FIRST_DAY },
  top: Array.from({ length: 10 }, (_, i) => ranked(i + 1, `Player${i + 1}`)),
  own: ranked(17, 'Ann', { outcome: 'victory' }),
};

const state = drawState(['###########', '#.#.......#', '#21g....>.#', '#.........#', '#.!.......#', '###########'], { names: ['Alice', 'Bob'] });
const seen = new Uint8Array(state.width * state.height).fill(1);

describe('the daily in every language', () => {
  it.each(others)('GIVEN %s WHEN a share card is made THEN it is in that language, its score grouped the local way, within a phone line', (code) => {
    const card = shareCard(FIRST_DAY + 9, { outcome: 'victory', depth: 3, turns: 300, kills: [] }, 12_345, 5, code);
    const [title, depth, strip] = card.split('\n');
    expect(title).toMatch(/#10 🏆$/);
    expect(depth).toContain(new Intl.NumberFormat(code).format(12_345));
    expect(depth).toContain('3/5');
    expect(strip).toBe('🟩🟩🏆⬛⬛');
    expect(card).not.toMatch(ENGLISH);
    for (const line of card.split('\n')) expect([...line].length).toBeLessThanOrEqual(PHONE_LINE);
  });

  it('GIVEN English WHEN a share card is made THEN the wording is the one players already share', () => {
    expect(shareCard(FIRST_DAY + 9, { outcome: 'defeat', depth: 3, turns: 300, kills: [] }, 12_345, 5)).toBe('Channel Crawler Daily #10 💀\nDepth 3/5 · 12,345 pts\n🟩🟩💀⬛⬛');
  });

  it.each(others)('GIVEN %s WHEN the global board is drawn THEN title, own rank, legend and ties are translated and lines fit a phone', (code) => {
    const text = boardText(board, code);
    const lines = text.split('\n');
    expect(lines[0]).toBe(t(code, 'board.title.day', { day: 1, scope: 'global' }));
    expect(lines.slice(-4)).toEqual([t(code, 'board.your-rank'), expect.stringContaining('Ann 🏆'), t(code, 'board.legend'), t(code, 'board.ties')]);
    expect(text).not.toMatch(ENGLISH);
    for (const line of lines.slice(1, -2)) expect([...line.replace(/\*\*/g, '')].length).toBeLessThanOrEqual(PHONE_LINE);
  });

  it.each(LOCALE_CODES)('GIVEN %s WHEN history, the attempt-used offer and an empty board are drawn THEN each is that language’s text', (code) => {
    expect(historyText([], 'channel', code)).toBe(`${t(code, 'history.title', { whose: 'channel' })}\n${t(code, 'history.empty')}`);
    expect(attemptUsedText(FIRST_DAY, false, code).split('\n')).toEqual([t(code, 'daily.attempt.used', { day: 1 }), t(code, 'daily.attempt.practice')]);
    expect(boardText({ ...board, top: [], own: null }, code)).toContain(t(code, 'board.empty'));
  });

  it('GIVEN a German daily game WHEN its message line is made THEN it follows the game’s language, or a reader’s when given', () => {
    const game = { state: { status: 'playing' as const, summary: null, config: state.config }, meta: { daily: { day: FIRST_DAY, scored: false }, locale: 'de' as Locale } };
    expect(dailyLine(game)).toBe('🧪 Übungslauf im Tages-Dungeon #1: nie in der Bestenliste.');
    expect(dailyLine(game, 'fr')).toBe('🧪 Entraînement du Quotidien #1 : jamais au classement.');
    expect(dailyLine({ ...game, meta: { daily: game.meta.daily } })).toBe('🧪 Practice run of Daily #1: never on a board.');
  });
});

describe('the replay in every language', () => {
  it.each([
    [1, 'убит 1 монстр'],
    [3, 'убито 3 монстра'],
    [5, 'убито 5 монстров'],
    [21, 'убит 21 монстр'],
  ])('GIVEN Russian and %i kills WHEN the alt text is made THEN the plural is right: %s', (kills, words) => {
    expect(replayAlt({ frames: 40, depth: 2, kills, hpLost: 7 }, 'Ann', 'defeat', 'ru')).toContain(words);
  });

  it('GIVEN English WHEN the alt text is made THEN the wording is unchanged', () => {
    expect(replayAlt({ frames: 40, depth: 2, kills: 1, hpLost: 7 }, 'Ann, Bob', 'victory')).toBe(
      'Animated replay of the last 40 turns on depth 2, one frame per turn: Ann, Bob fight on; 1 monster is slain, the party loses 7 HP, and the party wins.',
    );
  });

  it.each(others)('GIVEN %s WHEN the caption and alt are made THEN no English is left', (code) => {
    expect(t(code, 'replay.caption', { emoji: '🏆', frames: 40, depth: 2, kills: 3 })).not.toMatch(ENGLISH);
    expect(replayAlt({ frames: 40, depth: 2, kills: 3, hpLost: 7 }, 'Ann', 'abandoned', code)).not.toMatch(ENGLISH);
  });
});

describe('the map’s alt text in every language', () => {
  it('GIVEN English WHEN the picture is described THEN the wording is unchanged', () => {
    const alt = describePicture(state, seen, 1);
    expect(alt).toContain('Stairs 6 tiles east of Alice.');
    expect(alt).toContain('Items in sight from Alice: potion 2 tiles south.');
    expect(alt).toMatch(/1 Alice, \d+\/\d+ HP, in the (north-)?west, 1 ally close: goblin A 1 tile east\./);
  });

  it.each(others)('GIVEN %s WHEN the picture is described THEN it names monsters, items and directions in that language', (code) => {
    const alt = describePicture(state, seen, 1, code);
    expect(alt.startsWith(t(code, 'alt.depth', { depth: 1, max: state.config.maxDepth }))).toBe(true);
    expect(alt).toContain(t(code, 'alt.stairs', { where: whereFrom(0, 0, 6, 0, code), name: 'Alice' }));
    expect(alt).toContain(t(code, 'name.item.potion'));
    expect(alt).toContain(`${t(code, 'name.monster.goblin')} A`);
    expect(alt).not.toMatch(ENGLISH);
  });

  it.each([
    [1, 'в 1 клетке к востоку'],
    [3, 'в 3 клетках к востоку'],
    [5, 'в 5 клетках к востоку'],
  ])('GIVEN Russian and %i tiles WHEN a distance is worded THEN it is %s', (n, words) => {
    expect(whereFrom(0, 0, n, 0, 'ru')).toBe(words);
  });
});
