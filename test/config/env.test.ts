import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config/env.js';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.fake.token-for-tests-only';
const base = { DISCORD_TOKEN: TOKEN, DISCORD_APPLICATION_ID: '123456789012345678' };

describe('environment parsing', () => {
  it('GIVEN only the required variables WHEN parsed THEN defaults fill the rest and Redis is off', () => {
    const r = parseConfig(base);
    expect(r).toEqual({
      ok: true,
      config: { discordToken: TOKEN, applicationId: '123456789012345678', guildId: undefined, redisUrl: undefined, redisClusterNodes: undefined, redisPrefix: undefined, logLevel: 'info', apiBase: 'https://discord.com/api', interactions: 'gateway', http: null, metricsPort: undefined, shards: undefined, web: null },
    });
  });

  it('GIVEN every variable WHEN parsed THEN each is used (and the trailing slash of the API base is dropped)', () => {
    const r = parseConfig({ ...base, DISCORD_GUILD_ID: '223456789012345678', REDIS_URL: 'redis://127.0.0.1:6380', REDIS_PREFIX: 'cc:test', LOG_LEVEL: 'debug', DISCORD_API_BASE: 'http://127.0.0.1:9999/api/' });
    expect(r.ok && r.config).toMatchObject({ guildId: '223456789012345678', redisUrl: 'redis://127.0.0.1:6380', redisPrefix: 'cc:test', logLevel: 'debug', apiBase: 'http://127.0.0.1:9999/api' });
  });

  it.each([
    [{ DISCORD_APPLICATION_ID: '123456789012345678' }, /^DISCORD_TOKEN is required/],
    [{ DISCORD_TOKEN: TOKEN }, /^DISCORD_APPLICATION_ID is required/],
    [{ ...base, DISCORD_APPLICATION_ID: 'abc' }, /^DISCORD_APPLICATION_ID must be a Discord id/],
    [{ ...base, REDIS_URL: 'http://localhost' }, /^REDIS_URL must be a redis:\/\//],
    [{ ...base, LOG_LEVEL: 'loud' }, /^LOG_LEVEL must be one of/],
    [{ ...base, DISCORD_API_BASE: 'not a url' }, /^DISCORD_API_BASE must be an http\(s\) URL/],
    [{ ...base, DISCORD_GUILD_ID: '12' }, /^DISCORD_GUILD_ID must be a Discord id/],
  ])('GIVEN a missing or invalid variable (%j) WHEN parsed THEN the problem names it', (env, pattern) => {
    const r = parseConfig(env);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.some((p) => pattern.test(p))).toBe(true);
  });

  it('GIVEN an invalid token WHEN parsed THEN the problem never echoes its value', () => {
    const r = parseConfig({ ...base, DISCORD_TOKEN: 'short-secret' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.problems.join('\n')).not.toContain('short-secret');
  });

  it('GIVEN empty optional variables WHEN parsed THEN they count as unset', () => {
    const r = parseConfig({ ...base, REDIS_URL: '', DISCORD_GUILD_ID: '', LOG_LEVEL: '', DISCORD_API_BASE: '' });
    expect(r.ok && r.config).toMatchObject({ redisUrl: undefined, guildId: undefined, logLevel: 'info', apiBase: 'https://discord.com/api' });
  });

  describe('Redis: one server or a cluster', () => {
    it('GIVEN REDIS_CLUSTER_NODES WHEN parsed THEN it is a list of nodes (spaces, repeats and IPv6 brackets handled) and there is no URL', () => {
      const r = parseConfig({ ...base, REDIS_CLUSTER_NODES: ' 10.0.0.1:7000, redis-1.cache.internal:7001,10.0.0.1:7000,[::1]:7002 ' });
      expect(r.ok && [r.config.redisClusterNodes, r.config.redisUrl]).toEqual([
        [
          { host: '10.0.0.1', port: 7000 },
          { host: 'redis-1.cache.internal', port: 7001 },
          { host: '::1', port: 7002 },
        ],
        undefined,
      ]);
    });

    it('GIVEN REDIS_URL alone WHEN parsed THEN there are no cluster nodes', () => {
      const r = parseConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6379' });
      expect(r.ok && r.config.redisClusterNodes).toBeUndefined();
    });

    it.each([['10.0.0.1'], ['10.0.0.1:'], ['10.0.0.1:70000'], ['10.0.0.1:0'], ['a:1,,b:2'], ['redis://10.0.0.1:7000'], ['host name:7000'], ['-bad:7000']])(
      'GIVEN REDIS_CLUSTER_NODES=%s WHEN parsed THEN the problem names the variable and the expected form',
      (nodes) => {
        const r = parseConfig({ ...base, REDIS_CLUSTER_NODES: nodes });
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.problems).toEqual(['REDIS_CLUSTER_NODES must be a comma-separated list of host:port, e.g. 10.0.0.1:7000,10.0.0.2:7000']);
      },
    );

    it('GIVEN both REDIS_URL and REDIS_CLUSTER_NODES WHEN parsed THEN it is refused: one server or a cluster, never a guess', () => {
      const r = parseConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_CLUSTER_NODES: '127.0.0.1:7000' });
      expect(r).toEqual({ ok: false, problems: ['REDIS_CLUSTER_NODES cannot be set together with REDIS_URL: set REDIS_URL for one Redis server, or REDIS_CLUSTER_NODES for a Redis Cluster'] });
    });

    it('GIVEN an empty REDIS_CLUSTER_NODES WHEN parsed THEN it counts as unset', () => {
      const r = parseConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6379', REDIS_CLUSTER_NODES: '' });
      expect(r.ok && [r.config.redisUrl, r.config.redisClusterNodes]).toEqual(['redis://127.0.0.1:6379', undefined]);
    });
  });

  describe('serving at scale: HTTP interactions, metrics, shards', () => {
    const KEY = 'a'.repeat(64);

    it('GIVEN http mode with a public key, a port and a metrics port WHEN parsed THEN each is used', () => {
      const r = parseConfig({ ...base, INTERACTIONS: 'http', DISCORD_PUBLIC_KEY: KEY, PORT: '3000', METRICS_PORT: '9100' });
      expect(r.ok && r.config).toMatchObject({ interactions: 'http', http: { port: 3000, publicKey: KEY }, metricsPort: 9100, shards: undefined });
    });

    it('GIVEN http mode without PORT WHEN parsed THEN the endpoint listens on 8080; in gateway mode there is no endpoint even with a key', () => {
      const http = parseConfig({ ...base, INTERACTIONS: 'http', DISCORD_PUBLIC_KEY: KEY });
      expect(http.ok && http.config.http).toEqual({ port: 8080, publicKey: KEY, drainMs: 10_000 });
      const drained = parseConfig({ ...base, INTERACTIONS: 'http', DISCORD_PUBLIC_KEY: KEY, HTTP_DRAIN_MS: '2500' });
      expect(drained.ok && drained.config.http?.drainMs).toBe(2500);
      const bad = parseConfig({ ...base, INTERACTIONS: 'http', DISCORD_PUBLIC_KEY: KEY, HTTP_DRAIN_MS: '-1' });
      expect(!bad.ok && bad.problems).toEqual([expect.stringMatching(/^HTTP_DRAIN_MS must be a whole number of milliseconds/)]);
      const gateway = parseConfig({ ...base, DISCORD_PUBLIC_KEY: KEY, PORT: '3000' });
      expect(gateway.ok && gateway.config.http).toBeNull();
    });

    it('GIVEN SHARD_COUNT alone WHEN parsed THEN this process holds every shard', () => {
      const r = parseConfig({ ...base, SHARD_COUNT: '3' });
      expect(r.ok && r.config.shards).toEqual({ count: 3, ids: [0, 1, 2] });
    });

    it('GIVEN SHARD_IDS with spaces and repeats WHEN parsed THEN they are a sorted list without repeats', () => {
      const r = parseConfig({ ...base, SHARD_COUNT: '4', SHARD_IDS: '3, 1,1' });
      expect(r.ok && r.config.shards).toEqual({ count: 4, ids: [1, 3] });
    });

    it.each([
      [{ INTERACTIONS: 'http' }, /^DISCORD_PUBLIC_KEY is required when INTERACTIONS=http/],
      [{ INTERACTIONS: 'http', DISCORD_PUBLIC_KEY: 'abc' }, /^DISCORD_PUBLIC_KEY must be the application public key: 64 hex characters/],
      [{ INTERACTIONS: 'webhook' }, /^INTERACTIONS must be gateway or http/],
      [{ PORT: '70000' }, /^PORT must be a port number \(1-65535\)/],
      [{ METRICS_PORT: 'abc' }, /^METRICS_PORT must be a port number/],
      [{ SHARD_COUNT: '0' }, /^SHARD_COUNT must be a whole number from 1 to 10000/],
      [{ SHARD_COUNT: '2', SHARD_IDS: '0,2,3' }, /^SHARD_IDS must each be less than SHARD_COUNT \(2\); 2, 3 are not/],
      [{ SHARD_IDS: '0' }, /^SHARD_IDS needs SHARD_COUNT/],
      [{ SHARD_COUNT: '2', SHARD_IDS: 'one' }, /^SHARD_IDS must be a comma-separated list/],
    ])('GIVEN %j WHEN parsed THEN the problem names the variable and what is wrong', (extra, pattern) => {
      const r = parseConfig({ ...base, ...extra });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.problems).toEqual([expect.stringMatching(pattern)]);
    });

    it('GIVEN a wrong public key WHEN parsed THEN the problem never echoes it', () => {
      const r = parseConfig({ ...base, INTERACTIONS: 'http', DISCORD_PUBLIC_KEY: 'f'.repeat(63) });
      expect(!r.ok && r.problems.join('\n')).not.toContain('f'.repeat(63));
    });
  });

  describe('the full view (WEB)', () => {
    const SECRET = 'x'.repeat(32);
    it('GIVEN WEB=on with its secret WHEN parsed THEN the full view is configured on its own port', () => {
      const r = parseConfig({ ...base, WEB: 'on', WEB_SECRET: SECRET, DISCORD_CLIENT_SECRET: 'client-secret-1' });
      expect(r.ok && r.config.web).toEqual({ port: 8081, secret: SECRET, clientSecret: 'client-secret-1', publicUrl: undefined, testLogin: false });
    });
    it('GIVEN WEB=on without a secret THEN it is refused by name', () => {
      expect(parseConfig({ ...base, WEB: 'on' })).toMatchObject({ ok: false, problems: [expect.stringMatching(/^WEB_SECRET is required when WEB=on/)] });
    });
    it('GIVEN the test login outside NODE_ENV=test (production) THEN it cannot be enabled', () => {
      const env = { ...base, WEB: 'on', WEB_SECRET: SECRET, WEB_TEST_LOGIN: '1' };
      expect(parseConfig({ ...env, NODE_ENV: 'production' })).toMatchObject({ ok: false, problems: [expect.stringMatching(/^WEB_TEST_LOGIN can only be enabled with NODE_ENV=test/)] });
      expect(parseConfig(env).ok).toBe(false);
      expect(parseConfig({ ...env, NODE_ENV: 'test' })).toMatchObject({ ok: true, config: { web: { testLogin: true } } });
    });
  });
});
