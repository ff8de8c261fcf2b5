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
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { probeFigures, profileBreakdown, type ProcessFigures } from './figures.js';
import { FakeDiscord, testSigningKeys, type RecordedRequest } from '../test/e2e/fake-discord/index.js';
import { OwnRedis } from '../test/support/own-redis.js';
import { parseLoadArgs, type LoadArgs } from './args.js';
import { checkChannels, followedUpTokens, followUpTexts, isAccepted, type CheckResult } from './check.js';
import { drivePlayers, setupGames, setupGuilds, setupNoopMessages } from './drive.js';
import { Redis } from 'ioredis';
import { startHttpReplicas, startShards, stopAll, type Replica } from './replicas.js';
import { percentile } from './stats.js';
import { noteFigures, noteLines, type NoteFigures } from './notes.js';
import { BUSY_TEXT } from '../src/adapters/discord/load-shedder.js';
import { buildWorld } from './world.js';
import { memoryByKind, redisCpuMs, type KindMemory } from './redis-figures.js';
import { summaryRow, summaryTable, type SummaryRow } from './summary.js';

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
  /** The processes' CPU, stalls, GC and heap over the pressing window (their probes). */
  figures: ProcessFigures;
  /** CPU ms of every process per accepted press (noop: per answered press). */
  cpuPerPress: number;
  /** Of that, the main threads' CPU (NaN where /proc is not readable) and the event loops' busy time, per the same press. */
  mainCpuPerPress: number;
  loopBusyPerPress: number;
  /** Mean size of the pictures sent with press answers, and the share of presses that got a follow-up (for the fair noop). */
  pngMeanBytes: number;
  followUpShare: number;
  /** The share of presses followed by the first-game note (a welcome, not a refusal), for the fair noop. */
  welcomeShare: number;
  /** The share of presses answered only privately (type 4: a refusal, "busy", the rate limit), for the fair noop. */
  privateReplyShare: number;
  /** CPU ms of every process per answered press (both modes), beside the per-accepted figure. */
  cpuPerAnswered: number;
  /** --profile: self time by area. */
  breakdown: [string, number, number][];
  /** Redis used_memory after the run minus before the setup (everything the channels keep), and the run's length. */
  redisBytes: number;
  runMs: number;
  /** Private notes' latency (follow-ups and private replies), and after a global 429 when --global-429. */
  notes: NoteFigures;
  /** The machine's 1-minute load average when the pressing started and ended (a shared machine: figures are noisy). */
  load: [number, number];
  /** The load test's own process over the pressing (the fake Discord and the players): event-loop delay and CPU. */
  harness: { lagP99Ms: number; lagMaxMs: number; cpuMs: number };
  /** Presses answered "busy, try again" by the load shedder. */
  busy: number;
  /** Redis commands the processes sent from the first press until Discord traffic went quiet (INFO commandstats), by command. */
  redisCommands: [string, number][];
  /** Redis's own CPU time over the same span (INFO cpu), ms. */
  redisCpuMs: number;
  /** The span those two cover (the pressing and the trailing traffic), ms. */
  redisSpanMs: number;
  /** Every key of the run at its end, by kind (MEMORY USAGE). */
  redisKinds: KindMemory[];
  /** How long setting up the channels took, ms; and how many ended games were started again while pressing. */
  setupMs: number;
  restarts: number;
}

/** What the fair noop responder is told to send: the bot run's picture size and follow-up share. */
let noopTraffic: Record<string, string> = {};

async function runOnce(args: LoadArgs, mode: LoadArgs['mode']): Promise<RunReport> {
  let report: RunReport;
  const shardCount = mode === 'gateway' ? args.shards : 1;
  const world = buildWorld(args.channels, args.players, shardCount);
  const keys = testSigningKeys();
  // Redis as it usually runs in production (append-only file, fsync once a second): fsync on every write would make
  // this slow disk, not the bot, the thing measured.
  const redis = await OwnRedis.start({ fsync: 'everysec' });
  const fake = await FakeDiscord.start({ guilds: world.guilds });
  const probeDir = mkdtempSync(join(tmpdir(), 'cc-probe-'));
  const profileDir = args.profile ? mkdtempSync(join(tmpdir(), 'cc-prof-')) : undefined;
  const env = { fake, redisUrl: redis.url, redisPrefix: `cc-load-${randomUUID().slice(0, 8)}`, publicKeyHex: keys.publicKeyHex, probeDir, ...(profileDir ? { profileDir } : {}), noopEnv: noopTraffic };
  let replicas: Replica[] = [];
  try {
    process.stderr.write(`[${mode}] starting ${mode === 'gateway' ? `${args.shards} shard processes` : `${args.replicas} replicas`}…\n`);
    if (mode === 'gateway') replicas = await startShards(args.shards, env);
    else {
      replicas = await startHttpReplicas(args.replicas, env, mode === 'noop');
      fake.deliverOverHttp({ urls: replicas.map((r) => r.url!), keys });
    }
    const memoryBefore = await usedMemory(redis.url);
    let commandsBefore = new Map<string, number>();
    process.stderr.write(`[${mode}] setting up ${args.channels} channels of ${args.players} players…\n`);
    const setupStarted = Date.now();
    if (mode === 'noop') await setupNoopMessages(fake, world.channels);
    else {
      await setupGuilds(fake, world.channels, args.rounds, args.render);
      await setupGames(fake, world.channels, args.seed, args.dailies);
    }
    // The pressing window starts once the setup's own traffic is quiet: the bot's redraws after the joins (spaced by
    // the edit coalescer) would otherwise spill seconds of CPU into the window and count as the presses' cost.
    await quiet(fake);
    const setupRequests = fake.requests.length;
    const setupMs = Date.now() - setupStarted;
    process.stderr.write(`[${mode}] pressing buttons for ${args.seconds} s at ${args.rate}/s offered…\n`);
    // --expire-tokens: every kept interaction token is dropped once a second, as if it were older than 15 minutes.
    const admin = args['expire-tokens'] ? new Redis(redis.url) : null;
    const expiring = admin ? setInterval(() => void expireTokens(admin, env.redisPrefix), 1000) : null;
    if (admin) await expireTokens(admin, env.redisPrefix);
    commandsBefore = await commandStats(redis.url);
    const redisCpuBefore = await redisCpuMs(redis.url);
    const loadBefore = loadavg()[0]!;
    const started = Date.now();
    // --global-429: from that second on, the next bot-token request gets Discord's global 429 (the route not run).
    const at429 = args['global-429'];
    const arm429 = at429 === undefined || mode === 'noop' ? null : setTimeout(() => fake.failRequests((_m, _p, h) => (h['authorization'] ?? '').startsWith('Bot '), { retryAfterSec: args['retry-after'], global: true, unapplied: true }), at429 * 1000);
    // The load test's own process (the fake Discord and the players) is timed too: when its event loop lags, answers
    // look late and requests go out late whatever the bot does.
    const ownLag = monitorEventLoopDelay({ resolution: 10 });
    ownLag.enable();
    const ownCpu = process.cpuUsage();
    let restarts = 0;
    const drive = { ...args, restart: args.restart === 'on' && mode !== 'noop', onRestart: () => restarts++ };
    const presses = await drivePlayers(fake, world.channels, drive).finally(() => {
      ownLag.disable();
      if (arm429) clearTimeout(arm429);
      if (expiring) clearInterval(expiring);
      admin?.disconnect();
    });
    const runMs = Date.now() - started;
    // Let follow-ups and edits that trail the answers land before judging: until the fake has seen no request for 1.5 s.
    await quiet(fake);
    const refused = followedUpTokens(fake);
    const answered = presses.filter((p) => p.ms !== undefined);
    const latencies = answered.map((p) => p.ms!);
    // The same test in both modes: a redraw with no private note after it (the noop's notes and private replies
    // stand for the bot's refusals, in the bot run's shares).
    const accepted = presses.filter((p) => isAccepted(p, refused)).length;
    const commandsAfter = await commandStats(redis.url);
    const redisCpuAfter = await redisCpuMs(redis.url);
    const redisSpanMs = Date.now() - started;
    const check = mode === 'noop' ? null : await checkChannels(fake, world.channels, presses, redis.url, env.redisPrefix);
    const figures = probeFigures(probeDir, started, started + runMs);
    const during = fake.requests.slice(setupRequests);
    const pictures = during.filter((r) => r.path.endsWith('/callback')).flatMap((r) => (r.body as { files?: { size: number }[] } | undefined)?.files ?? []);
    const counted = accepted;
    const redisCommands = [...commandsAfter].map(([c, n]): [string, number] => [c, n - (commandsBefore.get(c) ?? 0)]).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
    const busy = presses.filter((p) => p.type === 4 && p.text === BUSY_TEXT).length;
    report = {
      load: [loadBefore, loadavg()[0]!],
      harness: { lagP99Ms: ownLag.percentile(99) / 1e6, lagMaxMs: ownLag.max / 1e6, cpuMs: cpuMs(process.cpuUsage(ownCpu)) },
      notes: noteFigures(presses, fake.requests, fake.applicationId, started, mode === 'noop' || at429 === undefined ? undefined : args['retry-after']),
      busy,
      redisCommands,
      redisCpuMs: redisCpuAfter - redisCpuBefore,
      redisSpanMs,
      redisKinds: await memoryByKind(redis.url, env.redisPrefix),
      setupMs,
      restarts,
      redisBytes: (await usedMemory(redis.url)) - memoryBefore,
      runMs,
      figures,
      cpuPerPress: counted > 0 ? figures.cpuMs / counted : NaN,
      mainCpuPerPress: counted > 0 ? figures.mainCpuMs / counted : NaN,
      loopBusyPerPress: counted > 0 ? figures.loopActiveMs / counted : NaN,
      pngMeanBytes: pictures.length ? pictures.reduce((a, f) => a + f.size, 0) / pictures.length : 0,
      followUpShare: presses.length ? followedUpTokens(fake).size / presses.length : 0,
      welcomeShare: presses.length ? followUpTexts(fake, true).size / presses.length : 0,
      privateReplyShare: presses.length ? presses.filter((p) => p.type === 4).length / presses.length : 0,
      cpuPerAnswered: answered.length > 0 ? figures.cpuMs / answered.length : NaN,
      breakdown: [],
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
    rmSync(probeDir, { recursive: true, force: true });
  }
  // Profiles are written as the processes exit.
  if (profileDir) {
    report.breakdown = profileBreakdown(profileDir);
    // LOADTEST_PROFILE_KEEP=1 keeps the .cpuprofile files (for Chrome DevTools or a closer look).
    if (process.env.LOADTEST_PROFILE_KEEP) process.stderr.write(`[${mode}] profiles kept in ${profileDir}\n`);
    else rmSync(profileDir, { recursive: true, force: true });
  }
  return report;
}

const cpuMs = (u: NodeJS.CpuUsage): number => (u.user + u.system) / 1000;

const ms = (x: number): string => (Number.isNaN(x) ? '-' : `${x.toFixed(1)} ms`);

function print(args: LoadArgs, r: RunReport): void {
  const who = r.mode === 'gateway' ? `${r.processes} shard processes` : `${r.processes} ${r.mode === 'noop' ? 'noop responders' : 'HTTP replicas'}`;
  const lines = [
    `== ${r.mode}: ${who}, ${args.channels} channels x ${args.players} players, ${args.rate}/s offered for ${args.seconds} s (load average ${r.load[0].toFixed(1)} -> ${r.load[1].toFixed(1)} on ${cpus().length} cores)`,
    `presses ${r.presses}, answered ${r.answered}, unanswered ${r.unanswered}, accepted ${r.accepted} (${r.acceptedPerSecond.toFixed(1)} turns/s); served (answered, not "busy") ${((r.answered - r.busy) / args.seconds).toFixed(1)}/s of ${(r.presses / args.seconds).toFixed(1)}/s pressed, ${r.busy} shed as busy`,
    `latency dispatch -> answer: p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, max ${ms(r.max)}`,
    `the load test's own process (fake Discord, players): CPU ${r.harness.cpuMs.toFixed(0)} ms, event-loop delay p99 ${ms(r.harness.lagP99Ms)}, max ${ms(r.harness.lagMaxMs)}`,
    `fake Discord refused ${r.discordErrors} requests during the run${r.discordErrorKinds.length ? `: ${r.discordErrorKinds.join('; ')}` : ''}`,
  ];
  if (r.mode !== 'noop') {
    const perTurn = r.accepted > 0 ? r.botRequests / r.accepted : 0;
    lines.push(`bot-token requests ${r.botRequests} (${perTurn.toFixed(3)} per accepted turn; mean ${r.botMeanPerSecond.toFixed(1)}/s, busiest second ${r.botPeakPerSecond}/s)${r.botRoutes.length ? `: ${r.botRoutes.join('; ')}` : ''}; game-message edits through interaction tokens ${r.tokenEdits}`);
  }
  const f = r.figures;
  const mainThread = Number.isFinite(r.mainCpuPerPress) ? `; main threads ${r.mainCpuPerPress.toFixed(2)} ms of it, event loops busy ${r.loopBusyPerPress.toFixed(2)} ms` : '';
  lines.push(`process CPU ${f.cpuMs.toFixed(0)} ms over the run: ${r.cpuPerPress.toFixed(2)} ms per accepted press (${r.cpuPerAnswered.toFixed(2)} per answered${mainThread}); longest event-loop stall ${f.stallMaxMs.toFixed(1)} ms; GC pauses ${f.gcCount} (longest ${f.gcMaxMs.toFixed(1)} ms, p99 ${ms(f.gcP99Ms)}, ${f.gcTotalMs.toFixed(0)} ms in all); heap ${f.heapStartMB.toFixed(1)} -> ${f.heapEndMB.toFixed(1)} MB`);
  // A long run (a soak): the heap minute by minute and its trend, to tell a flat heap from a leak.
  if (args.seconds >= 120) {
    const trend = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(2)} MB/min`;
    const list = (mbs: number[]): string => mbs.map((mb) => mb.toFixed(1)).join(', ');
    lines.push(`heap by minute (MB, all processes): ${list(f.heapByMinuteMB)}; trend ${trend(f.heapSlopeMBPerMin)}`);
    lines.push(`heap floor by minute (the lowest sample of each minute, MB, all processes): ${list(f.heapFloorByMinuteMB)}; trend ${trend(f.heapFloorSlopeMBPerMin)}`);
  }
  if (r.mode !== 'noop') lines.push(`press answers carried pictures of ${(r.pngMeanBytes / 1024).toFixed(1)} KB on average; ${(r.followUpShare * 100).toFixed(1)}% of presses got a refusal follow-up and ${(r.welcomeShare * 100).toFixed(1)}% the first-game note, ${(r.privateReplyShare * 100).toFixed(1)}% only a private reply`);
  if (r.mode !== 'noop') lines.push(...noteLines(r.notes, args['global-429'] !== undefined));
  if (r.mode !== 'noop' && r.redisCommands.length) {
    const all = r.redisCommands.reduce((a, [, n]) => a + n, 0);
    lines.push(`Redis commands ${all} (${r.presses ? (all / r.presses).toFixed(2) : '-'} per press): ${r.redisCommands.map(([c, n]) => `${c} ${n}`).join(', ')}`);
  }
  if (r.breakdown.length) lines.push(`CPU by area (self time, profile): ${r.breakdown.map(([a, ms, share]) => `${a} ${(share * 100).toFixed(1)}% (${ms.toFixed(0)} ms)`).join('; ')}`);
  if (r.mode !== 'noop') lines.push(...redisLines(args, r));
  if (args.pace !== undefined && r.mode !== 'noop') lines.push(perThousandLine(args, r));
  if (r.check) {
    const c = r.check;
    lines.push(`checks over ${c.channels} channels: lost ${c.lost}, doubled ${c.doubled}, refused but applied ${c.lied}, applied but unanswered ${c.appliedUnanswered}, replay mismatches ${c.replayMismatches}, missing games ${c.missing}`);
    const why = Object.entries(c.notApplied).sort((a, b) => b[1] - a[1]);
    if (why.length) lines.push(`not applied, by why: ${why.map(([k, n]) => `${n}x ${k}`).join('; ')}`);
    const lies = Object.entries(c.liedWith ?? {}).sort((a, b) => b[1] - a[1]);
    if (lies.length) lines.push(`refused but applied, by the reply: ${lies.map(([k, n]) => `${n}x ${k}`).join('; ')}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** The setup, restarts, and what Redis spent and holds (its CPU, commands per second, memory by kind per channel). */
function redisLines(args: LoadArgs, r: RunReport): string[] {
  const commands = r.redisCommands.reduce((a, [, n]) => a + n, 0);
  const seconds = r.redisSpanMs / 1000;
  const kinds = r.redisKinds.reduce((a, k) => a + k.bytes, 0);
  const perChannel = (bytes: number): string => `${(bytes / args.channels / 1024).toFixed(1)} KB`;
  const cpu = `CPU ${r.redisCpuMs.toFixed(0)} ms over ${seconds.toFixed(1)} s (${(r.redisCpuMs / r.redisSpanMs).toFixed(3)} of a core)`;
  const perCommand = commands > 0 ? ((r.redisCpuMs * 1000) / commands).toFixed(1) : '-';
  const byKind = r.redisKinds.map((k) => `${k.kind} ${perChannel(k.bytes)} (${k.keys} keys)`).join(', ');
  return [
    `setup of ${args.channels} channels ${(r.setupMs / 1000).toFixed(1)} s; ended games started again while pressing ${r.restarts}`,
    `Redis: ${cpu}, ${(commands / seconds).toFixed(0)} commands/s, ${perCommand} µs of its CPU a command; used_memory +${(r.redisBytes / 1048576).toFixed(1)} MB`,
    `Redis keys at the end, by kind (MEMORY USAGE, per channel): ${perChannel(kinds)} in all; ${byKind}`,
  ];
}

/** The sizing line of a --pace run: what 1,000 channels at this pace and mix cost, scaled from this run. */
function perThousandLine(args: LoadArgs, r: RunReport): string {
  const per = 1000 / args.channels;
  const seconds = r.runMs / 1000;
  const commands = r.redisCommands.reduce((a, [, n]) => a + n, 0);
  const mix = `pace ${args.pace} s, ${args.rounds}% rounds, ${args.dailies}% dailies, ${args.controllers}% controllers`;
  return [
    `per 1,000 active channels (${mix}): ${((r.figures.cpuMs / r.runMs) * per).toFixed(2)} bot cores`,
    `${((r.redisCpuMs / r.redisSpanMs) * per).toFixed(3)} Redis cores`,
    `${((commands / (r.redisSpanMs / 1000)) * per).toFixed(0)} Redis commands/s`,
    `${((r.redisBytes / 1048576) * per).toFixed(1)} MB Redis`,
    `${(r.botMeanPerSecond * per).toFixed(1)} bot-token requests/s (busiest second x ${per.toFixed(1)}: ${(r.botPeakPerSecond * per).toFixed(0)})`,
    `${((r.presses / seconds) * per).toFixed(0)} presses/s, ${((r.accepted / seconds) * per).toFixed(0)} accepted`,
  ].join(', ');
}

const parsed = parseLoadArgs(process.argv.slice(2));
const reports: RunReport[] = [];
const rows: SummaryRow[] = [];
let tooCostly = false;
// --rates runs each rate --repeat times (--rate once, --repeat times); every run is printed as it ends.
for (const rate of parsed.rates ?? [parsed.rate]) {
  for (let run = 1; run <= parsed.repeat; run++) {
    const args = { ...parsed, rate };
    if (parsed.repeat > 1 || (parsed.rates?.length ?? 1) > 1) process.stderr.write(`[run] ${rate}/s, run ${run} of ${parsed.repeat}\n`);
    const bot = await runOnce(args, args.mode);
    reports.push(bot);
    print(args, bot);
    let noop: RunReport | null = null;
    if (args.compare && args.mode !== 'noop') {
      // The fair floor: the same pictures' bytes and the same share of follow-ups as the bot just sent.
      noopTraffic = { NOOP_PNG_BYTES: String(Math.round(bot.pngMeanBytes)), NOOP_FOLLOW_UP_SHARE: String(bot.followUpShare), NOOP_WELCOME_SHARE: String(bot.welcomeShare), NOOP_PRIVATE_REPLY_SHARE: String(bot.privateReplyShare) };
      noop = await runOnce(args, 'noop');
      reports.push(noop);
      print(args, noop);
      const cpuRatio = bot.cpuPerPress / noop.cpuPerPress;
      process.stdout.write(`ratio ${bot.mode}/noop: CPU per accepted press ${cpuRatio.toFixed(2)}x (per answered ${(bot.cpuPerAnswered / noop.cpuPerAnswered).toFixed(2)}x), p50 ${(bot.p50 / noop.p50).toFixed(2)}x, p99 ${(bot.p99 / noop.p99).toFixed(2)}x, answered/s ${(bot.answered / noop.answered).toFixed(2)}x\n`);
      const limit = args['max-cpu-ratio'];
      if (limit !== undefined && !(cpuRatio <= limit)) {
        tooCostly = true;
        process.stdout.write(`REGRESSION: CPU per press is ${cpuRatio.toFixed(2)}x the fair noop responder's, above --max-cpu-ratio ${limit}\n`);
      }
    }
    rows.push(summaryRow(rate, run, args.seconds, bot, noop));
  }
}
if (rows.length > 1) process.stdout.write(`${summaryTable(rows)}\n`);
const bad = tooCostly || reports.some((r) => r.unanswered > 0 || (r.check && (r.check.lost > 0 || r.check.doubled > 0 || r.check.lied > 0 || r.check.replayMismatches > 0 || r.check.missing > 0)));
process.exit(bad ? 1 : 0);

/** Redis's used_memory in bytes (INFO memory). */
async function usedMemory(url: string): Promise<number> {
  const r = new Redis(url);
  try {
    return Number(/used_memory:(\d+)/.exec(await r.info('memory'))?.[1] ?? 0);
  } finally {
    r.disconnect();
  }
}

/** Calls per command since the server started (INFO commandstats), without the INFO calls themselves. */
async function commandStats(url: string): Promise<Map<string, number>> {
  const r = new Redis(url);
  try {
    const info = await r.info('commandstats');
    return new Map([...info.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].filter((m) => m[1] !== 'info').map((m) => [m[1]!, Number(m[2])]));
  } finally {
    r.disconnect();
  }
}

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
