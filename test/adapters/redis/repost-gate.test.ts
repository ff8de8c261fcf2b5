/**
 * Issue 29: what players can trigger can't drain the fleet's shared bot-token budget. A /rogue map repost is allowed
 * once per channel and once per user every few seconds for the whole fleet (Redis), not per process: two replicas
 * sharing Redis answer the second repost privately, whichever replica gets it.
 */
import { randomBytes } from 'node:crypto';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MemoryBudget } from '../../../src/adapters/discord/budget.js';
import { MemoryEditTokens } from '../../../src/adapters/discord/edit-tokens.js';
import { memoryRepostGate, type RepostCooldowns, type RepostGate } from '../../../src/adapters/discord/repost-gate.js';
import { startHttpBot, type HttpBot } from '../../../src/adapters/http/bot.js';
import { MemoryUserPrefsStore } from '../../../src/adapters/memory/memory-user-prefs-store.js';
import { createRedis, waitReady, type RedisClient } from '../../../src/adapters/redis/client.js';
import { RedisGameStore } from '../../../src/adapters/redis/redis-game-store.js';
import { RedisRepostGate } from '../../../src/adapters/redis/redis-repost-gate.js';
import { RedisRoundQueue } from '../../../src/adapters/redis/redis-round-queue.js';
import { RedisSettingsStore } from '../../../src/adapters/redis/redis-settings-store.js';
import { GameService } from '../../../src/app/game-service.js';
import { silentLogger } from '../../../src/app/ports.js';
import { SettingsService } from '../../../src/app/settings-service.js';
import { t } from '../../../src/i18n/index.js';
import { buttons, CHANNEL, ALICE, BOB, GUILD, OTHER_CHANNEL, ephemeralText, subcommand } from '../../e2e/harness.js';
import { FakeDiscord, testSigningKeys, type FakeActor, type InteractionCallback } from '../../e2e/fake-discord/index.js';

let redis: RedisClient;
beforeAll(async () => {
  redis = createRedis(inject('redisUrl'));
  await waitReady(redis);
});
afterAll(() => redis.disconnect());

const A = { guildId: '1', channelId: '10' };
const B = { guildId: '1', channelId: '11' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Two replicas' gates on one Redis (a fresh prefix each test). */
function replicas(cooldowns: RepostCooldowns): { a: RedisRepostGate; b: RedisRepostGate; prefix: string } {
  const prefix = `t${randomBytes(4).toString('hex')}`;
  return { a: new RedisRepostGate(redis, { prefix, cooldowns }), b: new RedisRepostGate(redis, { prefix, cooldowns }), prefix };
}

/** The kinds of gate, walked by the same behaviour tests: one process's, and two replicas on one Redis. */

const GATES: [string, (c: RepostCooldowns) => { a: RepostGate; b: RepostGate }][] = [
  ['one process (memory)', (c) => {
    const g = memoryRepostGate(c);
    return { a: g, b: g };
  }],
  ['two replicas on one Redis', (c) => replicas(c)],
];

describe.each(GATES)('repost gate: %s', (_, make) => {
  it('GIVEN a repost in a channel WHEN another comes within the cooldown THEN it is refused, in that channel only; after the cooldown it goes', async () => {
    const { a, b } = make({ channelMs: 300, userMs: 0 });
    expect(await a.claim(A, 'u1', 'i1')).toBe('ok');
    expect(await b.claim(A, 'u2', 'i2')).toBe('channel');
    expect(await b.claim(B, 'u2', 'i3')).toBe('ok');
    await sleep(350);
    expect(await b.claim(A, 'u2', 'i4')).toBe('ok');
  });

  it('GIVEN a user who just reposted WHEN they repost in another channel THEN refused, and that channel stays free for others', async () => {
    const { a, b } = make({ channelMs: 5000, userMs: 5000 });
    expect(await a.claim(A, 'u1', 'i1')).toBe('ok');
    expect(await b.claim(B, 'u1', 'i2')).toBe('user');
    // The refused user's claim on channel B was given back: someone else may repost there.
    expect(await b.claim(B, 'u2', 'i3')).toBe('ok');
  });

  it('GIVEN an allowed repost WHEN the same interaction is asked again (a redelivery) THEN it is allowed again', async () => {
    const { a, b } = make({ channelMs: 5000, userMs: 5000 });
    expect(await a.claim(A, 'u1', 'i1')).toBe('ok');
    expect(await b.claim(A, 'u1', 'i1')).toBe('ok');
    expect(await b.claim(A, 'u1', 'i9')).toBe('channel');
  });

  it('GIVEN cooldowns of 0 THEN every repost goes', async () => {
    const { a, b } = make({ channelMs: 0, userMs: 0 });
    for (let n = 0; n < 5; n++) expect(await (n % 2 ? a : b).claim(A, 'u1', `i${n}`)).toBe('ok');
  });
});

describe('repost gate on Redis', () => {
  it('GIVEN two replicas WHEN a /rogue map flood of 40 users over 20 channels hits both at once THEN at most one repost per channel goes, and each user at most once', async () => {
    const { a, b } = replicas({ channelMs: 5000, userMs: 5000 });
    const asks = Array.from({ length: 200 }, (_, n) => ({ gate: n < 100 ? a : b, key: { guildId: '1', channelId: String(100 + (n % 20)) }, user: `u${n % 40}`, id: `i${n}` }));
    const answers = await Promise.all(asks.map((x) => x.gate.claim(x.key, x.user, x.id)));
    const allowed = asks.filter((_, n) => answers[n] === 'ok');
    expect(new Set(allowed.map((x) => x.key.channelId)).size).toBe(allowed.length);
    expect(new Set(allowed.map((x) => x.user)).size).toBe(allowed.length);
    expect(allowed.length).toBeGreaterThanOrEqual(1);
    expect(allowed.length).toBeLessThanOrEqual(20);
    // In one process's memory each replica gave its own allowance: up to twice the reposts.
    const local = [memoryRepostGate({ channelMs: 5000, userMs: 5000 }), memoryRepostGate({ channelMs: 5000, userMs: 5000 })];
    const localAnswers = await Promise.all(asks.map((x, n) => local[n < 100 ? 0 : 1]!.claim(x.key, x.user, x.id)));
    expect(localAnswers.filter((v) => v === 'ok').length).toBeGreaterThan(allowed.length);
  });

  it('GIVEN a damaged claim key (another type, or no expiry) WHEN a repost is asked THEN the key is replaced and the repost goes, expiring with its cooldown', async () => {
    const { a, prefix } = replicas({ channelMs: 5000, userMs: 5000 });
    const keys = a.keys(A, 'u1');
    expect(keys.channel).toBe(`${prefix}:{1:10}:repost`);
    await redis.hset(keys.channel, 'x', '1');
    await redis.set(keys.user, 'stuck');
    expect(await a.claim(A, 'u1', 'i1')).toBe('ok');
    expect(await redis.pttl(keys.channel)).toBeGreaterThan(0);
    expect(await redis.pttl(keys.user)).toBeGreaterThan(0);
  });

  it('GIVEN Redis not answering WHEN a repost is asked THEN this process decides (the first goes, the second within the cooldown is refused)', async () => {
    const dead = createRedis('redis://127.0.0.1:1', { commandTimeoutMs: 100, connectTimeoutMs: 100 });
    const fallbacks: unknown[] = [];
    const gate = new RedisRepostGate(dead, { cooldowns: { channelMs: 5000, userMs: 5000 }, onFallback: (err) => fallbacks.push(err) });
    try {
      expect(await gate.claim(A, 'u1', 'i1')).toBe('ok');
      expect(await gate.claim(A, 'u2', 'i2')).toBe('channel');
      expect(fallbacks.length).toBe(2);
    } finally {
      dead.disconnect();
    }
  });
});

describe('/rogue map on two bot replicas sharing Redis', () => {
  let fake: FakeDiscord;
  const bots: HttpBot[] = [];
  beforeAll(async () => {
    fake = await FakeDiscord.start();
    const prefix = `t${randomBytes(4).toString('hex')}`;
    const keys = testSigningKeys();
    for (let n = 0; n < 2; n++) {
      // Each replica its own client, stores and services, as two processes have; only Redis is shared.
      const client = createRedis(inject('redisUrl'));
      await waitReady(client);
      const store = new RedisGameStore(client, { prefix });
      const settingsStore = new RedisSettingsStore(client, silentLogger, { prefix });
      const games = new GameService({ games: store, settings: settingsStore, clock: { now: Date.now }, rounds: new RedisRoundQueue(client, { prefix }), logger: silentLogger });
      const settings = new SettingsService(settingsStore, silentLogger, new MemoryUserPrefsStore(silentLogger));
      const bot = await startHttpBot({ games, settings, logger: pino({ level: 'silent' }), roundTimerMs: 0, token: fake.token, apiBase: fake.apiBase, port: 0, host: '127.0.0.1', publicKey: keys.publicKeyHex, drainMs: 50, rateLimit: { capacity: 1000, refillMs: 1000 }, editTokens: new MemoryEditTokens(), budget: new MemoryBudget({ perSecond: 1e6, burst: 1e6, reserve: 0 }), repostGate: new RedisRepostGate(client, { prefix }) });
      bots.push(Object.assign(bot, { client }));
    }
    // Round robin, as a load balancer: consecutive interactions reach different replicas.
    fake.deliverOverHttp({ urls: bots.map((b) => `http://127.0.0.1:${b.port}/interactions`), keys });
  });
  afterAll(async () => {
    for (const b of bots) {
      await b.stop();
      (b as unknown as { client: RedisClient }).client.disconnect();
    }
    await fake.close();
  });

  const command = async (user: FakeActor, channelId: string, name: string, options: unknown[]): Promise<InteractionCallback> => {
    const { id } = await fake.sendCommand({ guildId: GUILD, channelId, user, name, options });
    const cb = await fake.waitForResponse(id, 3000);
    for (const b of bots) await b.flushEdits();
    return cb;
  };
  /** Public messages of the channel (each game message the bot posted, live or retired). */
  const publicGameMessages = (channelId: string) => fake.messages(channelId).filter((m) => (m.flags & 64) === 0);

  it('GIVEN a game reposted by /rogue map on one replica WHEN /rogue map comes again at once on the other THEN it is answered privately with the live link and nothing is posted', async () => {
    await command(ALICE, CHANNEL, 'rogue', subcommand('new', { lobby: false, seed: 3, size: 'small' }));
    const before = publicGameMessages(CHANNEL).length;
    await command(ALICE, CHANNEL, 'rogue', subcommand('map'));
    const live = publicGameMessages(CHANNEL).at(-1)!;
    expect(buttons(live).length).toBeGreaterThan(0);
    expect(publicGameMessages(CHANNEL).length).toBe(before + 1);
    const again = await command(BOB, CHANNEL, 'rogue', subcommand('map'));
    expect(ephemeralText(again)).toBe(t('en-US', 'reply.map-recent', { link: `https://discord.com/channels/${GUILD}/${CHANNEL}/${live.id}` }));
    const third = await command(ALICE, CHANNEL, 'rogue', subcommand('map'));
    expect(third.type).toBe(4);
    expect(publicGameMessages(CHANNEL).length).toBe(before + 1);
  });

  it('GIVEN a user who just reposted in one channel WHEN they /rogue map in another channel THEN answered privately; another user there may repost', async () => {
    await command(BOB, OTHER_CHANNEL, 'rogue', subcommand('new', { lobby: false, seed: 4, size: 'small' }));
    const before = publicGameMessages(OTHER_CHANNEL).length;
    // Alice reposted in CHANNEL within the last seconds (the test above): her repost here waits.
    const alice = await command(ALICE, OTHER_CHANNEL, 'rogue', subcommand('map'));
    const live = fake.messages(OTHER_CHANNEL).filter((m) => (m.flags & 64) === 0).at(-1)!;
    expect(ephemeralText(alice)).toBe(t('en-US', 'reply.map-user-recent', { link: `https://discord.com/channels/${GUILD}/${OTHER_CHANNEL}/${live.id}` }));
    expect(publicGameMessages(OTHER_CHANNEL).length).toBe(before);
    await command(BOB, OTHER_CHANNEL, 'rogue', subcommand('map'));
    expect(publicGameMessages(OTHER_CHANNEL).length).toBe(before + 1);
  });
});
