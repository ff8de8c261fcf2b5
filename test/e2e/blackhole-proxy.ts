/**
 * A TCP proxy in front of Redis that can stop passing bytes while keeping every connection open: what a paused
 * (SIGSTOP) Redis or a blackholed network looks like to a client. Nothing is refused and nothing is closed, so only
 * the client's own timeouts can tell; bytes sent meanwhile wait and arrive once the proxy is opened again.
 */
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A pausable proxy to `target` (host:port) on a free 127.0.0.1 port. */
export class BlackholeProxy {
  private blocked = false;
  private readonly pairs = new Set<[Socket, Socket]>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetUrl: string): Promise<BlackholeProxy> {
    const target = new URL(targetUrl);
    const ref: { proxy?: BlackholeProxy } = {};
    const server = createServer((client) => ref.proxy?.accept(client, target.hostname, Number(target.port || 6379)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
    const proxy = new BlackholeProxy(server, (server.address() as AddressInfo).port);
    ref.proxy = proxy;
    return proxy;
  }

  /** The URL a client should use (same scheme and path as the target's). */
  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Stops forwarding in both directions; connections stay open. */
  block(): void {
    this.blocked = true;
    for (const [a, b] of this.pairs) {
      a.pause();
      b.pause();
    }
  }

  /** Forwards again, including whatever waited meanwhile. */
  unblock(): void {
    this.blocked = false;
    for (const [a, b] of this.pairs) {
      a.resume();
      b.resume();
    }
  }

  async close(): Promise<void> {
    for (const [a, b] of this.pairs) {
      a.destroy();
      b.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, host: string, port: number): void {
    const upstream = connect(port, host);
    const pair: [Socket, Socket] = [client, upstream];
    this.pairs.add(pair);
    client.pipe(upstream);
    upstream.pipe(client);
    if (this.blocked) this.block();
    const drop = (): void => {
      this.pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  }
}
