/** The production build: tsconfig.build.json compiles src + commands to plain JavaScript that node runs without tsx. */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
const SCRIPT = ['/rogue new seed:12 map:cavern size:small', '/rogue move direction:north steps:2', '!e', '@alice /rogue join', '/rogue status', '/rogue end', ''].join('\n');
let out = '';

beforeAll(() => {
  out = mkdtempSync(join(tmpdir(), 'cc-build-'));
  const tsc = spawnSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', out], { cwd: ROOT, encoding: 'utf8' });
  if (tsc.status !== 0) throw new Error(`tsc failed:\n${tsc.stdout}${tsc.stderr}`);
  // What the real dist/ has for free inside the repository: "type": "module" and node_modules.
  writeFileSync(join(out, 'package.json'), '{"type":"module"}\n');
  symlinkSync(join(ROOT, 'node_modules'), join(out, 'node_modules'), 'dir');
}, 120_000);

afterAll(() => {
  if (out) rmSync(out, { recursive: true, force: true });
});

describe('production build', () => {
  it('GIVEN tsconfig.build.json WHEN compiled THEN it emits the entry points and the commands, and no tests', () => {
    for (const f of ['src/main.js', 'src/play.js', 'src/deploy-commands.js', 'commands/index.js', 'src/adapters/http/server.js']) expect(existsSync(join(out, f)), f).toBe(true);
    expect(existsSync(join(out, 'test'))).toBe(false);
  });

  it('GIVEN the compiled terminal game WHEN node plays a script THEN it exits 0 and prints the same as the TypeScript sources under tsx', () => {
    const built = spawnSync(process.execPath, [join(out, 'src/play.js'), '--seed', '7', '--ascii'], { input: SCRIPT, encoding: 'utf8', timeout: 30_000 });
    expect(built.stderr).toBe('');
    expect(built.status).toBe(0);
    expect(built.stdout).toContain('Depth 1/5 · Turn');
    const dev = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'src/play.ts'), '--seed', '7', '--ascii'], { cwd: ROOT, input: SCRIPT, encoding: 'utf8', timeout: 30_000 });
    expect(dev.status).toBe(0);
    expect(built.stdout).toBe(dev.stdout);
  });

  it('GIVEN the compiled bot WHEN started without configuration THEN node runs it and it names the missing variables (exit 1)', () => {
    const env = { PATH: process.env.PATH ?? '', HOME: out };
    const bot = spawnSync(process.execPath, [join(out, 'src/main.js')], { cwd: out, env, encoding: 'utf8', timeout: 30_000 });
    expect(bot.status).toBe(1);
    expect(bot.stderr).toContain('DISCORD_TOKEN is required');
  });

  it('GIVEN the compiled replay encoder WHEN node runs it without tsx THEN its worker thread (plain JS) encodes a GIF', () => {
    const script = [
      `import { workerReplayEncoder } from ${JSON.stringify(join(out, 'src/adapters/render/replay-encoder.js'))};`,
      `import { defaultConfig } from ${JSON.stringify(join(out, 'src/engine/index.js'))};`,
      'const enc = workerReplayEncoder();',
      "const clip = await enc({ config: defaultConfig({ seed: 3, width: 40, height: 20 }), actions: [{ type: 'join', user: 'u', name: 'U' }, { type: 'wait', user: 'u' }] });",
      "process.stdout.write(`${clip.frames} ${String.fromCharCode(...clip.gif.subarray(0, 6))}`);",
      'await enc.close();',
    ].join('\n');
    writeFileSync(join(out, 'replay-check.mjs'), script);
    const run = spawnSync(process.execPath, [join(out, 'replay-check.mjs')], { cwd: out, encoding: 'utf8', timeout: 30_000 });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe('2 GIF89a');
  });
});
