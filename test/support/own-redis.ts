/** A redis-server owned by one test (to stop and restart mid-game), and a ping that never throws. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';

/** True when a Redis answers PING at url within about a second. */
export async function pingRedis(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A TCP port that was free a moment ago on 127.0.0.1. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A redis-server on a fixed free port with an append-only file, so a restart keeps the data. */
export class OwnRedis {
  private child: ChildProcess | null = null;
  private constructor(
    readonly port: number,
    readonly dir: string,
    /** appendfsync: 'always' (default: a restart loses nothing, for the restart tests) or 'everysec' (Redis's usual setting). */
    private readonly fsync: 'always' | 'everysec' = 'always',
  ) {}

  static async start(opts: { fsync?: 'always' | 'everysec' } = {}): Promise<OwnRedis> {
    const r = new OwnRedis(await freePort(), mkdtempSync(join(tmpdir(), 'cc-e2e-redis-')), opts.fsync);
    await r.up();
    return r;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server (again, on the same port and data folder) and waits until it answers. */
  async up(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', this.fsync, '--dir', this.dir], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      if (await pingRedis(this.url)) return;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`test redis-server on port ${this.port} did not start`);
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
