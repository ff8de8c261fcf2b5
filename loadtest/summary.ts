/** The one table that ends a load test of several runs (--rates, --repeat): a row per run, the figures issue 28 asks for. */

/** What a row needs of a run's report (the bot's, and the noop's after it with --compare). */
export interface RunFigures {
  mode: string;
  accepted: number;
  busy: number;
  unanswered: number;
  p99: number;
  cpuPerPress: number;
  load: [number, number];
  figures: { stallMaxMs: number; gcMaxMs: number };
  check: { lost: number; doubled: number } | null;
}

/** One run's row. */
export interface SummaryRow {
  rate: number;
  run: number;
  mode: string;
  acceptedPerSecond: number;
  busy: number;
  unanswered: number;
  lost: number | null;
  doubled: number | null;
  p99: number;
  stallMaxMs: number;
  gcMaxMs: number;
  cpuPerPress: number;
  noopCpuPerPress: number | null;
  noopP99: number | null;
  load: number;
}

/** The row of run `run` at `rate` presses/s offered for `seconds`. */
export function summaryRow(rate: number, run: number, seconds: number, bot: RunFigures, noop: RunFigures | null): SummaryRow {
  return {
    rate,
    run,
    mode: bot.mode,
    acceptedPerSecond: bot.accepted / seconds,
    busy: bot.busy,
    unanswered: bot.unanswered,
    lost: bot.check ? bot.check.lost : null,
    doubled: bot.check ? bot.check.doubled : null,
    p99: bot.p99,
    stallMaxMs: bot.figures.stallMaxMs,
    gcMaxMs: bot.figures.gcMaxMs,
    cpuPerPress: bot.cpuPerPress,
    noopCpuPerPress: noop ? noop.cpuPerPress : null,
    noopP99: noop ? noop.p99 : null,
    load: Math.max(...bot.load),
  };
}

const num = (x: number | null, digits = 1): string => (x === null || Number.isNaN(x) ? '-' : x.toFixed(digits));

/** The rows as a Markdown table (it pastes into the docs as it is). */
export function summaryTable(rows: readonly SummaryRow[]): string {
  const head = ['rate/s', 'run', 'mode', 'accepted/s', 'busy', 'unanswered', 'lost', 'doubled', 'p99 ms', 'longest stall ms', 'longest GC ms', 'CPU/press ms', 'noop CPU/press ms', 'CPU ratio', 'noop p99 ms', 'load'];
  const lines = [`| ${head.join(' | ')} |`, `| ${head.map(() => '---').join(' | ')} |`];
  for (const r of rows) {
    const ratio = r.noopCpuPerPress ? r.cpuPerPress / r.noopCpuPerPress : null;
    lines.push(`| ${[r.rate, r.run, r.mode, num(r.acceptedPerSecond), r.busy, r.unanswered, r.lost ?? '-', r.doubled ?? '-', num(r.p99), num(r.stallMaxMs), num(r.gcMaxMs), num(r.cpuPerPress, 2), num(r.noopCpuPerPress, 2), ratio === null ? '-' : `${ratio.toFixed(2)}x`, num(r.noopP99), num(r.load)].join(' | ')} |`);
  }
  return `== summary: ${rows.length} runs\n${lines.join('\n')}`;
}
