/** The pino logger (structured JSON), with secrets redacted, and its adapter to the app layer's Logger port. */
import { pino, type Logger as PinoLogger } from 'pino';
import type { Logger } from '../app/ports.js';

/** Paths pino blanks out wherever they appear: the bot token must never reach a log line. */
export const REDACT_PATHS = [
  'token',
  '*.token',
  'discordToken',
  '*.discordToken',
  'DISCORD_TOKEN',
  '*.DISCORD_TOKEN',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  // discord.js REST errors carry the request body (whole messages, attachments): noise at best.
  'err.requestBody',
  '*.requestBody',
  // ioredis errors carry the command's arguments: whole game states with user ids and names (see scrubRedisCommand).
  'err.command.args',
  'err.args',
  'err.cause.command.args',
  '*.command.args',
];

/**
 * Interaction tokens travel in URL paths (`/interactions/:id/:token/callback`, `/webhooks/:app/:token`), and
 * discord.js errors carry that URL; a token lets anyone answer as the bot for 15 minutes, so it is masked too.
 */
const URL_TOKEN = /(\/(?:interactions|webhooks)\/\d+\/)[\w.-]{20,}/g;

/** Removes every secret (and every interaction token in a URL) from a serialised log line. */
export function scrubSecrets(line: string, secrets: readonly string[]): string {
  let out = line.replace(URL_TOKEN, '$1[redacted]');
  // Path redaction only sees known keys; a token quoted inside some library's error message would slip past it.
  for (const s of secrets) if (s.length >= 8) out = out.split(s).join('[redacted]');
  return out;
}

/** A pino logger at `level`, writing JSON lines to stdout (or `destination`); `secrets` never appear in its output. */
export function createLogger(level: string, destination?: NodeJS.WritableStream, secrets: readonly string[] = []): PinoLogger {
  const options = {
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: { app: 'channel-crawler' },
    hooks: { streamWrite: (line: string) => scrubSecrets(line, secrets) },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The app layer's Logger port over pino (message first there, fields first in pino). */
export function appLogger(log: PinoLogger): Logger {
  return {
    info: (message, fields) => log.info(fields ?? {}, message),
    warn: (message, fields) => log.warn(fields ?? {}, message),
    error: (message, fields) => log.error(fields ?? {}, message),
  };
}
