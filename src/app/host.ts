/**
 * Host powers: who hosts a channel's run, who may end it or remove a player, how the host role moves with the party,
 * and the line a finished run shows for how it ended.
 */
import { roundDone } from '../engine/pace.js';
import type { GameState } from '../engine/types.js';
import type { GameMeta } from './service-types.js';
import { DEFAULT_SETTINGS } from './settings.js';
import { formatMsg, msg, type LogMsg } from '../render/log-message.js';
import { DEFAULT_LOCALE, t, type Locale } from '../i18n/index.js';

/** How long the host may go without acting while another living member acts before the host role passes on. */
export const HOST_IDLE_MS = 10 * 60_000;

/** How long a lobby waits for players before the run starts by itself. */
export const LOBBY_MS = 3 * 60_000;

/** Said to a player who acts while the run waits in its lobby (English; the catalogue's `lobby.not-started`). */
export const LOBBY_TEXT = t(DEFAULT_LOCALE, 'lobby.not-started');

/** True while the run waits in its lobby. */
export function inLobby(meta: GameMeta): boolean {
  return meta.lobbyUntil !== undefined;
}

/** Rounds in a row a player may let pass before they are marked idle (skipped until they act again). */
export const IDLE_PLAYER_ROUNDS = 3;

/** How a run that no adventure ended was ended, and the one table of how each reads. */
export const END_REASONS = {
  vote: (names: readonly string[]) => msg('end.vote', { names: namesMsg(names) }),
  host: (names: readonly string[]) => msg('end.host', { named: names.length > 0 ? 'yes' : 'no', names: namesMsg(names) }),
  admin: (names: readonly string[]) => msg('end.admin', { named: names.length > 0 ? 'yes' : 'no', names: namesMsg(names) }),
  idle: (_names: readonly string[], hours: number) => msg('end.idle', { hours }),
} as const satisfies Record<string, (names: readonly string[], idleHours: number) => LogMsg>;

export type EndReason = keyof typeof END_REASONS;
export const END_REASON_KEYS = Object.keys(END_REASONS) as [EndReason, ...EndReason[]];

/** "Alice", "Alice and Bob", "Alice, Bob and Cy" as a log value, worded in each reader's language ("Alice und Bob"). */
export function namesMsg(names: readonly string[]): string | LogMsg {
  if (names.length === 0) return msg('list.nobody');
  if (names.length === 1) return names[0]!;
  return msg('list.and', { head: names.slice(0, -1).join(', '), last: names[names.length - 1]! });
}

/** "Alice", "Alice and Bob", "Alice, Bob and Cy" (English). */
export function listNames(names: readonly string[]): string {
  const m = namesMsg(names);
  return typeof m === 'string' ? m : formatMsg(m);
}

/** The user id of the run's host: the creator until the role passed on. */
export function hostOf(meta: GameMeta): string {
  return meta.hostId ?? meta.creatorId;
}

/** True when `userId` hosts the run and is still in its party (someone who left has no host powers over it). */
export function isHost(state: GameState, meta: GameMeta, userId: string): boolean {
  return hostOf(meta) === userId && state.players.some((p) => p.id === userId);
}

/** The message a finished run shows for who ended it and why; null while it runs or when the adventure itself ended it. */
export function endingMsg(meta: GameMeta, state: GameState): LogMsg | null {
  if (state.status !== 'over' || meta.endReason === undefined) return null;
  return END_REASONS[meta.endReason](meta.endedBy ?? [], meta.idleEndHours ?? DEFAULT_SETTINGS.idleEndHours);
}

/** endingMsg worded in `locale`. */
export function endingLine(meta: GameMeta, state: GameState, locale: Locale = DEFAULT_LOCALE): string | null {
  const m = endingMsg(meta, state);
  return m ? formatMsg(m, locale) : null;
}

/**
 * Who hosts after a save made at `now`: the same host unless they left the party, or have not acted for HOST_IDLE_MS
 * while another living member did; then the longest-standing living member (party order is join order). `line` says
 * so for the log; null when nothing changed.
 */
export function nextHost(state: GameState, meta: GameMeta, now: number): { hostId: string; line: LogMsg | null } {
  const current = hostOf(meta);
  if (state.status !== 'playing') return { hostId: current, line: null };
  const inParty = state.players.some((p) => p.id === current);
  const actedAt = meta.actedAt ?? {};
  const idle = (actedAt[current] ?? meta.createdAt) + HOST_IDLE_MS <= now;
  const living = state.players.filter((p) => p.alive && p.id !== current);
  const active = living.filter((p) => (actedAt[p.id] ?? 0) + HOST_IDLE_MS > now);
  const heir = inParty ? (idle ? active[0] : undefined) : living[0] ?? state.players.find((p) => p.id !== current);
  if (!heir) return { hostId: current, line: null };
  const before = [...state.players, ...state.departed].find((p) => p.id === current);
  return { hostId: heir.id, line: msg('host.passed', { name: heir.name, why: inParty ? 'idle' : 'left', named: before ? 'yes' : 'no', before: before?.name ?? '' }) };
}

/** Living members marked idle: they let IDLE_PLAYER_ROUNDS rounds or more pass in a row (and have not acted since). */
export function idleIds(state: GameState, meta: GameMeta): string[] {
  const passed = meta.passedRounds ?? {};
  return state.players.filter((p) => p.alive && (passed[p.id] ?? 0) >= IDLE_PLAYER_ROUNDS).map((p) => p.id);
}

/**
 * True when the round is waiting only on idle members: someone acted, and every other living member is idle. The
 * service then resolves it at once instead of waiting for the timer (idle members are skipped until they act).
 */
export function waitingOnlyOnIdle(state: GameState, meta: GameMeta): boolean {
  if (state.status !== 'playing' || state.acted.length === 0) return false;
  const idle = new Set(idleIds(state, meta));
  const waiting = state.players.filter((p) => !roundDone(state, p));
  return waiting.length > 0 && waiting.every((p) => idle.has(p.id));
}

/** Ids of the living members the round waits for: not acted yet, not holding or fighting by standing order, and not idle. */
export function waitingIds(state: GameState, meta: GameMeta): string[] {
  const idle = new Set(idleIds(state, meta));
  return state.players.filter((p) => !roundDone(state, p) && !idle.has(p.id)).map((p) => p.id);
}

/**
 * Epoch ms at which the running round pings the members it waits for: pingSeconds into the round, once someone acted,
 * once per round, and only if that is before the round's deadline; null when no ping is due.
 */
export function pingAt(state: GameState, meta: GameMeta): number | null {
  const seconds = meta.pingSeconds ?? 0;
  if (seconds <= 0 || state.status !== 'playing' || meta.roundDeadline === null || meta.pingedTurn === state.turn) return null;
  if (state.acted.length === 0 || waitingIds(state, meta).length === 0) return null;
  const at = (meta.roundStartedAt ?? meta.roundDeadline - meta.roundSeconds * 1000) + seconds * 1000;
  return at < meta.roundDeadline ? at : null;
}

/** Votes that remove `target` (idle): more than half of the other living members. */
export function kickVotesNeeded(state: GameState, target: string): number {
  return Math.floor(state.players.filter((p) => p.alive && p.id !== target).length / 2) + 1;
}

/** The names of `ids` in the party (or who left it), in the order given; ids not found are left out. */
export function namesOf(state: GameState, ids: readonly string[]): string[] {
  const everyone = [...state.players, ...state.departed];
  return ids.flatMap((id) => {
    const p = everyone.find((q) => q.id === id);
    return p ? [p.name] : [];
  });
}
