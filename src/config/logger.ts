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
  'err.requestBody',
];

/** A pino logger at `level`, writing JSON lines to stdout (or `destination`). */
export function createLogger(level: string, destination?: NodeJS.WritableStream): PinoLogger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: { app: 'channel-crawler' } };
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
