/** In-memory RoundScheduler with the same claim/lease rules as the Redis sorted set. */
import { encodeChannelKey } from '../../app/game-codec.js';
import { isLease, leaseScore, type RoundClaim, type RoundScheduler } from '../../app/ports.js';
import type { ChannelKey } from '../../app/service-types.js';

/** Round deadlines in process memory (one process; every method is atomic because JS is single-threaded here). */
export class MemoryRoundQueue implements RoundScheduler {
  private readonly entries = new Map<string, { key: ChannelKey; score: number }>();

  async schedule(key: ChannelKey, deadline: number, previous?: number | null): Promise<void> {
    const cur = this.entries.get(encodeChannelKey(key))?.score;
    if (cur === undefined || deadline < cur || isLease(cur) || (previous != null && cur === previous)) this.set(key, deadline);
  }

  async replace(key: ChannelKey, deadline: number): Promise<void> {
    this.set(key, deadline);
  }

  async cancel(key: ChannelKey, expected: number): Promise<void> {
    const id = encodeChannelKey(key);
    if (this.entries.get(id)?.score === expected) this.entries.delete(id);
  }

  async claimDue(now: number, limit: number, leaseMs: number): Promise<RoundClaim[]> {
    const due = [...this.entries.values()].filter((e) => e.score <= now).sort((a, b) => a.score - b.score).slice(0, limit);
    const lease = leaseScore(now, leaseMs);
    return due.map((e) => {
      e.score = lease;
      return { key: e.key, lease };
    });
  }

  async settle(claim: RoundClaim, next: number | null): Promise<boolean> {
    const id = encodeChannelKey(claim.key);
    if (this.entries.get(id)?.score !== claim.lease) return false;
    if (next === null) this.entries.delete(id);
    else this.set(claim.key, next);
    return true;
  }

  async scoreOf(key: ChannelKey): Promise<number | null> {
    return this.entries.get(encodeChannelKey(key))?.score ?? null;
  }

  private set(key: ChannelKey, score: number): void {
    this.entries.set(encodeChannelKey(key), { key: { guildId: key.guildId, channelId: key.channelId }, score });
  }
}
