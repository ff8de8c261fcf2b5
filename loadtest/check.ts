/**
 * After a run, press by press and channel by channel, against the bots' Redis: whether each press was applied is read
 * from the channel's exactly-once record (written in the same atomic save as the action), so the check never guesses
 * it from the answers. Then: every press answered as accepted was applied (none **lost**), no press was applied twice
 * (each player's log entries equal their applied presses: none **doubled**), no press answered as refused was applied
 * (a **lie**), and the saved state is what replaying the log from the seed gives. Every press that was not applied is
 * counted under why (the private note or reply it got, "busy", or no answer at all).
 */
import { Redis } from 'ioredis';
import { RedisGameStore } from '../src/adapters/redis/redis-game-store.js';
import { isDeepStrictEqual } from 'node:util';
import { replay } from '../src/engine/index.js';
import { parseGameState } from '../src/engine/state-schema.js';
import type { FakeDiscord } from '../test/e2e/fake-discord/index.js';
import type { Press } from './drive.js';
import { gameKeyOf, type LoadChannel } from './world.js';
import { isWelcome } from './welcome.js';

/** What the checks found. */
export interface CheckResult {
  channels: number;
  /** Presses answered as accepted (a redraw, no refusal note) that were not applied. */
  lost: number;
  /** Log entries beyond the player's applied presses (an action applied twice). */
  doubled: number;
  /** Presses answered with only a private reply (a refusal, "busy", an error) that were applied all the same. */
  lied: number;
  /** Applied presses whose answer never came in time. */
  appliedUnanswered: number;
  /** Channels whose saved state differs from the replay of their log. */
  replayMismatches: number;
  /** Channels whose game could not be loaded. */
  missing: number;
  /** Presses not applied, by why (the note's or reply's first words, "busy", "no answer"). */
  notApplied: Record<string, number>;
  /** The refused-but-applied presses, by the reply they got. */
  liedWith?: Record<string, number>;
}

/**
 * The texts of the follow-ups each interaction token sent (on a button: the private "refused" note), by token. The
 * first-game note is left out (`welcomes`: true counts those instead): it follows an applied press.
 */
export function followUpTexts(fake: FakeDiscord, welcomes = false): Map<string, string[]> {
  const prefix = `/webhooks/${fake.applicationId}/`;
  const texts = new Map<string, string[]>();
  for (const r of fake.requests) {
    if (r.method !== 'POST' || !r.path.startsWith(prefix) || r.status >= 400) continue;
    const token = r.path.slice(prefix.length).split('/')[0]!;
    const content = (r.body as { content?: unknown } | undefined)?.content;
    if (isWelcome(typeof content === 'string' ? content : '') !== welcomes) continue;
    texts.set(token, [...(texts.get(token) ?? []), typeof content === 'string' ? content : '']);
  }
  return texts;
}

/** Tokens of interactions that got a follow-up: on a button, that is the private "refused" note. */
export function followedUpTokens(fake: FakeDiscord): Set<string> {
  return new Set(followUpTexts(fake).keys());
}

/** A press the player was told was applied: answered by redrawing the message (7, or 6 then an edit) with no refusal note. */
export function isAccepted(p: Press, refused: ReadonlySet<string> | ReadonlyMap<string, unknown>): boolean {
  return (p.type === 6 || p.type === 7) && !refused.has(p.token);
}

/**
 * Why each interaction got no answer in time, as the fake saw it (by interaction id): the endpoint did not answer
 * within Discord's 3 s, could not be reached (its connection refused or reset), answered with an error status, or the
 * answer came and was refused (too late: 10062). Interactions with no such trace are left out ("no answer in time").
 */
export function noAnswerReasons(fake: Pick<FakeDiscord, 'requests' | 'http'>): Map<string, string> {
  const why = new Map<string, string>();
  for (const d of fake.http?.deliveries ?? []) {
    if (d.error === 'TimeoutError') why.set(d.interactionId, 'no answer: the endpoint did not answer within 3 s');
    else if (d.error) why.set(d.interactionId, `no answer: the endpoint could not be reached, ${d.error}`);
    else if (d.status !== 200 && d.status !== 202) why.set(d.interactionId, `no answer: the endpoint answered HTTP ${d.status}`);
  }
  for (const r of fake.requests) {
    const m = /^\/interactions\/(\d+)\/[^/]+\/callback$/.exec(r.path);
    if (!m || r.status < 400 || why.has(m[1]!)) continue;
    const code = typeof r.response === 'object' && r.response !== null && 'code' in r.response ? String((r.response as { code: unknown }).code) : '';
    why.set(m[1]!, code === '10062' ? 'no answer: it came after the 3 s window (10062)' : `no answer: Discord refused it (${r.status} ${code})`);
  }
  return why;
}

/** Why a press that was not applied was not: the words the player got, shortened to a reason class. */
export function whyNotApplied(p: Press, notes: ReadonlyMap<string, string[]>, noAnswer?: ReadonlyMap<string, string>): string {
  if (p.type === undefined) return noAnswer?.get(p.interactionId) ?? 'no answer in time';
  const said = p.type === 4 ? p.text : notes.get(p.token)?.[0];
  if (said === undefined) return `answered type ${p.type} with no note`;
  return `"${said.replace(/\s+/g, ' ').slice(0, 48)}"`;
}

/** Whether each press was applied: the channel's exactly-once record, read through the store's load. */
async function appliedSet(store: RedisGameStore, key: { guildId: string; channelId: string }, presses: readonly Press[]): Promise<Set<Press>> {
  const applied = new Set<Press>();
  for (const p of presses) {
    const r = await store.load(key, { interactionId: p.interactionId });
    if (r.kind === 'found' && r.applied) applied.add(p);
  }
  return applied;
}

/** Runs the checks against the bots' Redis. */
export async function checkChannels(fake: FakeDiscord, channels: readonly LoadChannel[], presses: readonly Press[], redisUrl: string, prefix: string): Promise<CheckResult> {
  const notes = followUpTexts(fake);
  const noAnswer = noAnswerReasons(fake);
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  const store = new RedisGameStore(redis, { prefix });
  const result: CheckResult = { channels: channels.length, lost: 0, doubled: 0, lied: 0, appliedUnanswered: 0, replayMismatches: 0, missing: 0, notApplied: {} };
  // A channel's presses went to its game key, or to its player's daily; a restart (--restart) replaced the key's game.
  const byKey = new Map<string, { key: { guildId: string; channelId: string }; ch: LoadChannel; presses: Press[] }>();
  const entry = (ch: LoadChannel, channelId: string) => {
    const id = `${ch.guildId}/${channelId}`;
    if (!byKey.has(id)) byKey.set(id, { key: { guildId: ch.guildId, channelId }, ch, presses: [] });
    return byKey.get(id)!;
  };
  for (const ch of channels) entry(ch, gameKeyOf(ch).channelId);
  for (const p of presses) entry(p.channel, p.gameChannelId).presses.push(p);
  try {
    for (const { key, ch, presses: mine } of byKey.values()) {
      const loaded = await store.load(key);
      if (loaded.kind !== 'found') {
        result.missing++;
        continue;
      }
      const log = await store.readLog(key);
      // Through JSON and the save schema, as a save is: the state replayed from the log must equal the saved one.
      const replayed = parseGameState(JSON.parse(JSON.stringify(replay(loaded.game.state.config, log))));
      if (!replayed.ok || loaded.game.state.version !== log.length || !isDeepStrictEqual(replayed.state, loaded.game.state)) result.replayMismatches++;
      // Whether a press was applied is the key's exactly-once record, whichever of its games the press went to.
      const applied = await appliedSet(store, key, mine);
      for (const p of mine) judge(p, applied.has(p), notes, result, noAnswer);
      // The log is the key's current game's: the channel's latest, or (a finished daily) the last its presses went to.
      const current = key.channelId === gameKeyOf(ch).channelId ? (ch.generation ?? 0) : Math.max(0, ...mine.map((p) => p.generation));
      for (const player of ch.players) {
        const entries = log.filter((a) => a.type !== 'join' && a.type !== 'leave' && a.type !== 'resolve-round' && a.user === player.id).length;
        const appliedPresses = mine.filter((p) => p.userId === player.id && p.generation === current && applied.has(p)).length;
        if (entries > appliedPresses) result.doubled += entries - appliedPresses;
      }
    }
  } finally {
    redis.disconnect();
  }
  return result;
}

/** Counts one press into the result: lost, lied, applied but unanswered, or not applied (and why). */
export function judge(p: Press, applied: boolean, notes: ReadonlyMap<string, string[]>, result: CheckResult, noAnswer?: ReadonlyMap<string, string>): void {
  const accepted = isAccepted(p, notes);
  if (applied) {
    if (p.type === undefined) result.appliedUnanswered++;
    // A redraw with a note after it is how an applied end vote is told; a private reply alone says nothing was done.
    else if (p.type === 4) {
      result.lied++;
      const said = whyNotApplied(p, notes);
      result.liedWith = { ...result.liedWith, [said]: (result.liedWith?.[said] ?? 0) + 1 };
    }
    return;
  }
  if (accepted) result.lost++;
  const why = accepted ? 'LOST: answered as applied' : whyNotApplied(p, notes, noAnswer);
  result.notApplied[why] = (result.notApplied[why] ?? 0) + 1;
}
