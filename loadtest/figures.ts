/**
 * What the processes under load cost over the pressing window, from their probes (loadtest/probe.ts), and where
 * their CPU went, from V8 CPU profiles (--profile), grouped by area.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { percentile } from './stats.js';

/** One probe line. */
interface ProbeLine {
  at: number;
  cpuMs: number;
  /** The main thread's CPU time, ms (null where /proc is not readable; absent in older lines). */
  mainCpuMs?: number | null;
  /** The event loop's busy time since the process started, ms (performance.eventLoopUtilization). */
  loopActiveMs?: number;
  heapMB: number;
  stallMaxMs: number;
  gcMaxMs: number;
  gcTotalMs: number;
  gcCount: number;
  /** Each GC pause's length, ms (older probe lines have none). */
  gcPauses?: number[];
}

/** The processes' figures over a window. */
export interface ProcessFigures {
  /** CPU time of every process together, ms. */
  cpuMs: number;
  /** Of that, their main threads' (NaN when unknown), and their event loops' busy time, ms. */
  mainCpuMs: number;
  loopActiveMs: number;
  /** The longest event-loop stall seen in any process, and the longest GC pause, ms. */
  stallMaxMs: number;
  gcMaxMs: number;
  /** GC time of every process together, ms. */
  gcTotalMs: number;
  /** Heap used at the window's start and end, summed over the processes, MB. */
  heapStartMB: number;
  heapEndMB: number;
  /** GC pauses in the window: how many, and their 99th percentile, ms. */
  gcCount: number;
  gcP99Ms: number;
  /** Heap used (summed over the processes) at the start of each whole minute of the window and at its end, MB. */
  heapByMinuteMB: number[];
  /** The heap's trend over the window, MB per minute (least squares over the once-a-second samples, summed over the processes). */
  heapSlopeMBPerMin: number;
  /**
   * The heap's floor: the lowest sample of each whole minute (what survives collection, summed over the processes),
   * and its trend in MB per minute. Samples land anywhere in GC's sawtooth; the floor is what a leak raises.
   */
  heapFloorByMinuteMB: number[];
  heapFloorSlopeMBPerMin: number;
}

/** Reads every probe file in `dir` and sums the window [from, to] (epoch ms). */
export function probeFigures(dir: string, from: number, to: number): ProcessFigures {
  const f: ProcessFigures = { cpuMs: 0, mainCpuMs: 0, loopActiveMs: 0, stallMaxMs: 0, gcMaxMs: 0, gcTotalMs: 0, heapStartMB: 0, heapEndMB: 0, gcCount: 0, gcP99Ms: NaN, heapByMinuteMB: [], heapSlopeMBPerMin: 0, heapFloorByMinuteMB: [], heapFloorSlopeMBPerMin: 0 };
  const pauses: number[] = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.jsonl'))) {
    const lines = readFileSync(join(dir, name), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as ProbeLine);
    const before = lines.filter((l) => l.at <= from).at(-1) ?? lines[0];
    const after = lines.find((l) => l.at >= to) ?? lines.at(-1);
    if (!before || !after) continue;
    const inside = lines.filter((l) => l.at > from && l.at <= (after.at ?? to));
    f.cpuMs += after.cpuMs - before.cpuMs;
    f.mainCpuMs += after.mainCpuMs != null && before.mainCpuMs != null ? after.mainCpuMs - before.mainCpuMs : NaN;
    f.loopActiveMs += (after.loopActiveMs ?? NaN) - (before.loopActiveMs ?? NaN);
    f.heapStartMB += before.heapMB;
    f.heapEndMB += after.heapMB;
    for (const l of inside) {
      f.stallMaxMs = Math.max(f.stallMaxMs, l.stallMaxMs);
      f.gcMaxMs = Math.max(f.gcMaxMs, l.gcMaxMs);
      f.gcTotalMs += l.gcTotalMs;
      f.gcCount += l.gcCount;
      pauses.push(...(l.gcPauses ?? []));
    }
    const trend = heapTrend([before, ...inside], from, to);
    f.heapSlopeMBPerMin += trend.slope;
    trend.byMinute.forEach((mb, i) => (f.heapByMinuteMB[i] = (f.heapByMinuteMB[i] ?? 0) + mb));
    const floor = heapFloor(inside, from, to);
    f.heapFloorSlopeMBPerMin += floor.slope;
    floor.byMinute.forEach((mb, i) => (f.heapFloorByMinuteMB[i] = (f.heapFloorByMinuteMB[i] ?? 0) + mb));
  }
  f.gcP99Ms = percentile(pauses, 99);
  return f;
}

/**
 * One process's heap over [from, to]: the sample nearest each whole minute from `from` (and the last one), and the
 * least-squares slope of heap against time, MB per minute (0 with fewer than two samples).
 */
export function heapTrend(lines: readonly Pick<ProbeLine, 'at' | 'heapMB'>[], from: number, to: number): { byMinute: number[]; slope: number } {
  const byMinute: number[] = [];
  if (lines.length === 0) return { byMinute, slope: 0 };
  for (let t = from; t < to; t += 60_000) byMinute.push(nearest(lines, t).heapMB);
  byMinute.push(nearest(lines, to).heapMB);
  const n = lines.length;
  if (n < 2) return { byMinute, slope: 0 };
  const mx = lines.reduce((a, l) => a + l.at, 0) / n;
  const my = lines.reduce((a, l) => a + l.heapMB, 0) / n;
  let num = 0;
  let den = 0;
  for (const l of lines) {
    num += (l.at - mx) * (l.heapMB - my);
    den += (l.at - mx) ** 2;
  }
  return { byMinute, slope: den > 0 ? (num / den) * 60_000 : 0 };
}

/** Heap figures by minute, MB, and their trend, MB per minute. */
export interface HeapSeries {
  byMinute: number[];
  slope: number;
}

/**
 * One process's heap floor over [from, to]: the lowest sample in each whole minute (a last part shorter than a minute
 * is left out), and the least-squares slope of those floors, MB per minute (0 with fewer than two minutes).
 */
export function heapFloor(lines: readonly Pick<ProbeLine, 'at' | 'heapMB'>[], from: number, to: number): HeapSeries {
  const byMinute: number[] = [];
  for (let t = from; t + 60_000 <= to; t += 60_000) {
    const inMinute = lines.filter((l) => l.at > t && l.at <= t + 60_000);
    if (inMinute.length) byMinute.push(Math.min(...inMinute.map((l) => l.heapMB)));
  }
  const n = byMinute.length;
  if (n < 2) return { byMinute, slope: 0 };
  const mx = (n - 1) / 2;
  const my = byMinute.reduce((a, b) => a + b, 0) / n;
  let num = 0;
  let den = 0;
  byMinute.forEach((y, x) => {
    num += (x - mx) * (y - my);
    den += (x - mx) ** 2;
  });
  return { byMinute, slope: num / den };
}

function nearest<T extends { at: number }>(lines: readonly T[], t: number): T {
  let best = lines[0]!;
  for (const l of lines) if (Math.abs(l.at - t) < Math.abs(best.at - t)) best = l;
  return best;
}

/** The areas CPU time is grouped into, first match wins: [area, test on the frame's url and function]. */
const AREAS: [string, (url: string, fn: string) => boolean][] = [
  ['GC', (u, fn) => u === '' && fn === '(garbage collector)'],
  ['idle', (u, fn) => u === '' && fn === '(idle)'],
  ['native / program', (u, fn) => u === '' && (fn === '(program)' || fn === '(root)')],
  ['render (map, image, text)', (u) => /\/src\/render\//.test(u)],
  ['engine (step, AI, FOV, A*)', (u) => /\/src\/(engine|pathfinding|mapgen|grid)\//.test(u)],
  ['state codec and schemas (zod)', (u) => /\/src\/(app\/game-codec|engine\/state-schema)|\/zod\//.test(u)],
  ['app (service, ports)', (u) => /\/src\/app\//.test(u)],
  ['commands and controls', (u) => /\/commands\//.test(u)],
  ['Redis client (ioredis) and store', (u) => /ioredis|redis-parser|\/src\/adapters\/redis\//.test(u)],
  ['Discord REST clients (interaction client, @discordjs/rest, undici)', (u) => /\/src\/adapters\/discord\/interaction-client|@discordjs\/rest|undici|@vladfrangu|@sapphire/.test(u)],
  ['Discord layer (router, payloads, messages)', (u) => /\/src\/adapters\/discord\//.test(u)],
  ['gateway (discord.js ws)', (u) => /@discordjs\/ws|@discordjs\/core|\/ws\//.test(u)],
  ['HTTP endpoint (server, signature)', (u) => /\/src\/adapters\/http\//.test(u)],
  ['Node HTTP, net and streams', (u) => /^node:(_http|http|net|internal\/(http|stream|streams|net|timers|process\/task_queues)|stream)/.test(u)],
  ['crypto and zlib', (u) => /^node:(crypto|zlib|internal\/crypto)/.test(u)],
  ['logging (pino)', (u) => /pino|sonic-boom/.test(u)],
  ['module loading (tsx, startup)', (u) => /tsx|esbuild|node:internal\/modules/.test(u)],
];

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * Each node's area: by its own frame, else (a native function such as a socket write, or Node internals) the area of
 * its nearest caller that has one, so the time lands where the work was asked for.
 */
function areasOf(nodes: readonly ProfileNode[]): Map<number, string> {
  const own = new Map(nodes.map((n) => [n.id, AREAS.find(([, test]) => test(n.callFrame.url, n.callFrame.functionName))?.[0]]));
  const parent = new Map<number, number>();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const nearest = (start: number, accept: (a: string) => boolean): string | undefined => {
    for (let id: number | undefined = start; id !== undefined; id = parent.get(id)) {
      const a = own.get(id);
      if (a !== undefined && accept(a)) return a;
    }
    return undefined;
  };
  // Node's own layers (HTTP, net, streams, crypto, module loading) count only where no part of ours or a library asked.
  const area = new Map<number, string>();
  for (const n of nodes) area.set(n.id, nearest(n.id, (a) => !NODE_LAYERS.has(a)) ?? nearest(n.id, () => true) ?? 'other');
  return area;
}

/** Areas that are Node's own layers rather than ours or a library's. */
const NODE_LAYERS = new Set(['Node HTTP, net and streams', 'crypto and zlib', 'module loading (tsx, startup)', 'native / program']);

/** Self time by area over every .cpuprofile in `dir` (idle left out), as [area, ms, share] sorted by time. */
export function profileBreakdown(dir: string): [string, number, number][] {
  const byArea = new Map<string, number>();
  const other = new Map<string, number>();
  const frames = new Map<string, number>();
  const top = Number(process.env.LOADTEST_PROFILE_TOP ?? 0);
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.cpuprofile'))) {
    const p = JSON.parse(readFileSync(join(dir, name), 'utf8')) as CpuProfile;
    const area = areasOf(p.nodes);
    const byId = top > 0 ? new Map(p.nodes.map((n) => [n.id, n])) : undefined;
    p.samples.forEach((id, i) => {
      const a = area.get(id) ?? 'other';
      byArea.set(a, (byArea.get(a) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
      const n = byId?.get(id);
      if (n && a !== 'idle') {
        const k = `${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^.*\/(src|commands|loadtest)\//, '$1/')} ${n.callFrame.functionName || '(anonymous)'}`;
        frames.set(k, (frames.get(k) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
      }
      if (a === 'other') {
        const n = p.nodes.find((x) => x.id === id)!;
        const k = `${n.callFrame.url.replace(/^.*node_modules\//, '')} ${n.callFrame.functionName}`;
        other.set(k, (other.get(k) ?? 0) + (p.timeDeltas[i] ?? 0) / 1000);
      }
    });
  }
  byArea.delete('idle');
  // LOADTEST_PROFILE_TOP=N: the N functions with the most self time, to find what to cut within an area.
  for (const [k, v] of [...frames].sort((a, b) => b[1] - a[1]).slice(0, top)) process.stderr.write(`top: ${v.toFixed(0)} ms ${k}\n`);
  if (process.env.LOADTEST_PROFILE_OTHER) for (const [k, v] of [...other].sort((a, b) => b[1] - a[1]).slice(0, 25)) process.stderr.write(`other: ${v.toFixed(0)} ms ${k}\n`);
  const total = [...byArea.values()].reduce((a, b) => a + b, 0);
  return [...byArea].map(([a, ms]): [string, number, number] => [a, ms, total > 0 ? ms / total : 0]).sort((x, y) => y[1] - x[1]);
}
