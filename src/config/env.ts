/** The bot's configuration: the environment (and `.env` when present), parsed once by zod at start-up. */
import { existsSync } from 'node:fs';
import { config as loadDotenv } from 'dotenv';
import { z } from 'zod';

const snowflake = z.string().trim().regex(/^\d{17,20}$/, { error: 'must be a Discord id (17-20 digits)' });

/** The schema of every variable the bot reads. */
export const EnvSchema = z.object({
  DISCORD_TOKEN: z.string({ error: 'is required (the bot token from the Developer Portal)' }).trim().min(20, { error: 'is too short to be a bot token' }),
  DISCORD_APPLICATION_ID: snowflake.or(z.undefined()).refine((v) => v !== undefined, { error: 'is required (the application id from the Developer Portal)' }),
  DISCORD_GUILD_ID: snowflake.optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  REDIS_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, { error: 'may only contain letters, digits and _ : . - (at most 64)' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be one of fatal, error, warn, info, debug, trace, silent' }).default('info'),
  DISCORD_API_BASE: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://discord.com/api' })
    .default('https://discord.com/api')
    .transform((s) => s.replace(/\/+$/, '')),
});

/** The parsed configuration. */
export interface Config {
  discordToken: string;
  applicationId: string;
  guildId: string | undefined;
  redisUrl: string | undefined;
  redisPrefix: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  apiBase: string;
}

/** Which variables must be present for each entry point (deploy-commands and the bot need the same ones). */
export type ConfigResult = { ok: true; config: Config } | { ok: false; problems: string[] };

/** Parses an environment object; problems name the variable and say why, and never echo its value. */
export function parseConfig(env: Record<string, string | undefined>): ConfigResult {
  // Empty strings count as unset, as they do in most .env files.
  const cleaned: Record<string, string | undefined> = {};
  for (const name of Object.keys(EnvSchema.shape)) {
    const value = env[name]?.trim();
    cleaned[name] = value === '' ? undefined : value;
  }
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? 'environment');
      const missing = issue.code === 'invalid_type' && cleaned[name] === undefined;
      return `${name} ${missing && !issue.message.startsWith('is required') ? 'is required' : issue.message}`;
    });
    return { ok: false, problems: [...new Set(problems)] };
  }
  const e = parsed.data;
  return {
    ok: true,
    config: {
      discordToken: e.DISCORD_TOKEN,
      applicationId: e.DISCORD_APPLICATION_ID as string,
      guildId: e.DISCORD_GUILD_ID,
      redisUrl: e.REDIS_URL,
      redisPrefix: e.REDIS_PREFIX,
      logLevel: e.LOG_LEVEL,
      apiBase: e.DISCORD_API_BASE,
    },
  };
}

/** Reads `.env` (when present) into process.env, then parses; on problems prints each one and exits 1. */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  if (existsSync('.env')) loadDotenv({ path: '.env', quiet: true });
  const result = parseConfig(env);
  if (result.ok) return result.config;
  process.stderr.write(`Configuration error${result.problems.length > 1 ? 's' : ''}:\n${result.problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every variable and what it means.\n`);
  process.exit(1);
}
