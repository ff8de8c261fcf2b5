/**
 * `npm run play`: Channel Crawler in a terminal. No Discord, no Redis: the same command modules, service, renderer
 * and presenter, over the memory stores and a fake clock, so the same seed and the same input print the same bytes.
 *
 * Input lines: `/rogue new seed:12 map:cavern`, `/rogue move direction:north steps:3`, `@alice /rogue join` (act as alice),
 * a button's label (`north`), `press north` or `!n` to press a button of the current game message, `!advance 60` to move
 * the clock (rounds mode), `#` comments.
 */
import { DEFAULT_LOCALE, isLocale, LOCALE_CODES, t, type Locale } from './i18n/index.js';
import { forgetUser } from '../commands/about.js';
import { randomInt } from 'node:crypto';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { findCommand } from '../commands/index.js';
import { DIRECTION_ALIASES, decodeButtonId, gameControls, gameTag, playerControls, pressIntent, runPress, SIMPLE_VERBS, VERB_TABLE, verbButton, type ButtonSpec } from '../commands/controls/index.js';
import { FOREIGN_BUTTON_TEXT, INTERNAL_ERROR_TEXT, failureText } from '../commands/replies.js';
import type { Invocation, OptionValue, Reply, ReplyEmbed } from '../commands/types.js';
import { controllerPayload, gamePayload, labelIn } from './adapters/discord/presenter.js';
import { MemoryGameStore } from './adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from './adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from './adapters/memory/memory-settings-store.js';
import { MemoryUserPrefsStore } from './adapters/memory/memory-user-prefs-store.js';
import { GameService } from './app/game-service.js';
import { silentLogger } from './app/ports.js';
import type { ChannelKey, GameView, UserRef } from './app/service-types.js';
import { SettingsService } from './app/settings-service.js';
import type { PrivateStyle } from './app/user-prefs.js';
import { DailyService } from './app/daily/daily-service.js';
import { ReplayService } from './app/replay-service.js';
import { inProcessReplayEncoder } from './adapters/render/replay-encoder.js';
import { MemoryBoardStore, MemoryDailyAttemptStore, MemoryHistoryStore } from './adapters/memory/memory-daily-stores.js';
import { endedScoredDaily, finishedDailyPost } from './adapters/discord/personal-daily.js';
import { isPersonalDaily } from './app/scope.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The terminal's one server and channel (numeric, like Discord ids, so /rogue-config channel add works). */
export const PLAY_GUILD_ID = '1000000000000000001';
export const PLAY_CHANNEL_ID = '1000000000000000002';
/** The terminal's owner: the default player, and the server's admin (`@name` players are ordinary members). */
const OWNER: UserRef = { id: 'you', name: 'Player' };
/** The fake clock starts here (a fixed date, the daily's first day at noon UTC) and moves one second per input line. */
const EPOCH = Date.UTC(2026, 10, 24, 12);

/** Options of a terminal session (the CLI flags). */
export interface PlayOptions {
  /** Seed of the first `/rogue new` without a seed; later ones add 1 each. */
  seed: number;
  render?: 'emoji' | 'ascii';
  mobile?: boolean;
  /** The player's language (`--locale de`): replies, buttons, log and the games they start; English by default. */
  locale?: Locale;
  /** Where replay GIFs are saved (default: channel-crawler under the system's temp folder). */
  outDir?: string;
}

/** Where `npm run play` saves replay GIFs unless told otherwise. */
export const DEFAULT_OUT_DIR = join(tmpdir(), 'channel-crawler');

/** `<t:UNIX:R>` as a person reads it relative to `now` ("in 42 s", "3 min ago"); other styles as a UTC time. */
export function humanTimes(text: string, now: number): string {
  return text.replace(/<t:(-?\d{1,13})(?::([tTdDfFR]))?>/g, (_all, unix: string, style: string | undefined) => {
    const at = Number(unix) * 1000;
    if (style !== 'R') return new Date(at).toISOString().replace('T', ' ').slice(0, 16) + ' UTC';
    const seconds = Math.round((at - now) / 1000);
    const size = Math.abs(seconds);
    const amount = size < 90 ? `${size} s` : size < 5400 ? `${Math.round(size / 60)} min` : `${Math.round(size / 3600)} h`;
    return seconds >= 0 ? `in ${amount}` : `${amount} ago`;
  });
}

/** Short button words accepted after `!` (and `press`): the direction aliases of /rogue move, plus the other buttons'. */
const SHORT_NAMES: Readonly<Record<string, string>> = { ...DIRECTION_ALIASES, desc: 'descend', use: 'drink potion', drink: 'drink potion', potion: 'drink potion' };

/** Splits `/rogue-config channel add channel:123` into an Invocation (words before options are group/subcommand). */
export function parseCommandLine(text: string): Invocation | null {
  const tokens = text.trim().split(/\s+/);
  const head = tokens.shift();
  if (!head || !head.startsWith('/') || head.length < 2) return null;
  const path: string[] = [];
  const options: Record<string, OptionValue> = {};
  for (const token of tokens) {
    const colon = token.indexOf(':');
    if (colon > 0) options[token.slice(0, colon).toLowerCase()] = token.slice(colon + 1);
    else path.push(token.toLowerCase());
  }
  const [a, b] = path;
  return { command: head.slice(1).toLowerCase(), group: path.length >= 2 ? (a ?? null) : null, subcommand: path.length >= 2 ? (b ?? null) : (a ?? null), options };
}

/** Prints an embed as plain text: title, description, fields, footer. */
function embedText(e: { title?: string | undefined; description?: string | undefined; fields?: { name: string; value: string }[] | undefined; footer?: { text: string } | string | undefined }): string[] {
  const out: string[] = [];
  if (e.title) out.push(`# ${e.title}`);
  if (e.description) out.push(e.description);
  for (const f of e.fields ?? []) out.push(`## ${f.name}`, f.value);
  const footer = typeof e.footer === 'string' ? e.footer : e.footer?.text;
  if (footer) out.push(`-- ${footer}`);
  return out;
}

/** Prints the buttons as `[⬆️ north]`, disabled ones marked, one line per row (spacers left out). */
export function buttonsText(rows: readonly ButtonSpec[][], locale: Locale = DEFAULT_LOCALE): string[] {
  return rows
    .map((row) => row.filter((b) => !b.spacer).map((b) => `[${b.emoji ? `${b.emoji} ` : ''}${labelIn(b, locale)}${b.disabled ? ' (disabled)' : ''}]`).join(' '))
    .filter((line) => line.length > 0);
}

/** A terminal session: feed it lines, get back the text to print. */
export class PlaySession {
  private readonly games: GameService;
  private readonly settings: SettingsService;
  private readonly daily: DailyService;
  private readonly replays: ReplayService;
  /** Replays saved so far (numbers the files). */
  private replaysSaved = 0;
  private now = EPOCH;
  private nextSeed: number;
  private readonly key: ChannelKey = { guildId: PLAY_GUILD_ID, channelId: PLAY_CHANNEL_ID };
  /** The game message as last shown (its buttons are what `press` presses). */
  private shown: GameView | null = null;
  /** Whose controller was printed last (🎮, /rogue me): that player's typed labels press its buttons, as on Discord. */
  private controllerOf: string | null = null;
  /** The buttons of the last private question (the host's 🏳️ confirmation): pressable by the next line only. */
  private asked: ButtonSpec[][] = [];
  /** The private view style of whoever typed the current line (`/rogue prefs style:…`); null: the terminal's. */
  private privateStyle: PrivateStyle | null = null;
  private ready: Promise<void>;

  constructor(private readonly options: PlayOptions) {
    this.nextSeed = options.seed;
    const clock = { now: () => this.now };
    const settingsStore = new MemorySettingsStore(silentLogger);
    // Wired as src/main.ts wires the memory stores: finished runs reach the daily's history and boards, and replays.
    const store = new MemoryGameStore({ clock });
    this.games = new GameService({ games: store, settings: settingsStore, clock, rounds: new MemoryRoundQueue(), logger: silentLogger, onFinished: (key, game) => this.daily.recordFinished(key, game) });
    const dailyStores = { attempts: new MemoryDailyAttemptStore(clock), boards: new MemoryBoardStore(clock), history: new MemoryHistoryStore(), runs: store };
    this.daily = new DailyService({ games: this.games, gameStore: store, settings: settingsStore, clock, logger: silentLogger, ...dailyStores });
    this.replays = new ReplayService({ gameStore: store, runs: store, encoder: inProcessReplayEncoder, logger: silentLogger });
    this.settings = new SettingsService(settingsStore, silentLogger, new MemoryUserPrefsStore(silentLogger));
    // A terminal shows no pictures: the image style (the servers' default) is drawn as emoji here.
    // A terminal is a wide window: the desktop layout unless --mobile asks for the phone's (the servers' default is on).
    const patch = { render: options.render ?? 'emoji', mobile: options.mobile === true };
    this.ready = this.settings.update(PLAY_GUILD_ID, patch).then(() => undefined);
  }

  /** Handles one input line; returns what to print (may be empty). */
  async line(raw: string): Promise<string> {
    await this.ready;
    this.now += 1000;
    let text = raw.trim();
    if (text === '' || text.startsWith('#')) return '';
    // The default player is the terminal's owner (and its server admin); @name players are ordinary members.
    let user: UserRef = OWNER;
    const at = /^@([\w.-]{1,32})(?:\s+(.*))?$/.exec(text);
    if (at) {
      user = { id: at[1]!.toLowerCase(), name: at[1]! };
      text = (at[2] ?? '').trim();
    }
    const out = [`> ${raw.trim()}`];
    if (text === '') out.push(`(only you) Say what ${user.name} does after the name, e.g. @${user.name} /rogue join`);
    else {
      try {
        out.push(...(await this.dispatch(user, text)));
      } catch (err) {
        // A bug, not a bad line: answer the way the bot would, keep the session going, and show the details on stderr.
        process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
        out.push(`(only you) ${INTERNAL_ERROR_TEXT}`);
      }
    }
    out.push('');
    // Discord shows `<t:…:R>` as a live "in 42 seconds": the terminal prints it against its own clock.
    return humanTimes(out.join('\n'), this.now);
  }

  /** The session's language for a command or press context (absent: English). */
  private lang(): { locale?: Locale } {
    return this.options.locale ? { locale: this.options.locale } : {};
  }

  private async dispatch(user: UserRef, text: string): Promise<string[]> {
    const prefs = this.settings.prefs ? await this.settings.prefs.get(user.id) : null;
    // The image style cannot be printed: a player who chose it sees the terminal's own style.
    this.privateStyle = prefs?.ok && prefs.value.style !== 'image' ? prefs.value.style : null;
    const advance = /^!advance\s+(\d{1,5})$/.exec(text);
    if (advance) return this.advance(Number(advance[1]));
    if (text.startsWith('/')) {
      const inv = parseCommandLine(text);
      const module = inv && findCommand(inv.command);
      if (!inv || !module) return [`(only you) Unknown command. Try /rogue help.`];
      if (inv.command === 'rogue' && inv.subcommand === 'new' && inv.options.seed === undefined) inv.options.seed = this.nextSeed++;
      const reply = await module.run({ ...inv, user, guildId: this.key.guildId, channelId: this.key.channelId, memberIsAdmin: user.id === OWNER.id, games: this.games, settings: this.settings, daily: this.daily, replays: this.replays, ...this.lang() });
      const lines = this.print(reply, user);
      return inv.command === 'rogue' && inv.subcommand === 'help' ? [...lines, t(this.options.locale ?? DEFAULT_LOCALE, 'help.terminal')] : lines;
    }
    const pressed = /^(?:press\s+|!)(.+)$/.exec(text);
    const word = (pressed ? pressed[1]! : text).trim().toLowerCase();
    return this.press(user, SHORT_NAMES[word] ?? word);
  }

  private async press(user: UserRef, label: string): Promise<string[]> {
    const current = this.shown;
    const onController = current !== null && this.controllerOf === user.id;
    const asked = this.asked;
    const rows = [...(current ? (onController ? playerControls(current, user.id) : gameControls(current)) : []), ...asked];
    this.asked = [];
    // A label is matched whatever its case, with or without its emoji ("play again", "▶️ Play again").
    // The label as printed (in --locale's language) or in English.
    const names = (b: ButtonSpec): string[] => [b.label, labelIn(b, this.options.locale ?? DEFAULT_LOCALE)].flatMap((l) => [l.toLowerCase(), `${b.emoji} ${l}`.toLowerCase()]);
    const matches = (b: ButtonSpec): boolean => !b.spacer && names(b).includes(label);
    // A verb the message does not show now (⏳ outside a fight) is pressed as its button from the verb table, as 🎮 would.
    const verb = SIMPLE_VERBS.find((v) => VERB_TABLE[v].label.toLowerCase() === label);
    const button = rows.flat().find(matches) ?? (current && verb ? verbButton(verb, current.state.version, gameTag(current.meta.createdAt)) : undefined);
    // A private question's buttons (/rogue forget's) need no game.
    if (!button || (!current && !asked.flat().includes(button))) return [`(only you) There's no "${label}" button on the ${onController ? 'controller' : 'game message'}. Type /rogue help for commands.`];
    if (button.disabled) return [`(only you) The ${label} button is disabled.`];
    const decoded = decodeButtonId(button.customId);
    const intent = decoded.ok ? pressIntent(decoded.value) : null;
    if (!decoded.ok || !intent) return [`(only you) ${FOREIGN_BUTTON_TEXT}`];
    // The very code the Discord router runs for a press.
    const forget = (userId: string) => forgetUser({ settings: this.settings, daily: this.daily }, userId);
    // A player's own daily is keyed by them (scope.ts): its buttons act on that game, as on Discord.
    const key = current?.key ?? this.key;
    const outcome = await runPress({ key, user, replays: this.replays, memberIsAdmin: user.id === OWNER.id, games: this.games, forget, ...(this.settings.prefs ? { prefs: this.settings.prefs } : {}), ...this.lang() }, decoded.value, intent);
    const redraw = (view: GameView): string[] => (onController ? this.controller(view, user.id) : this.gameMessage(view, 'updated'));
    switch (outcome.kind) {
      case 'game':
        if (endedScoredDaily(outcome.view)) return [...redraw(outcome.view), ...(await this.dailyPost(outcome.view, user))];
        // A press on the controller also updates the shared message, as on Discord.
        return [...(outcome.note ? [`(only you) ${outcome.note}`] : []), ...(onController ? [...this.gameMessage(outcome.view, 'updated'), ...this.controller(outcome.view, user.id)] : redraw(outcome.view))];
      case 'controller':
        return this.controller(outcome.view, user.id);
      case 'post':
        return ['(the finished run keeps its message and summary)', ...this.gameMessage(outcome.view, 'posted')];
      case 'attachment':
        return this.attachmentText(outcome);
      case 'refused':
        return [...(outcome.view ? redraw(outcome.view) : []), `(only you) ${outcome.text}`];
      case 'note':
        return [`(only you) ${outcome.text}`];
      case 'launch':
        return ['(only you) On Discord this opens the full view; here, run npm run web for it in a browser.'];
      case 'confirm':
        // As on Discord: a private question whose buttons can be pressed next.
        this.asked = outcome.buttons;
        return [`(only you) ${outcome.text}`, ...buttonsText(outcome.buttons)];
    }
  }

  /** A player's private controller, as Discord shows it to them only: their view, their d-pad; typed labels press it. */
  private controller(view: GameView, userId: string): string[] {
    this.shown = view;
    this.controllerOf = userId;
    const style = this.privateStyle ?? this.options.render ?? 'emoji';
    const payload = controllerPayload(view, userId, { style, mobile: this.options.mobile === true }, this.options.locale);
    const out = ['=== your controller (only you) ==='];
    if (payload.content) out.push(payload.content);
    for (const e of payload.embeds) out.push(...embedText(e));
    out.push(...buttonsText(playerControls(view, userId)));
    return out;
  }

  /** A new public message with a file (the replay GIF): the terminal saves the file and prints its path and alt text. */
  private attachmentText(a: { text: string; file: { name: string; data: Uint8Array; description: string } }): string[] {
    const dir = this.options.outDir ?? DEFAULT_OUT_DIR;
    const dot = a.file.name.lastIndexOf('.');
    const name = `${dot > 0 ? a.file.name.slice(0, dot) : a.file.name}-${++this.replaysSaved}${dot > 0 ? a.file.name.slice(dot) : ''}`;
    const path = join(dir, name);
    try {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path, a.file.data);
    } catch (err) {
      return ['=== new message ===', a.text, `(could not save ${a.file.name} to ${dir}: ${(err as Error).message})`, a.file.description];
    }
    return ['=== new message ===', a.text, `[${a.file.name}, ${a.file.data.length} bytes, saved to ${path}] ${a.file.description}`];
  }

  /** A finished scored daily's public post: its share card and the board it counts on, as on Discord. */
  private async dailyPost(view: GameView, user: UserRef): Promise<string[]> {
    const post = await finishedDailyPost(this.daily, view, user);
    return ['=== new message ===', post.content ?? ''];
  }

  private async advance(seconds: number): Promise<string[]> {
    this.now += seconds * 1000;
    const resolved = await this.games.resolveDueRounds();
    if (resolved.length === 0) return [`(the clock moves ${seconds} s; no round was due)`];
    return resolved.flatMap((view) => (view.ping ? this.pingText(view) : this.gameMessage(view, 'updated by the round timer')));
  }

  /** The whose-turn ping (a short new message that mentions only the players the round waits for); [] when none. */
  private pingText(view: GameView): string[] {
    const names = (view.ping ?? []).map((id) => view.state.players.find((p) => p.id === id)?.name ?? id);
    return names.length === 0 ? [] : ['=== new message (pings) ===', `⏳ The round is waiting for ${names.map((n) => `@${n}`).join(' ')}: your move!`];
  }

  private gameMessage(view: GameView, how: string): string[] {
    this.shown = view;
    this.controllerOf = null;
    const payload = gamePayload(view, this.now);
    // A player's own daily is played in their private view, as on Discord.
    const out = [`=== ${isPersonalDaily(view.key) ? 'your daily (only you)' : 'game message'} (${how}) ===`];
    if (payload.content) out.push(payload.content);
    for (const e of payload.embeds) out.push(...embedText(e));
    out.push(...buttonsText(gameControls(view), view.meta.locale));
    return out;
  }

  private print(reply: Reply, user: UserRef = OWNER): string[] {
    switch (reply.kind) {
      case 'failure':
        return [`(only you) ${failureText(reply.error, this.options.locale)}`];
      case 'text':
        return [...(reply.text ? [`(only you) ${reply.text}`] : ['(only you)']), ...(reply.embed ? embedText(embedOf(reply.embed)) : [])];
      case 'controller':
        return this.controller(reply.view, user.id);
      case 'attachment':
        return this.attachmentText(reply);
      case 'confirm':
        // As on Discord: a private question whose buttons can be pressed next.
        this.asked = reply.buttons;
        return [`(only you) ${reply.text}`, ...buttonsText(reply.buttons)];
      case 'game':
        // As on Discord: a posted game message is the whole answer; an update also tells the caller what happened.
        if (reply.mode === 'post') return [...this.gameMessage(reply.view, 'posted'), ...(reply.note ? [`(only you) ${reply.note}`] : [])];
        return [...(reply.note ? [`(only you) ${reply.note}`] : []), ...this.gameMessage(reply.view, 'updated')];
    }
  }
}

function embedOf(e: ReplyEmbed) {
  return { title: e.title, description: e.description, fields: e.fields, footer: e.footer };
}

/** The flags, as `--help` prints them. */
export const FLAGS_HELP = [
  'npm run play -- [flags]   (flags go after --; `npm run play --ascii` works too)',
  '  --seed N    seed of the first /rogue new (0 to 4294967295; default: random)',
  '  --ascii     draw maps in ASCII',
  '  --emoji     draw maps in emoji (the default)',
  '  --mobile    the compact phone layout',
  `  --locale L  play in a language: ${LOCALE_CODES.join(', ')} (default en-US)`,
  '  --help      print this and exit',
].join('\n');

/** Parses the CLI flags; throws with a friendly message on a bad one. */
export function parseFlags(argv: readonly string[]): PlayOptions & { seedGiven: boolean; help?: true } {
  let seed: number | undefined;
  let render: 'emoji' | 'ascii' | undefined;
  let mobile = false;
  let help = false;
  let locale: Locale | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--seed') {
      const v = argv[++i];
      if (v === undefined || !/^\d{1,10}$/.test(v) || Number(v) > 0xffffffff) throw new Error('--seed needs a whole number from 0 to 4294967295');
      seed = Number(v);
    } else if (a.startsWith('--seed=')) return parseFlags([...argv.slice(0, i), '--seed', a.slice(7), ...argv.slice(i + 1)]);
    else if (a === '--locale') {
      const v = argv[++i];
      if (!isLocale(v)) throw new Error(`--locale needs one of ${LOCALE_CODES.join(', ')}`);
      locale = v;
    } else if (a.startsWith('--locale=')) return parseFlags([...argv.slice(0, i), '--locale', a.slice(9), ...argv.slice(i + 1)]);
    else if (a === '--ascii') render = 'ascii';
    else if (a === '--emoji') render = 'emoji';
    else if (a === '--mobile') mobile = true;
    else if (a === '--help' || a === '-h') help = true;
    else throw new Error(`Unknown flag ${a}.\n${FLAGS_HELP}`);
  }
  return { seed: seed ?? randomInt(0, 2 ** 31), seedGiven: seed !== undefined, ...(render ? { render } : {}), mobile, ...(locale ? { locale } : {}), ...(help ? { help: true as const } : {}) };
}

/**
 * `npm run play --ascii` (no `--`) does not reach our argv: npm takes the flag as its own config and passes it as
 * npm_config_ascii=true. Turn our flags found there back into argv; `--seed` arrives as npm_config_seed.
 */
export function npmConfigFlags(env: Readonly<Record<string, string | undefined>>): string[] {
  const out: string[] = [];
  for (const flag of ['ascii', 'emoji', 'mobile', 'help'] as const) {
    const v = env[`npm_config_${flag}`];
    if (v === undefined || v === '' || v === 'false') continue;
    // npm's own `--help` never reaches a script; anything else set to a value is a spelling we must refuse loudly.
    if (v !== 'true') throw new Error(`npm passed --${flag}=${v}; write \`npm run play -- --${flag}\`.`);
    out.push(`--${flag}`);
  }
  const seed = env.npm_config_seed;
  if (seed !== undefined && seed !== '') out.push('--seed', seed);
  const locale = env.npm_config_locale;
  if (locale !== undefined && locale !== '') out.push('--locale', locale);
  return out;
}

/** Runs a session over a stream of lines, writing each answer; resolves at the end of input. */
export async function runPlay(input: NodeJS.ReadableStream, write: (s: string) => void, options: PlayOptions): Promise<void> {
  const session = new PlaySession(options);
  const rl = createInterface({ input, crlfDelay: Infinity, terminal: false });
  for await (const line of rl) {
    const out = await session.line(line);
    if (out) write(out);
  }
}

async function main(): Promise<void> {
  let flags: ReturnType<typeof parseFlags>;
  try {
    flags = parseFlags([...npmConfigFlags(process.env), ...process.argv.slice(2)]);
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(2);
  }
  if (flags.help) {
    process.stdout.write(`${FLAGS_HELP}\n`);
    return;
  }
  if (process.stdin.isTTY) {
    process.stdout.write(`Channel Crawler in your terminal${flags.seedGiven ? '' : ` (seed ${flags.seed})`}. Try: /rogue new, then north (or !n, or wait); /rogue new party:2 opens a lobby; /rogue daily; /rogue help. Ctrl-D quits.\n`);
  }
  await runPlay(process.stdin, (s) => process.stdout.write(s), flags);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  // Only a bug we did not expect gets here (bad lines are answered in-game); the exit code says it failed.
  main().catch((err: unknown) => {
    process.stderr.write(`Something went wrong: ${(err as Error).stack ?? String(err)}\n`);
    process.exit(1);
  });
}
