/**
 * The full view's wire protocol, shared by the server (src/adapters/web/) and the browser client (web/): what a view
 * receives (one frame per accepted turn, personalised for its viewer) and what it may send (a move with its own
 * idempotency key). Client messages are parsed with zod at the socket; frames are plain JSON built by frame.ts.
 */
import { z } from 'zod';
import { ITEM_KINDS } from '../../engine/items.js';
import type { Direction, ItemKind, MonsterKind } from '../../engine/types.js';

const DIRS = ['n', 's', 'e', 'w', 'ne', 'nw', 'se', 'sw'] as const satisfies readonly Direction[];

/** A player action as the full view sends it (the same PlayerAction a button press becomes). */
export const WireActionSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('move'), dir: z.enum(DIRS) }),
  z.object({ type: z.literal('wait') }),
  z.object({ type: z.literal('descend') }),
  z.object({ type: z.literal('use'), item: z.enum(ITEM_KINDS).optional() }),
  z.object({ type: z.literal('rest') }),
  z.object({ type: z.literal('explore') }),
  z.object({ type: z.literal('travel') }),
  z.object({ type: z.literal('fight') }),
]);

/** A move id: the client's idempotency key, kept across retries of one move. */
export const MoveIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

/** What a client may send over its socket. */
export const ClientMessageSchema = z.discriminatedUnion('t', [
  z.object({ t: z.literal('act'), id: MoveIdSchema, seen: z.number().int().nonnegative(), game: z.number().int(), action: WireActionSchema }),
  z.object({ t: z.literal('ping') }),
]);
export type ClientMessage = z.infer<typeof ClientMessageSchema>;
export type WireAction = z.infer<typeof WireActionSchema>;

/** A view model on the wire: the whole level's viewport, terrain cell codes as base64 (see render/view-model.ts). */
export interface WireViewModel {
  view: { x: number; y: number; width: number; height: number };
  terrain: string;
  items: { kind: ItemKind; x: number; y: number }[];
  players: { id: string; name: string; slot: number; marker: string; x: number; y: number; alive: boolean; isViewer: boolean }[];
  monsters: { id: number; kind: MonsterKind; label: string; letter: string; x: number; y: number }[];
}

/** A party member as the full view lists them. */
export interface WirePartyMember {
  id: string;
  name: string;
  slot: number;
  hp: number;
  maxHp: number;
  level: number;
  alive: boolean;
  /** Rounds mode: already acted (or holding) this round. */
  done: boolean;
}

/** What the viewer can do now: null for a spectator, or when they are not in the party. */
export interface WireAbilities {
  canAct: boolean;
  moves: Partial<Record<Direction, 'move' | 'attack' | 'blocked'>>;
  canDescend: boolean;
  canExplore: boolean;
  canTravel: boolean;
  canRest: boolean;
  canFight: boolean;
  /** Items usable now, in table order, with their label and emoji. */
  items: { kind: ItemKind; label: string; emoji: string }[];
}

/** One frame: everything a view draws, for one viewer. */
export interface WebFrame {
  guildId: string;
  channelId: string;
  /** The game's createdAt: a move names it, so a move meant for a replaced game is refused. */
  game: number;
  version: number;
  status: 'playing' | 'over';
  title: string;
  depth: number;
  maxDepth: number;
  turn: number;
  mode: 'free' | 'rounds';
  /** Rounds are being played now (a monster in view in rounds mode). */
  rounds: boolean;
  /** Epoch ms at which the current round resolves, or null. */
  deadline: number | null;
  /** Server epoch ms when the frame was built (the client corrects the timer by it). */
  now: number;
  map: WireViewModel;
  party: WirePartyMember[];
  /** Names the current round waits for (rounds mode). */
  waitingOn: string[];
  log: string[];
  you: { id: string; name: string; role: 'player' | 'spectator'; can: WireAbilities | null };
}

/**
 * A frame as it travels: the same for every view of a turn but for `you`. The map is drawn for nobody (no player is
 * the viewer; the receiver marks itself with mapFor), and `terrain` is left out when this socket's previous frame
 * carried the same terrain (the receiver keeps its own: see wire-frame.ts).
 */
export type WireFrame = Omit<WebFrame, 'map'> & { map: Omit<WireViewModel, 'terrain'> & { terrain?: string } };

/**
 * What the server sends, as the receiver reads it once completed (completeFrame). `sentAt` on a frame is when the turn
 * was published (fan-out latency).
 */
export type ServerMessage =
  | { t: 'frame'; frame: WebFrame; sentAt: number }
  | { t: 'ack'; id: string; ok: true; version: number }
  | { t: 'ack'; id: string; ok: false; reason: string }
  | { t: 'error'; message: string }
  | { t: 'pong' };

/** What the server sends, as it travels. */
export type WireMessage = Exclude<ServerMessage, { t: 'frame' }> | { t: 'frame'; frame: WireFrame; sentAt: number };
