/** Issue 18 item 3: what 1,000 unsigned, hostile connections can cost the endpoint, measured in its own process. */
import { fork, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeaders, testSigningKeys } from '../../e2e/fake-discord/index.js';

const keys = testSigningKeys();
let child: ChildProcess;
let port = 0;

/** Asks the endpoint process for its RSS (after a full GC), in MB. */
function rss(): Promise<number> {
  return new Promise((resolve) => {
    const on = (m: { rss?: number }): void => {
      if (m.rss === undefined) return;
      child.off('message', on);
      resolve(m.rss / 1024 / 1024);
    };
    child.on('message', on);
    child.send('rss');
  });
}

/** One hostile connection of a kind; resolves when the server has closed it (or refused it). */
function hostile(kind: number): Promise<void> {
  return new Promise((resolve) => {
    const s: Socket = connect(port, '127.0.0.1');
    const done = (): void => {
      s.destroy();
      resolve();
    };
    s.on('error', done);
    s.on('close', done);
    s.on('data', () => {});
    s.on('connect', () => {
      switch (kind % 4) {
        case 0: // announces a huge body: refused on its Content-Length
          s.write('POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000000\r\n\r\n');
          s.write(Buffer.alloc(64 * 1024, 0x61));
          break;
        case 1: // a full body just under the limit, unsigned
          s.write('POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 120000\r\nConnection: close\r\n\r\n');
          s.write(Buffer.alloc(120_000, 0x62));
          break;
        case 2: // headers that never end (slowloris)
          s.write('POST /interactions HTTP/1.1\r\nHost: x\r\nX-Slow: ');
          break;
        case 3: // a body that never comes
          s.write('POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n{"type":');
          break;
      }
    });
  });
}

describe('1,000 hostile connections', () => {
  beforeAll(async () => {
    child = fork('test/adapters/http/hostile-target.ts', [keys.publicKeyHex], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    port = await new Promise<number>((resolve) => child.on('message', (m: { port?: number }) => m.port !== undefined && resolve(m.port)));
  });
  afterAll(() => {
    child.kill('SIGKILL');
  });

  it('GIVEN an idle endpoint WHEN 1,000 unsigned connections send huge, endless or stalled requests THEN each is closed within the timeouts, RSS comes back near its baseline and a signed PING is still answered', async () => {
    // Warm up the code paths once, so the baseline includes what every process loads anyway.
    await Promise.all(Array.from({ length: 8 }, (_, i) => hostile(i)));
    const baseline = await rss();
    const started = Date.now();
    await Promise.all(Array.from({ length: 1000 }, (_, i) => hostile(i)));
    const took = Date.now() - started;
    const after = await rss();
    console.info(`hostile connections: baseline ${baseline.toFixed(1)} MB, after ${after.toFixed(1)} MB, all closed in ${took} ms`);
    // The slowest kinds are cut by the 1 s headers / 2 s request timeouts (plus the 1 s check interval).
    expect(took).toBeLessThan(8000);
    expect(after - baseline).toBeLessThan(40);
    const ping = JSON.stringify({ type: 1 });
    const res = await fetch(`http://127.0.0.1:${port}/interactions`, { method: 'POST', body: ping, headers: { 'content-type': 'application/json', ...signatureHeaders(keys, ping) } });
    expect(await res.json()).toEqual({ type: 1 });
  }, 30_000);
});
