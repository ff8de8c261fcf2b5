import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { APP_VERSION, FORGET_CONFIRM_TEXT, FORGOTTEN_TEXT } from '../../commands/about.js';
import { FLAGS_HELP, npmConfigFlags, PlaySession, parseCommandLine, parseFlags } from '../../src/play.js';

const SCRIPT = [
  '/rogue new lobby:false map:cavern size:small',
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

  it('GIVEN a game WHEN "full view" is typed THEN the terminal says where the full view opens, and the game is unchanged', async () => {
    const out = await play(['/rogue new lobby:false map:cavern size:small', 'full view', '/rogue status']);
    expect(out).toContain('(only you) On Discord this opens the full view; here, run npm run web for it in a browser.');
    expect(out).not.toContain('no "full view" button');
  });

  it('GIVEN prefs WHEN /rogue forget is confirmed by its button label THEN they are deleted, as on Discord', async () => {
    const out = await play(['/rogue prefs style:text', '/rogue about', '/rogue forget', 'Delete my history and preferences', '/rogue prefs']);
    expect(out).toContain(`Channel Crawler ${APP_VERSION}`);
    expect(out).toContain(FORGET_CONFIRM_TEXT);
    expect(out).toContain(FORGOTTEN_TEXT);
    expect(out.slice(out.lastIndexOf('> /rogue prefs'))).toContain('style `image`');
  });

  it('GIVEN a different seed WHEN played THEN the dungeon differs', async () => {
    expect(await play(SCRIPT.slice(0, 1), 7)).not.toBe(await play(SCRIPT.slice(0, 1), 8));
  });

  it('GIVEN bad lines WHEN played THEN each gets the friendly error Discord would show', async () => {
    const out = await play(['/rogue move direction:north', '/rogue new lobby:false', '/rogue move direction:sideways', '@bob wait', '/rogue-config set mobile:maybe', '@bob /rogue-config show', '/nope']);
    expect(out).toContain("There's no game in this channel. Start one with /rogue new.");
    expect(out).toContain('Option `direction`: must be one of north, south');
    expect(out).toContain("> @bob wait\n(only you) You're not in this game. Join with /rogue join.");
    expect(out).toContain('Option `mobile`: must be true or false.');
    expect(out).toContain('You need the Manage Server permission');
    expect(out).toContain('Unknown command. Try /rogue help.');
  });

  it('GIVEN diagonals WHEN a game starts THEN it is 8-way with diagonal buttons, and a 4-way game refuses diagonal moves kindly', async () => {
    const eight = await play(['/rogue new lobby:false seed:3 diagonals:true']);
    expect(eight).toMatch(/\[↖️ northwest( \(disabled\))?\] \[⬆️ north( \(disabled\))?\] \[↗️ northeast( \(disabled\))?\]/);
    const four = await play(['/rogue new lobby:false seed:3', '/rogue move direction:northeast']);
    expect(four).not.toContain('northwest');
    expect(four).toContain('This game only allows moves in four directions');
  });

  it('GIVEN a game WHEN printed THEN buttons show as [emoji label] with disabled ones marked', async () => {
    const out = await play(['/rogue new lobby:false size:small']);
    expect(out).toMatch(/\[⬆️ north( \(disabled\))?\]/);
    expect(out).toContain('[🎮 my view]');
  });

  it('GIVEN /rogue new alone WHEN printed THEN the run is on with the d-pad and ➕ join; the banner\'s first move works', async () => {
    const solo = await play(['/rogue new size:small', 'east']);
    expect(solo).not.toContain('## Lobby');
    expect(solo).toContain('[⬅️ west');
    expect(solo).toContain('[➕ join]');
    expect(solo).not.toContain('You can’t');
  });

  it('GIVEN /rogue new party:2 WHEN printed THEN it is a lobby with its start button; typing start begins the run with the d-pad', async () => {
    const lobby = await play(['/rogue new size:small party:2']);
    expect(lobby).toContain('## Lobby');
    expect(lobby).toContain('[▶️ start]');
    expect(lobby).not.toContain('[⬅️ west');
    const started = await play(['/rogue new size:small party:2', 'start']);
    expect(started).toContain('Player starts the run.');
    expect(started).toContain('[⬅️ west');
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

  it('GIVEN /rogue me WHEN typed THEN the controller is printed (your view, your d-pad) and a typed label presses its button and redraws it', async () => {
    const out = await play(['/rogue new lobby:false size:small', '/rogue me', 'wait']);
    const parts = out.split('> wait');
    expect(parts[0]).toContain('=== your controller (only you) ===');
    expect(parts[0]).toContain('your view');
    expect(parts[0]).toContain('[⏳ wait]');
    // The press updates the shared message and redraws the controller.
    expect(parts[1]).toContain('=== game message (updated) ===');
    expect(parts[1]).toContain('=== your controller (only you) ===');
  });

  it('GIVEN a few turns WHEN /rogue log is typed THEN the whole kept log is printed privately, since your last action marked', async () => {
    const out = await play(['/rogue new lobby:false size:small', 'wait', '@alice /rogue join', '@alice wait', 'wait', '@alice wait', '/rogue log']);
    const reply = out.split('> /rogue log')[1]!;
    expect(reply).toContain('(only you)');
    expect(reply).toContain('Game log');
    // "Since your last action" starts at your last wait and runs to alice's (monsters in view may act between them).
    const since = reply.split('**Since your last action**\n')[1]!.split('\n');
    expect(since[0]).toMatch(/^\S+ waits\.$/);
    expect(since).toContain('alice waits.');
    expect(since).not.toContain('alice joins the party.');
    expect(reply).not.toContain('=== game message');
  });

  it('GIVEN a finished run WHEN "Play again" is typed THEN a new game message is posted and the finished one is left alone', async () => {
    const out = await play(['/rogue new lobby:false size:small', '/rogue end', 'Play again']);
    expect(await play(['/rogue new lobby:false size:small', '/rogue end', '▶️ Play again'])).toContain('=== game message (posted) ===');
    const after = out.split('> Play again')[1]!;
    expect(after).toContain('(the finished run keeps its message and summary)');
    expect(after).toContain('=== game message (posted) ===');
    expect(after).toContain('Turn 0');
  });

  it('GIVEN the host WHEN 🏳️ end is typed THEN the run goes on until the private confirmation is pressed, and the ending says so', async () => {
    const out = await play(['/rogue new lobby:false size:small', 'end', 'wait', 'end', 'End the run for everyone']);
    const [, afterEnd, afterWait, , confirmed] = out.split(/\n?> (?:end|wait|End the run for everyone)\n/);
    expect(afterEnd).toContain('End the run for everyone?');
    expect(afterWait).toContain('=== game message (updated) ===');
    expect(afterWait).not.toContain('Ended by the host');
    expect(confirmed).toContain('Ended by the host');
  });

  it('GIVEN --help or npm config flags WHEN parsed THEN help is asked for, and npm_config_ascii=true becomes --ascii (a value is refused loudly)', () => {
    expect(parseFlags(['--help']).help).toBe(true);
    expect(FLAGS_HELP).toContain('--ascii');
    expect(npmConfigFlags({ npm_config_ascii: 'true', npm_config_mobile: '' })).toEqual(['--ascii']);
    expect(npmConfigFlags({ npm_config_seed: '12' })).toEqual(['--seed', '12']);
    expect(() => npmConfigFlags({ npm_config_ascii: 'yes' })).toThrow('npm run play -- --ascii');
    expect(() => parseFlags(['--fast'])).toThrow(/--seed N/);
  });

  it('GIVEN `npm run play --ascii` (npm_config_ascii in the environment) or --help WHEN the CLI runs THEN it plays in ASCII, or prints the flags and exits 0', async () => {
    const input = `${SCRIPT.join('\n')}\n`;
    const env = { ...process.env, npm_config_ascii: 'true' };
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/play.ts', '--seed', '7'], { input, encoding: 'utf8', cwd: process.cwd(), timeout: 15_000, env });
    expect(cli.status).toBe(0);
    expect(cli.stdout).toBe(await play(SCRIPT));
    const help = spawnSync(process.execPath, ['--import', 'tsx', 'src/play.ts', '--help'], { encoding: 'utf8', cwd: process.cwd(), timeout: 15_000 });
    expect(help.status).toBe(0);
    expect(help.stdout).toBe(`${FLAGS_HELP}\n`);
  });

  it('GIVEN the CLI on stdin WHEN input ends THEN it exits 0 and prints exactly what an in-process session prints', async () => {
    const input = `${SCRIPT.join('\n')}\n`;
    const cli = spawnSync(process.execPath, ['--import', 'tsx', 'src/play.ts', '--seed', '7', '--ascii'], { input, encoding: 'utf8', cwd: process.cwd(), timeout: 15_000 });
    expect(cli.status).toBe(0);
    expect(cli.stdout).toBe(await play(SCRIPT));
  });
});
