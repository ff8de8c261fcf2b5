/**
 * One frame of the full view for one viewer, built from a GameView: the whole level seen through the party's eyes (the
 * same view model the image style draws from), the party with HP, the rolling log, whose turn it is, and what the
 * viewer may do now (the engine's legal moves, as the private controller shows them).
 */
import { logText } from '../../app/rolling-log.js';
import { itemButtons } from '../../../commands/controls/buttons.js';
import { encodeBase64, legalMoves, partySight, roundsNow } from '../../engine/index.js';
import type { GameState } from '../../engine/types.js';
import type { GameView } from '../../app/service-types.js';
import { lastParty } from '../../render/game.js';
import { titleText } from '../../render/hud.js';
import { buildViewModel } from '../../render/view-model.js';
import type { WebFrame, WireAbilities, WireViewModel } from './protocol.js';

/** Who is looking: a party member plays, anyone else watches. */
export interface Viewer {
  id: string;
  name: string;
  /** A spectator link never plays, even for a party member. */
  spectator: boolean;
}

/** The whole level as the party sees it now, for `viewerId` (drawn as the viewer's own marker). */
export function wireMap(state: GameState, viewerId: string | null): WireViewModel {
  const seen = partySight(state);
  const vm = buildViewModel(state, seen.mask, seen.mark, { x: 0, y: 0, width: state.width, height: state.height }, viewerId);
  return { ...vm, terrain: encodeBase64(vm.terrain) };
}

/** What `userId` can do now, as the controller offers it. */
export function abilities(state: GameState, userId: string): WireAbilities {
  const l = legalMoves(state, userId);
  // The potion has its own button on the controller; here every usable item is one labelled button.
  const potion = l.canUse ? [{ kind: 'potion' as const, label: 'drink potion', emoji: '🧪' }] : [];
  const rest = itemButtons(l.usable).map((b) => ({ kind: b.item, label: b.label, emoji: b.emoji }));
  const { canAct, moves, canDescend, canExplore, canTravel, canRest, canFight } = l;
  return { canAct, moves, canDescend, canExplore, canTravel, canRest, canFight, items: [...potion, ...rest] };
}

/** The names a rounds-mode round still waits for (living, not acted, not holding). */
function waitingOn(state: GameState): string[] {
  if (state.status !== 'playing' || !roundsNow(state)) return [];
  return state.players.filter((p) => p.alive && !state.acted.includes(p.id) && !state.holding.includes(p.id)).map((p) => p.name);
}

/** The party's map drawn for `viewerId` from a map built once for nobody: only the players' viewer flag and order differ. */
export function mapFor(shared: WireViewModel, viewerId: string | null): WireViewModel {
  const rank = (p: WireViewModel['players'][number]): number => (!p.alive ? 0 : p.id === viewerId ? 2 : 1);
  const players = shared.players.map((p) => ({ ...p, isViewer: p.id === viewerId })).sort((a, b) => rank(a) - rank(b));
  return { ...shared, players };
}

/**
 * The frame `viewer` gets for `view`, stamped with the server time `now`. `shared` is the party's map built once for
 * every view of this turn (wireMap(state, null)); without it the map is built here.
 */
export function buildFrame(view: GameView, viewer: Viewer, now: number, shared?: WireViewModel): WebFrame {
  const state = lastParty(view.state);
  const member = state.players.some((p) => p.id === viewer.id);
  const role = member && !viewer.spectator ? 'player' : 'spectator';
  const rounds = state.status === 'playing' && roundsNow(state);
  return {
    guildId: view.key.guildId,
    channelId: view.key.channelId,
    game: view.meta.createdAt,
    version: view.state.version,
    status: state.status === 'over' ? 'over' : 'playing',
    title: titleText(state),
    depth: state.depth,
    maxDepth: state.config.maxDepth,
    turn: state.turn,
    mode: state.config.turnMode,
    rounds,
    deadline: rounds ? view.meta.roundDeadline : null,
    now,
    map: mapFor(shared ?? wireMap(state, null), role === 'player' ? viewer.id : null),
    party: state.players.map((p) => {
      const done = state.acted.includes(p.id) || state.holding.includes(p.id);
      return { id: p.id, name: p.name, slot: p.slot, hp: p.hp, maxHp: p.maxHp, level: p.level, alive: p.alive, done };
    }),
    waitingOn: waitingOn(state),
    log: logText(view.meta.recentLog, view.meta.locale),
    you: { id: viewer.id, name: viewer.name, role, can: role === 'player' && state.status === 'playing' ? abilities(state, viewer.id) : null },
  };
}
