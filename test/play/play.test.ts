import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { PlaySession, parseCommandLine, parseFlags } from '../../src/play.js';

const SCRIPT = [
  '/rogue new map:cavern size:small',
  '/rogue move direction:north steps:3',
  'east',
  '!w',
  '@alice /rogue join',
  '@alice press wait',
  '@bob north',
  '/rogue move direction:sideways',
  '/rogue status',
  '/rogue map',
  '/rogue end',
];

async function play(lines: string[], seed = 7, render: 'emoji' | 'ascii' = 'ascii'): Promise<string> {
  const s = new PlaySession({ seed, render });
  let out = '';
  for (const l of lines) out += await s.line(l);
  return out;
}

describe('terminal player', () => {
  it('GIVEN the same seed and input WHEN played twice THEN the output is byte-identical', async () => {
    const a = await play(SCRIPT);
    const b = await play(SCRIPT);
    expect(a).toBe(b);
    expect(a).toContain('=== game message (posted) ===');
    expect(a).toContain('Seed 7');
  });

  it('GIVEN a different seed WHEN played THEN the dungeon differs', async () => {
    expect(await play(SCRIPT.slice(0, 1), 7)).not.toBe(await play(SCRIPT.slice(0, 1), 8));
  });

  it('GIVEN bad lines WHEN played THEN each gets the friendly error Discord would show', async () => {
    const out = await play(['/rogue move direction:north', '/rogue new', '/rogue move direction:sideways', '@bob wait', '/rogue-config set mobile:maybe', '@bob /rogue-config show', '/nope']);
    expect(out).toContain("There's no game in this channel. Start one with /rogue new.");
    expect(out).toContain('Option `direction`: must be one of north, south');
    expect(out).toContain("> @bob wait\n(only you) You're not in this game. Join with /rogue join.");
    expect(out).toContain('Option `mobile`: must be true or false.');
    expect(out).toContain('You need the Manage Server permission');
    expect(out).toContain('Unknown command. Try /rogue help.');
  });

  it('GIVEN diagonals WHEN a game starts THEN it is 8-way with diagonal buttons, and a 4-way game refuses diagonal moves kindly', async () => {
    const eight = await play(['/rogue new seed:3 diagonals:true']);
    expect(eight).toMatch(/\[↖️ northwest( \(disabled\))?\] \[⬆️ north( \(disabled\))?\] \[↗️ northeast( \(disabled\))?\]/);
    const four = await play(['/rogue new seed:3', '/rogue move direction:northeast']);
    expect(four).not.toContain('northwest');
    expect(four).toContain('This game only allows moves in four directions');
  });

  it('GIVEN a game WHEN printed THEN buttons show as [emoji label] with disabled ones marked', async () => {
    const out = await play(['/rogue new size:small']);
    expect(out).toMatch(/\[⬆️ north( \(disabled\))?\]/);
    expect(out).toContain('[⏳ wait]');
  });

  it('GIVEN command lines WHEN parsed THEN words are the (group and) subcommand and key:value pairs the options', () => {
    expect(parseCommandLine('/rogue move direction:north steps:3')).toEqual({ command: 'rogue', group: null, subcommand: 'move', options: { direction: 'north', steps: '3' } });
    expect(parseCommandLine('/rogue-config channel add channel:123')).toEqual({ command: 'rogue-config', group: 'channel', subcommand: 'add', options: { channel: '123' } });
    expect(parseCommandLine('rogue new')).toBeNull();
  });

  it('GIVEN flags WHEN parsed THEN seed, style and mobile are read and unknown flags refused', () => {
    expect(parseFlags(['--seed', '12', '--emoji', '--mobile'])).toEqual({ seed: 12, seedGiven: true, render: 'emoji', mobile: true });
    expect(() => parseFlags(['--seed', 'x'])).toThrow(/--seed needs a whole number/);
    expect(() => parseFlags(['--fast'])).toThrow(/Unknown flag --fast/);
  });

  it('GIVEN the CLI on stdin WHEN input ends THEN it exits 0 and prints exactly what an in-process session prints', async () => {
    const input = `${SCRIPT.join('\n')}\n`;
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/play.ts', '--seed', '7', '--ascii'], { input, encoding: 'utf8', cwd: process.cwd(), timeout: 15_000 });
    expect(cli.status).toBe(0);
    expect(cli.stdout).toBe(await play(SCRIPT));
  });
});
