/**
 * Issue 29, "the endpoint stays open to Discord", tested the way an attacker does: 1,000 connections that each sent one
 * unsigned request (or nothing, or drip their headers or body) held open, and reopened as soon as the endpoint closes
 * them, while Discord's signed PINGs arrive on new connections. At least 99 of 100 must be answered, and the endpoint's
 * memory stays bounded.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signatureHeaders, testSigningKeys } from '../../e2e/fake-discord/index.js';

const keys = testSigningKeys();
let child: ChildProcess;
let port = 0;

/** The endpoint process's RSS after a full GC, in MB. */
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

type Attack = 'unsigned-request' | 'nothing' | 'header-drip' | 'body-drip';

/**
 * `count` attacking connections of one kind. Each keeps its socket open as long as the endpoint lets it; with `reopen`,
 * each reconnects as soon as it is closed. Returns how many connections were made and a stop function.
 */
function attack(kind: Attack, count: number, reopen: boolean): { stop: () => void; opened: () => number; ready: Promise<void> } {
  let stopped = false;
  let opened = 0;
  const sockets = new Set<Socket>();
  let firstWave = 0;
  let markReady = (): void => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  const open = (): void => {
    if (stopped) return;
    opened++;
    const s = connect(port, '127.0.0.1');
    sockets.add(s);
    let timer: NodeJS.Timeout | undefined;
    s.on('data', () => {});
    s.on('error', () => {});
    s.on('close', () => {
      clearInterval(timer);
      sockets.delete(s);
      // Reopened on the next tick, like an attacker's tight loop (not synchronously, so the loop yields).
      if (reopen && !stopped) setImmediate(open);
    });
    s.on('connect', () => {
      if (++firstWave === count) markReady();
      const body = '{"type":1}';
      if (kind === 'unsigned-request') s.write(`POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
      if (kind === 'header-drip') {
        s.write('POST /interactions HTTP/1.1\r\nHost: x\r\n');
        timer = setInterval(() => s.write('X: y\r\n'), 300);
      }
      if (kind === 'body-drip') {
        s.write('POST /interactions HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n');
        timer = setInterval(() => s.write('a'), 300);
      }
    });
  };
  for (let i = 0; i < count; i++) open();
  return {
    opened: () => opened,
    ready,
    stop: () => {
      stopped = true;
      for (const s of sockets) s.destroy();
    },
  };
}

/** One signed PING on a new connection (no agent, no keep-alive); true when answered PONG within 3 s. */
function ping(): Promise<boolean> {
  const body = JSON.stringify({ type: 1 });
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: '/interactions', method: 'POST', agent: false, timeout: 3000, headers: { 'content-type': 'application/json', 'content-length': body.length, connection: 'close', ...signatureHeaders(keys, body) } }, (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve(res.statusCode === 200 && text === '{"type":1}'));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end(body);
  });
}

/** 100 signed PINGs, 10 at a time, each on a new connection: how many were answered. */
async function pings(): Promise<number> {
  let ok = 0;
  for (let batch = 0; batch < 10; batch++) {
    const results = await Promise.all(Array.from({ length: 10 }, ping));
    ok += results.filter(Boolean).length;
  }
  return ok;
}

describe('the endpoint under 1,000 idle or dripping connections', () => {
  beforeAll(async () => {
    // The endpoint with its defaults (no maxConnections or idle settings passed).
    child = fork('test/adapters/http/hostile-target.ts', [keys.publicKeyHex, 'defaults'], { execArgv: ['--import', 'tsx', '--expose-gc'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    port = await new Promise<number>((resolve) => child.on('message', (m: { port?: number }) => m.port !== undefined && resolve(m.port)));
    await pings();
  }, 60_000);
  afterAll(() => {
    child.kill('SIGKILL');
  });

  it.each<[Attack, boolean]>([
    ['unsigned-request', false],
    ['unsigned-request', true],
    ['nothing', true],
    ['header-drip', true],
    ['body-drip', true],
  ])('GIVEN 1,000 connections (%s, reopened as they close: %s) WHEN 100 signed PINGs come on new connections THEN at least 99 are answered and memory stays bounded', async (kind, reopen) => {
    const baseline = await rss();
    const a = attack(kind, 1000, reopen);
    await a.ready;
    const answered = await pings();
    const during = await rss();
    a.stop();
    console.info(`${kind}${reopen ? ', reopened' : ''}: ${answered}/100 PINGs answered, ${a.opened()} attacking connections, RSS ${baseline.toFixed(1)} -> ${during.toFixed(1)} MB`);
    expect(answered).toBeGreaterThanOrEqual(99);
    expect(during - baseline).toBeLessThan(80);
  }, 60_000);
});
