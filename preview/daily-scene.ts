/**
 * The daily's texts as a phone shows them: the share card posted with a finished daily run, and a full board (ten
 * players with long, wide names and mention-like names, then the asker's own line below them). The browser test
 * checks that no line of either wraps at 360 px.
 */
import { textPayload } from '../src/adapters/discord/presenter.js';
import { shareCard } from '../src/app/daily/cards.js';
import { FIRST_DAY } from '../src/app/daily/day.js';
import type { BoardView } from '../src/app/daily/daily-service.js';
import type { RankedEntry } from '../src/app/daily/ports.js';
import { boardText } from '../commands/daily-replies.js';
import type { Scene } from './scenes.js';

/** Wide letters, names of the stated length (TEXT_LIMITS.boardName) and the longest numbers: the worst case for a phone. */
function worstEntry(rank: number): RankedEntry {
  const names = ['WWWWWWWWWWWWWWWWWWWWWWWW', '<@123456789012345678>', '@everyone @here', 'ＷＩＤＥ全角の名前です', 'MMMMMMMMMMMMMMMMMMMM', 'alicedaily', 'AliceDailyRunner'];
  return { rank, userId: String(rank), name: names[rank % names.length]!, score: 12_345 - rank, depth: 5, turns: 1499, outcome: rank % 2 ? 'victory' : 'abandoned', finishedAt: 0, guildId: '1' };
}

/** The daily scene: one share card (the longest: a victory on the last depth, a 5-digit score) and one board. */
export function dailyScene(): Scene {
  const card = shareCard(FIRST_DAY + 999, { outcome: 'victory', depth: 5, turns: 1499, kills: [{ id: '1', name: 'W', kills: 999 }] }, 12_345, 5);
  const board: BoardView = { board: { scope: 'global', day: FIRST_DAY + 999 }, top: Array.from({ length: 10 }, (_, i) => worstEntry(i + 1)), own: { ...worstEntry(123_456), score: 11_111, rank: 123_456 } };
  return {
    id: 'daily-texts',
    title: 'Daily: share card and a full board',
    messages: [
      { caption: 'the share card, posted with a finished daily run', payload: textPayload(card) },
      { caption: '/rogue board scope:global (only the asker sees it)', payload: textPayload(boardText(board)), ephemeral: true },
    ],
  };
}
