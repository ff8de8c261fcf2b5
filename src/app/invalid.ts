/**
 * A free-form refusal ('invalid') in the reader's words: its message (a catalogue key, values that may be messages
 * themselves: a difficulty's shown name, a list) travels with the failure, so each reply words it in the reader's
 * language (commands/replies.ts failureText); `message` is its English, for logs and the terminal.
 */
import type { MessageKey } from '../i18n/index.js';
import { formatMsg, msg, type LogMsg, type LogValue } from '../render/log-message.js';

/** An 'invalid' failure worded by catalogue message `key` with `values`. */
export function invalid(key: MessageKey, values?: Record<string, LogValue>): { kind: 'invalid'; message: string; msg: LogMsg } {
  const m = msg(key, values);
  return { kind: 'invalid', message: formatMsg(m), msg: m };
}

/** A choice's shown name as a log value ("leicht" for easy in German; English shows the value itself). */
export function choiceMsg(value: string): LogMsg {
  return msg(`choice.${value}`, undefined, value);
}

/** "a", "a or b", "a, b or c" as a log value, worded the reader's way. */
export function eitherMsg(items: readonly LogValue[]): LogValue {
  if (items.length <= 1) return items[0] ?? '';
  if (items.length === 2) return msg('list.or', { a: items[0]!, b: items[1]! });
  return msg('list.or3', { a: items[0]!, b: items[1]!, c: items[2]! });
}
