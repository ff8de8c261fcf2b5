/** zod schema of a stored game state, with schema-version migration and clear errors for corrupt or incompatible saves. */
import { z } from 'zod';
import { decodePacked } from './bytes.js';
import { Tile, hasSolidBorder } from '../grid/tiles.js';
import { MAP_KINDS } from '../mapgen/generate.js';
import { DIFFICULTIES } from './difficulty.js';
import { labelFor } from './level.js';
import { ARMOUR_KINDS, ITEM_KINDS, STARTING_WEAPON, WEAPON_KINDS } from './items.js';
import { MONSTERS, MONSTER_KINDS } from './monsters.js';
import { ABILITY_KINDS, LEGACY_ROLE, ROLE_KINDS } from './roles.js';
import { CALM_ROUNDS } from './pace.js';
import { levelForXp } from './progression.js';
import { scoreRun } from './score.js';
import { isRulesVersion, rulesFor } from './rules.js';
import { AI_STATES, DIRECTIONS, RUN_KINDS, RUN_STOP_REASONS, type ActiveLure, type Direction, type GameConfig, type GameEvent, type GameState } from './types.js';
import type { Item, Monster, Player, Recap, RunSummary, RunTally } from './types.js';

/** Bump when the stored shape changes, and add a migration below. */
export const SCHEMA_VERSION = 9;
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
  z.object({ kind: z.literal('monster'), id: int, monster: z.enum(MONSTER_KINDS), label: z.string() }),
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
  pack: z.partialRecord(z.enum(ITEM_KINDS), int.min(1)),
  weapon: z.enum(WEAPON_KINDS),
  armour: z.enum(ARMOUR_KINDS).nullable(),
  kills: int.min(0),
  xp: int.min(0),
  level: int.min(1),
  alive: z.boolean(),
  role: z.enum(ROLE_KINDS),
  cooldown: int.min(0),
});
const itemKind = z.enum(ITEM_KINDS);
const monsterKind = z.enum(MONSTER_KINDS);
const tally = z.object({ kills: z.partialRecord(monsterKind, int.min(1)), used: z.partialRecord(itemKind, int.min(1)) });

const summary = z.object({
  outcome: z.enum(['defeat', 'victory', 'abandoned']),
  depth: int,
  turns: int,
  kills: z.array(z.object({ id: z.string(), name: z.string(), kills: int })),
  recap: tally.extend({
    ending: z.object({
      how: z.enum(['killed', 'escaped', 'abandoned']),
      depth: int,
      turn: int,
      by: z.object({ monster: monsterKind, label: z.string(), weapon: z.string() }).optional(),
    }),
    deepest: int,
    score: int,
  }),
});
/** One schema per event type: a type missing here fails to compile (satisfies), a field missing fails EventFieldsMatch. */
const EVENTS = {
  joined: z.object({ type: z.literal('joined'), who: actor }),
  left: z.object({ type: z.literal('left'), who: actor }),
  moved: z.object({ type: z.literal('moved'), who: actor, x: int, y: int }),
  swapped: z.object({ type: z.literal('swapped'), who: actor, with: actor }),
  waited: z.object({ type: z.literal('waited'), who: actor }),
  attacked: z.object({ type: z.literal('attacked'), attacker: actor, target: actor, damage: int, weapon: z.string(), verb: z.string(), range: int }),
  missed: z.object({ type: z.literal('missed'), attacker: actor, target: actor, weapon: z.string(), range: int }),
  killed: z.object({ type: z.literal('killed'), attacker: actor, target: actor }),
  died: z.object({ type: z.literal('died'), who: actor, by: actor, weapon: z.string() }),
  spotted: z.object({ type: z.literal('spotted'), who: actor }),
  fled: z.object({ type: z.literal('fled'), who: actor, toward: z.enum(DIRECTIONS as [Direction, ...Direction[]]).nullable() }),
  returned: z.object({ type: z.literal('returned'), who: actor }),
  shouted: z.object({ type: z.literal('shouted'), who: actor, alerted: int }),
  'levelled-up': z.object({ type: z.literal('levelled-up'), who: actor, level: int, maxHp: int, attack: int }),
  'gained-xp': z.object({ type: z.literal('gained-xp'), who: actor, xp: int }),
  rested: z.object({ type: z.literal('rested'), who: actor, turns: int, healed: int }),
  threw: z.object({ type: z.literal('threw'), who: actor, x: int, y: int, distance: int }),
  'lure-spent': z.object({ type: z.literal('lure-spent'), x: int, y: int }),
  'switched-weapon': z.object({ type: z.literal('switched-weapon'), who: actor, weapon: z.string() }),
  berserk: z.object({ type: z.literal('berserk'), who: actor }),
  'picked-up': z.object({ type: z.literal('picked-up'), who: actor, item: itemKind }),
  drank: z.object({ type: z.literal('drank'), who: actor, healed: int }),
  equipped: z.object({ type: z.literal('equipped'), who: actor, item: itemKind }),
  mapped: z.object({ type: z.literal('mapped'), who: actor, tiles: int }),
  teleported: z.object({ type: z.literal('teleported'), who: actor, x: int, y: int }),
  exploded: z.object({ type: z.literal('exploded'), who: actor, x: int, y: int, hit: int }),
  stunned: z.object({ type: z.literal('stunned'), who: actor, turns: int }),
  mended: z.object({ type: z.literal('mended'), who: actor, target: actor, healed: int }),
  ability: z.object({ type: z.literal('ability'), who: actor, ability: z.enum(ABILITY_KINDS), target: actor.optional(), amount: int }),
  guarding: z.object({ type: z.literal('guarding'), who: actor }),
  fluttered: z.object({ type: z.literal('fluttered'), who: actor }),
  lumbered: z.object({ type: z.literal('lumbered'), who: actor }),
  split: z.object({ type: z.literal('split'), who: actor, into: actor }),
  glanced: z.object({ type: z.literal('glanced'), who: actor, target: actor, weapon: z.string() }),
  'run-stopped': z.object({
    type: z.literal('run-stopped'),
    who: actor,
    steps: int,
    reason: z.enum(RUN_STOP_REASONS),
    run: z.enum(RUN_KINDS),
    by: actor.optional(),
  }),
  pace: z.object({ type: z.literal('pace'), rounds: z.boolean(), who: actor.optional() }),
  followed: z.object({ type: z.literal('followed'), who: actor }),
  revived: z.object({ type: z.literal('revived'), who: actor, hp: int }),
  descended: z.object({ type: z.literal('descended'), depth: int }),
  'round-ended': z.object({ type: z.literal('round-ended'), round: int, passed: z.array(z.string()), acted: z.array(z.string()).default([]), passedNames: z.array(z.string()).default([]) }),
  'game-over': z.object({ type: z.literal('game-over'), summary }),
} satisfies { [K in GameEvent['type']]: z.ZodType<Extract<GameEvent, { type: K }>, unknown> };
type EventSchema = (typeof EVENTS)[keyof typeof EVENTS];
const event = z.discriminatedUnion('type', Object.values(EVENTS) as [EventSchema, ...EventSchema[]]);

export const GameConfigSchema = z.object({
  seed: int.min(0).max(0xffffffff),
  width: int.min(20).max(200),
  height: int.min(12).max(200),
  mapKind: z.enum(MAP_KINDS),
  topology: z.union([z.literal(4), z.literal(8)]),
  turnMode: z.enum(['free', 'rounds']),
  difficulty: z.enum(DIFFICULTIES),
  maxPlayers: int.min(1).max(8),
  fovRadius: int.min(2).max(30),
  maxDepth: int.min(1).max(99),
  rules: int.refine(isRulesVersion, { message: 'unknown rules version (saved by a newer release?)' }),
}).superRefine((c, ctx) => {
  // A game plays only the map kinds of its own rules version.
  if (isRulesVersion(c.rules) && !rulesFor(c.rules).mapKinds.includes(c.mapKind)) {
    ctx.addIssue({ code: 'custom', path: ['mapKind'], message: `map kind ${c.mapKind} is not in rules version ${c.rules}` });
  }
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
        kind: monsterKind,
        label: z.string().min(1).max(4),
        maxHp: int.min(1),
        power: int,
        x: int,
        y: int,
        hp: int,
        weapon: int.min(0),
        state: z.enum(AI_STATES),
        lastSeen: int.min(-1),
        stunned: int.min(0),
        glanced: z.literal(true).optional(),
        returned: z.literal(true).optional(),
      }),
    ),
    items: z.array(z.object({ id: int, kind: itemKind, x: int, y: int })),
    lures: z.array(z.object({ x: int, y: int, turns: int.min(0) })),
    tally,
    nextId: int,
    acted: z.array(z.string()),
    // Added without a schema bump: a save from before the free/rounds switch loads as walking freely.
    calm: int.min(0).default(CALM_ROUNDS),
    holding: z.array(z.string()).default([]),
    fighting: z.array(z.string()),
    fightKnown: z.array(int),
    fightQuiet: int.min(0),
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
    for (const l of s.lures) place(l, false, 'lure');
    const ids = [...s.players, ...s.departed].map((p) => p.id);
    if (new Set(ids).size !== ids.length) issue('a player appears twice');
    const slots = s.players.map((p) => p.slot);
    if (new Set(slots).size !== slots.length) issue('two players share a slot');
  });

/** Fields one shape has and the other lacks (never when both have the same fields). */
type KeyDiff<A, B> = Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>;
/** The names of the pairs [engine type, schema output] whose fields differ. */
type Mismatched<T> = { [K in keyof T]: T[K] extends readonly [infer A, infer B] ? ([KeyDiff<A, B>] extends [never] ? never : K) : K }[keyof T];
type Stored = z.output<typeof GameStateSchema>;
/**
 * The stored-state schema has exactly the engine types' fields: a field added to an engine type (or an event) but
 * not to its schema here fails to compile, and the error names the shape ("not assignable to 'player'").
 */
type SchemaGaps = Mismatched<
  { [K in GameEvent['type']]: [Extract<GameEvent, { type: K }>, z.output<(typeof EVENTS)[K]>] } & {
    state: [GameState, Stored];
    config: [GameConfig, Stored['config']];
    player: [Player, Stored['players'][number]];
    monster: [Monster, Stored['monsters'][number]];
    item: [Item, Stored['items'][number]];
    lure: [ActiveLure, Stored['lures'][number]];
    tally: [RunTally, Stored['tally']];
    summary: [RunSummary, NonNullable<Stored['summary']>];
    recap: [Recap, NonNullable<Stored['summary']>['recap']];
  }
>;
const _schemaMatchesTypes: [SchemaGaps] extends [never] ? true : SchemaGaps = true;

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

/**
 * Schema 4 added progression (xp, level), lures (carried, on the floor, thrown), monster labels and scaled monster
 * stats, and new event fields: characters start at level 1 with no lures, monsters keep their kind's stats, labels
 * are given in id order, and the last turn's log (whose events lack the new fields) is dropped.
 */
function migrate3to4(raw: Record<string, unknown>): Record<string, unknown> {
  const person = (p: unknown): unknown => (isRecord(p) ? { lures: 0, xp: 0, level: levelForXp(0), ...p } : p);
  const perKind = new Map<unknown, number>();
  const monsters = Array.isArray(raw.monsters)
    ? raw.monsters.map((m: unknown) => {
        if (!isRecord(m) || typeof m.kind !== 'string' || !(m.kind in MONSTERS)) return m;
        const n = perKind.get(m.kind) ?? 0;
        perKind.set(m.kind, n + 1);
        const maxHp = Math.max(MONSTERS[m.kind as keyof typeof MONSTERS].hp, typeof m.hp === 'number' ? m.hp : 1);
        return { label: labelFor(n), maxHp, power: 0, ...m };
      })
    : raw.monsters;
  return {
    ...raw,
    schema: 4,
    players: Array.isArray(raw.players) ? raw.players.map(person) : raw.players,
    departed: Array.isArray(raw.departed) ? raw.departed.map(person) : raw.departed,
    monsters,
    lures: [],
    recent: [],
  };
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Schema 5 added the item table: potions and lures became a pack keyed by item kind, players wield a weapon (the
 * sword they always had) and may wear armour, monsters can be stunned, the run keeps a tally for its recap, and a
 * finished run's summary carries the recap. The last turn's log is dropped (its `died` events lack the weapon).
 */
function migrate4to5(raw: Record<string, unknown>): Record<string, unknown> {
  const person = (p: unknown): unknown => {
    if (!isRecord(p)) return p;
    const { potions, lures, ...rest } = p;
    const pack: Record<string, unknown> = {};
    if (typeof potions === 'number' && potions > 0) pack.potion = potions;
    if (typeof lures === 'number' && lures > 0) pack.lure = lures;
    return { pack, weapon: STARTING_WEAPON, armour: null, ...rest };
  };
  const monster = (m: unknown): unknown => (isRecord(m) ? { stunned: 0, ...m } : m);
  const list = (v: unknown, f: (x: unknown) => unknown): unknown => (Array.isArray(v) ? v.map(f) : v);
  let summary = raw.summary;
  if (isRecord(summary) && typeof summary.depth === 'number' && typeof summary.turns === 'number' && Array.isArray(summary.kills)) {
    const how = summary.outcome === 'victory' ? 'escaped' : summary.outcome === 'abandoned' ? 'abandoned' : 'killed';
    const kills = summary.kills.map((k: unknown) => (({ id: '', name: '', kills: isRecord(k) && typeof k.kills === 'number' ? k.kills : 0 })));
    const score = scoreRun({ outcome: summary.outcome === 'victory' ? 'victory' : 'defeat', depth: summary.depth, turns: summary.turns, kills });
    summary = { ...summary, recap: { ending: { how, depth: summary.depth, turn: summary.turns }, kills: {}, used: {}, deepest: summary.depth, score } };
  }
  return {
    ...raw,
    schema: 5,
    players: list(raw.players, person),
    departed: list(raw.departed, person),
    monsters: list(raw.monsters, monster),
    tally: { kills: {}, used: {} },
    summary,
    recent: [],
  };
}

/** Schema 6 added standing fight orders: no one has given one yet, and the fight (if any) has seen nothing. */
function migrate5to6(raw: Record<string, unknown>): Record<string, unknown> {
  return { ...raw, schema: 6, fighting: [], fightKnown: [] };
}

/** Schema 7 stamps the rules version into the config: every save from before was played under rules version 1. */
function migrate6to7(raw: Record<string, unknown>): Record<string, unknown> {
  return { ...raw, schema: 7, config: isRecord(raw.config) ? { ...raw.config, rules: 1 } : raw.config };
}

/** Schema 8 added hero roles: characters from before are adventurers (the base numbers, no ability). */
function migrate7to8(raw: Record<string, unknown>): Record<string, unknown> {
  const person = (p: unknown): unknown => (isRecord(p) ? { role: LEGACY_ROLE, cooldown: 0, ...p } : p);
  const list = (v: unknown): unknown => (Array.isArray(v) ? v.map(person) : v);
  return { ...raw, schema: 8, players: list(raw.players), departed: list(raw.departed) };
}

/** Schema 9 counts a rounds fight's rounds with no blow (a guarded fight order hands back on it): none yet. */
function migrate8to9(raw: Record<string, unknown>): Record<string, unknown> {
  return { ...raw, schema: 9, fightQuiet: 0 };
}

const MIGRATIONS: Record<number, (raw: Record<string, unknown>) => Record<string, unknown>> = {
  1: migrate1to2,
  2: migrate2to3,
  3: migrate3to4,
  4: migrate4to5,
  5: migrate5to6,
  6: migrate6to7,
  7: migrate7to8,
  8: migrate8to9,
};

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
  // No cast: the schema's output is a GameState, so a kind added to a table but not to the schema fails to compile.
  const state: GameState = parsed.data;
  return { ok: true, state, migratedFrom };
}
