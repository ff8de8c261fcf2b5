/**
 * Durable recording of finished runs. The save that finishes a run also writes, atomically, its replay material and an
 * outbox entry (FinishedRunStore). Recording reads the material, adds the history line, and for a scored daily
 * replays the log, passes the attempt claim's fence and writes the boards; only then is the outbox entry dropped.
 * Every step is idempotent (history skips a line it holds, a board keeps an equal entry, the fence passes again for
 * the same token), so the finishing request, its retries and the sweeper may all record the same run: it is recorded
 * once.
 */
import { scoreRun } from '../../engine/score.js';
import type { Clock, GameSummaryRecord, Logger, SettingsStore } from '../ports.js';
import type { ChannelKey, StoredGame } from '../service-types.js';
import { SETTING_ROWS } from '../settings.js';
import { boardGuildOf } from '../scope.js';
import { OUTCOMES, recapFromSummary } from './cards.js';
import { DAY_MS } from './day.js';
import type { BoardEntry, BoardStore, DailyAttemptStore, FinishedRun, FinishedRunStore, HistoryEntry, HistoryStore } from './ports.js';
import { verifyDailyRun } from './verify.js';

/** Global daily boards are kept this long (servers choose their own retention for their boards). */
export const GLOBAL_RETENTION_DAYS = SETTING_ROWS.dailyRetentionDays.default;
/** How many times the finishing request tries to record its run before leaving it to the sweeper. */
export const RECORD_TRIES = 3;
/** Outbox entries one sweep records at most. */
export const SWEEP_LIMIT = 50;

/** What the recorder reads and writes. */
export interface RecorderDeps {
  runs: FinishedRunStore;
  attempts: DailyAttemptStore;
  boards: BoardStore;
  history: HistoryStore;
  settings: SettingsStore;
  clock: Clock;
  logger: Logger;
}

/** Records finished runs from the outbox: history for every run, the boards for a verified, fenced scored daily. */
export class RunRecorder {
  constructor(private readonly deps: RecorderDeps) {}

  /** The finishing request: records the run, retrying a failed attempt; never throws (the outbox keeps a failure). */
  async recordNow(key: ChannelKey, runId: string): Promise<boolean> {
    for (let attempt = 1; attempt <= RECORD_TRIES; attempt++) {
      try {
        await this.record(key, runId, null);
        return true;
      } catch (err) {
        this.deps.logger.warn('finished run not recorded yet', { ...key, runId, attempt, err: String(err) });
        if (attempt < RECORD_TRIES) await new Promise((r) => setTimeout(r, 50 * attempt));
      }
    }
    return false;
  }

  /** Drains up to SWEEP_LIMIT outbox entries left by a crash or an outage; how many it recorded. */
  async sweep(): Promise<number> {
    let recorded = 0;
    for (const e of await this.deps.runs.unrecorded(SWEEP_LIMIT)) {
      try {
        await this.record(e.key, e.runId, e.summary);
        recorded++;
      } catch (err) {
        this.deps.logger.warn('outbox entry not recorded yet', { ...e.key, runId: e.runId, err: String(err) });
      }
    }
    if (recorded > 0) this.deps.logger.info('outbox swept', { recorded });
    return recorded;
  }

  /** Records one finished run and drops its outbox entry; throws (entry kept) when storage fails. */
  async record(key: ChannelKey, runId: string, summary: GameSummaryRecord | null): Promise<void> {
    const run = await this.material(key, runId);
    if (run) {
      const daily = run.game.meta.daily;
      // The boards first: a run fenced off (its claim was taken over) is kept in history as unscored, as it is.
      const outcome = daily?.scored ? await this.recordDaily(key, run, daily.day, daily.token) : null;
      const line = historyEntry(key, run.game, outcome === 'fenced');
      if (line) await this.deps.history.add(line);
    } else if (summary) {
      // The run's material expired (LAST_RUN_TTL_MS) before it was recorded: its history line comes from its summary
      // record, under the same run id (so a line already written is not doubled); with no log it cannot reach a board.
      this.deps.logger.warn('finished run recorded from its summary only: its replay material is gone', { ...key, runId });
      await this.deps.history.add(historyFromSummary(summary, runId));
    } else this.deps.logger.warn('finished run not found to record', { ...key, runId });
    await this.deps.runs.markRecorded(key, runId);
  }

  /** The run's own material, kept until it is recorded; the channel's last run when it is this one (older saves). */
  private async material(key: ChannelKey, runId: string): Promise<FinishedRun | null> {
    const kept = await this.deps.runs.runMaterial(key, runId);
    if (kept) return kept;
    const last = await this.deps.runs.lastRun(key);
    return last && String(last.game.meta.createdAt) === runId ? last : null;
  }

  /** Replays the run's log from the day's rules; behind the claim's fence, records the replayed result on the boards. */
  private async recordDaily(key: ChannelKey, run: FinishedRun, day: number, token: string | undefined): Promise<'recorded' | 'refused' | 'fenced'> {
    const { game, actions } = run;
    const userId = game.meta.creatorId;
    const verdict = run.logBase === 0 ? verifyDailyRun(day, game.state, actions) : { ok: false as const, reason: 'its log was checkpointed' };
    if (!verdict.ok) {
      this.deps.logger.warn('daily run refused: its log does not replay to its saved state', { ...key, day, userId, actions: actions.length, reason: verdict.reason });
      return 'refused';
    }
    // The fence: only the run created under the token the claim holds may reach a board (a run without a token
    // predates the claims with tokens).
    if (token !== undefined && !(await this.deps.attempts.fence(userId, day, token))) {
      this.deps.logger.warn('daily run fenced off: the attempt claim holds another token', { ...key, day, userId });
      return 'fenced';
    }
    const { summary, score } = verdict;
    const name = summary.kills.find((k) => k.id === userId)?.name ?? userId;
    // A run in a DM or a group DM counts on the global board only; one in a server (installed or not) on its boards too.
    const guildId = boardGuildOf(key);
    const entry: BoardEntry = { userId, name, score, depth: summary.depth, turns: summary.turns, outcome: summary.outcome, finishedAt: game.meta.updatedAt, guildId: guildId ?? '' };
    const settings = await this.deps.settings.get(guildId ?? key.guildId);
    const now = this.deps.clock.now();
    // A day's board lives until `retention` days after that day ends.
    const ttl = (days: number) => (day + 1 + days) * DAY_MS - now;
    const serverTtl = ttl(settings.dailyRetentionDays);
    if (guildId !== null && serverTtl > 0) await this.deps.boards.record({ scope: 'server', guildId, day }, entry, serverTtl);
    const globalTtl = ttl(GLOBAL_RETENTION_DAYS);
    if (settings.globalBoard && globalTtl > 0) await this.deps.boards.record({ scope: 'global', day }, entry, globalTtl);
    if (guildId !== null) await this.deps.boards.record({ scope: 'all-time', guildId }, entry, null);
    this.deps.logger.info('daily run recorded', { ...key, day, userId, score, actions: actions.length });
    return 'recorded';
  }
}

/** The history line of a finished game (the daily mark without its claim token; a fenced-off run is not scored). */
function historyEntry(key: ChannelKey, game: StoredGame, fenced: boolean): HistoryEntry | null {
  const { state, meta } = game;
  const summary = state.summary;
  if (!summary) return null;
  const score = scoreRun(summary);
  return {
    ...key,
    players: summary.kills.map((k) => ({ id: k.id, name: k.name })),
    score,
    depth: summary.depth,
    turns: summary.turns,
    outcome: summary.outcome,
    recap: recapFromSummary(summary, score),
    seed: state.config.seed,
    endedAt: meta.updatedAt,
    ...(meta.daily ? { daily: { day: meta.daily.day, scored: meta.daily.scored && !fenced } } : {}),
    run: String(meta.createdAt),
  };
}

/** The history line of a run known only by its summary record (no daily mark: the record does not carry one). */
function historyFromSummary(s: GameSummaryRecord, runId: string): HistoryEntry {
  const score = scoreRun({ outcome: s.outcome, depth: s.depth, turns: s.turns, kills: s.players });
  return {
    guildId: s.guildId,
    channelId: s.channelId,
    players: s.players.map((k) => ({ id: k.id, name: k.name })),
    score,
    depth: s.depth,
    turns: s.turns,
    outcome: s.outcome,
    recap: `${OUTCOMES[s.outcome].word} on depth ${s.depth}, turn ${s.turns} · ${s.kills} kill${s.kills === 1 ? '' : 's'} · ${score} pts`,
    seed: s.seed,
    endedAt: s.endedAt,
    run: runId,
  };
}
