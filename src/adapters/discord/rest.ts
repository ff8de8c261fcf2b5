/** The REST clients of the shared Discord layer: both transports and deploy-commands build theirs here. */
import { REST } from '@discordjs/rest';
import { rejectGameMessageEdits } from './messages.js';
import { InteractionClient } from './interaction-client.js';

/** @discordjs/rest on API v10 at DISCORD_API_BASE with the bot token; game-message edits are rejected, not queued, behind a rate limit. */
export function botRest(o: { token: string; apiBase: string }): REST {
  return new REST({ api: o.apiBase, version: '10', rejectOnRateLimit: rejectGameMessageEdits }).setToken(o.token);
}

/**
 * The client of the interaction endpoints (callbacks, follow-ups, @original and other webhook-message edits), which
 * Discord exempts from the bot-wide global limit: no token, its own sockets so a global 429 on the bot token never
 * holds an answer, no global limit. Per-route buckets (each interaction token's) still apply. One retry only: a first
 * answer has 3 s, and the fallbacks of applied-answer.ts are faster than a third try. See interaction-client.ts.
 */
export function interactionRest(o: { apiBase: string }): InteractionClient {
  return new InteractionClient({ apiBase: o.apiBase, retries: 1 });
}
