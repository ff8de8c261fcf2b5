/** The lobby before a run: it opens with `/rogue new`, holds the round timer, and starts by the host, when full, or after LOBBY_MS. */
import { roundsNow } from '../engine/index.js';
import type { GameState } from '../engine/types.js';
import { hostOf, inLobby, isHost, LOBBY_MS } from './host.js';
import { rejection, view, type Plan } from './plan.js';
import type { ChannelKey, GameMeta, GameView, ServiceFailure, StoredGame, UserRef } from './service-types.js';
import { msg, type LogLine } from '../render/log-message.js';
import { DEFAULT_LOCALE, hasMessage, t, tDynamic, type Locale } from '../i18n/index.js';

/** The meta fields a new game's lobby sets (none when it has no lobby or a party of one). */
export function lobbyMeta(lobby: boolean | undefined, maxPlayers: number, now: number): Partial<GameMeta> {
  return lobby === true && maxPlayers > 1 ? { lobbyUntil: now + LOBBY_MS, recentLog: [msg('lobby.open')] } : {};
}

/** `plan` with the lobby closed: the round timer starts with the run (if a fight is on), and the log says why. */
export function startPlan(game: StoredGame, plan: Plan, line: LogLine, now: number): Plan {
  const roundDeadline = plan.state.config.turnMode === 'rounds' && roundsNow(plan.state) ? now + game.meta.roundSeconds * 1000 : null;
  const { lobbyUntil: _closed, ...meta } = plan.meta ?? {};
  return { ...plan, meta: { ...meta, lobbyUntil: undefined, roundDeadline, roundStartedAt: now }, logLines: [...(plan.logLines ?? []), line] };
}

/** A join's plan: a lobby that this join fills starts the run. */
export function joinPlan(game: StoredGame, plan: Plan, now: number): Plan {
  return inLobby(game.meta) && plan.state.players.length >= plan.state.config.maxPlayers ? startPlan(game, plan, msg('lobby.full'), now) : plan;
}

/** The plan of the host's (or an admin's) start: the run starts; a run already started is shown as it is. */
export function hostStartPlan(key: ChannelKey, game: StoredGame, user: UserRef, isAdmin: boolean, now: number): Plan | ServiceFailure | GameView {
  if (game.state.status === 'over') return rejection('game-over', game.state.config.maxPlayers);
  if (!inLobby(game.meta)) return view(key, game, []);
  if (!isAdmin && !isHost(game.state, game.meta, user.id)) return { kind: 'forbidden', need: 'the host or Manage Server' };
  return startPlan(game, { actions: [], state: game.state, events: [] }, msg('lobby.started', { actor: user.name }), now);
}

/** A lobby nobody started whose time ran out at `now`: the game with its run started by itself; null when not due. */
export function lobbyExpired(game: StoredGame, now: number): StoredGame | null {
  if (game.state.status !== 'playing' || game.meta.lobbyUntil === undefined || game.meta.lobbyUntil > now) return null;
  const p = startPlan(game, { actions: [], state: game.state, events: [] }, msg('lobby.expired'), now);
  const started: StoredGame = { state: game.state, meta: { ...game.meta, ...p.meta, updatedAt: now, recentLog: [...(game.meta.recentLog ?? []), ...(p.logLines ?? [])] } };
  delete started.meta.lobbyUntil;
  return started;
}

/**
 * What the game message shows while the run waits in its lobby: who is in and who starts it, then this run's settings
 * (the host's choices). `<t:…:R>` is Discord's live countdown to the run starting by itself.
 */
export function lobbyLines(state: GameState, meta: GameMeta, locale: Locale = DEFAULT_LOCALE): string[] {
  const c = state.config;
  const host = state.players.find((p) => p.id === hostOf(meta));
  const shown = (value: string): string => (hasMessage(locale, `choice.${value}`) ? tDynamic(locale, `choice.${value}`) : value);
  return [
    t(locale, 'lobby.line.in', {
      count: state.players.length,
      max: c.maxPlayers,
      host: host ? 'named' : 'none',
      name: host?.name ?? '',
      timer: meta.lobbyUntil === undefined ? 'no' : 'yes',
      when: meta.lobbyUntil === undefined ? '' : `<t:${Math.ceil(meta.lobbyUntil / 1000)}:R>`,
    }),
    t(locale, 'lobby.line.run', { difficulty: shown(c.difficulty), pace: c.turnMode, secs: meta.roundSeconds, map: shown(c.mapKind), width: c.width, height: c.height, ways: c.topology }),
  ];
}
