/** zod schema of a stored game state, with schema-version migration and clear errors for corrupt or incompatible saves. */
import { z } from 'zod';
import { decodePacked } from './bytes.js';
import { Tile, hasSolidBorder } from '../grid/tiles.js';
import type { GameState } from './types.js';

/** Bump when the stored shape changes, and add a migration below. */
export const SCHEMA_VERSION = 3;
/** Oldest stored schema that can still be migrated. */
export const OLDEST_MIGRATABLE = 1;

const bytes = z.string().transform((text, ctx) => {
  const out = decodePacked(text);
  if (!out) {
    ctx.addIssue({ code: 'custom', message: 'not a valid packed byte string' });
    return z.NEVER;
  }
  return out;
});

const int = z.number().int();
const actor = z.union([
  z.object({ kind: z.literal('player'), id: z.string(), name: z.string() }),
  z.object({ kind: z.literal('monster'), id: int, monster: z.enum(['goblin', 'orc', 'troll']) }),
]);
const player = z.object({
  id: z.string().min(1),
  name: z.string(),
  slot: int.min(0).max(7),
  x: int,
  y: int,
  hp: int.min(0),
  maxHp: int.min(1),
  attack: int,
  defence: int,
  potions: int.min(0),
  kills: int.min(0),
  alive: z.boolean(),
});

const summary = z.object({
  outcome: z.enum(['defeat', 'victory', 'abandoned']),
  depth: int,
  turns: int,
  kills: z.array(z.object({ id: z.string(), name: z.string(), kills: int })),
});
const event = z.discriminatedUnion('type', [
  z.object({ type: z.literal('joined'), who: actor }),
  z.object({ type: z.literal('left'), who: actor }),
  z.object({ type: z.literal('moved'), who: actor, x: int, y: int }),
  z.object({ type: z.literal('waited'), who: actor }),
  z.object({ type: z.literal('attacked'), attacker: actor, target: actor, damage: int, weapon: z.string() }),
  z.object({ type: z.literal('missed'), attacker: actor, target: actor, weapon: z.string() }),
  z.object({ type: z.literal('killed'), attacker: actor, target: actor }),
  z.object({ type: z.literal('died'), who: actor, by: actor }),
  z.object({ type: z.literal('spotted'), who: actor }),
  z.object({ type: z.literal('fled'), who: actor }),
  z.object({ type: z.literal('switched-weapon'), who: actor, weapon: z.string() }),
  z.object({ type: z.literal('berserk'), who: actor }),
  z.object({ type: z.literal('picked-up'), who: actor, item: z.literal('potion') }),
  z.object({ type: z.literal('drank'), who: actor, healed: int }),
  z.object({
    type: z.literal('run-stopped'),
    who: actor,
    steps: int,
    reason: z.enum(['monster-in-view', 'attacked', 'blocked', 'item', 'stairs', 'rounds']),
  }),
  z.object({ type: z.literal('descended'), depth: int }),
  z.object({ type: z.literal('round-ended'), round: int, passed: z.array(z.string()) }),
  z.object({ type: z.literal('game-over'), summary }),
]);

export const GameConfigSchema = z.object({
  seed: int.min(0).max(0xffffffff),
  width: int.min(20).max(200),
  height: int.min(12).max(200),
  mapKind: z.enum(['maze', 'cavern']),
  topology: z.union([z.literal(4), z.literal(8)]),
  turnMode: z.enum(['free', 'rounds']),
  difficulty: z.enum(['easy', 'normal', 'hard']),
  maxPlayers: int.min(1).max(8),
  fovRadius: int.min(2).max(30),
  maxDepth: int.min(1).max(99),
});

export const GameStateSchema = z
  .object({
    schema: z.literal(SCHEMA_VERSION),
    version: int.min(0),
    turn: int.min(0),
    config: GameConfigSchema,
    rng: z.tuple([int, int, int, int]),
    depth: int.min(1),
    width: int.min(20).max(200),
    height: int.min(12).max(200),
    tiles: bytes,
    entrance: int.min(0),
    explored: bytes,
    players: z.array(player),
    departed: z.array(player),
    monsters: z.array(
      z.object({
        id: int,
        kind: z.enum(['goblin', 'orc', 'troll']),
        x: int,
        y: int,
        hp: int,
        weapon: int.min(0),
        state: z.enum(['wander', 'hunt', 'attack', 'flee']),
        lastSeen: int.min(-1),
      }),
    ),
    items: z.array(z.object({ id: int, kind: z.literal('potion'), x: int, y: int })),
    nextId: int,
    acted: z.array(z.string()),
    status: z.enum(['playing', 'over']),
    summary: summary.nullable(),
    recent: z.array(event),
  })
  .superRefine((s, ctx) => {
    // The engine's hot loops trust these invariants (no bounds checks), so a save that breaks one is corrupt:
    // loading it must fail cleanly rather than hang or crash a turn.
    const issue = (message: string, path: (string | number)[] = []): void => ctx.addIssue({ code: 'custom', path, message });
    const cells = s.width * s.height;
    if (s.width !== s.config.width || s.height !== s.config.height) issue('map size differs from the config');
    if (s.tiles.length !== cells) return issue(`expected ${cells} tiles, got ${s.tiles.length}`, ['tiles']);
    if (s.explored.length !== cells) return issue(`expected ${cells} cells, got ${s.explored.length}`, ['explored']);
    if (s.tiles.some((t) => t > Tile.Stairs)) issue('unknown tile code', ['tiles']);
    if (!hasSolidBorder(s.tiles, s.width, s.height)) issue('map border is not solid wall', ['tiles']);
    if (s.entrance >= cells || s.tiles[s.entrance] === Tile.Wall) issue('entrance is not on floor', ['entrance']);
    const blockers = new Set<number>();
    const place = (e: { x: number; y: number }, blocks: boolean, what: string): void => {
      const i = e.y * s.width + e.x;
      if (e.x < 0 || e.y < 0 || e.x >= s.width || e.y >= s.height) return issue(`${what} at ${e.x},${e.y} is out of bounds`);
      if (s.tiles[i] === Tile.Wall) return issue(`${what} at ${e.x},${e.y} is in a wall`);
      if (blocks && blockers.has(i)) issue(`two blockers at ${e.x},${e.y}`);
      if (blocks) blockers.add(i);
    };
    for (const p of s.players) place(p, p.alive, 'player');
    for (const m of s.monsters) place(m, true, 'monster');
    for (const it of s.items) place(it, false, 'item');
    const ids = [...s.players, ...s.departed].map((p) => p.id);
    if (new Set(ids).size !== ids.length) issue('a player appears twice');
    const slots = s.players.map((p) => p.slot);
    if (new Set(slots).size !== slots.length) issue('two players share a slot');
  });

export type ParseResult =
  | { ok: true; state: GameState; migratedFrom: number | null }
  | { ok: false; kind: 'corrupt'; reason: string }
  | { ok: false; kind: 'incompatible'; schema: number };

/** Schema 1 had no `recent` log and no `acted` list: both start empty. */
function migrate1to2(raw: Record<string, unknown>): Record<string, unknown> {
  return { ...raw, schema: 2, recent: [], acted: Array.isArray(raw.acted) ? raw.acted : [] };
}

/** Schema 2 dropped players who left; schema 3 keeps them in `departed`. */
function migrate2to3(raw: Record<string, unknown>): Record<string, unknown> {
  return { ...raw, schema: 3, departed: [] };
}

const MIGRATIONS: Record<number, (raw: Record<string, unknown>) => Record<string, unknown>> = { 1: migrate1to2, 2: migrate2to3 };

/** Parses an unknown value (e.g. JSON.parse of a save) into a game state, migrating older schemas. Never throws. */
export function parseGameState(raw: unknown): ParseResult {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, kind: 'corrupt', reason: 'not an object' };
  let obj = raw as Record<string, unknown>;
  const schema = obj.schema;
  if (typeof schema !== 'number' || !Number.isInteger(schema)) return { ok: false, kind: 'corrupt', reason: 'no schema version' };
  if (schema > SCHEMA_VERSION || schema < OLDEST_MIGRATABLE) return { ok: false, kind: 'incompatible', schema };
  let migratedFrom: number | null = null;
  for (let v = schema; v < SCHEMA_VERSION; v++) {
    const m = MIGRATIONS[v];
    if (!m) return { ok: false, kind: 'incompatible', schema };
    obj = m(obj);
    migratedFrom = schema;
  }
  const parsed = GameStateSchema.safeParse(obj);
  if (!parsed.success) {
    const first = parsed.error.issues[0];
    return { ok: false, kind: 'corrupt', reason: first ? `${first.path.join('.') || '(root)'}: ${first.message}` : 'invalid' };
  }
  return { ok: true, state: parsed.data as GameState, migratedFrom };
}
