/**
 * `npm run deploy-commands`: registers the slash commands via REST, in DISCORD_GUILD_ID (instant) or globally. On the
 * shared Discord layer's REST client (@discordjs/rest) and discord-api-types' routes: no discord.js Client.
 */
import { Routes } from 'discord-api-types/v10';
import { pathToFileURL } from 'node:url';
import { commands } from '../commands/index.js';
import { botRest } from './adapters/discord/rest.js';
import { localiseCommand, type CommandNode } from './i18n/commands.js';
import { withEntryPoint } from './adapters/web/entry-point.js';
import { loadConfigOrExit, type Config } from './config/env.js';

/**
 * Puts every command (replacing what was registered); returns how many and where. Globally, the Activity's Entry
 * Point command is kept (Discord refuses an overwrite without it), or created when `entryPoint` (the full view is on).
 */
export async function deployCommands(config: Pick<Config, 'discordToken' | 'applicationId' | 'guildId' | 'apiBase'> & { entryPoint?: boolean }): Promise<{ count: number; scope: string }> {
  const rest = botRest({ token: config.discordToken, apiBase: config.apiBase });
  const route = config.guildId ? Routes.applicationGuildCommands(config.applicationId, config.guildId) : Routes.applicationCommands(config.applicationId);
  // Names, descriptions and choices in every language the game speaks, from the catalogues (locales/*.json).
  const own = commands.map((c) => localiseCommand(c.data.toJSON() as CommandNode));
  const body = config.guildId ? own : withEntryPoint(own, await rest.get(route), config.entryPoint === true);
  await rest.put(route, { body });
  return { count: body.length, scope: config.guildId ? `guild ${config.guildId}` : 'global' };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const config = loadConfigOrExit();
  deployCommands({ ...config, entryPoint: config.web !== null }).then(
    ({ count, scope }) => {
      process.stdout.write(`Registered ${count} commands (${scope}).${scope === 'global' ? ' Global commands can take a while to appear everywhere.' : ''}\n`);
    },
    (err: unknown) => {
      // @discordjs/rest errors carry the status and Discord's message, never the token.
      process.stderr.write(`Could not register the commands: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
