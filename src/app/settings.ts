/** Per-guild settings: the zod schema is the single source of the fields, their ranges and defaults. */
import { z } from 'zod';

export const MAP_SIZES = {
  small: { width: 40, height: 20 },
  medium: { width: 60, height: 30 },
  large: { width: 120, height: 60 },
} as const;
export type MapSize = keyof typeof MAP_SIZES;

export const GuildSettingsSchema = z.object({
  render: z.enum(['emoji', 'ascii']).default('emoji'),
  turnMode: z.enum(['free', 'rounds']).default('free'),
  roundSeconds: z.number().int().min(10).max(600).default(60),
  maxPlayers: z.number().int().min(1).max(8).default(4),
  mapSize: z.enum(['small', 'medium', 'large']).default('medium'),
  mapKind: z.enum(['maze', 'cavern', 'random']).default('random'),
  difficulty: z.enum(['easy', 'normal', 'hard']).default('normal'),
  mobile: z.boolean().default(false),
  /** 8-way movement (diagonal moves and buttons); off means 4-way. */
  diagonals: z.boolean().default(false),
  allowedChannels: z.array(z.string().regex(/^\d{1,20}$/)).max(100).default([]),
});
export type GuildSettings = z.infer<typeof GuildSettingsSchema>;

/** A partial update, validated with the same ranges (unknown keys are refused). */
export const GuildSettingsPatchSchema = GuildSettingsSchema.partial().strict();
export type GuildSettingsPatch = z.infer<typeof GuildSettingsPatchSchema>;

export const DEFAULT_SETTINGS: GuildSettings = GuildSettingsSchema.parse({});
