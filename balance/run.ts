/**
 * npm run balance [-- --seeds N] [-- --filter TEXT[,TEXT...]] [-- --json] [-- --workers N] [-- --breakdown]
 * Plays scripted policies through the engine and prints, per row (a scenario on one map kind), the win rate, the depth
 * reached, median turns and median commands per player per level (all, explore + travel, single moves incl. attacks).
 * A row's seeds are the first N seeds that `/rogue new seed:N` turns into that map kind under the default 'random'
 * setting (kindFromSeed, the game's own rule), so any seed in the table replays in Discord as the same game.
 * With --breakdown, each row also says where the commands went (fight or walk, by press) and the commands per fight.
 * Games are spread over child processes (one per core by default).
 */
import { availableParallelism } from 'node:os';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { playGame, type GameResult } from './play.js';
import { ROWS, seedsFor, type Row } from './rows.js';

interface Job {
  row: number;
  seed: number;
}

function median(xs: number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

const mean = (xs: number[]): number => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);

function summarise(row: Row, results: GameResult[]) {
  const wins = results.filter((r) => r.won).length;
  const depths: Record<string, number> = {};
  const killers: Record<string, number> = {};
  for (const r of results) if (r.killer) killers[r.killer] = (killers[r.killer] ?? 0) + 1;
  for (const r of results) {
    const k = r.won ? 'won' : r.stuck ? 'stuck' : `d${r.depth}`;
    depths[k] = (depths[k] ?? 0) + 1;
  }
  return {
    row: row.name,
    seeds: results.length,
    winRate: wins / Math.max(1, results.length),
    depths,
    killers,
    medianTurns: median(results.map((r) => r.turns)),
    // Per player per level: a party's commands are shared out among its players.
    medianActionsPerLevel: median(results.map((r) => r.actions / row.players / r.depth)),
    medianWalksPerLevel: median(results.map((r) => r.walks / row.players / r.depth)),
    medianMovesPerLevel: median(results.map((r) => r.moves / row.players / r.depth)),
    breakdown: breakdownOf(row, results),
    // Potions per run (means), refusals per level, fight orders handed back with no blow per run, and the busiest
    // player's share of a level's presses (median over every level of every game).
    potions: ['found', 'used', 'left'].map((k) => mean(results.map((r) => r.potions[k as 'found' | 'used' | 'left']))),
    refusalsPerLevel: mean(results.map((r) => r.refusals / r.depth)),
    idleHandBacks: mean(results.map((r) => r.idleHandBacks)),
    // Of those, the ones for a monster joining the fight (monster-in-view) and the stand-offs (no blow for fightIdle
    // rounds, a step too exposed, a fight drawn out, nothing left in view).
    idleNewcomers: mean(results.map((r) => r.breakdown['idle-back:monster-in-view'] ?? 0)),
    idleStandOffs: mean(results.map((r) => ['no-blows', 'exposed', 'drawn-out', 'no-target'].reduce((n, k) => n + (r.breakdown[`idle-back:${k}`] ?? 0), 0))),
    medianTurnsPerLevel: median(results.map((r) => r.turns / r.depth)),
    busiest: median(results.flatMap((r) => r.busiestShares)),
  };
}

/**
 * Where the commands went, per player per level over all the row's games (their sum over the sum of players x levels):
 * each `fight:`/`walk:` press kind, and the fights and the commands per player per fight.
 */
function breakdownOf(row: Row, results: GameResult[]): Record<string, number> {
  const levels = results.reduce((n, r) => n + r.depth * row.players, 0) || 1;
  const sum: Record<string, number> = {};
  for (const r of results) for (const [k, v] of Object.entries(r.breakdown)) sum[k] = (sum[k] ?? 0) + v;
  const fights = results.reduce((n, r) => n + r.fights, 0);
  const inFights = Object.entries(sum).filter(([k]) => k.startsWith('fight:')).reduce((n, [, v]) => n + v, 0);
  const out: Record<string, number> = {};
  for (const [k, v] of Object.entries(sum).sort(([, a], [, b]) => b - a)) out[k] = v / levels;
  out['fights/lvl'] = (fights * row.players) / levels;
  if (fights > 0) out['cmds/plr/fight'] = inFights / row.players / fights;
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const arg = (name: string): string | undefined => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const seeds = Number(arg('--seeds') ?? 50);
  const filter = arg('--filter') ?? '';
  const workers = Math.max(1, Number(arg('--workers') ?? availableParallelism()));
  // --filter takes comma-separated alternatives: 'hard,party' runs every row naming either.
  const rows = ROWS.map((r, i) => ({ r, i })).filter(({ r }) => filter.split(',').some((f) => r.name.includes(f)));
  const jobs: Job[] = [];
  for (const { r, i } of rows) for (const seed of seedsFor(r.kind, seeds)) jobs.push({ row: i, seed });
  const started = performance.now();
  const results = new Map<number, GameResult[]>();
  const chunks: Job[][] = Array.from({ length: workers }, () => []);
  jobs.forEach((j, k) => chunks[k % workers]!.push(j));
  const self = fileURLToPath(import.meta.url);
  await Promise.all(
    chunks.map(
      (chunk) =>
        new Promise<void>((resolve, reject) => {
          // Child processes (tsx's loader comes along in execArgv); each plays its share and sends the results back.
          const w = fork(self, ['--child'], { execArgv: process.execArgv });
          w.on('message', (done: { row: number; result: GameResult }[]) => {
            for (const d of done) results.set(d.row, [...(results.get(d.row) ?? []), d.result]);
            w.disconnect();
          });
          w.on('error', reject);
          w.on('exit', () => resolve());
          w.send(chunk);
        }),
    ),
  );
  const table = rows.map(({ r, i }) => ({ ...summarise(r, results.get(i) ?? []), seedsTo: seedsFor(r.kind, seeds).at(-1) ?? 0 }));
  const seconds = (performance.now() - started) / 1000;
  if (args.includes('--json')) {
    process.stdout.write(`${JSON.stringify({ seeds, seconds, rows: table }, null, 2)}\n`);
    return;
  }
  const pad = (s: string, n: number): string => s.padEnd(n);
  console.log(`${pad('row', 38)} ${pad('seeds', 12)} ${pad('win%', 6)} ${pad('median turns', 13)} ${pad('cmds/plr/lvl', 13)} ${pad('explore+travel', 15)} ${pad('moves', 6)} depth reached (dN = died on depth N; stuck = out of commands) · killed by`);
  for (const t of table) {
    const dist = Object.entries(t.depths)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, v]) => `${k}:${v}`)
      .join(' ');
    const by = Object.entries(t.killers)
      .sort(([, a], [, b]) => b - a)
      .map(([k, v]) => `${k}:${v}`)
      .join(' ');
    console.log(`${pad(t.row, 38)} ${pad(`${t.seeds} (<=${t.seedsTo})`, 12)} ${pad((t.winRate * 100).toFixed(1), 6)} ${pad(String(t.medianTurns), 13)} ${pad(t.medianActionsPerLevel.toFixed(1), 13)} ${pad(t.medianWalksPerLevel.toFixed(1), 15)} ${pad(t.medianMovesPerLevel.toFixed(1), 6)} ${dist}${by ? ` · ${by}` : ''}`);
    const [found, used, left] = t.potions.map((x) => x.toFixed(1));
    console.log(`  potions found/used/left ${found}/${used}/${left} · refusals/lvl ${t.refusalsPerLevel.toFixed(2)} · orders handed back without a blow/run ${t.idleHandBacks.toFixed(2)} (newcomers ${t.idleNewcomers.toFixed(2)}, stand-offs ${t.idleStandOffs.toFixed(2)}) · turns/lvl ${t.medianTurnsPerLevel.toFixed(0)} · busiest player ${(t.busiest * 100).toFixed(0)}%`);
    if (args.includes('--breakdown')) {
      const parts = Object.entries(t.breakdown).map(([k, v]) => `${k} ${v.toFixed(1)}`);
      console.log(`  per player per level (mean): ${parts.join(', ')}`);
    }
  }
  console.log(`${jobs.length} games in ${seconds.toFixed(1)} s on ${workers} workers`);
}

if (process.argv.includes('--child')) {
  process.once('message', (chunk: Job[]) => {
    const done = chunk.map((j) => ({ row: j.row, result: playGame(ROWS[j.row]!, j.seed) }));
    process.send!(done);
  });
} else {
  main().catch((e: unknown) => {
    console.error(e);
    process.exit(1);
  });
}
