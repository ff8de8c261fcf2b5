/**
 * The compact form of one action-log entry in Redis: `type|user|rest`, the user's Discord id in base 36 (13 characters
 * instead of 19 digits and a field name) and the other fields as JSON only when there are any. `{"type":"move",
 * "user":"1000000000000000042","dir":"n"}` (55 bytes) is stored as `move|7lieexzx4kyy|{"dir":"n"}` (29), and a wait
 * as `wait|7lieexzx4kyy` (17). An action this form can't carry exactly (a user id that is not a plain Discord id, an
 * odd type name) is stored as JSON, and entries written as JSON before this form are read as they are.
 */
import type { Action } from '../../engine/types.js';

const PLAIN_ID = /^[1-9]\d{0,19}$/;
const PLAIN_TYPE = /^[a-z][a-z-]*$/;

/** The stored form of `action`. */
export function encodeLogEntry(action: Action): string {
  const { type, user, ...rest } = action as { type: string; user?: unknown } & Record<string, unknown>;
  if (!PLAIN_TYPE.test(type) || (user !== undefined && (typeof user !== 'string' || !PLAIN_ID.test(user)))) return JSON.stringify(action);
  const head = `${type}|${user === undefined ? '' : BigInt(user).toString(36)}`;
  return Object.keys(rest).length === 0 ? head : `${head}|${JSON.stringify(rest)}`;
}

/** The action stored as `text` (either form). */
export function decodeLogEntry(text: string): Action {
  if (text.startsWith('{')) return JSON.parse(text) as Action;
  const a = text.indexOf('|');
  const b = text.indexOf('|', a + 1);
  const user = text.slice(a + 1, b < 0 ? undefined : b);
  const rest = b < 0 ? {} : (JSON.parse(text.slice(b + 1)) as Record<string, unknown>);
  return { type: text.slice(0, a), ...(user ? { user: fromBase36(user) } : {}), ...rest } as Action;
}

/** A base-36 number as decimal digits, exactly (ids exceed 2^53). */
function fromBase36(text: string): string {
  let n = 0n;
  for (const ch of text) n = n * 36n + BigInt(parseInt(ch, 36));
  return n.toString();
}
