/** The bot-token REST client of the shared Discord layer: both transports and deploy-commands build theirs here. */
import { REST } from '@discordjs/rest';
import { rejectGameMessageEdits } from './messages.js';

/** @discordjs/rest on API v10 at DISCORD_API_BASE with the bot token; game-message edits are rejected, not queued, behind a rate limit. */
export function botRest(o: { token: string; apiBase: string }): REST {
  return new REST({ api: o.apiBase, version: '10', rejectOnRateLimit: rejectGameMessageEdits }).setToken(o.token);
}
