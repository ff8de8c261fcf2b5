/** A Lua script run by EVALSHA, falling back to EVAL once when the server does not have it cached (after a restart). */
import { createHash } from 'node:crypto';
import type { RedisClient } from './client.js';

/** A Lua script with its SHA computed once. */
export class LuaScript {
  readonly sha: string;
  constructor(readonly lua: string) {
    this.sha = createHash('sha1').update(lua).digest('hex');
  }

  /** Runs the script; keys first, then arguments. */
  async run(redis: RedisClient, keys: readonly string[], args: readonly (string | number | Buffer)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (err instanceof Error && err.message.startsWith('NOSCRIPT')) return redis.eval(this.lua, keys.length, ...keys, ...args);
      throw err;
    }
  }
}
