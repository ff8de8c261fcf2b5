/** /rogue: start, join and play a game in this channel. */
import { logText, sinceCount } from '../src/app/rolling-log.js';
import { aboutReply, forgetQuestion } from './about.js';
import { personalDailyKey } from '../src/app/scope.js';
import { z } from 'zod';
import type { ChannelKey, GameServiceApi, GameView, PlayerAction, Result, UserRef } from '../src/app/service-types.js';
import { DIRECTION_ALIASES, DIRECTION_WORDS, WORD_TO_DIRECTION } from './controls/directions.js';
import { attemptUsedText, boardText, dailyOffText, dailyUnavailableText, historyText } from './daily-replies.js';
import { boolOpt, chatCommand, choiceOpt, intOpt, subcommand, subcommandGroup, userOpt } from './definitions.js';
import { roguePath } from './rogue-tree.js';
import { inLobby } from '../src/app/host.js';
import { helpText } from './help.js';
import { helpRows } from './controls/press.js';
import { ITEM_KINDS, MAP_KINDS, THROW_RANGE } from '../src/engine/index.js';
import { describeEvent, renderLogView, renderStatus } from '../src/render/index.js';
import { truncate } from '../src/render/text.js';
import { boolOption, choiceOption, intOption, schemaInput, unknownSubcommand, userOption } from './options.js';
import { PRIVATE_STYLES } from '../src/app/user-prefs.js';
import { SETTING_ROWS } from '../src/app/settings.js';
import { DIFFICULTIES } from '../src/engine/difficulty.js';
import { OFFERED_ROLES } from '../src/engine/roles.js';
import { endVoteText, kickText, optionErrorText, prefsText } from './replies.js';
import { firstGameNote } from './controls/first-note.js';
import { DEFAULT_LOCALE, t, type Locale } from '../src/i18n/index.js';
import type { CommandContext, CommandModule, Reply } from './types.js';

export { DIRECTION_ALIASES, DIRECTION_TO_WORD, DIRECTION_WORDS, WORD_TO_DIRECTION, type DirectionWord } from './controls/directions.js';

/** The boards `/rogue board` shows: this server's daily (default), every server's daily, this server's all-time best. */
const BOARD_SCOPES = ['server', 'global', 'all-time'] as const;

/** Seeds are 32-bit unsigned, as the service and its derived seeds use (Discord integer options go far beyond). */
const MAX_SEED = 0xffffffff;

const plain = <const N extends string>(name: N) => z.object({ subcommand: z.literal(name) }).strict();

/** The parsed options of every /rogue subcommand, keyed by its path (`act wait`); old flat names are read as their path. */
export const rogueOptions = z.preprocess(
  (v) => (typeof v === 'object' && v !== null && 'subcommand' in v && typeof v.subcommand === 'string' ? { ...v, subcommand: roguePath({ group: null, subcommand: v.subcommand }) } : v),
  z.discriminatedUnion(
  'subcommand',
  [
    z
      .object({
        subcommand: z.literal('new'),
        seed: intOption(0, MAX_SEED).optional(),
        map: choiceOption(MAP_KINDS).optional(),
        size: choiceOption(['small', 'medium', 'large']).optional(),
        mode: choiceOption(['free', 'rounds']).optional(),
        diagonals: boolOption().optional(),
        // The host's choices for this run, within the admins' limits (party size: at most the server's max_players).
        difficulty: choiceOption(DIFFICULTIES).optional(),
        round_seconds: intOption(SETTING_ROWS.roundSeconds.min, SETTING_ROWS.roundSeconds.max).optional(),
        // A lobby for this many players; without it the run starts at once, solo, and friends may still ➕ join.
        party: intOption(2, SETTING_ROWS.maxPlayers.max).optional(),
        // Old names, still read: party_size (a lobby of that size) and lobby (true: a lobby for the server's party size).
        party_size: intOption(SETTING_ROWS.maxPlayers.min, SETTING_ROWS.maxPlayers.max).optional(),
        lobby: boolOption().optional(),
        role: choiceOption(OFFERED_ROLES).optional(),
      })
      .strict(),
    z.object({ subcommand: z.literal('move'), direction: choiceOption(DIRECTION_WORDS, DIRECTION_ALIASES), steps: intOption(1, 9).optional() }).strict(),
    z.object({ subcommand: z.literal('join'), role: choiceOption(OFFERED_ROLES).optional() }).strict(),
    plain('party leave'),
    plain('act wait'),
    plain('act descend'),
    z
      .object({
        subcommand: z.literal('use'),
        item: choiceOption(ITEM_KINDS).optional(),
        direction: choiceOption(DIRECTION_WORDS, DIRECTION_ALIASES).optional(),
        distance: intOption(1, THROW_RANGE).optional(),
      })
      .strict(),
    plain('map'),
    plain('status'),
    plain('log'),
    plain('end'),
    z.object({ subcommand: z.literal('prefs'), style: choiceOption(PRIVATE_STYLES).optional(), mobile: boolOption().optional() }).strict(),
    plain('party again'),
    plain('party start'),
    z.object({ subcommand: z.literal('party kick'), user: userOption() }).strict(),
    z.object({ subcommand: z.literal('daily'), practice: boolOption().optional() }).strict(),
    z.object({ subcommand: z.literal('runs board'), scope: choiceOption(BOARD_SCOPES).optional(), yesterday: boolOption().optional() }).strict(),
    z.object({ subcommand: z.literal('runs history'), user: userOption().optional() }).strict(),
    plain('runs replay'),
    plain('me'),
    plain('help'),
    plain('about'),
    plain('forget'),
    // Fewer clicks (engine actions explore, travel, rest, fight); a lure is thrown with `use item:lure`.
    plain('explore'),
    plain('act travel'),
    plain('act rest'),
    plain('fight'),
  ],
  unknownSubcommand('rogue'),
  ),
);
export type RogueOptions = z.infer<typeof rogueOptions>;

/** Pure mapping from parsed options to the player action they stand for (null for the non-action subcommands). */
export function toAction(options: RogueOptions): PlayerAction | null {
  switch (options.subcommand) {
    case 'move':
      return options.steps === undefined ? { type: 'move', dir: WORD_TO_DIRECTION[options.direction] } : { type: 'move', dir: WORD_TO_DIRECTION[options.direction], steps: options.steps };
    case 'act wait':
      return { type: 'wait' };
    case 'act descend':
      return { type: 'descend' };
    case 'use':
      return {
        type: 'use',
        ...(options.item !== undefined ? { item: options.item } : {}),
        ...(options.direction !== undefined ? { dir: WORD_TO_DIRECTION[options.direction] } : {}),
        ...(options.distance !== undefined ? { distance: options.distance } : {}),
      };
    case 'explore':
    case 'fight':
      return { type: options.subcommand };
    case 'act travel':
      return { type: 'travel' };
    case 'act rest':
      return { type: 'rest' };
    default:
      return null;
  }
}

export { HELP_TEXT } from './help.js';

/** What the terminal game (`npm run play`) adds to /rogue help: its own ways to press buttons and move the clock. */
export const TERMINAL_HELP_TEXT = t(DEFAULT_LOCALE, 'help.terminal');

/** The interaction id to record with the save, when there is one (not in the terminal game). */
function ix(ctx: CommandContext): { interactionId?: string } {
  return ctx.interactionId !== undefined ? { interactionId: ctx.interactionId } : {};
}

function key(ctx: CommandContext) {
  return { guildId: ctx.guildId, channelId: ctx.channelId };
}

/** The game message edited in place, with a private note for the caller. */
function update(result: Result<GameView>, note: (view: GameView) => string | null): Reply {
  if (!result.ok) return { kind: 'failure', error: result.error };
  return { kind: 'game', view: result.value, mode: 'update', note: note(result.value) };
}

/** The game message posted afresh at the bottom of the channel. */
function post(result: Result<GameView>): Reply {
  return result.ok ? { kind: 'game', view: result.value, mode: 'post' } : { kind: 'failure', error: result.error };
}

/**
 * What happened, in the acting player's words and language ("You move. (×11)", "The goblin misses you."): the same
 * line in a row is counted, so an 11-step explore is one line and its stop line, not twelve.
 */
export function eventsNote(view: GameView, viewerId: string, locale: Locale = DEFAULT_LOCALE): string | null {
  const runs: { line: string; count: number }[] = [];
  for (const e of view.events) {
    const line = describeEvent(e, viewerId, locale);
    if (line.length === 0) continue;
    const last = runs[runs.length - 1];
    if (last && last.line === line) last.count++;
    else runs.push({ line, count: 1 });
  }
  const lines = runs.map((r) => (r.count === 1 ? r.line : t(locale, 'log.repeat', { line: r.line, count: r.count })));
  if (lines.length === 0) return null;
  // Cut on a grapheme boundary, never inside an emoji (Discord counts code points; 1,800 leaves room for a prefix).
  return truncate(lines.join('\n'), 1800);
}

/**
 * /rogue end and the 🏳️ button: the creator or an admin ends the game; anyone else casts a vote to end it (a button
 * passes `expectedGame`, so a vote can't land on a game that replaced the button's).
 */
export async function endOrVote(games: GameServiceApi, where: ChannelKey, user: UserRef, isAdmin: boolean, expectedGame?: number, interactionId?: string, locale?: Locale): Promise<Result<{ view: GameView; note: string; voted: boolean }>> {
  const result = await games.end(where, user, isAdmin);
  // A run that had ended before (no game-over now) is said to be over already, whoever asks.
  if (result.ok) return { ok: true, value: { view: result.value, note: result.value.events.some((e) => e.type === 'game-over') ? t(locale ?? DEFAULT_LOCALE, 'reply.game-over') : endVoteText({ votes: 0, needed: 0, living: 0, ended: true }, false, locale), voted: false } };
  if (result.error.kind !== 'forbidden') return result;
  const vote = await games.voteEnd(where, user, { ...(expectedGame !== undefined ? { expectedGame } : {}), ...(interactionId !== undefined ? { interactionId } : {}) });
  if (!vote.ok) return vote;
  return { ok: true, value: { view: vote.value.view, note: endVoteText(vote.value.tally, vote.value.passed, locale), voted: true } };
}

/** /rogue replay and the 🎞️ button: the channel's last finished run as an animated GIF, in a new message. */
export async function replayCommand(ctx: CommandContext): Promise<Reply> {
  if (!ctx.replays) return { kind: 'text', text: t(ctx.locale ?? DEFAULT_LOCALE, 'reply.replays-off') };
  const result = await ctx.replays.replay(key(ctx));
  if (!result.ok) return { kind: 'failure', error: result.error };
  return { kind: 'attachment', text: result.value.caption, file: result.value.file };
}

/** /rogue daily, board and history: the daily service's answers as replies. */
async function dailyCommand(ctx: CommandContext, opts: Extract<RogueOptions, { subcommand: 'daily' | 'runs board' | 'runs history' }>): Promise<Reply> {
  const daily = ctx.daily;
  if (!daily) return { kind: 'text', text: dailyUnavailableText(ctx.locale) };
  switch (opts.subcommand) {
    case 'daily': {
      // Each player's daily is their own game, keyed by them and played in their private view (see scope.ts): any
      // number play at once beside the channel's game. One already running is shown again, where it stands.
      const own = personalDailyKey(key(ctx), ctx.user.id);
      const running = await ctx.games.view(own);
      if (running.ok && running.value.state.status === 'playing') return { kind: 'game', view: running.value, mode: 'post' };
      const result = await daily.start(own, ctx.user, { practice: opts.practice === true });
      if (!result.ok) return { kind: 'failure', error: result.error };
      const started = result.value;
      if (started.kind === 'disabled') return { kind: 'text', text: dailyOffText(ctx.locale) };
      if (started.kind === 'attempt-used') return { kind: 'text', text: attemptUsedText(started.day, started.starting === true, ctx.locale) };
      return { kind: 'game', view: started.view, mode: 'post' };
    }
    case 'runs board': {
      const result = await daily.board(ctx.guildId, ctx.user, { scope: opts.scope ?? 'server', yesterday: opts.yesterday === true });
      return result.ok ? { kind: 'text', text: boardText(result.value, ctx.locale) } : { kind: 'failure', error: result.error };
    }
    case 'runs history': {
      const result = await daily.history(opts.user !== undefined ? { userId: opts.user } : { channel: key(ctx) });
      return result.ok ? { kind: 'text', text: historyText(result.value, opts.user !== undefined ? 'user' : 'channel', ctx.locale) } : { kind: 'failure', error: result.error };
    }
  }
}

/** The text for `/rogue new` while a game runs here: a lobby says how to get in, a run says how to join or end it. */
export function gameExistsText(lobby: boolean, locale: Locale = DEFAULT_LOCALE): string {
  return t(locale, lobby ? 'reply.exists.lobby' : 'reply.exists.run');
}

/**
 * /rogue new: alone, the run starts at once and friends may ➕ join it; `party:N` (or the old `party_size`, `lobby:true`)
 * opens a lobby for N players that the host starts.
 */
async function newCommand(ctx: CommandContext, opts: Extract<RogueOptions, { subcommand: 'new' }>): Promise<Reply> {
  const size = opts.party ?? opts.party_size;
  const lobby = opts.lobby ?? (size !== undefined && size > 1);
  const result = await ctx.games.newGame(key(ctx), ctx.user, {
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    ...(opts.map !== undefined ? { mapKind: opts.map } : {}),
    ...(opts.size !== undefined ? { size: opts.size } : {}),
    ...(opts.mode !== undefined ? { mode: opts.mode } : {}),
    ...(opts.diagonals !== undefined ? { diagonals: opts.diagonals } : {}),
    ...(opts.difficulty !== undefined ? { difficulty: opts.difficulty } : {}),
    ...(opts.round_seconds !== undefined ? { roundSeconds: opts.round_seconds } : {}),
    ...(size !== undefined ? { maxPlayers: size } : {}),
    ...(opts.role !== undefined ? { role: opts.role } : {}),
    ...(ctx.locale !== undefined ? { locale: ctx.locale } : {}),
    ...(ctx.serverLocale !== undefined ? { serverLocale: ctx.serverLocale } : {}),
    lobby,
  });
  if (!result.ok && result.error.kind === 'game-exists') {
    const running = await ctx.games.view(key(ctx));
    return { kind: 'text', text: gameExistsText(running.ok && inLobby(running.value.meta), ctx.locale) };
  }
  if (!result.ok) return post(result);
  // A solo run starts at once: a player's first game says, once and privately, what each icon button does before
  // their first press (a lobby gets it on the first press after the start, see controls/first-note.ts).
  const note = await firstGameNote(ctx.settings.prefs, ctx.user.id, result.value, ctx.locale ?? DEFAULT_LOCALE, true);
  return note ? { kind: 'game', view: result.value, mode: 'post', note } : post(result);
}

async function run(ctx: CommandContext): Promise<Reply> {
  const parsed = rogueOptions.safeParse(schemaInput(ctx));
  if (!parsed.success) return { kind: 'text', text: optionErrorText(parsed.error, ctx.locale) };
  const opts = parsed.data;
  const action = toAction(opts);
  if (action) {
    const result = await ctx.games.act(key(ctx), ctx.user, action, {
      ...(ctx.seenVersion !== undefined ? { seenVersion: ctx.seenVersion } : {}),
      ...(ctx.seenGame !== undefined ? { expectedGame: ctx.seenGame } : {}),
      ...(ctx.interactionId !== undefined ? { interactionId: ctx.interactionId } : {}),
    });
    return update(result, (v) => eventsNote(v, ctx.user.id, ctx.locale ?? DEFAULT_LOCALE));
  }
  switch (opts.subcommand) {
    case 'new':
      return newCommand(ctx, opts);
    case 'join':
      return update(await ctx.games.join(key(ctx), ctx.user, { ...ix(ctx), ...(opts.role !== undefined ? { role: opts.role } : {}) }), () => t(ctx.locale ?? DEFAULT_LOCALE, 'reply.joined'));
    case 'party leave':
      return update(await ctx.games.leave(key(ctx), ctx.user, ix(ctx)), () => t(ctx.locale ?? DEFAULT_LOCALE, 'reply.left'));
    case 'map':
      return post(await ctx.games.view(key(ctx)));
    case 'end': {
      const result = await endOrVote(ctx.games, key(ctx), ctx.user, ctx.memberIsAdmin, undefined, ctx.interactionId, ctx.locale);
      return result.ok ? { kind: 'game', view: result.value.view, mode: 'update', note: result.value.note } : { kind: 'failure', error: result.error };
    }
    case 'me': {
      const result = await ctx.games.view(key(ctx));
      return result.ok ? { kind: 'controller', view: result.value } : { kind: 'failure', error: result.error };
    }
    case 'party start':
      return update(await ctx.games.start(key(ctx), ctx.user, ctx.memberIsAdmin, ix(ctx)), () => t(ctx.locale ?? DEFAULT_LOCALE, 'reply.started'));
    case 'party kick': {
      const result = await ctx.games.kick(key(ctx), ctx.user, { id: opts.user, name: 'That player' }, ctx.memberIsAdmin, ix(ctx));
      if (!result.ok) return { kind: 'failure', error: result.error };
      const { view, removed, votes, needed } = result.value;
      return { kind: 'game', view, mode: 'update', note: kickText(removed, votes, needed, ctx.locale) };
    }
    case 'party again':
      // ▶ Play again on a finished game's message: same settings, a new seed, the old party invited.
      return post(await ctx.games.playAgain(key(ctx), ctx.user, ctx.seenGame));
    case 'status': {
      const result = await ctx.games.view(key(ctx));
      if (!result.ok) return { kind: 'failure', error: result.error };
      return { kind: 'text', text: '', embed: renderStatus(result.value.state, ctx.user.id, ctx.locale) };
    }
    case 'log': {
      // The game's kept log (the shared message shows its last 5 lines), privately, with what happened since you acted.
      const result = await ctx.games.view(key(ctx));
      if (!result.ok) return { kind: 'failure', error: result.error };
      return { kind: 'text', text: '', embed: renderLogView(result.value.state, logText(result.value.meta.recentLog, ctx.locale), ctx.user.id, logSince(result.value, ctx.user.id), ctx.locale) };
    }
    case 'prefs': {
      if (!ctx.settings.prefs) return { kind: 'text', text: t(ctx.locale ?? DEFAULT_LOCALE, 'reply.prefs-off') };
      const patch = { ...(opts.style !== undefined ? { style: opts.style } : {}), ...(opts.mobile !== undefined ? { mobile: opts.mobile } : {}) };
      const changed = Object.keys(patch).length > 0;
      const result = changed ? await ctx.settings.prefs.update(ctx.user.id, patch) : await ctx.settings.prefs.get(ctx.user.id);
      if (!result.ok) return { kind: 'failure', error: result.error };
      return { kind: 'text', text: prefsText(result.value, changed, ctx.locale) };
    }
    case 'help':
      // One phone screen; the longer topics are behind its buttons (each answers privately, with the buttons again).
      return { kind: 'confirm', text: helpText(ctx.locale), buttons: helpRows() };
    case 'about':
      return aboutReply(ctx.locale);
    case 'forget':
      return forgetQuestion(ctx.locale);
    case 'daily':
    case 'runs board':
    case 'runs history':
      return dailyCommand(ctx, opts);
    case 'runs replay':
      return replayCommand(ctx);
    default:
      return { kind: 'text', text: t(ctx.locale ?? DEFAULT_LOCALE, 'reply.unknown-subcommand') };
  }
}

/** The /rogue command module. */
export default {
  data: chatCommand({
    name: 'rogue',
    description: 'Play Channel Crawler, a roguelike for this channel',
    options: [
      subcommand('new', 'Start a game here (party: a lobby first)', [
        intOpt('party', 'Players for a lobby you start (up to max_players)', 2, SETTING_ROWS.maxPlayers.max),
        choiceOpt('difficulty', 'Monster strength for this run', DIFFICULTIES),
        choiceOpt('mode', 'free, or rounds in fights', ['free', 'rounds']),
        intOpt('round_seconds', 'Rounds mode: seconds per round for this run', SETTING_ROWS.roundSeconds.min, SETTING_ROWS.roundSeconds.max),
        choiceOpt('map', 'Map kind', MAP_KINDS),
        choiceOpt('size', 'Map size', ['small', 'medium', 'large']),
        boolOpt('diagonals', 'Allow diagonal moves (8 directions)'),
        intOpt('seed', 'Seed: the same seed, the same dungeon', 0, MAX_SEED),
        choiceOpt('role', 'Your hero', OFFERED_ROLES),
      ]),
      subcommand('join', 'Join the game in this channel', [choiceOpt('role', 'Your hero', OFFERED_ROLES)]),
      subcommand('me', 'Your own view and controls, only for you'),
      subcommand('move', 'Move (or attack by moving into a monster)', [
        choiceOpt('direction', 'Where to go', DIRECTION_WORDS, true),
        intOpt('steps', 'Run up to this many steps', 1, 9),
      ]),
      subcommand('fight', 'Fight the nearest monster until something happens'),
      subcommand('explore', 'Walk to the nearest unexplored place'),
      subcommand('use', 'Use an item (default: drink a potion)', [
        choiceOpt('item', 'Which item (see /rogue status)', ITEM_KINDS),
        choiceOpt('direction', 'Where to throw it (default: aimed for you)', DIRECTION_WORDS),
        intOpt('distance', 'How far to throw it', 1, THROW_RANGE),
      ]),
      subcommand('map', 'Repost the game message at the bottom'),
      subcommand('log', "The game's longer log (only you see it)"),
      subcommand('status', 'Your character sheet (only you see it)'),
      subcommand('end', 'End the game (host or admin), or vote to end it'),
      subcommand('daily', "Today's dungeon: one scored attempt a day", [boolOpt('practice', 'A practice run (never on a board)')]),
      subcommand('prefs', 'Your view preferences, on every server', [
        choiceOpt('style', 'Map style of your private views (text: screen readers)', PRIVATE_STYLES),
        boolOpt('mobile', 'Phone layout for your private views'),
      ]),
      subcommand('help', 'How to play'),
      subcommand('about', 'Version, privacy and terms'),
      subcommand('forget', 'Delete your history and preferences'),
      subcommandGroup('act', 'Wait, rest, walk to the stairs or go down', [
        subcommand('wait', 'Wait a turn'),
        subcommand('rest', 'Rest until healed (not with a monster in view)'),
        subcommand('travel', 'Walk to the stairs once the party has seen them'),
        subcommand('descend', 'Take the stairs down'),
      ]),
      subcommandGroup('party', 'Start, leave, remove a player, play again', [
        subcommand('start', 'Start the run waiting in its lobby (the host)'),
        subcommand('leave', 'Leave the game in this channel'),
        subcommand('kick', 'Remove a player (host), or vote out an idle one', [userOpt('user', 'Who to remove', true)]),
        subcommand('again', 'A new game with the same settings and players'),
      ]),
      subcommandGroup('runs', 'The daily board, past runs and replays', [
        subcommand('board', 'The daily board', [
          choiceOpt('scope', 'server (default), global or all-time', BOARD_SCOPES),
          boolOpt('yesterday', "Yesterday's board instead of today's"),
        ]),
        subcommand('history', "This channel's last runs, or a player's", [userOpt('user', 'Whose runs')]),
        subcommand('replay', 'A replay of the end of the last run here'),
      ]),
    ],
  }),
  options: rogueOptions,
  run,
  slowSubcommands: ['replay'],
} satisfies CommandModule;

/** Lines of the game's log since `userId`'s last press began (undefined: not a member, or no line of theirs). */
function logSince(view: { state: { players: readonly { id: string; name: string }[] }; meta: { recentLog?: Parameters<typeof sinceCount>[0] } }, userId: string): number | undefined {
  const me = view.state.players.find((p) => p.id === userId);
  return me ? sinceCount(view.meta.recentLog, me.name) : undefined;
}
