/** A Logger that keeps its lines in memory (tests, npm run play). */
import type { LogFields, Logger } from '../../app/ports.js';

/** One recorded log line. */
export interface LogLine {
  level: 'info' | 'warn' | 'error';
  message: string;
  fields: LogFields;
}

/** Records every line; `lines` is public for assertions. */
export class MemoryLogger implements Logger {
  readonly lines: LogLine[] = [];
  info(message: string, fields: LogFields = {}): void {
    this.lines.push({ level: 'info', message, fields });
  }
  warn(message: string, fields: LogFields = {}): void {
    this.lines.push({ level: 'warn', message, fields });
  }
  error(message: string, fields: LogFields = {}): void {
    this.lines.push({ level: 'error', message, fields });
  }
}
