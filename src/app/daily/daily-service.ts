/**
 * The daily dungeon, its boards and the run history, over the game service and small stores.
 *
 * One scored attempt per user per UTC day (attempts.ts): `start` claims the attempt (a token, pending) BEFORE it creates
 * the game, creates the game with that token in its meta, then confirms the claim; a game that could not be created
 * gives the claim back, and a claim whose creator crashed is taken over after PENDING_CLAIM_MS. Two presses at once (or
 * on two replicas) race for one key and only one wins it. The loser, and anyone pressing again, is offered a practice
 * run of the same dungeon, which is marked `scored: false` and never reaches a board; `/rogue new` games carry no daily
 * mark at all.
 *
 * Boards and history are written by the RunRecorder (recorder.ts), which GameService awaits after the save that ends a
 * game, from the outbox entry that save wrote; the sweeper drains what a crash left. A scored daily run's log is
 * replayed from the day's rules, only the replayed score is recorded, and only behind the claim's fence.
 */
import type { Clock, GameStore, Logger, SettingsStore } from '../ports.js';
import type { ChannelKey, GameServiceApi, GameView, Result, StoredGame, UserRef } from '../service-types.js';
import { storageGuarded } from '../storage-guard.js';
import { boardGuildOf } from '../scope.js';
import { claimAttempt } from './attempts.js';
import { dailyRules, utcDay } from './day.js';
import type { BoardId, BoardStore, DailyAttemptStore, FinishedRunStore, HistoryEntry, HistoryStore, RankedEntry } from './ports.js';
import { RunRecorder } from './recorder.js';

export { GLOBAL_RETENTION_DAYS } from './recorder.js';

/** How many lines a board shows (the asker's own line is added below when they rank lower). */
export const BOARD_TOP = 10;
/** How many runs `/rogue history` lists. */
export const HISTORY_SHOWN = 10;

/**
 * What `/rogue daily` got: the game, or that the daily is off here, or that the scored attempt of today is used
 * (`starting`: its claim was made under PENDING_CLAIM_MS ago and its game may still be on its way).
 */
export type DailyStart = { kind: 'started'; view: GameView; scored: boolean } | { kind: 'disabled' } | { kind: 'attempt-used'; day: number; starting?: true };

/** Which board `/rogue board` asks for. */
export interface BoardQuery {
  scope: 'server' | 'global' | 'all-time';
  /** The previous UTC day's board (daily scopes only). */
  yesterday?: boolean;
}

/** A board as shown: its entries, the asker's own line when they are below them, and which board it is. */
export interface BoardView {
  board: BoardId;
  top: RankedEntry[];
  own: RankedEntry | null;
}

/** What the commands call. */
export interface DailyServiceApi {
  start(key: ChannelKey, user: UserRef, opts?: { practice?: boolean }): Promise<Result<DailyStart>>;
  board(guildId: string, user: UserRef, query: BoardQuery): Promise<Result<BoardView>>;
  history(of: { channel: ChannelKey } | { userId: string }): Promise<Result<HistoryEntry[]>>;
  /** Deletes the user's own run history (/rogue forget). */
  forgetUser(userId: string): Promise<Result<void>>;
}

export interface DailyServiceDeps {
  games: GameServiceApi;
  /** Read-only use: whether a pending claim's game exists. */
  gameStore: GameStore;
  /** Finished runs' material and outbox (written by the game store's finishing save). */
  runs: FinishedRunStore;
  settings: SettingsStore;
  attempts: DailyAttemptStore;
  boards: BoardStore;
  history: HistoryStore;
  clock: Clock;
  logger: Logger;
}

const ok = <T>(value: T): Result<T> => ({ ok: true, value });

/** The daily dungeon, boards and history. */
export class DailyService implements DailyServiceApi {
  /** Recordings under way: tests and shutdown wait for them with `idle()`. */
  private readonly pending = new Set<Promise<unknown>>();
  /** Writes history and boards from the outbox. */
  readonly recorder: RunRecorder;

  constructor(private readonly deps: DailyServiceDeps) {
    this.recorder = new RunRecorder(deps);
  }

  async start(key: ChannelKey, user: UserRef, opts: { practice?: boolean } = {}): Promise<Result<DailyStart>> {
    const { deps } = this;
    const guarded = await storageGuarded(deps.logger, { ...key }, async (): Promise<Result<DailyStart | 'go'>> => {
      const settings = await deps.settings.get(key.guildId);
      return ok(settings.dailyEnabled ? 'go' : { kind: 'disabled' });
    });
    if (!guarded.ok || guarded.value !== 'go') return guarded as Result<DailyStart>;
    const now = deps.clock.now();
    const day = utcDay(now);
    const rules = dailyRules(day);
    const options = { rules: rules.rules, seed: rules.seed, mapKind: rules.mapKind, size: rules.size, mode: rules.mode, diagonals: rules.diagonals, difficulty: rules.difficulty, maxPlayers: rules.maxPlayers };
    if (opts.practice) {
      const r = await deps.games.newGame(key, user, { ...options, daily: { day, scored: false } });
      return r.ok ? ok({ kind: 'started', view: r.value, scored: false }) : r;
    }
    const claimed = await storageGuarded(deps.logger, { ...key }, async () => ok(await claimAttempt(deps, user.id, day, key, now)));
    if (!claimed.ok) return claimed;
    if ('taken' in claimed.value) return ok({ kind: 'attempt-used', day, ...(claimed.value.taken === 'starting' ? { starting: true as const } : {}) });
    const token = claimed.value.token;
    let created: Result<GameView> | undefined;
    try {
      created = await deps.games.newGame(key, user, { ...options, daily: { day, scored: true, token } });
    } finally {
      // No game, no attempt used: the claim goes back (also when newGame threw). If this process dies first, the
      // pending claim is taken over by the user's next /rogue daily (attempts.ts).
      if (!created?.ok) await this.release(user.id, day, token);
    }
    if (!created.ok) return created;
    const scored = await this.confirm(user.id, day, token);
    deps.logger.info('daily attempt started', { ...key, day, userId: user.id, scored });
    return ok({ kind: 'started', view: created.value, scored });
  }

  /** GameService's onFinished hook (awaited): records the run from its outbox entry, retried; never throws. */
  recordFinished(key: ChannelKey, game: StoredGame): Promise<void> {
    const run = this.recorder.recordNow(key, String(game.meta.createdAt)).then(() => {});
    const tracked = run.finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
    return tracked;
  }

  /** Records what the outbox still holds (start-up and periodic sweeps). */
  sweep(): Promise<number> {
    return this.recorder.sweep();
  }

  /** Resolves when every recording started so far has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  async board(guildId: string, user: UserRef, query: BoardQuery): Promise<Result<BoardView>> {
    const day = utcDay(this.deps.clock.now()) - (query.yesterday ? 1 : 0);
    // A DM or a group DM has no server board: its runs are on the global one.
    const server = boardGuildOf({ guildId });
    if (server === null) query = { ...query, scope: 'global' };
    else guildId = server;
    const board: BoardId = query.scope === 'all-time' ? { scope: 'all-time', guildId } : query.scope === 'global' ? { scope: 'global', day } : { scope: 'server', guildId, day };
    return storageGuarded(this.deps.logger, { guildId }, async () => {
      const [top, mine] = await Promise.all([this.deps.boards.top(board, BOARD_TOP), this.deps.boards.rankOf(board, user.id)]);
      return ok({ board, top, own: mine && mine.rank > top.length ? mine : null });
    });
  }

  async history(of: { channel: ChannelKey } | { userId: string }): Promise<Result<HistoryEntry[]>> {
    const fields = 'channel' in of ? { ...of.channel } : { userId: of.userId };
    return storageGuarded(this.deps.logger, fields, async () => ok('channel' in of ? await this.deps.history.byChannel(of.channel, HISTORY_SHOWN) : await this.deps.history.byUser(of.userId, HISTORY_SHOWN)));
  }

  async forgetUser(userId: string): Promise<Result<void>> {
    return storageGuarded(this.deps.logger, { userId }, async () => {
      await this.deps.history.forgetUser(userId);
      return ok(undefined);
    });
  }

  /**
   * Confirms the claim now that its game exists. False only when the claim holds another token (it was taken over
   * while this process was slow): the game is then a practice run in effect, fenced off the boards. A failed confirm is
   * harmless: the game carries the token, so a later press confirms the claim instead of taking it over.
   */
  private async confirm(userId: string, day: number, token: string): Promise<boolean> {
    try {
      const held = await this.deps.attempts.confirm(userId, day, token);
      if (!held) this.deps.logger.warn('daily attempt claim lost to a takeover: this run will not reach a board', { userId, day });
      return held;
    } catch (err) {
      this.deps.logger.warn('daily attempt claim not confirmed', { userId, day, err: String(err) });
      return true;
    }
  }

  private async release(userId: string, day: number, token: string): Promise<void> {
    try {
      await this.deps.attempts.release(userId, day, token);
    } catch (err) {
      this.deps.logger.warn('daily attempt claim not released', { userId, day, err: String(err) });
    }
  }
}

