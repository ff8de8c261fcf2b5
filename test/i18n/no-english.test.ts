/**
 * Source check: no new literal English sentence in the code that words what players read (commands/, src/app/,
 * src/render/, web/src/). A sentence belongs in locales/en-US.json and its translations. The few literals below are
 * known and explained; a new one fails here by file and text, and a listed one that is gone fails too (keep it true).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { englishLiterals, scan } from './english-literals.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const DIRS = ['commands', 'src/app', 'src/render', 'web/src'] as const;

/** Literals that stay: file, the literal's start, and why it is not a player's sentence (or not yet translated). */
const KNOWN: readonly { file: string; starts: string; why: string }[] = [
  // Drawn in English, translated when presented (src/adapters/discord/presenter.ts labelIn, keys button.<verb>).
  { file: 'commands/controls/buttons.ts', starts: 'End the run for everyone', why: 'button label, translated by labelIn' },
  { file: 'commands/controls/buttons.ts', starts: 'Delete my history and preferences', why: 'button label, translated by labelIn' },
  // The service's names for who may do something: keys into failure.forbidden.* (commands/replies.ts FORBIDDEN).
  { file: 'commands/replies.ts', starts: 'the host or Manage Server', why: 'key of failure.forbidden.*' },
  { file: 'commands/replies.ts', starts: 'the living members of the party', why: 'key of failure.forbidden.*' },
  { file: 'src/app/game-service.ts', starts: 'the host or Manage Server', why: 'key of failure.forbidden.*' },
  { file: 'src/app/game-service.ts', starts: 'the living members of the party', why: 'key of failure.forbidden.*' },
  { file: 'src/app/kick.ts', starts: 'the living members of the party', why: 'key of failure.forbidden.*' },
  { file: 'src/app/lobby.ts', starts: 'the host or Manage Server', why: 'key of failure.forbidden.*' },
  // The terminal game's own help line (npm run play), for developers.
  { file: 'commands/rogue.ts', starts: 'In the terminal: press a button', why: 'terminal-only developer help' },
  // Reasons and checks for logs and operators, never shown to a player as they are.
  { file: 'src/app/daily/recorder.ts', starts: 'its log was checkpointed', why: 'operator log reason' },
  { file: 'src/app/daily/verify.ts', starts: 'log has ', why: 'verification reason (logs)' },
  { file: 'src/app/daily/verify.ts', starts: 'log does not replay: ', why: 'verification reason (logs)' },
  { file: 'src/app/daily/verify.ts', starts: 'replayed run did not finish', why: 'verification reason (logs)' },
  { file: 'src/app/daily/verify.ts', starts: 'replayed state differs from the saved state', why: 'verification reason (logs)' },
  { file: 'src/app/game-codec.ts', starts: 'state is missing', why: 'corrupt-save reason (logs)' },
  { file: 'src/app/game-codec.ts', starts: 'meta is missing', why: 'corrupt-save reason (logs)' },
  { file: 'src/app/game-codec.ts', starts: 'state is not valid JSON', why: 'corrupt-save reason (logs)' },
  { file: 'src/app/game-codec.ts', starts: 'meta is not valid JSON', why: 'corrupt-save reason (logs)' },
  { file: 'src/app/game-service.ts', starts: 'round deadline not set', why: 'operator log' },
  { file: 'src/app/game-service.ts', starts: 'finished run not recorded', why: 'operator log' },
  { file: 'src/app/game-service.ts', starts: 'round deadline not updated', why: 'operator log' },
  { file: 'src/app/replay-service.ts', starts: 'its action log does not replay', why: 'corrupt-save reason (logs)' },
  { file: 'src/app/settings-salvage.ts', starts: 'not valid JSON', why: 'salvage reason (logs)' },
  { file: 'src/app/settings-salvage.ts', starts: 'not an object', why: 'salvage reason (logs)' },
  { file: 'src/render/limits.ts', starts: 'field ', why: 'render limit check (tests, logs)' },
  { file: 'src/render/limits.ts', starts: 'embed color ', why: 'render limit check (tests, logs)' },
  // The renderer's style table names its styles; players read config.style.* from the catalogues.
  { file: 'src/render/glyphs.ts', starts: 'emoji map in an embed', why: 'style summary; shown as config.style.emoji' },
  { file: 'src/render/glyphs.ts', starts: 'ASCII map in a code block', why: 'style summary; shown as config.style.ascii' },
  { file: 'src/render/log-view.ts', starts: '**Since your last action**', why: 'English default; /rogue log passes private.since' },
  // Not yet translated (docs/i18n.md "Not yet translated"): the stored history recap.
  { file: 'src/app/daily/recorder.ts', starts: '', why: 'stored history recap, English (docs/i18n.md)' },
  // The text mode's English word tables (tests and balance/text-policy.ts read them); other languages read text.*.
  { file: 'src/render/text-view.ts', starts: 'guarding the stairs', why: 'English table; text.doing.* for others' },
  { file: 'src/render/text-view.ts', starts: 'Around you, clockwise from north:', why: 'English table; text.line.* for others' },
  { file: 'src/render/text-view.ts', starts: 'Monsters in view:', why: 'English table; text.line.* for others' },
  { file: 'src/render/text-view.ts', starts: 'Items in view:', why: 'English table; text.line.* for others' },
  { file: 'src/render/text-view.ts', starts: 'Since your last action:', why: 'English table; text.line.* for others' },
];

const found = scan(ROOT, DIRS);
const known = (l: { file: string; text: string }): boolean => KNOWN.some((k) => k.file === l.file && l.text.startsWith(k.starts));

describe('no literal English sentence in player-facing code', () => {
  it('GIVEN commands/, src/app/, src/render/ and web/src/ WHEN scanned THEN every English-looking literal is a known, explained one', () => {
    const unknown = found.filter((l) => !known(l)).map((l) => `${l.file}:${l.line}: ${l.text.slice(0, 80)}`);
    expect(unknown, 'move these sentences into locales/en-US.json (and translate them), or explain them in KNOWN').toEqual([]);
  });

  it('GIVEN the known list WHEN scanned THEN each entry still matches a literal (no stale excuses)', () => {
    const stale = KNOWN.filter((k) => !found.some((l) => l.file === k.file && l.text.startsWith(k.starts))).map((k) => `${k.file}: ${k.starts}`);
    expect(stale).toEqual([]);
  });

  it.each([
    ['a sentence in a reply', "return { kind: 'text', text: 'You joined the party.' };", 1],
    ['a sentence in a template', 'const s = `Remove ${name} from the party?`;', 1],
    ['a catalogue key and a log call', "t(locale, 'reply.joined'); logger.warn('state is missing');", 0],
    ['a thrown error and a command description', "throw new Error('the game could not be found'); subcommand('new', 'Start a game here');", 0],
    ['words in a comment', '// The party is full: the run starts.\nconst x = 1;', 0],
  ] as const)('GIVEN %s WHEN scanned THEN it finds %#', (_what, source, count) => {
    expect(englishLiterals('x.ts', source)).toHaveLength(count);
  });
});
