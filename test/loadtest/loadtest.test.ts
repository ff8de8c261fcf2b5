/** The load test's own parts: statistics, the world it builds, what counts as accepted, and a short noop run end to end. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LoadArgsSchema } from '../../loadtest/args.js';
import { heapFloor, heapTrend, probeFigures } from '../../loadtest/figures.js';
import { summaryRow, summaryTable, type RunFigures } from '../../loadtest/summary.js';
import { NOOP_WELCOME_TEXT } from '../../loadtest/welcome.js';
import { t } from '../../src/i18n/index.js';
import { followedUpTokens, followUpTexts, isAccepted, judge, type CheckResult } from '../../loadtest/check.js';
import type { Press } from '../../loadtest/drive.js';
import { percentile, seededRandom } from '../../loadtest/stats.js';
import { buildWorld, gameKeyOf } from '../../loadtest/world.js';
import { isFallen, takesTurn } from '../../loadtest/drive.js';
import { keyKind } from '../../loadtest/redis-figures.js';
import { encodeButtonId } from '../../commands/controls/custom-id.js';
import { shardOf } from '../e2e/fake-discord/index.js';

describe('load test', () => {
  it('GIVEN latencies WHEN percentiles are taken THEN they are nearest-rank values', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i); // 100..1, unsorted
    expect(percentile(values, 50)).toBe(50);
    expect(percentile(values, 99)).toBe(99);
    expect(percentile(values, 100)).toBe(100);
    expect(percentile([], 50)).toBeNaN();
  });

  it('GIVEN a seed WHEN the generator runs twice THEN it repeats, and stays in [0, 1)', () => {
    const a = seededRandom(5);
    const b = seededRandom(5);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('GIVEN 200 channels of 4 players on 2 shards WHEN the world is built THEN every shard owns guilds and ids are unique', () => {
    const w = buildWorld(200, 4, 2);
    expect(w.channels).toHaveLength(200);
    expect(new Set(w.guilds.map((g) => shardOf(g.id, 2)))).toEqual(new Set([0, 1]));
    expect(new Set(w.channels.map((c) => c.channelId)).size).toBe(200);
    expect(new Set(w.channels.flatMap((c) => c.players.map((p) => p.id))).size).toBe(800);
    for (const c of w.channels) expect(w.guilds.find((g) => g.id === c.guildId)!.channels.some((x) => x.id === c.channelId)).toBe(true);
  });

  it('GIVEN answered presses WHEN judged THEN a redraw without a refusal note is accepted; a note, a reply or no answer is not', () => {
    const press = (type: number | undefined, token: string): Press => ({ channel: buildWorld(1, 1, 1).channels[0]!, userId: '1', interactionId: '1', token, gameChannelId: '1', generation: 1, ...(type === undefined ? {} : { type }) });
    const appId = '1200000000000000001';
    const refused = followedUpTokens({ applicationId: appId, requests: [{ method: 'POST', path: `/webhooks/${appId}/tok-refused` }, { method: 'PATCH', path: `/webhooks/${appId}/tok-edited/messages/@original` }] } as never);
    expect(refused).toEqual(new Set(['tok-refused']));
    expect(isAccepted(press(7, 'tok-a'), refused)).toBe(true);
    expect(isAccepted(press(6, 'tok-edited'), refused)).toBe(true);
    expect(isAccepted(press(7, 'tok-refused'), refused)).toBe(false);
    expect(isAccepted(press(4, 'tok-b'), refused)).toBe(false);
    expect(isAccepted(press(undefined, 'tok-c'), refused)).toBe(false);
  });

  it("GIVEN a press followed by the first-game note WHEN judged THEN it is accepted (a welcome, not a refusal), and not applied it is lost", () => {
    const appId = '1200000000000000001';
    const welcome = t('de', 'first.icons', { buttons: '⬆️ …' });
    const fake = { applicationId: appId, requests: [{ method: 'POST', path: `/webhooks/${appId}/tok-welcome`, status: 200, body: { content: welcome } }, { method: 'POST', path: `/webhooks/${appId}/tok-noop`, status: 200, body: { content: NOOP_WELCOME_TEXT } }] } as never;
    expect(followedUpTokens(fake)).toEqual(new Set());
    expect(new Set(followUpTexts(fake, true).keys())).toEqual(new Set(['tok-welcome', 'tok-noop']));
    const p: Press = { channel: buildWorld(1, 1, 1).channels[0]!, userId: '1', interactionId: 'w', token: 'tok-welcome', gameChannelId: '1', generation: 1, type: 7 };
    const r: CheckResult = { channels: 1, lost: 0, doubled: 0, lied: 0, appliedUnanswered: 0, replayMismatches: 0, missing: 0, notApplied: {} };
    judge(p, false, followUpTexts(fake), r);
    expect(r.lost).toBe(1);
  });

  it('GIVEN presses and whether each was applied WHEN judged THEN lost, lied and why-not-applied are counted by what the player was told', () => {
    const ch = buildWorld(1, 1, 1).channels[0]!;
    const appId = '1200000000000000001';
    const notes = followUpTexts({ applicationId: appId, requests: [{ method: 'POST', path: `/webhooks/${appId}/tok-note`, body: { content: 'There\'s a wall   in the way.' } }] } as never);
    const press = (type: number | undefined, token: string, text?: string): Press => ({ channel: ch, userId: '1', interactionId: token, token, gameChannelId: '1', generation: 1, ...(type === undefined ? {} : { type }), ...(text ? { text } : {}) });
    const r: CheckResult = { channels: 1, lost: 0, doubled: 0, lied: 0, appliedUnanswered: 0, replayMismatches: 0, missing: 0, notApplied: {} };
    judge(press(7, 'ok'), true, notes, r); // accepted and applied
    judge(press(7, 'gone'), false, notes, r); // accepted, not applied: lost
    judge(press(7, 'tok-note'), false, notes, r); // redrawn with a refusal note: not applied, and why
    judge(press(4, 'busy', 'The dungeon is very busy right now'), false, notes, r);
    judge(press(4, 'err', 'Something went wrong'), true, notes, r); // told it failed, yet applied: a lie
    judge(press(undefined, 'late'), true, notes, r);
    judge(press(undefined, 'never'), false, notes, r);
    expect(r).toMatchObject({ lost: 1, lied: 1, appliedUnanswered: 1 });
    expect(r.notApplied).toEqual({ 'LOST: answered as applied': 1, '"There\'s a wall in the way."': 1, '"The dungeon is very busy right now"': 1, 'no answer in time': 1 });
  });

  it('GIVEN the noop mode WHEN a short run is made THEN every press is answered and the report has the figures', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'loadtest/run.ts', '--mode', 'noop', '--replicas', '2', '--channels', '4', '--players', '2', '--seconds', '2', '--rate', '20'], { encoding: 'utf8', timeout: 60_000, env: { PATH: process.env.PATH ?? '' } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/== noop: 2 noop responders, 4 channels x 2 players, 20\/s offered for 2 s/);
    const m = /presses (\d+), answered (\d+), unanswered 0, accepted (\d+)/.exec(run.stdout);
    expect(m).not.toBeNull();
    expect(Number(m![1])).toBeGreaterThan(10);
    expect(m![2]).toBe(m![1]);
    expect(m![3]).toBe(m![1]);
    expect(run.stdout).toMatch(/latency dispatch -> answer: p50 [\d.]+ ms, p99 [\d.]+ ms, max [\d.]+ ms/);
  });

  it('GIVEN a soak or a series of runs WHEN the options are read THEN 600 s is allowed, 601 is not, and --rates is a list', () => {
    expect(LoadArgsSchema.parse({ seconds: '600' }).seconds).toBe(600);
    expect(LoadArgsSchema.safeParse({ seconds: '601' }).success).toBe(false);
    const series = LoadArgsSchema.parse({ rates: '200,450,600', repeat: '3' });
    expect(series.rates).toEqual([200, 450, 600]);
    expect(series.repeat).toBe(3);
    expect(LoadArgsSchema.parse({}).repeat).toBe(1);
    expect(LoadArgsSchema.safeParse({ rates: '200,,600' }).success).toBe(false);
    expect(LoadArgsSchema.safeParse({ rates: '0' }).success).toBe(false);
    expect(LoadArgsSchema.safeParse({ repeat: '11' }).success).toBe(false);
  });

  it('GIVEN a heap that grows 2 MB a minute for 3 minutes WHEN its trend is taken THEN the slope is 2 MB/min and the heap is given at each minute', () => {
    const from = 1_000_000;
    const lines = Array.from({ length: 181 }, (_, s) => ({ at: from + s * 1000, heapMB: 50 + (2 * s) / 60 + (s % 2 === 0 ? 0.5 : -0.5) }));
    const t = heapTrend(lines, from, from + 180_000);
    expect(t.slope).toBeCloseTo(2, 1);
    expect(t.byMinute.map((mb) => Math.round(mb))).toEqual([51, 53, 55, 57]);
    expect(heapTrend(lines.map((l) => ({ ...l, heapMB: 50 })), from, from + 180_000).slope).toBeCloseTo(0, 5);
  });

  it('GIVEN probe lines of two processes WHEN the window is summed THEN GC pauses are counted with their p99, and heaps and trends add up', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cc-probe-test-'));
    try {
      const from = 2_000_000;
      const line = (s: number, heapMB: number, gcPauses: number[]) => JSON.stringify({ at: from + s * 1000, t: s * 1000, cpuMs: s * 100, mainCpuMs: s * 60, loopActiveMs: s * 70, heapMB, stallMaxMs: s, gcMaxMs: Math.max(0, ...gcPauses), gcTotalMs: gcPauses.reduce((a, b) => a + b, 0), gcCount: gcPauses.length, gcPauses });
      const pauses = (s: number) => (s === 0 ? [] : Array.from({ length: 10 }, (_, i) => (s === 5 && i === 0 ? 40 : 1 + i / 10)));
      for (const pid of [1, 2]) writeFileSync(join(dir, `${pid}.jsonl`), `${Array.from({ length: 11 }, (_, s) => line(s, 10 * pid + s, pauses(s))).join('\n')}\n`);
      const f = probeFigures(dir, from, from + 10_000);
      expect(f.cpuMs).toBe(2000);
      // Of it, the main threads' CPU and the event loops' busy time.
      expect(f.mainCpuMs).toBe(1200);
      expect(f.loopActiveMs).toBe(1400);
      expect(f.gcCount).toBe(200);
      expect(f.gcMaxMs).toBe(40);
      expect(f.gcP99Ms).toBeCloseTo(1.9, 5);
      expect(f.heapStartMB).toBe(30);
      expect(f.heapEndMB).toBe(50);
      expect(f.heapSlopeMBPerMin).toBeCloseTo(120, 5);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('GIVEN a probe line without the main thread\'s CPU (no /proc) WHEN the window is summed THEN that figure is unknown, not zero', () => {
    const dir = mkdtempSync(join(tmpdir(), 'probe-'));
    try {
      const from = 3_000_000;
      const line = (s: number) => JSON.stringify({ at: from + s * 1000, cpuMs: s * 100, mainCpuMs: null, loopActiveMs: s * 70, heapMB: 10, stallMaxMs: 1, gcMaxMs: 0, gcTotalMs: 0, gcCount: 0 });
      writeFileSync(join(dir, '1.jsonl'), `${[0, 1, 2].map(line).join('\n')}\n`);
      const f = probeFigures(dir, from, from + 2000);
      expect(f.cpuMs).toBe(200);
      expect(f.mainCpuMs).toBeNaN();
      expect(f.loopActiveMs).toBe(140);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('GIVEN runs at two rates WHEN the summary is printed THEN it is one Markdown row per run with lost, doubled, p99, CPU per press and its ratio', () => {
    const bot = (p99: number, lost: number): RunFigures => ({ mode: 'http', accepted: 3000, busy: 5, unanswered: 0, p99, cpuPerPress: 1.5, load: [1, 2], figures: { stallMaxMs: 12, gcMaxMs: 4 }, check: { lost, doubled: 0 } });
    const noop: RunFigures = { ...bot(8, 0), mode: 'noop', cpuPerPress: 0.75, check: null };
    const table = summaryTable([summaryRow(200, 1, 30, bot(20, 0), noop), summaryRow(450, 1, 30, bot(60, 2), null)]).split('\n');
    expect(table[0]).toBe('== summary: 2 runs');
    expect(table).toHaveLength(5);
    expect(table[3]).toBe('| 200 | 1 | http | 100.0 | 5 | 0 | 0 | 0 | 20.0 | 12.0 | 4.0 | 1.50 | 0.75 | 2.00x | 8.0 | 2.0 |');
    expect(table[4]).toBe('| 450 | 1 | http | 100.0 | 5 | 0 | 2 | 0 | 60.0 | 12.0 | 4.0 | 1.50 | - | - | - | 2.0 |');
  });

  it('GIVEN --rates and --repeat WHEN a short noop series runs THEN every run is reported and one summary table ends it', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'loadtest/run.ts', '--mode', 'noop', '--channels', '2', '--players', '2', '--seconds', '1', '--rates', '10,20', '--repeat', '1'], { encoding: 'utf8', timeout: 90_000, env: { PATH: process.env.PATH ?? '' } });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/== noop: 1 noop responders, 2 channels x 2 players, 10\/s offered for 1 s/);
    expect(run.stdout).toMatch(/== noop: 1 noop responders, 2 channels x 2 players, 20\/s offered for 1 s/);
    expect(run.stdout).toMatch(/== summary: 2 runs\n\| rate\/s \| run \|/);
    expect(run.stdout).toMatch(/\n\| 20 \| 1 \| noop \|/);
  });

  it('GIVEN out-of-range options WHEN the load test starts THEN it names them and exits 2', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'loadtest/run.ts', '--replicas', '99', '--mode', 'bogus'], { encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH ?? '' } });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--mode');
    expect(run.stderr).toContain('--replicas');
  });
});

describe('load test at a fleet\'s pace', () => {
  it.each([
    [encodeButtonId({ verb: 'mv', dir: 'n', version: 3, game: 'g' }), true],
    [encodeButtonId({ verb: 'wait', version: 3, game: 'g' }), true],
    [encodeButtonId({ verb: 'fgt', version: 3, game: 'g' }), true],
    [encodeButtonId({ verb: 'it', item: 'potion', version: 3, game: 'g' }), true],
    ['noop:n', true],
    [encodeButtonId({ verb: 'again', version: 3, game: 'g' }), false],
    [encodeButtonId({ verb: 'rpl', version: 3, game: 'g' }), false],
    [encodeButtonId({ verb: 'kick', version: 3, game: 'g' }), false],
    [encodeButtonId({ verb: 'me', version: 3, game: 'g' }), false],
    [encodeButtonId({ verb: 'end', version: 3, game: 'g' }), false],
    [encodeButtonId({ verb: 'hmov', version: 3, game: 'g' }), false],
    [encodeButtonId({ verb: 'forget', version: 3, game: 'g' }), false],
  ])('GIVEN the button %s WHEN a player at play picks one THEN it takes a turn: %s', (id, turn) => {
    expect(takesTurn(id)).toBe(turn);
  });

  it('GIVEN a channel playing a daily WHEN its game key is asked THEN it is the player\'s own daily, else the channel', () => {
    const ch = buildWorld(1, 3, 1).channels[0]!;
    expect(gameKeyOf(ch)).toEqual({ guildId: ch.guildId, channelId: ch.channelId });
    const daily = { ...ch, daily: true, players: [ch.players[0]!] };
    expect(gameKeyOf(daily)).toEqual({ guildId: ch.guildId, channelId: `daily.${ch.players[0]!.id}` });
  });

  it('GIVEN Redis keys of a run WHEN grouped by kind THEN the prefix, hash tags and long numbers are dropped', () => {
    expect(keyKind('cc-load-1:{140:150}:log', 'cc-load-1')).toBe('{}:log');
    expect(keyKind('cc-load-1:user:{1500000000000000000}:rate', 'cc-load-1')).toBe('user:{}:rate');
    expect(keyKind('cc-load-1:daily:{15}:attempt:20261127', 'cc-load-1')).toBe('daily:{}:attempt:N');
  });

  it('GIVEN --pace WHEN the options are read THEN the offered rate follows from the players (a daily has one) and ended games restart by default', () => {
    const a = LoadArgsSchema.parse({ channels: '200', players: '4', pace: '5', dailies: '10' });
    expect(a.restart).toBe('on');
    expect(LoadArgsSchema.safeParse({ restart: 'maybe' }).success).toBe(false);
    expect(LoadArgsSchema.parse({ channels: '5000' }).channels).toBe(5000);
  });

  it('GIVEN a heap in GC\'s sawtooth over a leak of 1 MB a minute WHEN its floor is taken THEN each minute gives its lowest sample and the slope is the leak', () => {
    const from = 3_000_000;
    // 5 minutes: a floor of 40 + 1 MB/min, and garbage piling up 0-30 MB within each 20 s.
    const lines = Array.from({ length: 300 }, (_, s) => ({ at: from + (s + 1) * 1000, heapMB: 40 + s / 60 + ((s % 20) * 30) / 20 }));
    const f = heapFloor(lines, from, from + 300_000);
    expect(f.byMinute).toHaveLength(5);
    expect(f.slope).toBeCloseTo(1, 1);
    expect(heapFloor(lines.map((l) => ({ ...l, heapMB: 50 + (l.at % 20_000) / 1000 })), from, from + 300_000).slope).toBeCloseTo(0, 5);
  });

  it('GIVEN a fallen player\'s refusal in any language WHEN the driver reads it THEN the player watches instead of pressing on', () => {
    expect(isFallen(t('en-US', 'rejection.dead'))).toBe(true);
    expect(isFallen(t('de', 'rejection.dead'))).toBe(true);
    expect(isFallen("There's a wall in the way.")).toBe(false);
  });
});
