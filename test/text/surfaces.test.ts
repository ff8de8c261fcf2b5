/**
 * One property, every surface (issue 29, issue 24 "Names and Unicode"): hostile names go in raw (as an old save or
 * another transport could hold them, not only through the boundary) and every text that reaches Discord comes out
 * valid, without control characters, bidi overrides or mentions, and within its field's limit.
 */
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { boardLine, historyLine } from '../../commands/daily-replies.js';
import { kickConfirmText, memberButton } from '../../commands/controls/kick.js';
import { gamePayload } from '../../src/adapters/discord/presenter.js';
import { toIncoming } from '../../src/adapters/discord/incoming.js';
import { MemoryGameStore } from '../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { GameService } from '../../src/app/game-service.js';
import { silentLogger } from '../../src/app/ports.js';
import { ReplayService } from '../../src/app/replay-service.js';
import type { GameView } from '../../src/app/service-types.js';
import { TEXT_LIMITS } from '../../src/text/safe-text.js';
import { rawInteraction } from '../adapters/http/support.js';
import { expectSafe, hostileName } from '../support/hostile-text.js';

const clip = { gif: new Uint8Array([71, 73, 70]), width: 16, height: 16, frames: 12, depth: 2, kills: 1, hpLost: 5 };

/** A finished party game of two hostile names in a fresh channel, and the services that show it. */
async function party(a: string, b: string, n: number): Promise<{ games: GameService; view: GameView; replay: ReplayService; key: { guildId: string; channelId: string } }> {
  const store = new MemoryGameStore();
  const games = new GameService({ games: store, settings: new MemorySettingsStore(silentLogger), clock: { now: () => 1_700_000_000_000 }, rounds: new MemoryRoundQueue(), logger: silentLogger });
  const key = { guildId: '1', channelId: String(100 + n) };
  await games.newGame(key, { id: '11', name: a }, { seed: n, lobby: false, size: 'small' });
  const joined = await games.join(key, { id: '22', name: b });
  if (!joined.ok) throw new Error(`no join: ${JSON.stringify(joined.error)}`);
  const replay = new ReplayService({ gameStore: store, runs: store, encoder: async () => clip, logger: silentLogger });
  return { games, view: joined.value, replay, key };
}

/** Every string in a Discord payload (content, embeds, labels, alt texts). */
function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (value && typeof value === 'object' && !(value instanceof Uint8Array)) for (const v of Object.values(value)) strings(v, out);
  return out;
}

describe('every surface a name reaches (property)', () => {
  it('PROPERTY: hostile names through the boundary, the game message (every style), kick labels, boards, history and the replay alt text come out safe', async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(hostileName, hostileName, async (a, b) => {
        n++;
        const nick = toIncoming(rawInteraction(2, { name: 'rogue', type: 1 }, { member: { user: { id: '1000000000000000042', username: 'u' }, nick: a || 'x', permissions: '0' } }));
        if (nick.ok) expectSafe(nick.interaction.user.name, TEXT_LIMITS.displayName);
        const { games, view, replay, key } = await party(a, b, n);
        for (const render of ['image', 'emoji', 'ascii'] as const) {
          const payload = gamePayload({ ...view, meta: { ...view.meta, render } }, 1_700_000_000_000);
          for (const text of strings({ content: payload.content, embeds: payload.embeds, components: payload.components })) expectSafe(text, TEXT_LIMITS.embedDescription, true);
          for (const file of payload.files) expectSafe(file.description, TEXT_LIMITS.altText);
        }
        for (const p of view.state.players) {
          expectSafe(memberButton('kp', p.id, p.name, view, 'g').label ?? '', TEXT_LIMITS.buttonLabel);
          expectSafe(kickConfirmText(p.name), TEXT_LIMITS.content);
        }
        const entry = { userId: '11', name: a, score: 120, depth: 1, turns: 9, outcome: 'defeat' as const, finishedAt: 0, guildId: '1', rank: 1 };
        expectSafe(boardLine(entry), 200);
        const players = [{ id: '11', name: a }, { id: '22', name: b }];
        expectSafe(historyLine({ ...key, players, score: 1, depth: 1, turns: 1, outcome: 'defeat', recap: 'Fell on depth 1', seed: 1, endedAt: 0 }), TEXT_LIMITS.content);
        // The replay of the finished run: its GIF's alt text.
        await games.end(key, { id: '11', name: a }, true);
        const posted = await replay.replay(key);
        if (!posted.ok) throw new Error(`no replay: ${JSON.stringify(posted.error)}`);
        expectSafe(posted.value.file.description, TEXT_LIMITS.altText);
      }),
      { seed: 2924, numRuns: 30 },
    );
  }, 120_000);
});
