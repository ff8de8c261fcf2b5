/**
 * Loaded into every process under load (`node --import ./loadtest/probe.ts`; never by production): once a second it
 * appends a line of JSON to `$LOADTEST_PROBE_DIR/<pid>.jsonl` with the process's CPU time (and its main thread's, and
 * the event loop's busy time), heap, the longest
 * event-loop stall and the GC pauses since the line before (each pause's length, for their percentiles). The load
 * test reads these over the pressing window.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';

const dir = process.env.LOADTEST_PROBE_DIR;
if (dir) {
  const file = join(dir, `${process.pid}.jsonl`);
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gcMax = 0;
  let gcTotal = 0;
  let gcCount = 0;
  let gcPauses: number[] = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcMax = Math.max(gcMax, e.duration);
      gcTotal += e.duration;
      gcCount++;
      gcPauses.push(Math.round(e.duration * 100) / 100);
    }
  }).observe({ entryTypes: ['gc'] });
  // The main thread's own CPU time (Linux: its task's utime + stime, in clock ticks of 10 ms), apart from the thread
  // pool's (zlib, crypto): what the event loop, which serves every press, spent.
  const mainCpuMs = (): number | null => {
    try {
      // Fields after the command name (which may hold spaces and parentheses): state is the first, utime the 12th.
      const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return null;
    }
  };
  const write = (): void => {
    const cpu = process.cpuUsage();
    const line = { at: Date.now(), t: performance.now(), cpuMs: (cpu.user + cpu.system) / 1000, mainCpuMs: mainCpuMs(), loopActiveMs: performance.eventLoopUtilization().active, heapMB: process.memoryUsage().heapUsed / 1048576, stallMaxMs: loop.max / 1e6, gcMaxMs: gcMax, gcTotalMs: gcTotal, gcCount, gcPauses };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    loop.reset();
    gcMax = 0;
    gcTotal = 0;
    gcCount = 0;
    gcPauses = [];
  };
  setInterval(write, 1000).unref();
  process.on('exit', write);
}
