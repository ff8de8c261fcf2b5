/** Issue 18 item 1: the bot-token budget and the edit tokens, shared by replicas through one Redis, on a fake clock. */
import { randomBytes } from 'node:crypto';
import type { REST } from '@discordjs/rest';
import { DiscordAPIError } from '@discordjs/rest';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { takeFrom, type BudgetShape } from '../../../src/adapters/discord/budget.js';
import { editToken, INTERACTION_TOKEN_MS, TOKEN_MARGIN_MS } from '../../../src/adapters/discord/edit-tokens.js';
import { restGameMessages } from '../../../src/adapters/discord/messages.js';
import { createRedis, waitReady, type RedisClient } from '../../../src/adapters/redis/client.js';
import { RedisBudget } from '../../../src/adapters/redis/redis-budget.js';
import { RedisEditTokens } from '../../../src/adapters/redis/redis-edit-tokens.js';
import { noopMetrics, type Metrics } from '../../../src/adapters/metrics/metrics.js';
import type { ChannelKey, GameServiceApi, GameView, MessageRef, Result } from '../../../src/app/service-types.js';
import { defaultConfig, newGame, step } from '../../../src/engine/index.js';

const SHAPE: BudgetShape = { perSecond: 50, burst: 50, reserve: 10 };
const key: ChannelKey = { guildId: '1', channelId: '2' };
/** A message id born "now" (2026), so it is never old enough to be reposted. */
const ref: MessageRef = { channelId: '2', messageId: (((BigInt(Date.now()) - 1420070400000n) << 22n) as bigint).toString() };

let redis: RedisClient;
beforeAll(async () => {
  redis = createRedis(inject('redisUrl'));
  await waitReady(redis);
});
afterAll(() => redis.disconnect());

describe('the shared bot-token budget', () => {
  it.each([
    ['a full bucket, low priority', 50, 'low', true],
    ['the reserve reached, low priority', 10, 'low', false],
    ['the reserve reached, high priority', 10, 'high', true],
    ['an empty bucket, high priority', 0.5, 'high', false],
  ] as const)('GIVEN %s WHEN asked THEN it answers go=%s', (_what, level, priority, go) => {
    expect(takeFrom(level, 0, 0, SHAPE, priority).answer.ok).toBe(go);
  });

  it('GIVEN two replicas sharing one Redis bucket on a fake clock WHEN both ask as fast as they can for 10 s THEN together they get at most 50 a second (plus the burst), low priority stops at the reserve and high priority still goes', async () => {
    let t = 1_000_000;
    const prefix = `t${randomBytes(6).toString('hex')}`;
    const a = new RedisBudget(redis, { prefix, shape: SHAPE, now: () => t });
    const b = new RedisBudget(redis, { prefix, shape: SHAPE, now: () => t });
    let low = 0;
    for (let i = 0; i < 100; i++) if ((await (i % 2 ? a : b).take('low')).ok) low++;
    expect(low).toBe(SHAPE.burst - SHAPE.reserve);
    const refused = await a.take('low');
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.retryMs).toBeGreaterThan(0);
    let high = 0;
    for (let i = 0; i < 20; i++) if ((await (i % 2 ? a : b).take('high')).ok) high++;
    expect(high).toBe(SHAPE.reserve);
    // Ten seconds of both replicas asking every 10 ms.
    let granted = 0;
    for (let step = 0; step < 1000; step++) {
      t += 10;
      if ((await a.take('low')).ok) granted++;
      if ((await b.take('high')).ok) granted++;
    }
    expect(granted).toBeLessThanOrEqual(50 * 10 + 1);
    expect(granted).toBeGreaterThanOrEqual(50 * 10 - 2);
  });
});

describe('edit tokens shared through Redis', () => {
  it('GIVEN a press token kept by one replica WHEN another asks THEN it gets it for that message only, until it expires; a fresher one wins; a refused one is forgotten', async () => {
    const prefix = `t${randomBytes(6).toString('hex')}`;
    const one = new RedisEditTokens(redis, { prefix });
    const two = new RedisEditTokens(redis, { prefix });
    const at = 5_000_000;
    await one.remember(key, editToken({ applicationId: '9', token: 'tok-old' }, 'm1', at));
    await one.remember(key, editToken({ applicationId: '9', token: 'tok-new' }, 'm1', at + 1000));
    await one.remember(key, editToken({ applicationId: '9', token: 'tok-older' }, 'm1', at - 1000));
    expect((await two.fresh(key, 'm1', at + 2000))?.token).toBe('tok-new');
    expect(await two.fresh(key, 'other-message', at + 2000)).toBeNull();
    expect(await two.fresh(key, 'm1', at + 1000 + INTERACTION_TOKEN_MS - TOKEN_MARGIN_MS)).toBeNull();
    await two.forget(key, 'tok-old');
    expect((await one.fresh(key, 'm1', at + 2000))?.token).toBe('tok-new');
    await two.forget(key, 'tok-new');
    expect(await one.fresh(key, 'm1', at + 2000)).toBeNull();
    await redis.set(`${prefix}:{${key.guildId}:${key.channelId}}:edit-token`, 'not json');
    expect(await one.fresh(key, 'm1', at)).toBeNull();
    await one.remember(key, editToken({ applicationId: '9', token: 'tok-again' }, 'm1', at));
    expect((await two.fresh(key, 'm1', at))?.token).toBe('tok-again');
  });
});

/** A game view at `turn`, drawn in ASCII (no file). */
function view(turn: number): GameView {
  const r = step(newGame(defaultConfig({ seed: 5, width: 40, height: 20 })), { type: 'join', user: 'a', name: 'A' });
  if (!r.ok) throw new Error(r.code);
  return { key, state: { ...r.state, turn }, events: [], meta: { creatorId: 'a', createdAt: 1, updatedAt: 1, roundDeadline: null, message: ref, render: 'ascii', mobile: false, roundSeconds: 60, lastActed: {}, idleRounds: 0 } };
}

describe('two replicas redrawing one game message', () => {
  it('GIVEN a press token kept by replica A WHEN replica B redraws THEN it edits through the token (no bot-token request); once the token is refused or stale, through the bot token, within the shared budget', async () => {
    const prefix = `t${randomBytes(6).toString('hex')}`;
    let wall = Date.now();
    const routes: string[] = [];
    let refuseToken = false;
    const rest = {
      patch: async (route: string, req: { auth?: boolean }) => {
        routes.push(`${req.auth === false ? 'token' : 'bot'} ${route.startsWith('/webhooks/') ? decodeURIComponent(route).replace(/\/webhooks\/[^/]+\/[^/]+\//, '/webhooks/:app/:token/') : route}`);
        if (refuseToken && route.startsWith('/webhooks/')) throw new DiscordAPIError({ code: 10015, message: 'Unknown Webhook' }, 10015, 404, 'PATCH', route, { body: undefined, files: undefined });
      },
    } as unknown as REST;
    const games: Pick<GameServiceApi, 'view' | 'setMessage'> = { view: async (): Promise<Result<GameView>> => ({ ok: true, value: view(3) }), setMessage: async () => ({ ok: true, value: view(3) }) };
    const counted: string[] = [];
    const metrics: Metrics = { ...noopMetrics, botRequest: (route, reason) => void counted.push(`bot ${reason}`), tokenEdit: (reason) => void counted.push(`token ${reason}`), budgetShed: (reason) => void counted.push(`shed ${reason}`) };
    const replica = () =>
      restGameMessages({ rest, games, logger: pino({ level: 'silent' }), now: () => 0, wallNow: () => wall, intervalMs: 1, metrics, editTokens: new RedisEditTokens(redis, { prefix }), budget: new RedisBudget(redis, { prefix, shape: { perSecond: 1, burst: 2, reserve: 1 }, now: () => wall }) });
    const a = replica();
    const b = replica();
    a.offerToken(key, editToken({ applicationId: '9', token: 'press-token' }, ref.messageId, wall));
    await new Promise((r) => setTimeout(r, 20));
    b.refreshSoon(key, 'timer');
    await b.drain();
    expect(routes).toEqual(['token /webhooks/:app/:token/messages/@original']);
    // 15 minutes later the token is stale: the bot token, within the budget (burst 2, reserve 1: one low-priority edit).
    wall += INTERACTION_TOKEN_MS;
    await new Promise((r) => setTimeout(r, 5));
    b.refreshSoon(key, 'timer');
    await b.drain();
    await new Promise((r) => setTimeout(r, 5));
    a.refreshSoon(key, 'timer');
    await a.drain();
    expect(routes.slice(1)).toEqual([`bot /channels/2/messages/${ref.messageId}`]);
    expect(counted).toEqual(['token timer', 'bot timer', 'shed timer']);
    // A fresh token Discord refuses is forgotten, and the redraw falls back to the bot token.
    refuseToken = true;
    wall += 10_000;
    a.offerToken(key, editToken({ applicationId: '9', token: 'gone-token' }, ref.messageId, wall));
    await new Promise((r) => setTimeout(r, 20));
    b.refreshSoon(key, 'action');
    await b.drain();
    expect(routes.slice(2)).toEqual(['token /webhooks/:app/:token/messages/@original', `bot /channels/2/messages/${ref.messageId}`]);
    a.close();
    b.close();
  });
});
