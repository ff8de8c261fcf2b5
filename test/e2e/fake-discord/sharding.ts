/** Gateway sharding as Discord does it: each guild belongs to one shard, `(guild_id >> 22) % shard_count`. */

/** The shard that receives a guild's events. */
export function shardOf(guildId: string, shardCount: number): number {
  return Number((BigInt(guildId) >> 22n) % BigInt(shardCount));
}

/** The `shard: [id, count]` of an IDENTIFY payload; [0, 1] (one shard holds everything) when absent or invalid. */
export function identifyShard(d: unknown): [number, number] {
  const shard = typeof d === 'object' && d !== null && 'shard' in d ? (d as { shard: unknown }).shard : undefined;
  if (Array.isArray(shard) && shard.length === 2 && Number.isInteger(shard[0]) && Number.isInteger(shard[1]) && shard[1] >= 1 && shard[0] >= 0 && shard[0] < shard[1]) return [shard[0] as number, shard[1] as number];
  return [0, 1];
}

/** True when a session identified with `shard` owns `guildId` (no guild, as in DMs, goes to shard 0). */
export function ownsGuild(shard: readonly [number, number], guildId: string | undefined): boolean {
  return guildId === undefined ? shard[0] === 0 : shardOf(guildId, shard[1]) === shard[0];
}

/** A guild id (a valid 19-digit snowflake) that lands on `shard` of `shardCount`; `n` makes it unique. */
export function guildIdOnShard(shard: number, shardCount: number, n = 0): string {
  const count = BigInt(shardCount);
  const base = (1n << 40n) - ((1n << 40n) % count); // a multiple of the count, so the shard is exactly `shard`
  return String((base + BigInt(n) * count + BigInt(shard)) << 22n);
}
