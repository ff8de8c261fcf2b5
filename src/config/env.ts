/** The bot's configuration: the environment (and `.env` when present), parsed once by zod at start-up. */
import { existsSync } from 'node:fs';
import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';

const snowflake = z.string().trim().regex(/^\d{17,20}$/, { error: 'must be a Discord id (17-20 digits)' });

// ---- Serving at scale: HTTP interactions, metrics, gateway shards ----
/** A whole number from min to max, from its text; `error` says what is wanted. */
const wholeNumber = (min: number, max: number, error: string) => z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error });
const port = (what: string) => wholeNumber(1, 65535, `must be a port number (1-65535) ${what}`);

/** How interactions arrive, where to serve them, metrics and shards (see .env.example). */
const ServeEnv = {
  INTERACTIONS: z.enum(['gateway', 'http'], { error: 'must be gateway or http' }).default('gateway'),
  PORT: port('for the HTTP interactions endpoint').default(8080),
  DISCORD_PUBLIC_KEY: z.string().regex(/^[0-9a-fA-F]{64}$/, { error: 'must be the application public key: 64 hex characters (Developer Portal -> General Information)' }).optional(),
  METRICS_PORT: port('for /metrics').optional(),
  HTTP_DRAIN_MS: wholeNumber(0, 120_000, 'must be a whole number of milliseconds from 0 to 120000').default(10_000),
  SHARD_COUNT: wholeNumber(1, 10000, 'must be a whole number from 1 to 10000').optional(),
  SHARD_IDS: z
    .string()
    .regex(/^\d{1,5}(\s*,\s*\d{1,5})*$/, { error: 'must be a comma-separated list of shard numbers, e.g. 0,1' })
    .transform((s) => [...new Set(s.split(',').map((x) => Number(x.trim())))].sort((a, b) => a - b))
    .optional(),
};

/** The checks that span variables: the public key in HTTP mode, shard ids within the shard count. */
function checkServe(e: { INTERACTIONS: string; DISCORD_PUBLIC_KEY?: string | undefined; SHARD_COUNT?: number | undefined; SHARD_IDS?: number[] | undefined }, ctx: z.RefinementCtx): void {
  // zod runs this even when a field failed its own check (its value is then still raw): judge only parsed values.
  const ids = Array.isArray(e.SHARD_IDS) ? e.SHARD_IDS : undefined;
  const count = typeof e.SHARD_COUNT === 'number' && e.SHARD_COUNT >= 1 ? e.SHARD_COUNT : undefined;
  if (e.INTERACTIONS === 'http' && e.DISCORD_PUBLIC_KEY === undefined) ctx.addIssue({ code: 'custom', path: ['DISCORD_PUBLIC_KEY'], message: 'is required when INTERACTIONS=http (the application public key from the Developer Portal)' });
  if (ids && e.SHARD_COUNT === undefined) ctx.addIssue({ code: 'custom', path: ['SHARD_IDS'], message: 'needs SHARD_COUNT (the total number of shards)' });
  const bad = count === undefined ? [] : (ids ?? []).filter((id) => id >= count);
  if (bad.length) ctx.addIssue({ code: 'custom', path: ['SHARD_IDS'], message: `must each be less than SHARD_COUNT (${count}); ${bad.join(', ')} ${bad.length > 1 ? 'are' : 'is'} not` });
}

// ---- The full view (issue 27): the Activity and the plain web page ----
/** The full view's variables (see docs/full-view.md). */
const WebEnv = {
  WEB: z.enum(['on', 'off'], { error: 'must be on or off' }).default('off'),
  WEB_PORT: port('for the full view (the Activity and web page)').default(8081),
  WEB_SECRET: z.string().min(32, { error: 'must be at least 32 characters (it signs the watch links)' }).optional(),
  WEB_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be the full view\'s public http(s) URL, e.g. https://crawler.example.com/app/' }).optional(),
  DISCORD_CLIENT_SECRET: z.string().min(8, { error: 'is too short to be a client secret' }).optional(),
  WEB_TEST_LOGIN: z.enum(['0', '1'], { error: 'must be 0 or 1' }).default('0'),
  NODE_ENV: z.string().optional(),
};

/** The full view needs its secret; its test login exists only under NODE_ENV=test, never in production. */
function checkWeb(e: { WEB?: unknown; WEB_SECRET?: unknown; WEB_TEST_LOGIN?: unknown; NODE_ENV?: unknown }, ctx: z.RefinementCtx): void {
  if (e.WEB === 'on' && e.WEB_SECRET === undefined) ctx.addIssue({ code: 'custom', path: ['WEB_SECRET'], message: 'is required when WEB=on (32+ random characters; it signs the watch links)' });
  if (e.WEB_TEST_LOGIN === '1' && e.NODE_ENV !== 'test') ctx.addIssue({ code: 'custom', path: ['WEB_TEST_LOGIN'], message: 'can only be enabled with NODE_ENV=test: it lets anyone sign in as anyone' });
}

/** Which shards this process holds: undefined means discord.js decides (one process, every shard). */
export interface ShardConfig {
  count: number;
  ids: number[];
}
// ---- end of serving at scale ----

// ---- Redis: one server or a cluster ----
/** One `host:port` of REDIS_CLUSTER_NODES; an IPv6 host is written in brackets, `[::1]:7000`. */
const CLUSTER_NODE = /^(?:\[([0-9A-Fa-f:.]+)\]|([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)):(\d{1,5})$/;
const CLUSTER_NODES_ERROR = 'must be a comma-separated list of host:port, e.g. 10.0.0.1:7000,10.0.0.2:7000';

/** REDIS_CLUSTER_NODES: the cluster nodes to start from, without repeats, in the order given. */
const clusterNodes = z.string().transform((text, ctx) => {
  const nodes: { host: string; port: number }[] = [];
  for (const part of text.split(',').map((p) => p.trim())) {
    const m = CLUSTER_NODE.exec(part);
    const port = Number(m?.[3]);
    if (!m || !(port >= 1 && port <= 65535)) {
      ctx.addIssue({ code: 'custom', message: CLUSTER_NODES_ERROR });
      return z.NEVER;
    }
    const host = m[1] ?? m[2] ?? '';
    if (!nodes.some((n) => n.host === host && n.port === port)) nodes.push({ host, port });
  }
  return nodes;
});

/** One server or a cluster, never both: which one is meant would be a guess. */
function checkRedis(e: { REDIS_URL?: unknown; REDIS_CLUSTER_NODES?: unknown }, ctx: z.RefinementCtx): void {
  if (e.REDIS_URL !== undefined && e.REDIS_CLUSTER_NODES !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['REDIS_CLUSTER_NODES'], message: 'cannot be set together with REDIS_URL: set REDIS_URL for one Redis server, or REDIS_CLUSTER_NODES for a Redis Cluster' });
  }
}
// ---- end of Redis ----

/** The schema of every variable the bot reads. */
export const EnvSchema = z.object({
  DISCORD_TOKEN: z.string({ error: 'is required (the bot token from the Developer Portal)' }).trim().min(20, { error: 'is too short to be a bot token' }),
  DISCORD_APPLICATION_ID: snowflake.or(z.undefined()).refine((v) => v !== undefined, { error: 'is required (the application id from the Developer Portal)' }),
  DISCORD_GUILD_ID: snowflake.optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  REDIS_CLUSTER_NODES: clusterNodes.optional(),
  REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, { error: 'may only contain letters, digits and _ : . - (at most 64)' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
  DISCORD_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://discord.com/api' })
    .default('https://discord.com/api')
    .transform((s) => s.replace(/\/+$/, '')),
  ...ServeEnv,
  ...WebEnv,
})
  .superRefine(checkServe)
  .superRefine(checkRedis)
  .superRefine(checkWeb);

/** The parsed configuration. */
export interface Config {
  discordToken: string;
  applicationId: string;
  guildId: string | undefined;
  redisUrl: string | undefined;
  /** A Redis Cluster's nodes to start from (the client finds the rest); never set together with redisUrl. */
  redisClusterNodes: { host: string; port: number }[] | undefined;
  redisPrefix: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  apiBase: string;
  /** How interactions arrive: the gateway (default) or Discord's POSTs to our HTTP endpoint. */
  interactions: 'gateway' | 'http';
  /** The HTTP interactions endpoint (set exactly when interactions is http): its port and the application's public key. */
  http: { port: number; publicKey: string; drainMs: number } | null;
  /** Where /metrics is served; undefined = metrics off. */
  metricsPort: number | undefined;
  shards: ShardConfig | undefined;
  /** The full view (WEB=on): its own port, the watch-link secret, the OAuth2 client secret, its public URL, the test login. */
  web: WebConfig | null;
}

/** The full view's configuration. */
export interface WebConfig {
  port: number;
  secret: string;
  clientSecret: string | undefined;
  publicUrl: string | undefined;
  testLogin: boolean;
}

/** Which variables must be present for each entry point (deploy-commands and the bot need the same ones). */
export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** Parses an environment object; problems name the variable and say why, and never echo its value. */
export function parseConfig(env: Record<string, string | undefined>): ConfigResult {
  // Empty strings count as unset, as they do in most .env files.
  const cleaned: Record<string, string | undefined> = {};
  for (const name of Object.keys(EnvSchema.shape)) {
    const value = env[name]?.trim();
    cleaned[name] = value === '' ? undefined : value;
  }
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const missing = issue.code === 'invalid_type' && cleaned[name] === undefined;
      return `${name} ${missing && !issue.message.startsWith('is required') ? 'is required' : issue.message}`;
    });
    return { ok: false, problems: [...new Set(problems)] };
  }
  const e = parsed.data;
  return {
    ok: true,
    config: {
      discordToken: e.DISCORD_TOKEN,
      applicationId: e.DISCORD_APPLICATION_ID as string,
      guildId: e.DISCORD_GUILD_ID,
      redisUrl: e.REDIS_URL,
      redisClusterNodes: e.REDIS_CLUSTER_NODES,
      redisPrefix: e.REDIS_PREFIX,
      logLevel: e.LOG_LEVEL,
      apiBase: e.DISCORD_API_BASE,
      interactions: e.INTERACTIONS,
      http: e.INTERACTIONS === 'http' && e.DISCORD_PUBLIC_KEY !== undefined ? { port: e.PORT, publicKey: e.DISCORD_PUBLIC_KEY, drainMs: e.HTTP_DRAIN_MS } : null,
      metricsPort: e.METRICS_PORT,
      web: e.WEB === 'on' && e.WEB_SECRET !== undefined ? { port: e.WEB_PORT, secret: e.WEB_SECRET, clientSecret: e.DISCORD_CLIENT_SECRET, publicUrl: e.WEB_PUBLIC_URL, testLogin: e.WEB_TEST_LOGIN === '1' } : null,
      shards: e.SHARD_COUNT === undefined ? undefined : { count: e.SHARD_COUNT, ids: e.SHARD_IDS ?? Array.from({ length: e.SHARD_COUNT }, (_, i) => i) },
    },
  };
}

/** Reads `.env` (when present) into process.env, then parses; on problems prints each one and exits 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  if (existsSync('.env')) loadDotenv({ path: '.env', quiet: true });
  const result = parseConfig(env);
  if (result.ok) return result.config;
  process.stderr.write(`Configuration error${result.problems.length > 1 ? 's' : ''}:\n${result.problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every variable and what it means.\n`);
  process.exit(1);
}
