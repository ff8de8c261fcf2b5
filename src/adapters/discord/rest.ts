/** The REST clients of the shared Discord layer: both transports and deploy-commands build theirs here. */
import { REST } from '@discordjs/rest';
import { rejectGameMessageEdits } from './messages.js';

/** @discordjs/rest on API v10 at DISCORD_API_BASE with the bot token; game-message edits are rejected, not queued, behind a rate limit. */
export function botRest(o: { token: string; apiBase: string }): REST {
  return new REST({ api: o.apiBase, version: '10', rejectOnRateLimit: rejectGameMessageEdits }).setToken(o.token);
}

/** Requests per second that no one bot reaches: the interaction client's "global limit" never holds a request. */
const UNLIMITED = 1_000_000_000;

/**
 * The client of the interaction endpoints (callbacks, follow-ups, @original and other webhook-message edits), which
 * Discord exempts from the bot-wide global limit: no token (every request is `auth: false`), its own manager so a
 * global 429 on the bot token never holds an answer, and a global limit it can't reach. Per-route buckets (each
 * interaction token's) still apply. One retry only: a first answer has 3 s, and the fallbacks of applied-answer.ts
 * are faster than a third try.
 */
export function interactionRest(o: { apiBase: string }): REST {
  return new REST({ api: o.apiBase, version: '10', globalRequestsPerSecond: UNLIMITED, retries: 1 });
}
