/**
 * `npm run loadtest -- --mode http|gateway|noop --replicas N --shards N --channels N --players N --seconds N --rate N [--compare]`
 *
 * Drives real bot processes through the fake Discord on 127.0.0.1 with its own redis-server: in HTTP mode N
 * replicas behind a round-robin "load balancer" (the fake signs and POSTs each interaction); in gateway mode N
 * shard processes; in noop mode N do-nothing responders (signature check + type 6) for comparison. Players press
 * the buttons of their channel's game message at a person's pace. Reports accepted turns/s, latency from dispatch
 * to answer, and checks that every accepted press is exactly one log entry and that saved states replay from logs.
 */
import { randomUUID } from 'node:crypto';
import { FakeDiscord, testSigningKeys, type RecordedRequest } from '../test/e2e/fake-discord/index.js';
import { OwnRedis } from '../test/support/own-redis.js';
import { parseLoadArgs, type LoadArgs } from './args.js';
import { checkChannels, followedUpTokens, isAccepted, type CheckResult } from './check.js';
import { drivePlayers, setupGames, setupGuilds, setupNoopMessages } from './drive.js';
import { Redis } from 'ioredis';
import { startHttpReplicas, startShards, stopAll, type Replica } from './replicas.js';
import { percentile } from './stats.js';
import { buildWorld } from './world.js';

/** The figures of one run. */
interface RunReport {
  mode: LoadArgs['mode'];
  processes: number;
  presses: number;
  answered: number;
  unanswered: number;
  accepted: number;
  acceptedPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Requests the fake refused (late or double answers, invalid bodies…). */
  discordErrors: number;
  /** What those were: method, route shape, status and Discord's code, with counts. */
  discordErrorKinds: string[];
  check: CheckResult | null;
  /** Requests sent with the bot token while players pressed (Discord's global 50/s counts these). */
  botRequests: number;
  /** The busiest one-second window of bot-token requests, and the mean per second. */
  botPeakPerSecond: number;
  botMeanPerSecond: number;
  /** Bot-token requests by method and route shape. */
  botRoutes: string[];
  /** Game-message edits sent through an interaction token instead. */
  tokenEdits: number;
}

async function runOnce(args: LoadArgs, mode: LoadArgs['mode']): Promise<RunReport> {
  const shardCount = mode === 'gateway' ? args.shards : 1;
  const world = buildWorld(args.channels, args.players, shardCount);
  const keys = testSigningKeys();
  // Redis as it usually runs in production (append-only file, fsync once a second): fsync on every write would make
  // this slow disk, not the bot, the thing measured.
  const redis = await OwnRedis.start({ fsync: 'everysec' });
  const fake = await FakeDiscord.start({ guilds: world.guilds });
  const env = { fake, redisUrl: redis.url, redisPrefix: `cc-load-${randomUUID().slice(0, 8)}`, publicKeyHex: keys.publicKeyHex };
  let replicas: Replica[] = [];
  try {
    process.stderr.write(`[${mode}] starting ${mode === 'gateway' ? `${args.shards} shard processes` : `${args.replicas} replicas`}…\n`);
    if (mode === 'gateway') replicas = await startShards(args.shards, env);
    else {
      replicas = await startHttpReplicas(args.replicas, env, mode === 'noop');
      fake.deliverOverHttp({ urls: replicas.map((r) => r.url!), keys });
    }
    process.stderr.write(`[${mode}] setting up ${args.channels} channels of ${args.players} players…\n`);
    if (mode === 'noop') await setupNoopMessages(fake, world.channels);
    else {
      await setupGuilds(fake, world.channels, args.rounds, args.render);
      await setupGames(fake, world.channels, args.seed);
    }
    const setupRequests = fake.requests.length;
    process.stderr.write(`[${mode}] pressing buttons for ${args.seconds} s at ${args.rate}/s offered…\n`);
    // --expire-tokens: every kept interaction token is dropped once a second, as if it were older than 15 minutes.
    const admin = args['expire-tokens'] ? new Redis(redis.url) : null;
    const expiring = admin ? setInterval(() => void expireTokens(admin, env.redisPrefix), 1000) : null;
    if (admin) await expireTokens(admin, env.redisPrefix);
    const started = Date.now();
    const presses = await drivePlayers(fake, world.channels, args).finally(() => {
      if (expiring) clearInterval(expiring);
      admin?.disconnect();
    });
    const runMs = Date.now() - started;
    // Let follow-ups and edits that trail the answers land before judging: until the fake has seen no request for 1.5 s.
    await quiet(fake);
    const refused = followedUpTokens(fake);
    const answered = presses.filter((p) => p.ms !== undefined);
    const latencies = answered.map((p) => p.ms!);
    const accepted = presses.filter((p) => (mode === 'noop' ? p.type !== undefined : isAccepted(p, refused))).length;
    const check = mode === 'noop' ? null : await checkChannels(fake, world.channels, presses, redis.url, env.redisPrefix);
    return {
      mode,
      processes: replicas.length,
      presses: presses.length,
      answered: answered.length,
      unanswered: presses.length - answered.length,
      accepted,
      acceptedPerSecond: accepted / args.seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: percentile(latencies, 100),
      discordErrors: fake.requests.slice(setupRequests).filter((r) => r.status >= 400).length,
      discordErrorKinds: errorKinds(fake.requests.slice(setupRequests).filter((r) => r.status >= 400)),
      check,
      ...botFigures(fake.requests.slice(setupRequests), started, runMs),
    };
  } finally {
    await stopAll(replicas);
    await fake.close();
    await redis.close();
  }
}

const ms = (x: number): string => (Number.isNaN(x) ? '-' : `${x.toFixed(1)} ms`);

function print(args: LoadArgs, r: RunReport): void {
  const who = r.mode === 'gateway' ? `${r.processes} shard processes` : `${r.processes} ${r.mode === 'noop' ? 'noop responders' : 'HTTP replicas'}`;
  const lines = [
    `== ${r.mode}: ${who}, ${args.channels} channels x ${args.players} players, ${args.rate}/s offered for ${args.seconds} s`,
    `presses ${r.presses}, answered ${r.answered}, unanswered ${r.unanswered}, accepted ${r.accepted} (${r.acceptedPerSecond.toFixed(1)} turns/s)`,
    `latency dispatch -> answer: p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}`,
    `fake Discord refused ${r.discordErrors} requests during the run${r.discordErrorKinds.length ? `: ${r.discordErrorKinds.join('; ')}` : ''}`,
  ];
  if (r.mode !== 'noop') {
    const perTurn = r.accepted > 0 ? r.botRequests / r.accepted : 0;
    lines.push(`bot-token requests ${r.botRequests} (${perTurn.toFixed(3)} per accepted turn; mean ${r.botMeanPerSecond.toFixed(1)}/s, busiest second ${r.botPeakPerSecond}/s)${r.botRoutes.length ? `: ${r.botRoutes.join('; ')}` : ''}; game-message edits through interaction tokens ${r.tokenEdits}`);
  }
  if (r.check) {
    const c = r.check;
    lines.push(`checks over ${c.channels} channels: lost ${c.lost}, doubled ${c.doubled}, refused but applied ${c.lied}, applied but unanswered ${c.appliedUnanswered}, replay mismatches ${c.replayMismatches}, missing games ${c.missing}`);
    const why = Object.entries(c.notApplied).sort((a, b) => b[1] - a[1]);
    if (why.length) lines.push(`not applied, by why: ${why.map(([k, n]) => `${n}x ${k}`).join('; ')}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

const args = parseLoadArgs(process.argv.slice(2));
const reports: RunReport[] = [await runOnce(args, args.mode)];
print(args, reports[0]!);
if (args.compare && args.mode !== 'noop') {
  reports.push(await runOnce(args, 'noop'));
  print(args, reports[1]!);
  const [bot, noop] = reports as [RunReport, RunReport];
  process.stdout.write(`ratio ${bot.mode}/noop: p50 ${(bot.p50 / noop.p50).toFixed(2)}x, p99 ${(bot.p99 / noop.p99).toFixed(2)}x, answered/s ${(bot.answered / noop.answered).toFixed(2)}x\n`);
}
const bad = reports.some((r) => r.unanswered > 0 || (r.check && (r.check.lost > 0 || r.check.doubled > 0 || r.check.lied > 0 || r.check.replayMismatches > 0 || r.check.missing > 0)));
process.exit(bad ? 1 : 0);

/** Resolves once the fake has received no request for 1.5 s (at most 20 s): trailing notes and edits have landed. */
async function quiet(fake: FakeDiscord): Promise<void> {
  const until = Date.now() + 20_000;
  let seen = -1;
  while (Date.now() < until && fake.requests.length !== seen) {
    seen = fake.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 1500));
  }
}

/** Drops every kept interaction token of this run's prefix (the worst case: all of them older than 15 minutes). */
async function expireTokens(admin: Redis, prefix: string): Promise<void> {
  const keys = await admin.keys(`${prefix}:*:edit-token`);
  if (keys.length > 0) await admin.del(...keys);
}

/** The bot-token requests of the run (from `started`, over `runMs`): count, busiest second, mean, routes; and token edits. */
function botFigures(requests: readonly RecordedRequest[], started: number, runMs: number): Pick<RunReport, 'botRequests' | 'botPeakPerSecond' | 'botMeanPerSecond' | 'botRoutes' | 'tokenEdits'> {
  const bot = requests.filter((r) => (r.headers.authorization ?? '').startsWith('Bot '));
  const perSecond = new Map<number, number>();
  for (const r of bot) perSecond.set(Math.floor((r.at - started) / 1000), (perSecond.get(Math.floor((r.at - started) / 1000)) ?? 0) + 1);
  const routes = new Map<string, number>();
  for (const r of bot) {
    const key = `${r.method} ${r.path.replace(/\/\d{5,}/g, '/:id')}`;
    routes.set(key, (routes.get(key) ?? 0) + 1);
  }
  return {
    botRequests: bot.length,
    botPeakPerSecond: Math.max(0, ...perSecond.values()),
    botMeanPerSecond: bot.length / Math.max(1, runMs / 1000),
    botRoutes: [...routes].map(([k, n]) => `${n}x ${k}`),
    tokenEdits: requests.filter((r) => r.method === 'PATCH' && /^\/webhooks\/[^/]+\/[^/]+\/messages\//.test(r.path) && r.status < 400).length,
  };
}

/** Refused requests grouped by method, route shape (ids and tokens elided), status and Discord's error code. */
function errorKinds(requests: readonly { method: string; path: string; status: number; response?: unknown }[]): string[] {
  const counts = new Map<string, number>();
  for (const r of requests) {
    const route = r.path.replace(/\/\d{5,}/g, '/:id').replace(/\/interactions\/:id\/[^/]+/, '/interactions/:id/:token').replace(/\/webhooks\/:id\/[^/]+/, '/webhooks/:id/:token');
    const code = typeof r.response === 'object' && r.response !== null && 'code' in r.response ? ` code ${String((r.response as { code: unknown }).code)}` : '';
    const key = `${r.method} ${route} ${r.status}${code}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n}x ${k}`);
}
