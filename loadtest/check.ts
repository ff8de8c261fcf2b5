/**
 * After a run, channel by channel: every accepted press is exactly one entry of the action log (none lost, none
 * doubled), and the saved state is what replaying the log from the seed gives.
 */
import { Redis } from 'ioredis';
import { RedisGameStore } from '../src/adapters/redis/redis-game-store.js';
import { isDeepStrictEqual } from 'node:util';
import { replay } from '../src/engine/index.js';
import { parseGameState } from '../src/engine/state-schema.js';
import type { FakeDiscord } from '../test/e2e/fake-discord/index.js';
import type { Press } from './drive.js';
import type { LoadChannel } from './world.js';

/** What the checks found. */
export interface CheckResult {
  channels: number;
  /** Accepted presses with no log entry. */
  lost: number;
  /** Log entries beyond the accepted presses that no unanswered press explains. */
  doubled: number;
  /** Log entries of presses whose answer never came (applied, but the player was not told in time). */
  appliedUnanswered: number;
  /** Channels whose saved state differs from the replay of their log. */
  replayMismatches: number;
  /** Channels whose game could not be loaded. */
  missing: number;
}

/** Tokens of interactions that got a follow-up: on a button, that is the private "refused" note. */
export function followedUpTokens(fake: FakeDiscord): Set<string> {
  const prefix = `/webhooks/${fake.applicationId}/`;
  const tokens = new Set<string>();
  for (const r of fake.requests) if (r.method === 'POST' && r.path.startsWith(prefix)) tokens.add(r.path.slice(prefix.length).split('/')[0]!);
  return tokens;
}

/** A press the game applied: answered by redrawing the message (7, or 6 then an edit) with no refusal note. */
export function isAccepted(p: Press, refused: Set<string>): boolean {
  return (p.type === 6 || p.type === 7) && !refused.has(p.token);
}

/** Runs the checks against the bots' Redis. */
export async function checkChannels(fake: FakeDiscord, channels: readonly LoadChannel[], presses: readonly Press[], redisUrl: string, prefix: string): Promise<CheckResult> {
  const refused = followedUpTokens(fake);
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  const store = new RedisGameStore(redis, { prefix });
  const result: CheckResult = { channels: channels.length, lost: 0, doubled: 0, appliedUnanswered: 0, replayMismatches: 0, missing: 0 };
  try {
    for (const ch of channels) {
      const key = { guildId: ch.guildId, channelId: ch.channelId };
      const loaded = await store.load(key);
      if (loaded.kind !== 'found') {
        result.missing++;
        continue;
      }
      const log = await store.readLog(key);
      // Through JSON and the save schema, as a save is: the state replayed from the log must equal the saved one.
      const replayed = parseGameState(JSON.parse(JSON.stringify(replay(loaded.game.state.config, log))));
      if (!replayed.ok || loaded.game.state.version !== log.length || !isDeepStrictEqual(replayed.state, loaded.game.state)) result.replayMismatches++;
      for (const p of ch.players) {
        const mine = presses.filter((x) => x.channel === ch && x.userId === p.id);
        const accepted = mine.filter((x) => isAccepted(x, refused)).length;
        const unanswered = mine.filter((x) => x.type === undefined).length;
        const entries = log.filter((a) => a.type !== 'join' && a.type !== 'leave' && a.type !== 'resolve-round' && a.user === p.id).length;
        if (entries < accepted) result.lost += accepted - entries;
        const extra = entries - accepted;
        if (extra > 0) {
          const explained = Math.min(extra, unanswered);
          result.appliedUnanswered += explained;
          result.doubled += extra - explained;
        }
      }
    }
  } finally {
    redis.disconnect();
  }
  return result;
}
