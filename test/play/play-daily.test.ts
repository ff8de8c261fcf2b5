import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { humanTimes, PlaySession } from '../../src/play.js';

const outDir = mkdtempSync(join(tmpdir(), 'play-test-'));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

async function play(lines: string[], seed = 5): Promise<string> {
  const s = new PlaySession({ seed, render: 'ascii', outDir });
  let out = '';
  for (const l of lines) out += await s.line(l);
  return out;
}

describe('terminal player: the daily, boards, history, replay, prefs, times and pings', () => {
  it('GIVEN /rogue daily WHEN played and ended THEN its share card and board post, and the board lists it', async () => {
    const out = await play(['/rogue daily', 'north', 'end', 'End the run for everyone', '/rogue runs board']);
    expect(out).not.toContain('not available here');
    expect(out).toContain('Daily #1');
    const ended = out.split('> End the run for everyone')[1]!.split('> /rogue runs board')[0]!;
    expect(ended).toContain('=== new message ===');
    expect(ended).toMatch(/Daily #1 · this server/);
    const board = out.split('> /rogue runs board')[1]!.split('> /rogue runs history')[0]!;
    expect(board).toContain('Player');
    expect(board).not.toContain('No runs yet');
  });

  it('GIVEN a finished channel game WHEN /rogue runs history THEN it is listed', async () => {
    const before = await play(['/rogue runs history']);
    expect(before).toContain('No finished runs yet');
    const out = await play(['/rogue new size:small', 'wait', 'end', 'End the run for everyone', '/rogue runs history']);
    expect(out.split('> /rogue runs history')[1]).not.toContain('No finished runs yet');
    expect(out.split('> /rogue runs history')[1]).toContain('Player');
  });

  it('GIVEN a finished run WHEN /rogue runs replay THEN the GIF is saved to a file and its path printed', async () => {
    const out = await play(['/rogue new size:small', 'wait', 'end', 'End the run for everyone', '/rogue runs replay']);
    const path = /saved to (\S+\.gif)\]/.exec(out)?.[1];
    expect(path).toBeDefined();
    expect(path!.startsWith(outDir)).toBe(true);
    expect(Buffer.from(readFileSync(path!)).subarray(0, 6).toString('latin1')).toBe('GIF89a');
  });

  it('GIVEN /rogue prefs style:text WHEN /rogue me THEN the controller is the text view; another player keeps the terminal style', async () => {
    const out = await play(['/rogue prefs style:text', '/rogue new size:small', '/rogue me', '@alice /rogue join', '@alice /rogue me']);
    const mine = out.split('> /rogue me')[1]!.split('> @alice')[0]!;
    expect(mine).toContain('your view (text)');
    expect(mine).toContain('Around you, clockwise from north');
    expect(out.split('> @alice /rogue me')[1]).not.toContain('Around you, clockwise from north');
  });

  it('GIVEN Discord timestamps WHEN printed THEN they read as a person reads them', () => {
    const now = 1_000_000_000_000;
    expect(humanTimes('ends <t:1000000042:R>.', now)).toBe('ends in 42 s.');
    expect(humanTimes('<t:999999880:R>', now)).toBe('2 min ago');
    expect(humanTimes('<t:1000007200:R>', now)).toBe('in 2 h');
    expect(humanTimes('at <t:1000000000:f>', now)).toBe('at 2001-09-09 01:46 UTC');
    expect(humanTimes('no <t:x:R> here', now)).toBe('no <t:x:R> here');
  });

  it('GIVEN a rounds fight WHEN the ping time passes THEN the whose-turn ping is printed and times are never raw', async () => {
    const s = new PlaySession({ seed: 5, render: 'ascii', outDir });
    let out = '';
    for (const l of ['/rogue-config set turn_mode:rounds ping_seconds:10', '/rogue new size:small', '@alice /rogue join']) out += await s.line(l);
    let fight = '';
    for (let i = 0; i < 60 && !/Round ends/i.test(fight); i++) fight = await s.line(i % 2 === 0 ? 'explore' : '@alice explore');
    expect(fight).toMatch(/Round ends in \d+ s/i);
    out += fight;
    // A round pings once someone acted: Player waits, alice is waited for.
    out += await s.line('wait');
    const ping = await s.line('!advance 11');
    out += ping;
    expect(ping).toMatch(/=== new message \(pings\) ===\n⏳ The round is waiting for @alice: your move!/);
    expect(out).not.toMatch(/<t:\d+/);
  });
});
