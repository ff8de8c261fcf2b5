/** Every command module, listed explicitly (no folder scanning). */
import rogue from './rogue.js';
import rogueConfig from './rogue-config.js';
import type { CommandModule } from './types.js';

/** The commands the bot registers and answers, in registration order. */
export const commands: readonly CommandModule[] = [rogue, rogueConfig];

/** Finds a command module by its slash-command name. */
export function findCommand(name: string): CommandModule | undefined {
  return commands.find((c) => c.data.name === name);
}

export type { CommandModule, CommandContext, Invocation, Reply, ReplyEmbed, OptionValue } from './types.js';
