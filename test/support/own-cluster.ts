/**
 * A throwaway Redis Cluster of a few masters on 127.0.0.1, started by a test file and stopped after it: one
 * redis-server per master (cluster mode, nothing saved to disk, its own free port and cluster-bus port), joined with
 * `redis-cli --cluster create`, ready once every node reports cluster_state:ok.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { ClusterNodeAddress, RedisTarget } from '../../src/adapters/redis/client.js';
import { freePort, pingRedis } from './own-redis.js';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A running cluster; `target` is what the stores' client factory takes. */
export class OwnCluster {
  private constructor(
    readonly nodes: ClusterNodeAddress[],
    private readonly children: ChildProcess[],
    private readonly dir: string,
  ) {}

  /** Starts `masters` (at least 3, as Redis requires) nodes with no replicas and waits until the cluster serves every slot. */
  static async start(masters = 3): Promise<OwnCluster> {
    const dir = mkdtempSync(join(tmpdir(), 'cc-cluster-'));
    const ports = await distinctFreePorts(masters * 2);
    const children: ChildProcess[] = [];
    const nodes: ClusterNodeAddress[] = [];
    const cluster = new OwnCluster(nodes, children, dir);
    try {
      for (let i = 0; i < masters; i++) {
        const port = ports[2 * i]!;
        const bus = ports[2 * i + 1]!;
        const args = ['--port', String(port), '--bind', '127.0.0.1', '--cluster-enabled', 'yes', '--cluster-port', String(bus), '--cluster-config-file', join(dir, `nodes-${port}.conf`), '--cluster-node-timeout', '5000', '--save', '', '--appendonly', 'no', '--dir', dir];
        children.push(spawn('redis-server', args, { stdio: 'ignore' }));
        nodes.push({ host: '127.0.0.1', port });
      }
      await Promise.all(nodes.map((n) => waitFor(() => pingRedis(`redis://${n.host}:${n.port}`), `redis-server on port ${n.port} did not start`)));
      await run('redis-cli', ['--cluster', 'create', ...nodes.map((n) => `${n.host}:${n.port}`), '--cluster-replicas', '0', '--cluster-yes']);
      await Promise.all(nodes.map((n) => waitFor(() => clusterOk(n), `cluster node ${n.port} never reported cluster_state:ok`)));
      return cluster;
    } catch (err) {
      await cluster.close();
      throw err;
    }
  }

  get target(): RedisTarget {
    return { clusterNodes: this.nodes };
  }

  /** Stops every node and removes their files. */
  async close(): Promise<void> {
    await Promise.all(
      this.children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
          }),
      ),
    );
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** `count` different ports that were free a moment ago (each node needs its own port and cluster-bus port). */
async function distinctFreePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) ports.add(await freePort());
  return [...ports];
}

/** Polls `check` every 50 ms for up to 15 s. */
async function waitFor(check: () => Promise<boolean>, failure: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(failure);
}

/** True when the node answers that the cluster is up (every slot served). */
async function clusterOk(node: ClusterNodeAddress): Promise<boolean> {
  const client = new Redis({ host: node.host, port: node.port, lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000, retryStrategy: () => null });
  client.on('error', () => {});
  try {
    await client.connect();
    const info = String(await client.call('CLUSTER', 'INFO'));
    return /^cluster_state:ok\r?$/m.test(info);
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** Runs a command to its end; rejects with its output when it fails. */
function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.slice(0, 2).join(' ')} exited with ${code}: ${output.slice(-2000)}`))));
  });
}
