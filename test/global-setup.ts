/**
 * Makes a real Redis available to integration tests as `inject('redisUrl')`:
 * REDIS_URL when set (it must answer), otherwise a redis-server started here on a free port.
 * When neither works the run fails with a clear message: Redis tests never pass silently.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, pingRedis as ping } from './support/own-redis.js';
import type { TestProject } from 'vitest/node';
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

let child: ChildProcess | undefined;
let dir: string | undefined;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const fromEnv = process.env.REDIS_URL;
  if (fromEnv) {
    if (!(await ping(fromEnv))) throw new Error(`REDIS_URL is set but Redis does not answer there. Start Redis or unset REDIS_URL so the tests start their own redis-server.`);
    project.provide('redisUrl', fromEnv);
    return async () => {};
  }
  const port = await freePort();
  dir = mkdtempSync(join(tmpdir(), 'cc-redis-'));
  child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir], { stdio: 'ignore' });
  const failed = new Promise<never>((_, reject) => {
    child?.once('error', (err) => reject(new Error(`No REDIS_URL and redis-server could not be started (${err.message}). Install redis-server or set REDIS_URL.`)));
  });
  const url = `redis://127.0.0.1:${port}`;
  const ready = (async () => {
    for (let i = 0; i < 100; i++) {
      if (await ping(url)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`redis-server started on port ${port} but never answered.`);
  })();
  await Promise.race([ready, failed]);
  project.provide('redisUrl', url);
  return async () => {
    child?.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
