/**
 * Issue 29: players can't drain the fleet's shared budget. 30 channels' timers ask for 30 bot-token redraws a second
 * while players flood /rogue map in 40 other channels (200 old messages to retire a second, no press token fresh).
 * Retiring is a 'player' request that only takes room above what the timers need, so the timers keep their redraws.
 */
import type { REST } from '@discordjs/rest';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BUDGET, MemoryBudget, takeFrom } from '../../../src/adapters/discord/budget.js';
import { restGameMessages } from '../../../src/adapters/discord/messages.js';
import { noopMetrics } from '../../../src/adapters/metrics/metrics.js';
import type { ChannelKey, GameServiceApi, GameView, MessageRef, Result } from '../../../src/app/service-types.js';
import { defaultConfig, newGame, step } from '../../../src/engine/index.js';

const SECONDS = 3;
const TIMED = 30;
const FLOODED = 40;
const FLOOD_PER_SECOND = 200;
const snowflake = (n: number): string => (((BigInt(Date.now()) - 1420070400000n) << 22n) + BigInt(n)).toString();

function viewOf(key: ChannelKey, message: MessageRef): GameView {
  const r = step(newGame(defaultConfig({ seed: 5, width: 30, height: 15 })), { type: 'join', user: 'a', name: 'A' });
  if (!r.ok) throw new Error(r.code);
  return { key, state: r.state, events: [], meta: { creatorId: 'a', createdAt: 1, updatedAt: 1, roundDeadline: null, message, render: 'ascii', mobile: false, roundSeconds: 60, lastActed: {}, idleRounds: 0 } };
}

/** Runs the timers (and the flood when asked) for SECONDS; the bot-token requests sent, by kind, and the busiest second. */
async function run(flood: boolean): Promise<{ timers: number; retires: number; peak: number }> {
  const sent: { at: number; retire: boolean }[] = [];
  const rest = { patch: async (_route: string, req: { body: { embeds?: unknown } }) => void sent.push({ at: Date.now(), retire: req.body.embeds === undefined }) } as unknown as REST;
  const stored = new Map<string, MessageRef>();
  const id = (k: ChannelKey): string => k.channelId;
  const games: Pick<GameServiceApi, 'view' | 'setMessage'> = {
    view: async (key): Promise<Result<GameView>> => ({ ok: true, value: viewOf(key, stored.get(id(key)) ?? { channelId: key.channelId, messageId: snowflake(1) }) }),
    setMessage: async (key, m) => (m ? stored.set(id(key), m) : stored.delete(id(key)), { ok: true, value: viewOf(key, m ?? { channelId: key.channelId, messageId: snowflake(1) }) }),
  };
  const m = restGameMessages({ rest, games, logger: pino({ level: 'silent' }), now: () => 0, intervalMs: 1000, metrics: noopMetrics, budget: new MemoryBudget(DEFAULT_BUDGET) });
  const timed = Array.from({ length: TIMED }, (_, i): ChannelKey => ({ guildId: '1', channelId: String(1000 + i) }));
  const flooded = Array.from({ length: FLOODED }, (_, i): ChannelKey => ({ guildId: '1', channelId: String(2000 + i) }));
  flooded.forEach((key, i) => stored.set(id(key), { channelId: key.channelId, messageId: snowflake(i) }));
  const start = Date.now();
  let n = 0;
  const timers = setInterval(() => m.refreshSoon(timed[n++ % TIMED]!, 'timer'), 1000 / TIMED);
  let posted = 0;
  const floodTick = flood
    ? setInterval(() => {
        const key = flooded[posted % FLOODED]!;
        const old = stored.get(id(key))!;
        posted++;
        void m.poster.post({ key, replaces: old, send: async () => snowflake(100_000 + posted), why: 'flood' });
      }, 1000 / FLOOD_PER_SECOND)
    : null;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  clearInterval(timers);
  if (floodTick) clearInterval(floodTick);
  m.close();
  const inWindow = sent.filter((s) => s.at - start < SECONDS * 1000);
  let peak = 0;
  for (let a = 0, b = 0; b < inWindow.length; b++) {
    while (inWindow[b]!.at - inWindow[a]!.at >= 1000) a++;
    peak = Math.max(peak, b - a + 1);
  }
  return { timers: inWindow.filter((s) => !s.retire).length, retires: inWindow.filter((s) => s.retire).length, peak };
}

describe('the shared budget under a /rogue map flood', () => {
  it('GIVEN the bucket WHEN a player request and a timer ask at the same level THEN the timer gets the token first', () => {
    const level = DEFAULT_BUDGET.reserve + 1.5;
    expect(takeFrom(level, 0, 0, DEFAULT_BUDGET, 'low').answer.ok).toBe(true);
    expect(takeFrom(level, 0, 0, DEFAULT_BUDGET, 'player').answer.ok).toBe(false);
  });

  it(`GIVEN ${TIMED} timed channels WHEN players flood /rogue map at ${FLOOD_PER_SECOND}/s THEN the timers keep at least 90% of their redraws and no second passes 48 bot-token requests`, async () => {
    const calm = await run(false);
    const flooded = await run(true);
    console.info(`budget, ${TIMED} timed channels for ${SECONDS} s: calm ${calm.timers} timer redraws; under a /rogue map flood ${flooded.timers} timer redraws + ${flooded.retires} retires (busiest second ${flooded.peak})`);
    expect(flooded.timers).toBeGreaterThanOrEqual(Math.floor(calm.timers * 0.9));
    expect(flooded.peak).toBeLessThanOrEqual(DEFAULT_BUDGET.burst + DEFAULT_BUDGET.perSecond);
  }, 20_000);
});
