/**
 * The button custom-id codec: `cc1:<verb>:<arg>:<version>:<game>`.
 * `cc1` versions the format itself; `<version>` is the game state version the button was drawn for (stale clicks are refused);
 * `<game>` tags the game (its creation time in base 36) so a button left on an old game's message can't act on a new game.
 */
import { z } from 'zod';
import { ITEM_KINDS } from '../../src/engine/items.js';
import type { Direction, ItemKind } from '../../src/engine/types.js';
import { DIRECTION_TABLE } from './directions.js';
import { MEMBER_VERB_NAMES, SIMPLE_VERBS, type MemberVerb, type SimpleVerb } from './buttons.js';

const PREFIX = 'cc1';

/** A decoded button: move (arg = direction), wait, descend, drink, or nothing (a d-pad spacer, arg = its index). */
export type ButtonId =
  | { verb: 'mv'; dir: Direction; version: number; game: string }
  | { verb: SimpleVerb; version: number; game: string }
  | { verb: 'nop'; index: number; version: number; game: string }
  /** Use a carried item (arg = its kind, from the item table). */
  | { verb: 'it'; item: ItemKind; version: number; game: string }
  /** A button about one party member (arg = their user id): 👢 whom to remove, and its confirmation. */
  | { verb: MemberVerb; user: string; version: number; game: string };

export type { SimpleVerb };

const version = z.string().regex(/^\d{1,15}$/).transform(Number);
const game = z.string().regex(/^[0-9a-z]{1,16}$/);
/** A user id as a custom id carries it: a Discord snowflake, or the terminal game's name ids; never a colon. */
const userId = z.string().regex(/^[\w-]{1,32}$/);
const dir = z.enum(DIRECTION_TABLE.map((r) => r.dir) as [Direction, ...Direction[]]);

const schema = z.union([
  z.tuple([z.literal(PREFIX), z.literal('mv'), dir, version, game]).transform(([, verb, d, v, g]) => ({ verb, dir: d, version: v, game: g }) as const),
  z.tuple([z.literal(PREFIX), z.enum(SIMPLE_VERBS), z.literal(''), version, game]).transform(([, verb, , v, g]) => ({ verb, version: v, game: g }) as const),
  z.tuple([z.literal(PREFIX), z.literal('it'), z.enum(ITEM_KINDS), version, game]).transform(([, verb, item, v, g]) => ({ verb, item, version: v, game: g }) as const),
  z.tuple([z.literal(PREFIX), z.enum(MEMBER_VERB_NAMES), userId, version, game]).transform(([, verb, user, v, g]) => ({ verb, user, version: v, game: g }) as const),
  z.tuple([z.literal(PREFIX), z.literal('nop'), z.string().regex(/^\d{1,2}$/).transform(Number), version, game]).transform(([, verb, i, v, g]) => ({ verb, index: i, version: v, game: g }) as const),
]);

/** The game tag written into custom ids: the game's creation time in base 36. */
export function gameTag(createdAt: number): string {
  return Math.max(0, Math.floor(createdAt)).toString(36);
}

/** Inverse of gameTag: the creation time (whole ms) a tag stands for, to compare with the game's. */
export function gameCreatedAt(tag: string): number {
  return parseInt(tag, 36);
}

/** Encodes a button as a custom id (always well under Discord's 100 characters). */
export function encodeButtonId(id: ButtonId): string {
  const arg = id.verb === 'mv' ? id.dir : id.verb === 'nop' ? String(id.index) : id.verb === 'it' ? id.item : 'user' in id ? id.user : '';
  return `${PREFIX}:${id.verb}:${arg}:${id.version}:${id.game}`;
}

/** Decodes a custom id; `foreign` when it isn't ours or is malformed (the caller says "This button isn't from this game"). */
export function decodeButtonId(customId: string): { ok: true; value: ButtonId } | { ok: false; reason: 'foreign' } {
  if (customId.length > 100) return { ok: false, reason: 'foreign' };
  const parsed = schema.safeParse(customId.split(':'));
  return parsed.success ? { ok: true, value: parsed.data } : { ok: false, reason: 'foreign' };
}
