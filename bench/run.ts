/**
 * npm run bench [-- --json] [-- --filter TEXT]
 * Runs every case in its own fresh process (JIT state from one case must not slow another),
 * prints a table of medians with the ratio to the reference implementation of the same name.
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import type { BenchCase, BenchResult } from './harness.js';
import { allCases } from './cases.js';

const args = process.argv.slice(2);
const json = args.includes('--json');
const caseArg = args.indexOf('--case');
const filterArg = args.indexOf('--filter');
const filter = filterArg >= 0 ? (args[filterArg + 1] ?? '') : '';

async function measure(c: BenchCase): Promise<BenchResult[]> {
  if (c.run) return c.run();
  if (!c.setup) throw new Error(`bench case ${c.name} has neither setup nor run`);
  const fn = await c.setup();
  const bench = new Bench({ time: 600, warmupTime: 200, warmupIterations: 50, iterations: 50 });
  bench.add(c.name, fn);
  await bench.run();
  const task = bench.tasks[0];
  const latency = task?.result && 'latency' in task.result ? task.result.latency : undefined;
  if (!latency) throw new Error(`bench case ${c.name} produced no result`);
  // tinybench reports milliseconds.
  return [{ name: c.name, impl: c.impl, medianUs: (latency.p50 ?? latency.mean) * 1000, extra: { p99Us: (latency.p99 ?? 0) * 1000 } }];
}

async function child(index: number): Promise<void> {
  const c = allCases()[index];
  if (!c) throw new Error(`no bench case ${index}`);
  const results = await measure(c);
  process.stdout.write(`${JSON.stringify(results)}\n`);
  process.exit(0);
}

function fmt(us: number): string {
  if (us >= 1000) return `${(us / 1000).toFixed(2)} ms`;
  return `${us.toFixed(us < 10 ? 2 : 1)} µs`;
}

async function parent(): Promise<void> {
  const cases = allCases();
  const self = fileURLToPath(import.meta.url);
  const results: BenchResult[] = [];
  for (let i = 0; i < cases.length; i++) {
    const c = cases[i]!;
    if (filter && !`${c.name} ${c.impl}`.toLowerCase().includes(filter.toLowerCase())) continue;
    if (!json) process.stderr.write(`… ${c.name} [${c.impl}]\n`);
    const out = spawnSync(process.execPath, ['--import', 'tsx', self, '--case', String(i)], {
      encoding: 'utf8',
      env: process.env,
      maxBuffer: 16 * 1024 * 1024,
    });
    if (out.status !== 0) {
      process.stderr.write(`bench case "${c.name}" [${c.impl}] failed:\n${out.stderr}\n`);
      process.exitCode = 1;
      continue;
    }
    const line = out.stdout.trim().split('\n').pop() ?? '[]';
    results.push(...(JSON.parse(line) as BenchResult[]));
  }
  if (json) {
    process.stdout.write(`${JSON.stringify(results, null, 2)}\n`);
    return;
  }
  const ours = 'channel-crawler';
  const rows = results.map((r) => {
    const base = results.find((o) => o.name === r.name && o.impl === ours);
    const ratio = base && r.impl !== ours ? `${(r.medianUs / base.medianUs).toFixed(1)}x slower than ours` : '';
    const extra = r.extra ? Object.entries(r.extra).map(([k, v]) => `${k}=${Number.isInteger(v) ? v : v.toFixed(1)}`).join(' ') : '';
    return [r.name, r.impl, fmt(r.medianUs), ratio, extra];
  });
  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((row) => row[i]!.length), 6));
  const head = ['case', 'impl', 'median', 'ratio'];
  process.stdout.write(`${head.map((h, i) => h.padEnd(widths[i]!)).join('  ')}  extra\n`);
  for (const row of rows) process.stdout.write(`${row.slice(0, 4).map((c, i) => c.padEnd(widths[i]!)).join('  ')}  ${row[4]}\n`);
}

if (caseArg >= 0) await child(Number(args[caseArg + 1]));
else await parent();
