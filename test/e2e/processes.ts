/** Child processes for the e2e tests: the real bot (`npm start`); the private redis-server lives in test/support. */
import { spawn, type ChildProcess } from 'node:child_process';
export { OwnRedis } from '../support/own-redis.js';

/** The real bot as a child process: `node --import tsx src/main.ts` with the given environment. */
export function spawnBot(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: process.cwd(), env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => out, exited };
}
