/** Snowflake-like ids: time-based like Discord's, so `createdTimestamp` is realistic, and strictly increasing. */
import { now } from './clock.js';

const DISCORD_EPOCH = 1420070400000n;

/** Makes increasing snowflake ids and opaque interaction tokens. */
export class IdGenerator {
  private last = 0n;
  private tokens = 0;

  /** A new snowflake, greater than every earlier one. */
  next(): string {
    const fromClock = (BigInt(now()) - DISCORD_EPOCH) << 22n;
    this.last = fromClock > this.last ? fromClock : this.last + 1n;
    return this.last.toString();
  }

  /** A new interaction token (unique, URL-safe, looks like Discord's long opaque tokens). */
  token(): string {
    this.tokens++;
    return `aW50ZXJhY3Rpb24-fake-${this.tokens.toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  }
}

/** The creation time encoded in a snowflake. */
export function snowflakeTime(id: string): number {
  return Number((BigInt(id) >> 22n) + DISCORD_EPOCH);
}
