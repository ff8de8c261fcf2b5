/** Child processes for the e2e tests: a private redis-server (to stop and restart) and the real bot (`npm start`). */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { freePort } from '../global-setup.js';

/** A redis-server on a fixed free port with an append-only file, so a restart keeps the data. */
export class OwnRedis {
  private child: ChildProcess | null = null;
  private constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  static async start(): Promise<OwnRedis> {
    const r = new OwnRedis(await freePort(), mkdtempSync(join(tmpdir(), 'cc-e2e-redis-')));
    await r.up();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server and waits until it answers. */
  async up(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', this.dir], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      const c = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
      c.on('error', () => {});
      try {
        await c.connect();
        if ((await c.ping()) === 'PONG') return;
      } catch {
        // not up yet
      } finally {
        c.disconnect();
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('redis-server did not start');
  }

  /** Stops the server (SIGTERM: it flushes its append-only file) and waits for it to exit. */
  async down(): Promise<void> {
    const c = this.child;
    this.child = null;
    if (!c || c.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      c.once('exit', () => resolve());
      c.kill('SIGTERM');
    });
  }

  async close(): Promise<void> {
    await this.down();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** The real bot as a child process: `node --import tsx src/main.ts` with the given environment. */
export function spawnBot(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: process.cwd(), env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}
