/** Reads stored settings leniently: every valid field is kept, every invalid or missing one falls back to its default. */
import type { z } from 'zod';
import type { LogFields, Logger } from './ports.js';
import { GuildSettingsSchema, type GuildSettings } from './settings.js';

/** Result of reading stored settings: the usable settings plus what had to be replaced by defaults. */
export interface SalvagedSettings {
  settings: GuildSettings;
  problems: string[];
}

/** A zod object whose every field has a default, so `{}` parses to the defaults (guild settings, user prefs). */
type Defaulted = z.ZodObject<Record<string, z.ZodDefault<z.ZodType>>>;

/** Parses stored JSON text (or null: none stored) against `schema`, field by field. Never throws. */
export function salvageWith<S extends Defaulted>(schema: S, text: string | null): { value: z.infer<S>; problems: string[] } {
  const defaults = (): z.infer<S> => schema.parse({});
  if (text === null) return { value: defaults(), problems: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { value: defaults(), problems: ['not valid JSON'] };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { value: defaults(), problems: ['not an object'] };
  }
  const whole = schema.safeParse(raw);
  if (whole.success) return { value: whole.data, problems: [] };
  // Field by field, so one bad value (say a roundSeconds written by an older version) does not reset the rest.
  const obj = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [field, fieldSchema] of Object.entries(schema.shape)) {
    const parsed = fieldSchema.safeParse(obj[field]);
    if (parsed.success) out[field] = parsed.data;
    else problems.push(`${field}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  }
  return { value: schema.parse(out), problems };
}

/** Parses stored settings text (JSON) or null (none stored). Never throws. */
export function salvageSettings(text: string | null): SalvagedSettings {
  const { value, problems } = salvageWith(GuildSettingsSchema, text);
  return { settings: value, problems };
}

/** salvageSettings for a SettingsStore: returns the usable settings and logs a warning naming what was replaced. */
export function readStoredSettings(text: string | null, logger: Logger, fields: LogFields): GuildSettings {
  const { settings, problems } = salvageSettings(text);
  if (problems.length > 0) logger.warn('guild settings partly invalid; using defaults for those fields', { ...fields, problems });
  return settings;
}
