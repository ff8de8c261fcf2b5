/** Reads stored guild settings leniently: every valid field is kept, every invalid or missing one falls back to its default. */
import type { LogFields, Logger } from './ports.js';
import { DEFAULT_SETTINGS, defaultSettings, GuildSettingsSchema, type GuildSettings } from './settings.js';

/** Result of reading stored settings: the usable settings plus what had to be replaced by defaults. */
export interface SalvagedSettings {
  settings: GuildSettings;
  problems: string[];
}

/** Parses stored settings text (JSON) or null (none stored). Never throws. */
export function salvageSettings(text: string | null): SalvagedSettings {
  if (text === null) return { settings: defaultSettings(), problems: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { settings: defaultSettings(), problems: ['not valid JSON'] };
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { settings: defaultSettings(), problems: ['not an object'] };
  }
  const whole = GuildSettingsSchema.safeParse(raw);
  if (whole.success) return { settings: whole.data, problems: [] };
  // Field by field, so one bad value (say a roundSeconds written by an older version) does not reset the rest.
  const obj = raw as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [field, schema] of Object.entries(GuildSettingsSchema.shape)) {
    const parsed = schema.safeParse(obj[field]);
    if (parsed.success) out[field] = parsed.data;
    else {
      out[field] = DEFAULT_SETTINGS[field as keyof GuildSettings];
      problems.push(`${field}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
    }
  }
  return { settings: GuildSettingsSchema.parse(out), problems };
}

/** salvageSettings for a SettingsStore: returns the usable settings and logs a warning naming what was replaced. */
export function readStoredSettings(text: string | null, logger: Logger, fields: LogFields): GuildSettings {
  const { settings, problems } = salvageSettings(text);
  if (problems.length > 0) logger.warn('guild settings partly invalid; using defaults for those fields', { ...fields, problems });
  return settings;
}
