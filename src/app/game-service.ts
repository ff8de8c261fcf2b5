/**
 * The game service: load a channel's game, apply one engine step, save it by compare-and-set, return a view.
 * It keeps nothing in memory between calls, so any number of processes can serve the same channels.
 *
 * Stale and concurrent presses. Every accepted step adds 1 to `state.version` and appends its action to the
 * channel's log, so log[i] is the action that took the game from version i to i + 1.
 * - A writer that loses the compare-and-set reloads and tries again (up to `maxRetries` times) and the engine
 *   re-validates the action on the new state: if it is no longer legal, the engine's refusal is returned.
 * - A button drawn for `seenVersion` older than the current version "still makes sense" when (a) no action of
 *   the SAME user was accepted since seenVersion (so a double click, or a second press on an old message, is
 *   never applied twice) and (b) the engine accepts it on the current state. Other players' actions in between
 *   do not make it stale: in a group game the message is redrawn after every action, and a press on the
 *   previous drawing still means what its player wanted (their own position has not changed). When (a) fails it is
 *   refused as `stale`, as is a render from the future (a replaced game) or one more than STALE_WINDOW versions
 *   old; when (b) fails the engine's reason is returned (a wall, an ally, not your turn): it is true for that
 *   player, since their position has not changed since the drawing. (a) is read from `meta.lastActed`, which the same save writes, so it costs no extra
 *   round trip.
 * A button also names its game (`expectedGame`, the game's createdAt): a button left on a replaced game's message is
 * refused as `old-game`, whatever its version.
 * Slash commands pass neither: each command is a distinct intent and is applied to the current state.
 *
 * Exactly once per interaction. Discord may deliver one interaction twice, to this process or to two at once. An
 * action that comes with its interaction id (`ActOptions.interactionId`; join, leave and voteEnd take one too) has it
 * recorded by the same atomic save that applies it (GameStore.save), and the load before a save reads whether it is
 * recorded already. A redelivery is found either way (at the load, or as DUPLICATE from a save that lost to the
 * first delivery) and is answered with the game as it is now and no events: no second turn, and no refusal either
 * (a stale-button or not-your-turn answer would be wrong: the press did happen). `onDuplicate` counts them.
 */
import { boardGuildOf, interactionOnly, isPersonalDaily } from './scope.js';
import { DEFAULT_LOCALE } from '../i18n/index.js';
import { defaultConfig, newGame as engineNewGame, kindFromSeed, LATEST_RULES, resolveRound, roundsNow, rulesFor, step } from '../engine/index.js';
import type { Action, GameEvent, GameState, MapKind, RoleKind } from '../engine/types.js';
import { DEFAULT_ROLE } from '../engine/roles.js';
import { endTally, livingVotes, withVote } from './end-vote.js';
import { endingMsg, inLobby, isHost, namesOf, nextHost } from './host.js';
import { invalid } from './invalid.js';
import { hostChoiceRefusal } from './host-limits.js';
import { kickPlan, liveKickVotes, recordPassed, skipIdle, type KickOutcome } from './kick.js';
import { hostStartPlan, joinPlan, lobbyExpired, lobbyMeta } from './lobby.js';
import { endPlan, fail, isFailure, ok, rejection, view, type Plan } from './plan.js';
import { duePing } from './turn-ping.js';
import { sharedArrowStep } from './shared-arrow.js';
import { isRetired } from './game-message.js';
import { encodeChannelKey } from './game-codec.js';
import { idleEndsAt, queuedWake, wakeAt } from './idle-end.js';
import { rollLog, ROLLING_LOG_LINES } from './rolling-log.js';
import {
  DamagedSaveError,
  DUPLICATE,
  isDuplicate,
  StorageUnavailableError,
  type Clock,
  type DuplicateInteraction,
  type GameStore,
  type GameSummaryRecord,
  type Logger,
  type RoundClaim,
  type RoundScheduler,
  type SaveResult,
  type SettingsStore,
} from './ports.js';
import type {
  ActOptions,
  ChannelKey,
  EndVoteResult,
  GameMeta,
  GameServiceApi,
  GameView,
  KickResult,
  MessageRef,
  NewGameOptions,
  PlayerAction,
  Result,
  ServiceFailure,
  StoredGame,
  UserRef,
} from './service-types.js';
import { MAP_SIZES, type GuildSettings, type MapSize } from './settings.js';

/** Renders older than this many versions are refused as stale without reading the log. */
export const STALE_WINDOW = 64;
/** How long a claimed round is reserved for its claimer; short so a crashed claimer delays a round by at most this plus one poll. */
export const ROUND_LEASE_MS = 3000;
/**
 * Rounds that may resolve in a row with nobody acting before the round timer pauses (the next action starts a new
 * round). Without it an abandoned rounds game would resolve a round every roundSeconds forever: its saves would keep
 * refreshing its TTL, so it would never expire, and its log would grow without end.
 */
export const MAX_IDLE_ROUNDS = 10;

/** What the service needs; every dependency is a port. */
export interface GameServiceDeps {
  games: GameStore;
  settings: SettingsStore;
  clock: Clock;
  rounds: RoundScheduler;
  logger: Logger;
  /** Reload-and-retry attempts after a lost compare-and-set (default 5). */
  maxRetries?: number;
  /** Rounds claimed per resolveDueRounds call (default 50). */
  claimLimit?: number;
  /** How long a claimed round stays reserved (default ROUND_LEASE_MS). */
  leaseMs?: number;
  /** Told of every redelivered interaction found already applied (and so not applied twice): metrics count them. */
  onDuplicate?: (key: ChannelKey) => void;
  /** Told of every game a save of this process finished, after the save, and awaited: history and daily boards record it (see daily/recorder.ts). */
  onFinished?: (key: ChannelKey, game: StoredGame) => Promise<void>;
}

/** What a write may say about the interaction that carried it. */
export interface InteractionRef {
  interactionId?: string;
}

/** A loaded game; `applied` when the load was asked about an interaction and found it already applied. */
type Found = { game: StoredGame; rev: string; applied?: boolean };

/** The GameServiceApi over storage, settings, a clock and the round queue. */
export class GameService implements GameServiceApi {
  private readonly games: GameStore;
  private readonly settings: SettingsStore;
  private readonly clock: Clock;
  private readonly rounds: RoundScheduler;
  private readonly logger: Logger;
  private readonly maxRetries: number;
  private readonly claimLimit: number;
  private readonly leaseMs: number;
  private readonly onDuplicate: (key: ChannelKey) => void;
  private readonly onFinished: ((key: ChannelKey, game: StoredGame) => Promise<void>) | undefined;
  /** Tail of the in-process queue of writes per channel (see serial()). Holds promises only, never game state. */
  private readonly queues = new Map<string, Promise<unknown>>();
  /** Whether the last round claim failed: an outage is logged once when it starts and once when it ends, not every poll. */
  private claimsFailing = false;

  constructor(deps: GameServiceDeps) {
    this.games = deps.games;
    this.settings = deps.settings;
    this.clock = deps.clock;
    this.rounds = deps.rounds;
    this.logger = deps.logger;
    this.maxRetries = deps.maxRetries ?? 5;
    this.claimLimit = deps.claimLimit ?? 50;
    this.leaseMs = deps.leaseMs ?? ROUND_LEASE_MS;
    this.onDuplicate = deps.onDuplicate ?? (() => {});
    this.onFinished = deps.onFinished;
  }

  async newGame(key: ChannelKey, user: UserRef, options: NewGameOptions): Promise<Result<GameView>> {
    return this.guarded(key, async () => {
      if (options.seed !== undefined && !(Number.isInteger(options.seed) && options.seed >= 0 && options.seed <= 0xffffffff)) {
        return fail(invalid('invalid.seed', { max: 0xffffffff }));
      }
      const settings = await this.settings.get(key.guildId);
      // A player's own daily lives in their private view, not in a channel: the channel list does not apply to it.
      if (!isPersonalDaily(key) && !channelAllowed(settings, key.channelId)) return fail({ kind: 'channel-not-allowed' });
      // The host chooses within the admins' limits (Play again repeats a run that was allowed: it passes invite).
      const beyond = options.invite === undefined ? hostChoiceRefusal(settings, options) : null;
      if (beyond !== null) return fail(beyond);
      const roundSeconds = options.roundSeconds ?? settings.roundSeconds;
      if ((options.mode ?? settings.turnMode) === 'rounds' && interactionOnly(key)) return fail({ kind: 'rounds-need-channel' });
      const loaded = await this.load(key);
      let replacing: string | undefined;
      if (loaded.ok) {
        // A finished game may be replaced; a running one may not.
        if (loaded.value.game.state.status === 'playing') return fail({ kind: 'game-exists' });
        replacing = loaded.value.rev;
      } else if (loaded.error.kind !== 'no-game') return fail(loaded.error);

      const now = this.clock.now();
      const seed = options.seed ?? deriveSeed(now, key.channelId);
      const size = MAP_SIZES[options.size ?? settings.mapSize];
      const mapChoice = options.mapKind ?? settings.mapKind;
      const rules = options.rules ?? LATEST_RULES;
      const mapKind: MapKind = mapChoice === 'random' ? kindFromSeed(seed, rules) : mapChoice;
      if (!rulesFor(rules).mapKinds.includes(mapKind)) return fail(invalid('invalid.map-retired', { map: mapKind }));
      const turnMode = options.mode ?? settings.turnMode;
      const topology = (options.diagonals ?? settings.diagonals) ? 8 : 4;
      const config = defaultConfig({ rules, seed, width: size.width, height: size.height, mapKind, turnMode, topology, difficulty: options.difficulty ?? settings.difficulty, maxPlayers: options.maxPlayers ?? settings.maxPlayers });
      const join: Action = { type: 'join', user: user.id, name: user.name, role: options.role ?? DEFAULT_ROLE };
      const r = step(engineNewGame(config), join);
      if (!r.ok) return fail(rejection(r.code, config.maxPlayers));
      const meta: GameMeta = {
        creatorId: user.id,
        createdAt: now,
        updatedAt: now,
        // Rounds mode walks freely until a monster is in view: the round timer runs only in a fight.
        roundDeadline: roundsNow(r.state) && options.lobby !== true ? now + roundSeconds * 1000 : null,
        // A lobby holds the run (no round timer) until the host starts it, it fills, or LOBBY_MS pass.
        ...lobbyMeta(options.lobby, config.maxPlayers, now),
        message: null,
        render: settings.render,
        mobile: settings.mobile,
        // The server's setting, else a Community server's language, else the starter's.
        locale: settings.language === 'auto' ? (options.serverLocale ?? options.locale ?? DEFAULT_LOCALE) : settings.language,
        roundSeconds,
        pingSeconds: settings.pingSeconds,
        roundStartedAt: now,
        actedAt: { [user.id]: now },
        lastActed: { [user.id]: 0 },
        idleRounds: 0,
        lastActionAt: now,
        idleEndHours: settings.idleEndHours,
        mapChoice,
        ...(options.daily ? { daily: options.daily } : {}),
        ...(options.invite && options.invite.length > 0 ? { invited: options.invite.filter((u) => u.id !== user.id) } : {}),
      };
      const game: StoredGame = { state: r.state, meta };
      // Every playing game has a queue entry: its round deadline or, first in free mode, its idle end.
      const deadline = wakeAt(game);
      // Scheduled before the save, so a crash between the two can at worst leave an early (harmless) entry, never none.
      if (deadline !== null) await this.rounds.schedule(key, deadline);
      const rev = await this.games.create(key, game, [join], replacing);
      if (rev === null) return fail({ kind: 'game-exists' });
      // The new game owns the channel's entry. schedule() above may have kept an older game's deadline (it only moves
      // entries earlier), and that game's pending cancel() would then remove it: replacing it makes that cancel miss.
      if (deadline !== null) await this.bestEffort(key, 'round deadline not set', () => this.rounds.replace(key, deadline));
      return ok(view(key, game, r.events));
    });
  }

  /** `opts.interactionId`: a redelivered join is answered with the game, not "already in the game". */
  async join(key: ChannelKey, user: UserRef, opts: InteractionRef & { role?: RoleKind } = {}): Promise<Result<GameView>> {
    return this.guarded(key, async () => {
      const settings = await this.settings.get(key.guildId);
      if (!channelAllowed(settings, key.channelId)) return fail({ kind: 'channel-not-allowed' });
      return this.mutate(
        key,
        async ({ game }) => {
          // A member's join changes their role only when they name one (before the run begins); a newcomer is a fighter by default.
          const member = game.state.players.some((p) => p.id === user.id);
          const role = opts.role ?? (member ? undefined : DEFAULT_ROLE);
          const join: Action = { type: 'join', user: user.id, name: user.name, ...(role !== undefined ? { role } : {}) };
          const r = step(game.state, join);
          if (!r.ok) return rejection(r.code, game.state.config.maxPlayers);
          // A lobby that fills starts the run.
          return joinPlan(game, { actions: [join], state: r.state, events: r.events }, this.clock.now());
        },
        opts.interactionId,
      );
    });
  }

  /** `opts.interactionId`: a redelivered leave is answered with the game, not "not a player". */
  async leave(key: ChannelKey, user: UserRef, opts: InteractionRef = {}): Promise<Result<GameView>> {
    return this.guarded(key, () =>
      this.mutate(
        key,
        async ({ game }) => {
          const action: Action = { type: 'leave', user: user.id };
          const r = step(game.state, action);
          if (!r.ok) return rejection(r.code, game.state.config.maxPlayers);
          return { actions: [action], state: r.state, events: r.events };
        },
        opts.interactionId,
      ),
    );
  }

  async act(key: ChannelKey, user: UserRef, action: PlayerAction, opts: ActOptions = {}): Promise<Result<GameView>> {
    const { seenVersion, expectedGame, interactionId, pressedMessage } = opts;
    const engineAction = toEngineAction(action, user.id);
    return this.guarded(key, () =>
      this.mutate(key, async ({ game }) => {
        const s = game.state;
        // Checked here, inside the compare-and-set, so a press costs one load and cannot act on a game that replaced
        // its own between a check and the save; a version alone could match in the new game.
        if (expectedGame !== undefined && Math.floor(game.meta.createdAt) !== expectedGame) return { kind: 'old-game' };
        // A press on a retired game message changes nothing and points to the live one (no extra read per press).
        if (pressedMessage !== undefined && game.meta.message && isRetired(game.meta.message, pressedMessage)) return { kind: 'retired', guildId: boardGuildOf(key) ?? '@me', live: game.meta.message };
        // A finished game refuses everyone alike (after /rogue end nobody is a player any more).
        if (s.status === 'over') return rejection('game-over', s.config.maxPlayers);
        if (!s.players.some((p) => p.id === user.id)) return { kind: 'not-a-player' };
        if (inLobby(game.meta)) return invalid('lobby.not-started');
        const behind = seenVersion === undefined ? 0 : s.version - seenVersion;
        if (behind < 0 || behind > STALE_WINDOW) return { kind: 'stale' };
        // (a) of the stale-press rule: the user's own action since the render means this press was already answered.
        if (seenVersion !== undefined && behind > 0 && (game.meta.lastActed[user.id] ?? -1) >= seenVersion) return { kind: 'stale' };
        // A shared arrow that is a wall for the presser heads that way instead (shared-arrow.ts): the message lit it for the party.
        const heading = pressedMessage !== undefined && engineAction.type === 'move' ? sharedArrowStep(s, user.id, engineAction.dir) : null;
        const applied = heading && engineAction.type === 'move' ? { ...engineAction, dir: heading } : engineAction;
        const r = step(s, applied);
        // The real reason for this player (a wall, an ally, not your turn): the drawing was the party's, and their own
        // position has not changed since it (rule (a)), so "out of date" would send them back to the same arrow.
        if (!r.ok) return rejection(r.code, s.config.maxPlayers);
        return skipIdle(game.meta, { actions: [applied], state: r.state, events: r.events }, user.id);
      }, interactionId),
    );
  }

  async view(key: ChannelKey): Promise<Result<GameView>> {
    return this.guarded(key, async () => {
      const loaded = await this.load(key);
      return loaded.ok ? ok(view(key, loaded.value.game, [])) : loaded;
    }, false);
  }

  async end(key: ChannelKey, user: UserRef, isAdmin: boolean): Promise<Result<GameView>> {
    return this.guarded(key, () =>
      this.mutate(key, async ({ game }) => {
        // Host powers belong to the host still in the party (see host.ts); an admin may end any run.
        // A finished run is shown as it ended, whoever asks (a second /rogue end, a late press).
        if (game.state.status === 'over') return view(key, game, []);
        const host = isHost(game.state, game.meta, user.id);
        if (!isAdmin && !host) return { kind: 'forbidden', need: 'the host or Manage Server' };
        const plan = endPlan(game.state);
        return isFailure(plan) ? plan : { ...plan, meta: { endVotes: [], endReason: host ? 'host' : 'admin', endedBy: [user.name] } };
      }),
    );
  }

  /** `opts.interactionId`: a redelivered vote is answered with the tally as it is now. */
  async voteEnd(key: ChannelKey, user: UserRef, opts: { expectedGame?: number } & InteractionRef = {}): Promise<Result<EndVoteResult>> {
    const result = await this.guarded(key, () =>
      this.mutate(key, async ({ game }) => {
        if (opts.expectedGame !== undefined && Math.floor(game.meta.createdAt) !== opts.expectedGame) return { kind: 'old-game' };
        const s = game.state;
        if (s.status === 'over') return view(key, game, []);
        const voter = s.players.find((p) => p.id === user.id);
        if (!voter) return { kind: 'not-a-player' };
        // A vote is a majority of the living party members: the fallen watch.
        if (!voter.alive) return { kind: 'forbidden', need: 'the living members of the party' };
        const votes = withVote(s, game.meta, user.id);
        // More than half of the living party: the vote passes and the game ends as /rogue end would.
        if (endTally(s, { ...game.meta, endVotes: votes }).votes >= endTally(s, game.meta).needed) {
          const plan = endPlan(s);
          return isFailure(plan) ? plan : { ...plan, meta: { endVotes: [], endReason: 'vote', endedBy: namesOf(s, votes) } };
        }
        if (votes.length === (game.meta.endVotes ?? []).length) return view(key, game, []);
        return { actions: [], state: s, events: [], meta: { endVotes: votes } };
      }, opts.interactionId),
    );
    if (!result.ok) return result;
    const passed = result.value.events.some((e) => e.type === 'game-over');
    return ok({ view: result.value, tally: endTally(result.value.state, result.value.meta), passed });
  }

  async playAgain(key: ChannelKey, user: UserRef, expectedGame?: number): Promise<Result<GameView>> {
    // A read, then newGame's own compare-and-set create: if someone else started a game in between, it is refused there.
    const loaded = await this.guarded(key, () => this.load(key), false);
    if (!loaded.ok) return loaded;
    const { state, meta } = loaded.value.game;
    if (state.status === 'playing') return fail({ kind: 'game-exists' });
    if (expectedGame !== undefined && Math.floor(meta.createdAt) !== expectedGame) return fail({ kind: 'old-game' });
    // Play again is for the finished run's players; anyone else joins the new game (or starts one with /rogue new).
    const previous = new Map([...state.players, ...state.departed].map((p) => [p.id, { id: p.id, name: p.name }]));
    if (!previous.has(user.id)) return fail({ kind: 'not-your-run' });
    const c = state.config;
    const derived = deriveSeed(this.clock.now(), key.channelId);
    const size = (Object.keys(MAP_SIZES) as MapSize[]).find((s) => MAP_SIZES[s].width === c.width && MAP_SIZES[s].height === c.height);
    return this.newGame(key, user, {
      seed: derived === c.seed ? (derived + 1) >>> 0 : derived,
      mapKind: meta.mapChoice ?? c.mapKind,
      ...(size ? { size } : {}),
      mode: c.turnMode,
      diagonals: c.topology === 8,
      difficulty: c.difficulty,
      maxPlayers: c.maxPlayers,
      roundSeconds: meta.roundSeconds,
      invite: [...previous.values()],
      // The next run speaks as this one did (the server's setting still wins in newGame).
      ...(meta.locale !== undefined ? { locale: meta.locale } : {}),
      // A party's next run opens a lobby, so the invited players join before it starts; a solo run starts at once.
      lobby: previous.size > 1,
    });
  }

  async kick(key: ChannelKey, by: UserRef, target: UserRef, isAdmin: boolean, opts: InteractionRef = {}): Promise<Result<KickResult>> {
    let outcome: KickOutcome = { removed: false, votes: 0, needed: 0 };
    const result = await this.guarded(key, () =>
      this.mutate(key, async ({ game }) => {
        const k = kickPlan(game, by, target, isAdmin);
        outcome = k.outcome;
        return k.plan;
      }, opts.interactionId),
    );
    return result.ok ? ok({ view: result.value, ...outcome }) : result;
  }

  async start(key: ChannelKey, user: UserRef, isAdmin: boolean, opts: InteractionRef = {}): Promise<Result<GameView>> {
    return this.guarded(key, () => this.mutate(key, async ({ game }) => hostStartPlan(key, game, user, isAdmin, this.clock.now()), opts.interactionId));
  }

  async resetGame(key: ChannelKey): Promise<Result<{ deleted: boolean }>> {
    return this.guarded(key, async () => {
      const loaded = await this.games.load(key);
      const deleted = await this.games.delete(key);
      const deadline = loaded.kind === 'found' ? wakeAt(loaded.game) : null;
      if (deadline !== null) await this.rounds.cancel(key, deadline);
      this.logger.info('game reset', { ...key, deleted });
      return ok({ deleted });
    });
  }

  async setMessage(key: ChannelKey, message: MessageRef | null): Promise<Result<GameView>> {
    return this.guarded(key, () => this.mutate(key, async ({ game }) => ({ actions: [], state: game.state, events: [], message })));
  }

  async resolveDueRounds(): Promise<GameView[]> {
    let claims: RoundClaim[];
    try {
      claims = await this.rounds.claimDue(this.clock.now(), this.claimLimit, this.leaseMs);
    } catch (err) {
      // The timer polls every second: report the first failure of a streak only.
      if (!this.claimsFailing) {
        if (err instanceof StorageUnavailableError) this.logger.warn('round timer paused: storage unavailable', { err: err.message });
        else this.logger.error('round timer paused: claiming due rounds failed', { err: String(err) });
      }
      this.claimsFailing = true;
      return [];
    }
    if (this.claimsFailing) this.logger.info('round timer resumed');
    this.claimsFailing = false;
    // Settled one by one: a bug in one channel must not hide the rounds resolved in the others.
    const settled = await Promise.allSettled(claims.map((c) => this.serial(c.key, () => this.resolveClaim(c))));
    const views: GameView[] = [];
    settled.forEach((r, i) => {
      if (r.status === 'fulfilled') {
        if (r.value) views.push(r.value);
      } else this.logger.error('round resolution failed', { ...claims[i]?.key, err: String(r.reason) });
    });
    return views;
  }

  /** Resolves one claimed round if it is still the one due, then settles the queue entry to the game's real deadline. */
  private async resolveClaim(claim: RoundClaim): Promise<GameView | null> {
    const { key } = claim;
    try {
      for (let attempt = 0; attempt <= this.maxRetries; attempt++) {
        const loaded = await this.load(key);
        if (!loaded.ok) {
          if (loaded.error.kind !== 'no-game') this.logger.warn('round not resolved: unreadable save', { ...key, error: loaded.error });
          await this.rounds.settle(claim, null);
          return null;
        }
        const { game, rev } = loaded.value;
        const now = this.clock.now();
        const deadline = game.meta.roundDeadline;
        // Nobody acted for idleEndHours: the game ends by itself, with its summary, as /rogue end would end it.
        if (game.state.status === 'playing' && idleEndsAt(game.meta) <= now) {
          const plan = endPlan(game.state);
          if (isFailure(plan)) {
            this.logger.warn('idle game could not be ended', { ...key, error: plan });
            await this.rounds.settle(claim, null);
            return null;
          }
          const ended: StoredGame = { state: plan.state, meta: { ...this.nextMeta(game, plan.state, plan.actions, now, plan.events), endReason: 'idle' } };
          logEnding(game, plan.state, ended.meta);
          if ((await this.commit(key, game, ended, rev, plan.actions, { claim })) === null) {
            await backoff(attempt);
            continue;
          }
          this.logger.info('idle game ended', { ...key, idleHours: game.meta.idleEndHours });
          return view(key, ended, plan.events);
        }
        // A lobby nobody started: the run starts by itself.
        const started = lobbyExpired(game, now);
        if (started) {
          if ((await this.commit(key, game, started, rev, [], { claim })) === null) {
            await backoff(attempt);
            continue;
          }
          return view(key, started, []);
        }
        // The round waited pingSeconds for some: they are pinged once (the adapter posts a short message naming them).
        const ping = duePing(game, now);
        if (ping) {
          if ((await this.commit(key, game, ping.pinged, rev, [], { claim })) === null) {
            await backoff(attempt);
            continue;
          }
          this.logger.info('round pinged the players it waits for', { ...key, players: ping.ids.length });
          return { ...view(key, ping.pinged, []), ping: ping.ids };
        }
        // Resolved already (everyone acted, or another process) or not a rounds game any more: just fix the entry.
        if (game.state.status !== 'playing' || !roundsNow(game.state) || deadline === null || deadline > now) {
          await this.rounds.settle(claim, wakeAt(game));
          return null;
        }
        const r = resolveRound(game.state);
        if (!r.ok) {
          this.logger.warn('round could not be resolved', { ...key, code: r.code });
          await this.rounds.settle(claim, null);
          return null;
        }
        const actions: Action[] = [{ type: 'resolve-round' }];
        const next: StoredGame = { state: r.state, meta: this.nextMeta(game, r.state, actions, now, r.events) };
        if ((await this.commit(key, game, next, rev, actions, { claim })) === null) {
          await backoff(attempt);
          continue;
        }
        return view(key, next, r.events);
      }
      // Still contended: leave the lease, the round will be claimed again when it runs out.
      return null;
    } catch (err) {
      if (err instanceof StorageUnavailableError) {
        this.logger.warn('round not resolved: storage unavailable', { ...key, err: err.message });
        return null;
      }
      throw err;
    }
  }

  /**
   * Load → plan → compare-and-set, retried on conflict. A plan returning a view (nothing to change) ends the loop.
   * The first try uses the store's cached copy of the game without asking storage (one round trip instead of two):
   * a save against its revision is still compare-and-set, so a stale copy only costs a conflict, and the store
   * refuses writes that reach it after their caller timed out (see GameStore.cached). A plan that would refuse or
   * just show the game is never answered from that copy: it goes through a verified load.
   * With an interaction id, an interaction already applied is answered with the current game (see the file comment):
   * found by the load, which reads it with the game, or by a save that reports DUPLICATE.
   */
  private async mutate(key: ChannelKey, plan: (found: Found) => Promise<Plan | ServiceFailure | GameView>, interactionId?: string): Promise<Result<GameView>> {
    const cached = this.games.cached(key);
    if (cached) {
      const p = await plan(cached);
      if (!isFailure(p) && !('key' in p)) {
        const saved = await this.apply(key, cached, p, interactionId);
        if (isDuplicate(saved)) return this.duplicate(key, interactionId);
        if (saved) return ok(saved);
      }
    }
    for (let attempt = 0; attempt <= this.maxRetries; attempt++) {
      const loaded = await this.load(key, interactionId);
      if (!loaded.ok) return loaded;
      if (loaded.value.applied) return this.duplicate(key, interactionId, loaded.value);
      const p = await plan(loaded.value);
      if (isFailure(p)) return fail(p);
      if ('key' in p) return ok(p);
      const saved = await this.apply(key, loaded.value, p, interactionId);
      if (isDuplicate(saved)) return this.duplicate(key, interactionId);
      if (saved) return ok(saved);
      await backoff(attempt);
    }
    this.logger.warn('gave up after repeated save conflicts', { ...key, attempts: this.maxRetries + 1 });
    return fail({ kind: 'stale' });
  }

  /**
   * A redelivered interaction found already applied: counted, logged (ids only), and answered with the game as it is
   * now (`found`, read with the finding, or loaded afresh) and no events.
   */
  private async duplicate(key: ChannelKey, interactionId: string | undefined, found?: Found): Promise<Result<GameView>> {
    this.onDuplicate(key);
    this.logger.info('interaction already applied; answered with the current game', { ...key, interactionId });
    if (found) return ok(view(key, found.game, []));
    const loaded = await this.load(key);
    return loaded.ok ? ok(view(key, loaded.value.game, [])) : loaded;
  }

  /** Saves a plan made on `found`; the resulting view, null when another write came first, or DUPLICATE. */
  private async apply(key: ChannelKey, found: Found, p: Plan, interactionId?: string): Promise<GameView | null | DuplicateInteraction> {
    const meta = this.nextMeta(found.game, p.state, p.actions, this.clock.now(), p.events);
    if (p.message !== undefined) meta.message = p.message;
    if (p.meta) Object.assign(meta, p.meta);
    if (p.logLines) meta.recentLog = [...(meta.recentLog ?? []), ...p.logLines].slice(-ROLLING_LOG_LINES);
    logEnding(found.game, p.state, meta);
    const next: StoredGame = { state: p.state, meta };
    const saved = await this.commit(key, found.game, next, found.rev, p.actions, interactionId === undefined ? {} : { interactionId });
    if (isDuplicate(saved)) return DUPLICATE;
    if (saved === null) return null;
    return view(key, next, p.events);
  }

  /**
   * Saves `next` over `prev` by compare-and-set on `rev`, with the summary of a game this save ends and the interaction
   * that carried it, then moves the round deadline. Returns the new revision, null when another write came first, or
   * DUPLICATE when the interaction was already applied (nothing written, the deadline left alone).
   */
  private async commit(key: ChannelKey, prev: StoredGame, next: StoredGame, rev: string, actions: readonly Action[], via: { claim?: RoundClaim; interactionId?: string } = {}): Promise<SaveResult> {
    const { claim, interactionId } = via;
    // log[i] is the action applied to version i: the log replays to the state only if each action is one step.
    if (next.state.version !== prev.state.version + actions.length) throw new Error(`save of ${actions.length} actions moves version ${prev.state.version} to ${next.state.version}`);
    // The queue entry wakes the channel at its round deadline or its idle end, whichever is first (see idle-end.ts).
    const before = queuedWake(prev);
    const after = wakeAt(next);
    // An idle end that only moved later (a free-mode action) leaves the entry early: one extra wake-up a day at most,
    // rather than a queue write on every action.
    const moved = after !== before && (after === null || before === null || after < before || next.meta.roundDeadline !== prev.meta.roundDeadline);
    // A round that starts is scheduled before the save, so a crash in between leaves an early entry, never none.
    if (before === null && after !== null) await this.rounds.schedule(key, after);
    const summary = summaryRecord(key, prev, next);
    const saved = await this.games.save(key, next, rev, actions, summary, interactionId === undefined ? undefined : { interactionId });
    if (saved === null || isDuplicate(saved)) return saved;
    const onFinished = this.onFinished;
    // Awaited, so the run is recorded before the answer; the save wrote an outbox entry, so a crash here loses nothing.
    if (summary && onFinished) await this.bestEffort(key, 'finished run not recorded', () => onFinished(key, next));
    // The entry is still at the old deadline, never later than the new one: if this fails, a claim fixes it.
    await this.bestEffort(key, 'round deadline not updated', async () => {
      if (claim) await this.rounds.settle(claim, after);
      else if (after !== null && before !== null && moved) await this.rounds.schedule(key, after, before);
      else if (after === null && before !== null) await this.rounds.cancel(key, before);
    });
    return saved;
  }

  /** Meta after accepted `actions`: updatedAt, who acted when, and in rounds mode the deadline of the round now running. */
  private nextMeta(prev: StoredGame, state: GameState, actions: readonly Action[], now: number, events: readonly GameEvent[] = []): GameMeta {
    const meta: GameMeta = { ...prev.meta, updatedAt: now };
    // A write with no action (recording the message id) changes no round: it must not restart a paused timer.
    if (actions.length === 0) return meta;
    meta.lastActed = recordActs(prev.meta.lastActed, prev.state.version, actions, state.version);
    // A pending vote survives a join: only the votes of members who left or fell stop counting.
    if (meta.endVotes) meta.endVotes = livingVotes(state, meta.endVotes);
    if (meta.invited) meta.invited = meta.invited.filter((u) => !state.players.some((p) => p.id === u.id));
    if (actions.some((a) => a.type !== 'resolve-round')) meta.lastActionAt = now;
    // A save from before host handover (no actedAt) counts everyone as active now, so its host is not passed over at once.
    meta.actedAt = recordActedAt(prev.meta.actedAt ?? Object.fromEntries(prev.state.players.map((p) => [p.id, now])), actions, state, now);
    meta.passedRounds = recordPassed(prev.meta.passedRounds ?? {}, actions, events, state);
    // A vote to remove an idle member lapses when they act again or leave; votes of members who left stop counting.
    if (meta.kickVotes) meta.kickVotes = liveKickVotes(meta.kickVotes, actions, state);
    meta.recentLog = rollLog(prev.meta.recentLog ?? [], events, state);
    // Host powers move with the party: a host who left or went quiet hands over to the longest-standing living member.
    const host = nextHost(state, meta, now);
    if (host.line) {
      meta.hostId = host.hostId;
      meta.recentLog = [...meta.recentLog, host.line].slice(-ROLLING_LOG_LINES);
    }
    const idle = actions.every((a) => a.type === 'resolve-round') && prev.state.acted.length === 0;
    meta.idleRounds = idle ? prev.meta.idleRounds + 1 : 0;
    if (state.config.turnMode !== 'rounds') return meta;
    // No timer while the party moves freely (no monster in view): see pace.ts.
    if (state.status !== 'playing' || inLobby(meta) || !roundsNow(state) || !state.players.some((p) => p.alive) || meta.idleRounds >= MAX_IDLE_ROUNDS) meta.roundDeadline = null;
    // A new round starts when the last one resolved (turn moved) or when the game had no running round.
    else if (prev.meta.roundDeadline === null || state.turn !== prev.state.turn) {
      meta.roundDeadline = now + prev.meta.roundSeconds * 1000;
      meta.roundStartedAt = now;
    }
    return meta;
  }

  /** Bookkeeping after a save that does not undo the accepted action when it fails: logged, not thrown. */
  private async bestEffort(key: ChannelKey, what: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (err) {
      this.logger.warn(what, { ...key, err: String(err) });
    }
  }

  /** Loads a game (and whether `interactionId` was applied) and maps every way it can be absent or unreadable to a typed failure. */
  private async load(key: ChannelKey, interactionId?: string): Promise<Result<Found>> {
    const r = await this.games.load(key, interactionId === undefined ? undefined : { interactionId });
    switch (r.kind) {
      case 'found':
        if (r.migratedFrom !== null) this.logger.info('migrated an older save', { ...key, from: r.migratedFrom, to: r.game.state.schema });
        return ok({ game: r.game, rev: r.rev, applied: r.applied === true });
      case 'missing':
        return fail({ kind: 'no-game' });
      case 'corrupt':
        this.logger.warn('corrupt save', { ...key, reason: r.reason });
        return fail({ kind: 'corrupt-save', channelId: key.channelId, reason: r.reason });
      case 'incompatible':
        this.logger.warn('incompatible save', { ...key, schema: r.schema });
        return fail({ kind: 'incompatible-save', channelId: key.channelId, schema: r.schema });
    }
  }

  /**
   * Runs writes to one channel one after another within this process. Correctness does not depend on it (the
   * compare-and-set does), but without it a burst of presses in one process would mostly lose races against
   * each other and run out of retries; with it, only other processes compete.
   */
  private serial<T>(key: ChannelKey, run: () => Promise<T>): Promise<T> {
    const id = encodeChannelKey(key);
    const prev = this.queues.get(id) ?? Promise.resolve();
    const next = prev.then(run, run);
    const tail = next.catch(() => {});
    this.queues.set(id, tail);
    void tail.then(() => {
      if (this.queues.get(id) === tail) this.queues.delete(id);
    });
    return next;
  }

  /** Storage outages become a typed failure; anything else is a bug and propagates. Writes are serialised per channel. */
  private async guarded<T>(key: ChannelKey, run: () => Promise<Result<T>>, write = true): Promise<Result<T>> {
    try {
      return await (write ? this.serial(key, run) : run());
    } catch (err) {
      if (err instanceof StorageUnavailableError) {
        this.logger.warn('storage unavailable', { ...key, err: err.message });
        return fail({ kind: 'storage-unavailable' });
      }
      if (err instanceof DamagedSaveError) {
        this.logger.warn('damaged save refused', { ...key, reason: err.reason });
        return fail({ kind: 'corrupt-save', channelId: key.channelId, reason: err.reason });
      }
      this.logger.error('unexpected error in game service', { ...key, err: String(err) });
      throw err;
    }
  }
}

/** A save that ends a run not ended by the adventure itself puts how it ended into the rolling log. */
function logEnding(prev: StoredGame, state: GameState, meta: GameMeta): void {
  if (prev.state.status !== 'playing' || state.status !== 'over') return;
  const line = endingMsg(meta, state);
  if (line) meta.recentLog = [...(meta.recentLog ?? []), line].slice(-ROLLING_LOG_LINES);
}

/** actedAt after `actions`: the time of each acting member's action, kept for members still in the party. */
function recordActedAt(prev: Readonly<Record<string, number>>, actions: readonly Action[], state: GameState, now: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of state.players) if (prev[p.id] !== undefined) out[p.id] = prev[p.id]!;
  for (const a of actions) if ('user' in a && a.type !== 'leave' && state.players.some((p) => p.id === a.user)) out[a.user] = now;
  return out;
}

/** A short random pause after a lost compare-and-set, so two processes do not retry in lockstep. */
function backoff(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * (attempt + 1)));
}

/** The summary record of a game that `next` ends, or undefined. `players` overrides the summary's list (see end()). */
function summaryRecord(key: ChannelKey, prev: StoredGame, next: StoredGame): GameSummaryRecord | undefined {
  const summary = next.state.summary;
  if (prev.state.status !== 'playing' || next.state.status !== 'over' || !summary) return undefined;
  const kills = summary.kills;
  return {
    guildId: key.guildId,
    channelId: key.channelId,
    seed: next.state.config.seed,
    createdAt: next.meta.createdAt,
    endedAt: next.meta.updatedAt,
    outcome: summary.outcome,
    depth: summary.depth,
    turns: summary.turns,
    kills: kills.reduce((n, p) => n + p.kills, 0),
    players: kills,
  };
}

/**
 * lastActed after `actions` were applied from version `from` (action i to version from + i). Entries older than
 * STALE_WINDOW versions are dropped: a button that old is refused anyway, so the map stays as small as the party.
 */
function recordActs(prev: Readonly<Record<string, number>>, from: number, actions: readonly Action[], version: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [user, v] of Object.entries(prev)) if (v >= version - STALE_WINDOW) out[user] = v;
  actions.forEach((a, i) => {
    if ('user' in a) out[a.user] = from + i;
  });
  return out;
}

function channelAllowed(settings: GuildSettings, channelId: string): boolean {
  return settings.allowedChannels.length === 0 || settings.allowedChannels.includes(channelId);
}

function toEngineAction(action: PlayerAction, user: string): Action {
  // The user goes last: the action's own fields never choose who acts.
  return { ...action, user };
}

/** A 32-bit seed from the creation time and the channel (FNV-1a), so two channels started in the same millisecond differ. */
export function deriveSeed(now: number, channelId: string): number {
  let h = 0x811c9dc5;
  const text = `${now}:${channelId}`;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** 'random' map kind: decided by the seed from the map-kind table, so the same seed always gives the same map. */
export { kindFromSeed };
