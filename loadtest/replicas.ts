/** Starting and stopping the processes under load: bot replicas (HTTP), gateway shard processes, or noop responders. */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort } from '../test/support/own-redis.js';
import type { FakeDiscord } from '../test/e2e/fake-discord/index.js';

/** One child process and where it can be reached. */
export interface Replica {
  child: ChildProcess;
  /** The interactions URL (HTTP and noop modes). */
  url?: string;
  port?: number;
  output: () => string;
  exited: Promise<number | null>;
}

/** What every mode needs to start its processes. */
export interface ReplicaEnv {
  fake: FakeDiscord;
  redisUrl: string;
  redisPrefix: string;
  publicKeyHex: string;
  /** Where each process's probe writes its once-a-second figures (loadtest/probe.ts). */
  probeDir?: string;
  /** Where each process writes its V8 CPU profile on exit (--profile). */
  profileDir?: string;
  /** Extra environment of the noop responders (the fair floor's picture size and follow-up share). */
  noopEnv?: Record<string, string>;
}

function start(script: string, env: Record<string, string>, e?: ReplicaEnv): Replica {
  const probe = e?.probeDir ? ['--import', './loadtest/probe.ts'] : [];
  const profile = e?.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${e.profileDir}`] : [];
  const extra = { ...(e?.probeDir ? { LOADTEST_PROBE_DIR: e.probeDir } : {}) };
  // LOADTEST_NODE_ARGS: extra node flags for the processes under load, e.g. --heapsnapshot-signal=SIGUSR2 to take heap
  // snapshots of a soak's bot (kill -USR2 <pid>; each pauses the process for seconds: not for a run whose figures count).
  const extraArgs = (process.env.LOADTEST_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const argv = ['--import', 'tsx', ...probe, ...profile, ...extraArgs, script];
  const child = spawn(process.execPath, argv, { cwd: process.cwd(), env: { PATH: process.env.PATH ?? '', ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  // Keep only the tail: a long run must not hold every log line in memory.
  const keep = (d: Buffer): void => void (out = (out + d.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}

function botEnv(e: ReplicaEnv): Record<string, string> {
  return { DISCORD_TOKEN: e.fake.token, DISCORD_APPLICATION_ID: e.fake.applicationId, DISCORD_API_BASE: e.fake.apiBase, REDIS_URL: e.redisUrl, REDIS_PREFIX: e.redisPrefix, LOG_LEVEL: 'warn' };
}

/** Polls GET /healthz until it answers 200, or throws with the process's last output. */
async function waitHealthy(r: Replica, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (r.child.exitCode !== null) break;
    try {
      if ((await fetch(`http://127.0.0.1:${r.port}/healthz`)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`process on port ${r.port} did not answer /healthz within ${timeoutMs} ms (HTTP mode needs src/main.ts to start the HTTP adapter when INTERACTIONS=http). Its output:\n${r.output().slice(-2000)}`);
}

/** Starts `count` HTTP endpoints: the real bot (`src/main.ts`, INTERACTIONS=http) or the noop responder. */
export async function startHttpReplicas(count: number, e: ReplicaEnv, noop: boolean): Promise<Replica[]> {
  const replicas: Replica[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const env = { ...botEnv(e), INTERACTIONS: 'http', PORT: String(port), DISCORD_PUBLIC_KEY: e.publicKeyHex, HTTP_DRAIN_MS: '200' };
    const r = start(noop ? 'loadtest/noop-responder.ts' : 'src/main.ts', noop ? { ...env, ...(e.noopEnv ?? {}) } : env, e);
    r.port = port;
    r.url = `http://127.0.0.1:${port}/interactions`;
    replicas.push(r);
  }
  try {
    await Promise.all(replicas.map((r) => waitHealthy(r, 30_000)));
  } catch (err) {
    await stopAll(replicas);
    throw err;
  }
  return replicas;
}

/**
 * Starts `count` gateway processes, process i holding shard i of `count`; resolves when every shard is held by
 * exactly one process. (discord.js reads SHARD_COUNT from the environment by itself and, without explicit shard
 * ids, then takes every shard in every process: that shows here as shards held twice.)
 */
export async function startShards(count: number, e: ReplicaEnv): Promise<Replica[]> {
  const replicas = Array.from({ length: count }, (_, i) => start('src/main.ts', { ...botEnv(e), SHARD_COUNT: String(count), SHARD_IDS: String(i) }, e));
  const until = Date.now() + 30_000;
  const settled = (): boolean => e.fake.shardHolders(count).every((n) => n === 1);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  for (;;) {
    // Settled, and still so a moment later: a process that takes too many shards identifies them one after another.
    if (settled()) {
      await sleep(1000);
      if (settled()) break;
    }
    if (Date.now() > until || replicas.some((r) => r.child.exitCode !== null)) {
      await stopAll(replicas);
      throw new Error(`sessions per shard ${JSON.stringify(e.fake.shardHolders(count))} (want one each) after 30 s: src/main.ts must pass SHARD_IDS and SHARD_COUNT to the client as shards and shardCount. Output of process 0:\n${replicas[0]?.output().slice(-2000)}`);
    }
    await sleep(100);
  }
  return replicas;
}

/** SIGTERM to every process; SIGKILL to any still running after 10 s. */
export async function stopAll(replicas: readonly Replica[]): Promise<void> {
  await Promise.all(
    replicas.map(async (r) => {
      if (r.child.exitCode !== null) return;
      r.child.kill('SIGTERM');
      const timer = setTimeout(() => r.child.kill('SIGKILL'), 10_000);
      await r.exited;
      clearTimeout(timer);
    }),
  );
}
