/**
 * Private notes' latency (issue 29): how long after a press its private note reached Discord. A note is a private
 * message to the presser: the press's own answer when it is a private reply (type 4: a refusal, "busy", the rate
 * limit), or a follow-up (`POST /webhooks/<app>/<token>`) after a redraw. Follow-ups are the ones that once queued
 * behind the bot-wide global limit; they go through the interaction client, exempt from it. Also measured over the
 * window after an injected global 429 on the bot token (--global-429): the notes of presses dispatched in it.
 */
import type { RecordedRequest } from '../test/e2e/fake-discord/index.js';
import type { Press } from './drive.js';
import { percentile } from './stats.js';

/** Latencies of one kind of note, ms. */
export interface NoteStats {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** How many took more than 1 s (issue 29: p99 under 1 s). */
  overOneSecond: number;
}

/** The notes of a run, and of the window after a global 429 when one was served. */
export interface NoteFigures {
  followUps: NoteStats;
  privateReplies: NoteStats;
  /** The global 429 served on the bot token: when (ms after the first press), and what followed in its retry_after. */
  global429?: { atMs: number; retryAfterSec: number; botRequestsHeld: number; followUps: NoteStats; privateReplies: NoteStats };
}

function stats(ms: readonly number[]): NoteStats {
  return { count: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99), max: percentile(ms, 100), overOneSecond: ms.filter((x) => x > 1000).length };
}

/** Each press's first successful text follow-up's arrival time (Date.now), by interaction token. */
function firstFollowUps(requests: readonly RecordedRequest[], applicationId: string): Map<string, number> {
  const prefix = `/webhooks/${applicationId}/`;
  const first = new Map<string, number>();
  for (const r of requests) {
    if (r.method !== 'POST' || r.status >= 400 || !r.path.startsWith(prefix)) continue;
    // A follow-up with a file (a replay GIF, a share card) is the answer's product, timed by its drawing: not a note.
    if (((r.body as { files?: unknown[] } | undefined)?.files?.length ?? 0) > 0) continue;
    const token = r.path.slice(prefix.length).split('/')[0]!;
    if (!first.has(token)) first.set(token, r.at);
  }
  return first;
}

/** The figures of `presses` (their follow-ups read from the fake's `requests`), from `started` (Date.now of the first press). */
export function noteFigures(presses: readonly Press[], requests: readonly RecordedRequest[], applicationId: string, started: number, retryAfterSec?: number): NoteFigures {
  const follow = firstFollowUps(requests, applicationId);
  const followMs = (ps: readonly Press[]) => ps.flatMap((p) => (p.sentAt !== undefined && follow.has(p.token) ? [follow.get(p.token)! - p.sentAt] : []));
  const replyMs = (ps: readonly Press[]) => ps.flatMap((p) => (p.type === 4 && p.ms !== undefined ? [p.ms] : []));
  const figures: NoteFigures = { followUps: stats(followMs(presses)), privateReplies: stats(replyMs(presses)) };
  const hit = retryAfterSec === undefined ? undefined : requests.find((r) => r.status === 429 && (r.headers['authorization'] ?? '').startsWith('Bot ') && r.at >= started);
  if (hit && retryAfterSec !== undefined) {
    const until = hit.at + retryAfterSec * 1000;
    const inside = presses.filter((p) => p.sentAt !== undefined && p.sentAt >= hit.at && p.sentAt < until);
    const held = requests.filter((r) => r.at > hit.at && r.at < until && (r.headers['authorization'] ?? '').startsWith('Bot ')).length;
    figures.global429 = { atMs: hit.at - started, retryAfterSec, botRequestsHeld: held, followUps: stats(followMs(inside)), privateReplies: stats(replyMs(inside)) };
  }
  return figures;
}

const ms = (x: number): string => (Number.isNaN(x) ? '-' : `${x.toFixed(0)} ms`);
const line = (s: NoteStats): string => `${s.count} (p50 ${ms(s.p50)}, p99 ${ms(s.p99)}, max ${ms(s.max)}, ${s.overOneSecond} over 1 s)`;

/** The report's lines about notes. */
export function noteLines(f: NoteFigures, asked429: boolean): string[] {
  const lines = [`private notes, dispatch -> at Discord: follow-ups ${line(f.followUps)}; private replies ${line(f.privateReplies)}`];
  if (f.global429) {
    const g = f.global429;
    lines.push(`after the global 429 (retry_after ${g.retryAfterSec} s) served ${(g.atMs / 1000).toFixed(1)} s in: bot-token requests in its window ${g.botRequestsHeld}; notes of presses in it: follow-ups ${line(g.followUps)}; private replies ${line(g.privateReplies)}`);
  } else if (asked429) lines.push('the global 429 was never served: no bot-token request came after --global-429 (add --expire-tokens or --rounds)');
  return lines;
}
