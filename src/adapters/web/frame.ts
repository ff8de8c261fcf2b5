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
import { DEFAULT_LOCALE, hasMessage, tDynamic, type Locale } from '../../i18n/index.js';
import { buildViewModel } from '../../render/view-model.js';
import type { WebFrame, WireAbilities, WireFrame, WireViewModel } from './protocol.js';
import { completeFrame } from './wire-frame.js';

export { mapFor } from './wire-frame.js';

/** Who is looking: a party member plays, anyone else watches. */
export interface Viewer {
  id: string;
  name: string;
  /** A spectator link never plays, even for a party member. */
  spectator: boolean;
  /** The viewer's language (English when absent). */
  locale?: Locale;
}

/** The whole level as the party sees it now, for `viewerId` (drawn as the viewer's own marker). */
export function wireMap(state: GameState, viewerId: string | null): WireViewModel {
  const seen = partySight(state);
  const vm = buildViewModel(state, seen.mask, seen.mark, { x: 0, y: 0, width: state.width, height: state.height }, viewerId);
  return { ...vm, terrain: encodeBase64(vm.terrain) };
}

/** An item's button label in `locale` (the chat buttons' own words). */
function itemLabel(kind: string, english: string, locale: Locale): string {
  const key = `button.item.${kind}`;
  return locale !== DEFAULT_LOCALE && hasMessage(locale, key) ? tDynamic(locale, key) : english;
}

/** What `userId` can do now, as the controller offers it, labelled in `locale`. */
export function abilities(state: GameState, userId: string, locale: Locale = DEFAULT_LOCALE): WireAbilities {
  const l = legalMoves(state, userId);
  // The potion has its own button on the controller; here every usable item is one labelled button.
  const potion = l.canUse ? [{ kind: 'potion' as const, label: itemLabel('potion', 'drink potion', locale), emoji: '🧪' }] : [];
  const rest = itemButtons(l.usable).map((b) => ({ kind: b.item, label: itemLabel(b.item, b.label, locale), emoji: b.emoji }));
  const { canAct, moves, canDescend, canExplore, canTravel, canRest, canFight } = l;
  return { canAct, moves, canDescend, canExplore, canTravel, canRest, canFight, items: [...potion, ...rest] };
}

/** The names a rounds-mode round still waits for (living, not acted, not holding). */
function waitingOn(state: GameState): string[] {
  if (state.status !== 'playing' || !roundsNow(state)) return [];
  return state.players.filter((p) => p.alive && !state.acted.includes(p.id) && !state.holding.includes(p.id)).map((p) => p.name);
}

/** Everything in a frame but `you`: the same for every view of one turn (the map drawn for nobody). */
export type FrameBody = Omit<WireFrame, 'you' | 'map'> & { map: WireViewModel };

/**
 * The part of `view`'s frames every viewer shares, stamped with the server time `now`. `shared` is the party's map
 * built once (wireMap(state, null)); without it the map is built here.
 */
export function frameBody(view: GameView, now: number, shared?: WireViewModel, locale: Locale = DEFAULT_LOCALE): FrameBody {
  const state = lastParty(view.state);
  const rounds = state.status === 'playing' && roundsNow(state);
  return {
    guildId: view.key.guildId,
    channelId: view.key.channelId,
    game: view.meta.createdAt,
    version: view.state.version,
    status: state.status === 'over' ? 'over' : 'playing',
    title: titleText(state, locale),
    depth: state.depth,
    maxDepth: state.config.maxDepth,
    turn: state.turn,
    mode: state.config.turnMode,
    rounds,
    deadline: rounds ? view.meta.roundDeadline : null,
    now,
    map: shared ?? wireMap(state, null),
    party: state.players.map((p) => {
      const done = state.acted.includes(p.id) || state.holding.includes(p.id);
      return { id: p.id, name: p.name, slot: p.slot, hp: p.hp, maxHp: p.maxHp, level: p.level, alive: p.alive, done };
    }),
    waitingOn: waitingOn(state),
    log: logText(view.meta.recentLog, locale),
  };
}

/** Who `viewer` is in a frame `body` and what they may do now (`can`: their abilities in their language). */
export function frameYou(body: FrameBody, viewer: Viewer, can: (id: string) => WireAbilities | null): WebFrame['you'] {
  const member = body.party.some((p) => p.id === viewer.id);
  const role = member && !viewer.spectator ? 'player' : 'spectator';
  const mine = role === 'player' && body.status === 'playing' ? can(viewer.id) : null;
  return { id: viewer.id, name: viewer.name, role, can: mine };
}

/** The frame `viewer` gets for `view`, as the receiver completes it (the tests' and the load test's one-off frame). */
export function buildFrame(view: GameView, viewer: Viewer, now: number, shared?: WireViewModel): WebFrame {
  const body = frameBody(view, now, shared, viewer.locale);
  return completeFrame(null, { ...body, you: frameYou(body, viewer, (id) => abilities(lastParty(view.state), id, viewer.locale)) });
}

/**
 * What one turn's frames are made of: its body in a language and a party member's abilities in a language (null
 * when this source cannot say: a digest made for other languages).
 */
export interface FrameSource {
  readonly game: number;
  readonly version: number;
  body(locale: Locale): FrameBody | null;
  can(id: string, locale: Locale): WireAbilities | null;
}

/** A turn's frames made from the saved view itself, each part built once when first asked. */
export function viewSource(view: GameView, now: number): FrameSource {
  const state = lastParty(view.state);
  let map: WireViewModel | null = null;
  const bodies = new Map<Locale, FrameBody>();
  const can = new Map<string, WireAbilities>();
  return {
    game: view.meta.createdAt,
    version: view.state.version,
    body(locale) {
      let b = bodies.get(locale);
      if (!b) bodies.set(locale, (b = frameBody(view, now, (map ??= wireMap(state, null)), locale)));
      return b;
    },
    can(id, locale) {
      let a = can.get(`${locale}:${id}`);
      if (!a) can.set(`${locale}:${id}`, (a = abilities(state, id, locale)));
      return a;
    },
  };
}

/**
 * A turn as it travels to the other replicas when they have views of the game: its bodies and the party's abilities
 * in the languages those views speak, so they send frames without loading and decoding the game.
 */
export interface TurnDigest {
  bodies: Partial<Record<Locale, FrameBody>>;
  can: Partial<Record<Locale, Record<string, WireAbilities>>>;
}

/** The digest of `source` in `locales`. */
export function digestOf(source: FrameSource, locales: readonly Locale[]): TurnDigest {
  const d: TurnDigest = { bodies: {}, can: {} };
  for (const l of locales) {
    const body = source.body(l);
    if (!body) continue;
    d.bodies[l] = body;
    const live = body.status === 'playing' ? body.party.map((p) => p.id) : [];
    d.can[l] = Object.fromEntries(live.flatMap((id) => {
      const a = source.can(id, l);
      return a ? [[id, a]] : [];
    }));
  }
  return d;
}

/** A digest as a source of frames (null when it carries no body). */
export function digestSource(d: TurnDigest): FrameSource | null {
  const first = Object.values(d.bodies)[0];
  if (!first) return null;
  return {
    game: first.game,
    version: first.version,
    body: (locale) => d.bodies[locale] ?? null,
    can: (id, locale) => d.can[locale]?.[id] ?? null,
  };
}

/**
 * One turn's frames, encoded once for every view of the game: the shared body is serialised once per language in use
 * (with and without its terrain), and each view's message is that body joined to its own small `you`. `sentAt` is
 * when the turn was published.
 */
export class TurnFrames {
  readonly game: number;
  readonly version: number;
  private readonly head: Buffer;
  private readonly encoded = new Map<Locale, { full: Buffer | null; lean: Buffer | null; body: FrameBody }>();

  constructor(private readonly source: FrameSource, sentAt: number) {
    this.game = source.game;
    this.version = source.version;
    this.head = Buffer.from(`{"t":"frame","sentAt":${Math.round(sentAt)},"frame":{"you":`);
  }

  /** The terrain of the frame `viewer` gets (null when this source has nothing in their language). */
  terrain(viewer: Viewer): string | null {
    return this.source.body(viewer.locale ?? DEFAULT_LOCALE)?.map.terrain ?? null;
  }

  /**
   * The message for `viewer`, without the terrain when `hasTerrain` (the socket's last frame carried this terrain);
   * null when this source has nothing in their language.
   */
  message(viewer: Viewer, hasTerrain: boolean): Buffer | null {
    const locale = viewer.locale ?? DEFAULT_LOCALE;
    let e = this.encoded.get(locale);
    if (!e) {
      const body = this.source.body(locale);
      if (!body) return null;
      this.encoded.set(locale, (e = { full: null, lean: null, body }));
    }
    const body = e.body;
    const you = frameYou(body, viewer, (id) => this.source.can(id, locale));
    const tail = hasTerrain
      ? (e.lean ??= Buffer.from(`,${JSON.stringify({ ...body, map: { ...body.map, terrain: undefined } }).slice(1)}}`))
      : (e.full ??= Buffer.from(`,${JSON.stringify(body).slice(1)}}`));
    return Buffer.concat([this.head, Buffer.from(JSON.stringify(you)), tail]);
  }
}
