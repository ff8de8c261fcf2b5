/** The load test's own parts: statistics, the world it builds, what counts as accepted, and a short noop run end to end. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { followedUpTokens, followUpTexts, isAccepted, judge, type CheckResult } from '../../loadtest/check.js';
import type { Press } from '../../loadtest/drive.js';
import { percentile, seededRandom } from '../../loadtest/stats.js';
import { buildWorld } from '../../loadtest/world.js';
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
    const press = (type: number | undefined, token: string): Press => ({ channel: buildWorld(1, 1, 1).channels[0]!, userId: '1', interactionId: '1', token, ...(type === undefined ? {} : { type }) });
    const appId = '1200000000000000001';
    const refused = followedUpTokens({ applicationId: appId, requests: [{ method: 'POST', path: `/webhooks/${appId}/tok-refused` }, { method: 'PATCH', path: `/webhooks/${appId}/tok-edited/messages/@original` }] } as never);
    expect(refused).toEqual(new Set(['tok-refused']));
    expect(isAccepted(press(7, 'tok-a'), refused)).toBe(true);
    expect(isAccepted(press(6, 'tok-edited'), refused)).toBe(true);
    expect(isAccepted(press(7, 'tok-refused'), refused)).toBe(false);
    expect(isAccepted(press(4, 'tok-b'), refused)).toBe(false);
    expect(isAccepted(press(undefined, 'tok-c'), refused)).toBe(false);
  });

  it('GIVEN presses and whether each was applied WHEN judged THEN lost, lied and why-not-applied are counted by what the player was told', () => {
    const ch = buildWorld(1, 1, 1).channels[0]!;
    const appId = '1200000000000000001';
    const notes = followUpTexts({ applicationId: appId, requests: [{ method: 'POST', path: `/webhooks/${appId}/tok-note`, body: { content: 'There\'s a wall   in the way.' } }] } as never);
    const press = (type: number | undefined, token: string, text?: string): Press => ({ channel: ch, userId: '1', interactionId: token, token, ...(type === undefined ? {} : { type }), ...(text ? { text } : {}) });
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

  it('GIVEN out-of-range options WHEN the load test starts THEN it names them and exits 2', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'loadtest/run.ts', '--replicas', '99', '--mode', 'bogus'], { encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH ?? '' } });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--mode');
    expect(run.stderr).toContain('--replicas');
  });
});
