/** In-memory RoundScheduler with the same claim/lease rules as the Redis sorted set. */
import { isLease, leaseScore, type RoundClaim, type RoundScheduler } from '../../app/ports.js';
import type { ChannelKey } from '../../app/service-types.js';
import { channelId, parseChannelId } from './keys.js';

/** Round deadlines in process memory (one process; every method is atomic because JS is single-threaded here). */
export class MemoryRoundQueue implements RoundScheduler {
  private readonly scores = new Map<string, number>();

  async schedule(key: ChannelKey, deadline: number, previous?: number | null): Promise<void> {
    const id = channelId(key);
    const cur = this.scores.get(id);
    if (cur === undefined || deadline < cur || isLease(cur) || (previous != null && cur === previous)) this.scores.set(id, deadline);
  }

  async cancel(key: ChannelKey, expected: number): Promise<void> {
    const id = channelId(key);
    if (this.scores.get(id) === expected) this.scores.delete(id);
  }

  async claimDue(now: number, limit: number, leaseMs: number): Promise<RoundClaim[]> {
    const due = [...this.scores].filter(([, s]) => s <= now).sort((a, b) => a[1] - b[1]).slice(0, limit);
    const lease = leaseScore(now, leaseMs);
    return due.map(([id]) => {
      this.scores.set(id, lease);
      return { key: parseChannelId(id), lease };
    });
  }

  async settle(claim: RoundClaim, next: number | null): Promise<boolean> {
    const id = channelId(claim.key);
    if (this.scores.get(id) !== claim.lease) return false;
    if (next === null) this.scores.delete(id);
    else this.scores.set(id, next);
    return true;
  }

  async scoreOf(key: ChannelKey): Promise<number | null> {
    return this.scores.get(channelId(key)) ?? null;
  }
}
