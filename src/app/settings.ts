/**
 * Per-guild settings as ONE table of rows. Each row says its option name, its kind (choice, whole number, yes/no),
 * its range or choices, its default and what it does; the zod schema, the patch schema, `/rogue-config set`'s
 * Discord options and zod options, and `/rogue-config show` are all derived from it, so a new setting can't be
 * forgotten on one surface.
 */
import { RENDER_STYLES, type RenderStyle } from '../render/glyphs.js';
import { z } from 'zod';
import { DIFFICULTIES } from '../engine/difficulty.js';
import { MAP_CHOICES } from '../mapgen/generate.js';
import { LOCALE_CODES } from '../i18n/index.js';

export const MAP_SIZES = {
  small: { width: 40, height: 20 },
  medium: { width: 60, height: 30 },
  large: { width: 120, height: 60 },
} as const;
export type MapSize = keyof typeof MAP_SIZES;
export const MAP_SIZE_NAMES = Object.keys(MAP_SIZES) as [MapSize, ...MapSize[]];

/** Render styles of the game map: the renderer's style table (src/render/glyphs.ts STYLES) is the one list. */
export { RENDER_STYLES };
export type RenderStyleSetting = RenderStyle;

/** The map kinds a setting may name: every generator, or 'random' (decided by the seed). */
export { MAP_CHOICES };
export const TURN_MODES = ['free', 'rounds'] as const;

/** Range of `idle_end_hours`: an hour to two weeks (a game's save expires after 14 days anyway). */
export const IDLE_END_HOURS = { min: 1, max: 336 } as const;
/** Range of `daily_retention_days`: how long a day's daily boards are kept. */
export const DAILY_RETENTION_DAYS = { min: 1, max: 365 } as const;

/** The shared game message's language: a language the game speaks, or 'auto' (the language of whoever starts the game). */
export const LANGUAGE_CHOICES = ['auto', ...LOCALE_CODES] as const;

type Choices = readonly [string, ...string[]];

/** A setting whose value is one of a list of words. */
export interface ChoiceRow<T extends Choices = Choices> {
  kind: 'choice';
  option: string;
  choices: T;
  default: T[number];
  /** The Discord option's description (at most 100 characters). What it does, for `/rogue-config show`, is the catalogue's `config.setting.<option>`. */
  hint: string;
}
/** A setting whose value is a whole number in [min, max]. */
export interface IntRow {
  kind: 'int';
  option: string;
  min: number;
  max: number;
  default: number;
  hint: string;
}
/** A yes/no setting. */
export interface BoolRow {
  kind: 'bool';
  option: string;
  default: boolean;
  hint: string;
}
export type SettingRow = ChoiceRow | IntRow | BoolRow;

const choice = <const T extends Choices>(row: Omit<ChoiceRow<T>, 'kind'>): ChoiceRow<T> => ({ kind: 'choice', ...row });
const int = (row: Omit<IntRow, 'kind'>): IntRow => ({ kind: 'int', ...row });
const bool = (row: Omit<BoolRow, 'kind'>): BoolRow => ({ kind: 'bool', ...row });

/** Every setting an admin changes with `/rogue-config set`, keyed by its field, in display order. */
export const SETTING_ROWS = {
  render: choice({ option: 'render', choices: RENDER_STYLES, default: 'image', hint: 'How the game map is drawn' }),
  turnMode: choice({ option: 'turn_mode', choices: TURN_MODES, default: 'free', hint: 'free or rounds' }),
  roundSeconds: int({ option: 'round_seconds', min: 10, max: 600, default: 60, hint: 'Seconds per round in rounds mode' }),
  /** Rounds mode: seconds into a round after which the players it still waits for are pinged, once (0: never). */
  pingSeconds: int({ option: 'ping_seconds', min: 0, max: 600, default: 30, hint: 'Seconds before a round pings whom it waits for' }),
  maxPlayers: int({ option: 'max_players', min: 1, max: 8, default: 4, hint: 'Party size limit' }),
  mapSize: choice({ option: 'map_size', choices: MAP_SIZE_NAMES, default: 'medium', hint: 'Default map size' }),
  mapKind: choice({ option: 'map_kind', choices: MAP_CHOICES, default: 'random', hint: 'Default map kind' }),
  difficulty: choice({ option: 'difficulty', choices: DIFFICULTIES, default: 'normal', hint: 'Monster strength' }),
  /** The host's choices in `/rogue new` stay within these limits (the server defaults above apply whatever they are). */
  hostMinDifficulty: choice({ option: 'host_min_difficulty', choices: DIFFICULTIES, default: DIFFICULTIES[0], hint: 'Easiest difficulty a host may choose in /rogue new' }),
  hostMaxDifficulty: choice({ option: 'host_max_difficulty', choices: DIFFICULTIES, default: DIFFICULTIES[DIFFICULTIES.length - 1]!, hint: 'Hardest difficulty a host may choose in /rogue new' }),
  hostMinRoundSeconds: int({ option: 'host_min_round_seconds', min: 10, max: 600, default: 10, hint: 'Shortest round a host may choose in /rogue new (seconds)' }),
  hostMaxRoundSeconds: int({ option: 'host_max_round_seconds', min: 10, max: 600, default: 600, hint: 'Longest round a host may choose in /rogue new (seconds)' }),
  // Every render style reads it (src/render/glyphs.ts STYLES caps): the picture gets fewer, larger tiles.
  mobile: bool({ option: 'mobile', default: true, hint: 'Narrower map for phones (larger picture tiles)' }),
  /** 8-way movement (diagonal moves and buttons); off means 4-way. */
  diagonals: bool({ option: 'diagonals', default: false, hint: 'Allow diagonal moves (8-way) in new games' }),
  /** Hours without a player action after which a game ends by itself with its summary. */
  idleEndHours: int({ option: 'idle_end_hours', ...IDLE_END_HOURS, default: 24, hint: 'Hours without an action before a game ends by itself' }),
  dailyEnabled: bool({ option: 'daily', default: true, hint: 'Allow /rogue daily on this server' }),
  globalBoard: bool({ option: 'global_board', default: true, hint: "Show this server's daily runs on the global board" }),
  // Private answers always follow each player's own Discord language; this is the one message everyone shares.
  language: choice({ option: 'language', choices: LANGUAGE_CHOICES, default: 'auto', hint: "Language of the shared game message (auto: the starter's)" }),
  dailyRetentionDays: int({ option: 'daily_retention_days', ...DAILY_RETENTION_DAYS, default: 30, hint: 'Days each daily board is kept' }),
} as const satisfies Record<string, SettingRow>;

export type SettingField = keyof typeof SETTING_ROWS;
/** The settings fields in display order. */
export const SETTING_FIELDS = Object.keys(SETTING_ROWS) as SettingField[];

/** The value type a settings row stands for. */
export type SettingValue<R> = R extends ChoiceRow<infer T> ? T[number] : R extends IntRow ? number : R extends BoolRow ? boolean : never;
type RowSchema<R> = z.ZodType<SettingValue<R>>;

/** The zod schema of one row's value, without a default. */
export function rowSchema<R extends SettingRow>(row: R): RowSchema<R> {
  switch (row.kind) {
    case 'choice':
      return z.enum(row.choices) as unknown as RowSchema<R>;
    case 'int':
      return z.number().int().min(row.min).max(row.max) as unknown as RowSchema<R>;
    case 'bool':
      return z.boolean() as unknown as RowSchema<R>;
  }
}

type Rows = typeof SETTING_ROWS;
const rowShape = Object.fromEntries(SETTING_FIELDS.map((field) => [field, rowSchema(SETTING_ROWS[field]).default(SETTING_ROWS[field].default as never)])) as {
  [K in SettingField]: z.ZodDefault<RowSchema<Rows[K]>>;
};

export const GuildSettingsSchema = z.object({
  ...rowShape,
  allowedChannels: z.array(z.string().regex(/^\d{1,20}$/)).max(100).default([]),
});
export type GuildSettings = z.infer<typeof GuildSettingsSchema>;

type Shape = typeof GuildSettingsSchema.shape;
/** The settings fields with their defaults taken off and made optional. */
const patchShape = Object.fromEntries(Object.entries(GuildSettingsSchema.shape).map(([field, schema]) => [field, schema.unwrap().optional()])) as {
  [K in keyof Shape]: z.ZodOptional<ReturnType<Shape[K]['unwrap']>>;
};

/**
 * A partial update, validated with the same ranges (unknown keys are refused). Built from the fields WITHOUT their
 * defaults: zod 4's `.partial()` would still fill every missing key with its default, so a patch of one setting
 * would reset all the others.
 */
export const GuildSettingsPatchSchema = z.object(patchShape).strict();
export type GuildSettingsPatch = z.infer<typeof GuildSettingsPatchSchema>;

export const DEFAULT_SETTINGS: GuildSettings = GuildSettingsSchema.parse({});

/** A fresh copy of the defaults (its channel list is a new array, so callers may keep it). */
export function defaultSettings(): GuildSettings {
  return { ...DEFAULT_SETTINGS, allowedChannels: [] };
}
