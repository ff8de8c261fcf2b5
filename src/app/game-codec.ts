/** Serialisation of a stored game (state + meta) to JSON text and back, shared by every GameStore adapter. */
import type { LogLine, LogMsg } from '../render/log-message.js';
import { LOCALE_CODES } from '../i18n/index.js';
import { z } from 'zod';
import { parseGameState } from '../engine/state-schema.js';
import { MAP_CHOICES } from '../mapgen/generate.js';
import type { Action } from '../engine/types.js';
import type { ChannelKey, StoredGame } from './service-types.js';
import { RENDER_STYLES } from './settings.js';
import { END_REASON_KEYS } from './host.js';

/** A stored log line: a message (key, values that may nest, a default text) or an older save's English sentence. */
const LogMsgSchema: z.ZodType<LogMsg> = z.lazy(() =>
  z.object({
    k: z.string().max(100),
    v: z.record(z.string().max(40), z.union([z.string().max(400), z.number(), LogMsgSchema])).optional(),
    d: z.string().max(400).optional(),
    c: z.literal(1).optional(),
  }),
);
const LogLineSchema = z.union([z.string(), LogMsgSchema]);

/** Keys a stored log message may have (LogMsgSchema's). */
const LOG_MSG_KEYS = new Set(['k', 'v', 'd', 'c']);

/**
 * Whether `line` is a log line LogLineSchema accepts and returns unchanged (no key to strip), checked by hand: the
 * recursive zod schema costs about 1 ms a load for a full rolling log, on every press. A line this refuses still goes
 * through the schema, which gives the same result and error as before.
 */
function isPlainLogLine(line: unknown, depth = 0): boolean {
  if (typeof line === 'string') return true;
  if (typeof line !== 'object' || line === null || Array.isArray(line) || depth > 8) return false;
  const m = line as Record<string, unknown>;
  for (const key of Object.keys(m)) if (!LOG_MSG_KEYS.has(key)) return false;
  if (typeof m.k !== 'string' || m.k.length > 100) return false;
  if (m.d !== undefined && (typeof m.d !== 'string' || m.d.length > 400)) return false;
  if (m.c !== undefined && m.c !== 1) return false;
  if (m.v === undefined) return true;
  if (typeof m.v !== 'object' || m.v === null || Array.isArray(m.v) || Object.getPrototypeOf(m.v) !== Object.prototype) return false;
  for (const [key, value] of Object.entries(m.v)) {
    if (key.length > 40 || key === '__proto__') return false;
    if (typeof value === 'string') {
      if (value.length > 400) return false;
    } else if (typeof value === 'number') {
      if (!Number.isFinite(value)) return false;
    } else if (typeof value !== 'object' || !isPlainLogLine(value, depth + 1)) return false;
  }
  return Object.getOwnPropertySymbols(m.v).length === 0;
}

/** The stored meta record's schema (exported for the fast path's equivalence test). */
export const GameMetaSchema = z.object({
  creatorId: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
  roundDeadline: z.number().nullable(),
  message: z.object({ channelId: z.string(), messageId: z.string() }).nullable(),
  render: z.enum(RENDER_STYLES),
  mobile: z.boolean(),
  locale: z.enum(LOCALE_CODES).optional(),
  roundSeconds: z.number().int().min(1),
  lastActed: z.record(z.string(), z.number().int()),
  idleRounds: z.number().int().min(0),
  // Issue 9 fields: optional, so saves written before them still load.
  endVotes: z.array(z.string()).optional(),
  lastActionAt: z.number().optional(),
  idleEndHours: z.number().int().min(1).optional(),
  mapChoice: z.enum(MAP_CHOICES).optional(),
  invited: z.array(z.object({ id: z.string(), name: z.string() })).optional(),
  endReason: z.enum(END_REASON_KEYS).optional(),
  // Issue 19 fields: optional as well.
  endedBy: z.array(z.string()).optional(),
  hostId: z.string().optional(),
  actedAt: z.record(z.string(), z.number()).optional(),
  passedRounds: z.record(z.string(), z.number().int().min(0)).optional(),
  kickVotes: z.record(z.string(), z.array(z.string())).optional(),
  pingSeconds: z.number().int().min(0).optional(),
  lobbyUntil: z.number().optional(),
  roundStartedAt: z.number().optional(),
  pingedTurn: z.number().int().optional(),
  recentLog: z.array(LogLineSchema).max(200).optional(),
  daily: z.object({ day: z.number().int().min(0), scored: z.boolean(), token: z.string().optional() }).optional(),
});

/** GameMetaSchema with the rolling log's lines checked by hand (isPlainLogLine): the fast path of decodeGame. */
const GameMetaFastSchema = GameMetaSchema.extend({
  recentLog: z.array(z.custom<LogLine>((line) => isPlainLogLine(line))).max(200).optional(),
});

/** What decoding found: a game (maybe migrated from an older schema), or why there is none. */
export type DecodeResult =
  | { kind: 'found'; game: StoredGame; migratedFrom: number | null }
  | { kind: 'corrupt'; reason: string }
  | { kind: 'incompatible'; schema: number };

/** JSON text of the engine state (typed arrays become base64 through Bytes.toJSON). */
export function encodeState(game: StoredGame): string {
  return JSON.stringify(game.state);
}

/** JSON text of the meta record. */
export function encodeMeta(game: StoredGame): string {
  return JSON.stringify(game.meta);
}

/** Decodes stored text; never throws (bad JSON or shape is `corrupt`, a schema it cannot migrate is `incompatible`). */
export function decodeGame(stateText: string | null | undefined, metaText: string | null | undefined): DecodeResult {
  if (typeof stateText !== 'string') return { kind: 'corrupt', reason: 'state is missing' };
  if (typeof metaText !== 'string') return { kind: 'corrupt', reason: 'meta is missing' };
  let rawState: unknown;
  let rawMeta: unknown;
  try {
    rawState = JSON.parse(stateText);
  } catch {
    return { kind: 'corrupt', reason: 'state is not valid JSON' };
  }
  try {
    rawMeta = JSON.parse(metaText);
  } catch {
    return { kind: 'corrupt', reason: 'meta is not valid JSON' };
  }
  const state = parseGameState(rawState);
  if (!state.ok) return state.kind === 'corrupt' ? { kind: 'corrupt', reason: `state ${state.reason}` } : { kind: 'incompatible', schema: state.schema };
  const fast = GameMetaFastSchema.safeParse(rawMeta);
  const meta = fast.success ? fast : GameMetaSchema.safeParse(rawMeta);
  if (!meta.success) {
    const first = meta.error.issues[0];
    return { kind: 'corrupt', reason: `meta ${first ? `${first.path.join('.')}: ${first.message}` : 'invalid'}` };
  }
  return { kind: 'found', game: { state: state.state, meta: meta.data }, migratedFrom: state.migratedFrom };
}

/** Decodes one action-log entry (written by this code, so a bad entry is a programmer or storage error). */
export function decodeAction(text: string): Action {
  return JSON.parse(text) as Action;
}

/** One string per channel (JSON, so any characters in the ids are safe): round-queue members and in-memory map keys. */
export function encodeChannelKey(key: ChannelKey): string {
  return JSON.stringify([key.guildId, key.channelId]);
}

/** Inverse of encodeChannelKey; null for anything it did not write (a stray member must not stop the round timer). */
export function decodeChannelKey(text: string): ChannelKey | null {
  try {
    const raw: unknown = JSON.parse(text);
    if (Array.isArray(raw) && raw.length === 2 && typeof raw[0] === 'string' && typeof raw[1] === 'string') return { guildId: raw[0], channelId: raw[1] };
  } catch {
    // fall through: not ours
  }
  return null;
}

/**
 * Freezes a stored game's objects and arrays in place (typed arrays cannot be frozen) and returns it. Stores hand
 * out states that may be shared (the Redis cache, structure shared between engine versions): a caller that
 * mutates one then fails loudly instead of silently corrupting the next turn.
 */
export function freezeGame(game: StoredGame): StoredGame {
  deepFreeze(game);
  return game;
}

function deepFreeze(value: unknown): void {
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value) || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) deepFreeze(v);
}
