/**
 * Issue 18 item 1, scaled: 3,000 timed channels with 60-second rounds ask for 50 bot-token redraws a second when no
 * press token is fresh. Here 100 channels each ask for a redraw every second (100 a second: twice that demand) for
 * 4 seconds, through the real editor and the default budget; no second may carry more than Discord's 50.
 */
import type { REST } from '@discordjs/rest';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET, MemoryBudget } from '../../../src/adapters/discord/budget.js';
import { restGameMessages } from '../../../src/adapters/discord/messages.js';
import { noopMetrics, type Metrics } from '../../../src/adapters/metrics/metrics.js';
import type { ChannelKey, GameServiceApi, GameView, Result } from '../../../src/app/service-types.js';
import { defaultConfig, newGame, step } from '../../../src/engine/index.js';

const CHANNELS = 100;
const SECONDS = 4;
const born = ((BigInt(Date.now()) - 1420070400000n) << 22n).toString();

function viewOf(key: ChannelKey): GameView {
  const r = step(newGame(defaultConfig({ seed: 5, width: 30, height: 15 })), { type: 'join', user: 'a', name: 'A' });
  if (!r.ok) throw new Error(r.code);
  return { key, state: r.state, events: [], meta: { creatorId: 'a', createdAt: 1, updatedAt: 1, roundDeadline: null, message: { channelId: key.channelId, messageId: born }, render: 'ascii', mobile: false, roundSeconds: 60, lastActed: {}, idleRounds: 0 } };
}

describe('the bot-token budget under the timers of many channels', () => {
  it(`GIVEN ${CHANNELS} channels each redrawn every second and no fresh press token WHEN ${SECONDS} s pass THEN no second carries more than 48 bot-token requests, the excess is shed and merged, and the budget is used`, async () => {
    const sentAt: number[] = [];
    const rest = { patch: async () => void sentAt.push(Date.now()) } as unknown as REST;
    const games: Pick<GameServiceApi, 'view' | 'setMessage'> = { view: async (key): Promise<Result<GameView>> => ({ ok: true, value: viewOf(key) }), setMessage: async (key) => ({ ok: true, value: viewOf(key) }) };
    let shed = 0;
    const metrics: Metrics = { ...noopMetrics, budgetShed: () => void shed++ };
    const m = restGameMessages({ rest, games, logger: pino({ level: 'silent' }), now: () => 0, intervalMs: 1000, metrics, budget: new MemoryBudget(DEFAULT_BUDGET) });
    const keys = Array.from({ length: CHANNELS }, (_, i): ChannelKey => ({ guildId: '1', channelId: String(1000 + i) }));
    const start = Date.now();
    let i = 0;
    await new Promise<void>((resolve) => {
      const tick = setInterval(() => {
        m.refreshSoon(keys[i++ % CHANNELS]!, 'timer');
        if (Date.now() - start >= SECONDS * 1000) {
          clearInterval(tick);
          resolve();
        }
      }, 1000 / CHANNELS);
    });
    m.close();
    // The busiest sliding one-second window.
    let peak = 0;
    for (let a = 0, b = 0; b < sentAt.length; b++) {
      while (sentAt[b]! - sentAt[a]! >= 1000) a++;
      peak = Math.max(peak, b - a + 1);
    }
    console.info(`budget under ${CHANNELS} channels x 1 redraw/s for ${SECONDS} s: ${sentAt.length} bot-token requests (busiest second ${peak}), ${shed} redraws shed`);
    expect(peak).toBeLessThanOrEqual(DEFAULT_BUDGET.burst + DEFAULT_BUDGET.perSecond);
    expect(peak).toBeLessThan(50);
    expect(shed).toBeGreaterThan(0);
    expect(sentAt.length).toBeGreaterThanOrEqual(DEFAULT_BUDGET.perSecond * (SECONDS - 1));
  }, 15_000);
});
