/** Per-guild settings: the zod schema is the single source of the fields, their ranges and defaults. */
import { z } from 'zod';
import { MAP_CHOICES } from '../mapgen/generate.js';

export const MAP_SIZES = {
  small: { width: 40, height: 20 },
  medium: { width: 60, height: 30 },
  large: { width: 120, height: 60 },
} as const;
export type MapSize = keyof typeof MAP_SIZES;

/** Render styles of the game map, in the order the options list them: the one table the settings, saves and options derive from. */
export const RENDER_STYLES = ['image', 'emoji', 'ascii'] as const;
export type RenderStyleSetting = (typeof RENDER_STYLES)[number];

/** Range of `idle_end_hours`: an hour to two weeks (a game's save expires after 14 days anyway). */
export const IDLE_END_HOURS = { min: 1, max: 336 } as const;

export const GuildSettingsSchema = z.object({
  render: z.enum(RENDER_STYLES).default('image'),
  turnMode: z.enum(['free', 'rounds']).default('free'),
  roundSeconds: z.number().int().min(10).max(600).default(60),
  maxPlayers: z.number().int().min(1).max(8).default(4),
  mapSize: z.enum(['small', 'medium', 'large']).default('medium'),
  mapKind: z.enum(MAP_CHOICES).default('random'),
  difficulty: z.enum(['easy', 'normal', 'hard']).default('normal'),
  mobile: z.boolean().default(false),
  /** 8-way movement (diagonal moves and buttons); off means 4-way. */
  diagonals: z.boolean().default(false),
  /** Hours without a player action after which a game ends by itself with its summary. */
  idleEndHours: z.number().int().min(IDLE_END_HOURS.min).max(IDLE_END_HOURS.max).default(24),
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
