/**
 * interactionCreate -> command or button -> service -> answer. Every interaction gets an answer: when the work takes
 * longer than `deferAfterMs` (default 1.5 s, well inside Discord's 3 s) the router defers first and edits later,
 * and any unexpected error is logged and answered with a friendly private message.
 */
import {
  MessageFlags,
  type ButtonInteraction,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
  type Interaction,
  type RepliableInteraction,
  PermissionFlagsBits,
} from 'discord.js';
import type { Logger } from 'pino';
import type { CommandModule, Invocation, OptionValue, Reply } from '../../../commands/types.js';
import { DIRECTION_TO_WORD } from '../../../commands/rogue.js';
import { FOREIGN_BUTTON_TEXT, INTERNAL_ERROR_TEXT, RATE_LIMIT_TEXT, failureText } from '../../../commands/replies.js';
import type { ChannelKey, GameServiceApi, GameView, MessageRef, ServiceFailure, SettingsServiceApi, UserRef } from '../../app/service-types.js';
import { decodeButtonId, gameTag, type ButtonId } from './custom-id.js';
import type { GameMessages } from './messages.js';
import { gamePayload, retiredPayload, textPayload } from './presenter.js';
import type { RateLimiter } from './rate-limit.js';

/** What the router needs. */
export interface RouterDeps {
  games: GameServiceApi;
  settings: SettingsServiceApi;
  commands: readonly CommandModule[];
  messages: GameMessages;
  rateLimiter: RateLimiter;
  logger: Logger;
  now: () => number;
  /** Defer when the answer isn't ready after this long (ms). */
  deferAfterMs?: number;
}

/** The interaction handler plus what shutdown needs. */
export interface Router {
  handle(interaction: Interaction): Promise<void>;
  /** Stops taking new interactions (they get a "restarting" note) and waits for the ones in flight. */
  drain(): Promise<void>;
}

/** Said to interactions that arrive while the bot shuts down. */
export const RESTARTING_TEXT = 'Channel Crawler is restarting. Please try again in a few seconds.';
/** Said for a button of a game that has since been replaced. */
export const OLD_GAME_BUTTON_TEXT = 'That button belongs to a game that has ended. Use the current game message, or /rogue map to find it.';

/** The button -> invocation table (buttons run through the same command module as /rogue). */
export function buttonInvocation(id: ButtonId): Invocation | null {
  switch (id.verb) {
    case 'mv':
      return { command: 'rogue', group: null, subcommand: 'move', options: { direction: DIRECTION_TO_WORD[id.dir] } };
    case 'wait':
      return { command: 'rogue', group: null, subcommand: 'wait', options: {} };
    case 'desc':
      return { command: 'rogue', group: null, subcommand: 'descend', options: {} };
    case 'use':
      return { command: 'rogue', group: null, subcommand: 'use', options: {} };
    case 'nop':
      return null;
  }
}

/** Flattens a chat-input interaction's options into an Invocation. */
export function invocationOf(commandName: string, data: readonly CommandInteractionOption[]): Invocation {
  let group: string | null = null;
  let subcommand: string | null = null;
  let leaves: readonly CommandInteractionOption[] = data;
  const first = data[0];
  if (first && first.type === 2 /* SubcommandGroup */) {
    group = first.name;
    const sub = first.options?.[0];
    subcommand = sub?.name ?? null;
    leaves = sub?.options ?? [];
  } else if (first && first.type === 1 /* Subcommand */) {
    subcommand = first.name;
    leaves = first.options ?? [];
  }
  const options: Record<string, OptionValue> = {};
  for (const o of leaves) if (o.value !== undefined && o.value !== null) options[o.name] = o.value;
  return { command: commandName, group, subcommand, options };
}

function userOf(interaction: Interaction): UserRef {
  const member = interaction.member;
  const nick = member && 'nick' in member && typeof member.nick === 'string' ? member.nick : null;
  const name = nick ?? interaction.user.globalName ?? interaction.user.username;
  return { id: interaction.user.id, name: name.slice(0, 32) };
}

function isAdmin(interaction: Interaction): boolean {
  return interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) ?? false;
}

const ephemeral = (text: string) => ({ ...textPayload(text), flags: MessageFlags.Ephemeral as const });

/** Runs `work`; if it isn't done in `ms`, calls `onSlow` (a defer) once, then still waits for the work. */
async function withDeferral<T>(work: Promise<T>, ms: number, onSlow: () => Promise<unknown>): Promise<{ value: T; deferred: boolean }> {
  let timer: NodeJS.Timeout | undefined;
  const slow = new Promise<'slow'>((resolve) => {
    timer = setTimeout(() => resolve('slow'), ms);
  });
  try {
    const first = await Promise.race([work.then((value) => ({ value })), slow]);
    if (first !== 'slow') return { value: first.value, deferred: false };
    await onSlow();
    return { value: await work, deferred: true };
  } finally {
    clearTimeout(timer);
  }
}

/** Builds the router. */
export function createRouter(deps: RouterDeps): Router {
  const deferAfter = deps.deferAfterMs ?? 1500;
  const inflight = new Set<Promise<void>>();
  let accepting = true;
  const log = deps.logger;

  async function answerPrivately(interaction: RepliableInteraction, text: string): Promise<void> {
    if (interaction.deferred || interaction.replied) {
      if (interaction.deferred && !interaction.replied && !interaction.isMessageComponent()) await interaction.editReply(textPayload(text));
      else await interaction.followUp(ephemeral(text));
    } else {
      await interaction.reply(ephemeral(text));
    }
  }

  /** Posts the game message publicly as this interaction's answer, records it, and retires the previous one. */
  async function postGame(interaction: ChatInputCommandInteraction, view: GameView, deferred: boolean, note: string | null): Promise<void> {
    const payload = gamePayload(view, deps.now());
    let messageId: string | null = null;
    if (deferred) {
      // Fill the private "thinking" placeholder first: on Discord the first follow-up after a defer would replace it
      // (and inherit its ephemeral flag), and the game message must be a new public one.
      await interaction.editReply(textPayload(note ?? 'Posted the game message below.'));
      const message = await interaction.followUp(payload);
      messageId = message.id;
    } else {
      const response = await interaction.reply({ ...payload, withResponse: true });
      messageId = response.resource?.message?.id ?? (await interaction.fetchReply()).id;
    }
    const old = view.meta.message;
    const ref: MessageRef = { channelId: view.key.channelId, messageId };
    const saved = await deps.games.setMessage(view.key, ref);
    if (!saved.ok) log.warn({ channelId: view.key.channelId, failure: saved.error.kind }, 'could not record the game message');
    if (old && old.messageId !== messageId) {
      deps.messages.editNow(old, retiredPayload()).catch((err: unknown) => log.info({ err, channelId: old.channelId, messageId: old.messageId }, 'could not retire the old game message'));
    }
  }

  async function answerCommandReply(interaction: ChatInputCommandInteraction, reply: Reply, deferred: boolean): Promise<void> {
    switch (reply.kind) {
      case 'text': {
        const payload = textPayload(reply.text, reply.embed);
        if (deferred) await interaction.editReply(payload);
        else await interaction.reply({ ...payload, flags: MessageFlags.Ephemeral });
        return;
      }
      case 'failure':
        logFailure(reply.error, interaction);
        if (deferred) await interaction.editReply(textPayload(failureText(reply.error)));
        else await interaction.reply(ephemeral(failureText(reply.error)));
        return;
      case 'game': {
        const ref = reply.view.meta.message;
        if (reply.mode === 'update' && ref) {
          try {
            await deps.messages.editNow(ref, gamePayload(reply.view, deps.now()));
            const text = reply.note ?? 'Done.';
            if (deferred) await interaction.editReply(textPayload(text));
            else await interaction.reply(ephemeral(text));
            return;
          } catch (err) {
            // The stored message is gone (deleted, or the channel API refused): post a fresh one instead.
            log.info({ err, channelId: ref.channelId, messageId: ref.messageId }, 'game message edit failed; reposting');
          }
        }
        await postGame(interaction, reply.view, deferred, reply.note);
        return;
      }
    }
  }

  function logFailure(error: ServiceFailure, interaction: Interaction): void {
    if (error.kind === 'storage-unavailable' || error.kind === 'corrupt-save' || error.kind === 'incompatible-save') {
      log.warn({ failure: error, interactionId: interaction.id, channelId: interaction.channelId }, 'service failure');
    }
  }

  async function onCommand(interaction: ChatInputCommandInteraction): Promise<void> {
    const module = deps.commands.find((c) => c.data.name === interaction.commandName);
    if (!module) {
      await interaction.reply(ephemeral('That command is not known to this version of the bot. Try /rogue help.'));
      return;
    }
    const invocation = invocationOf(interaction.commandName, interaction.options.data);
    if (!interaction.guildId || !interaction.channelId) {
      await interaction.reply(ephemeral('Channel Crawler is played in a server channel.'));
      return;
    }
    const user = userOf(interaction);
    if (invocation.subcommand !== 'help' && !deps.rateLimiter.take(user.id)) {
      await interaction.reply(ephemeral(RATE_LIMIT_TEXT));
      return;
    }
    const work = module.run({ ...invocation, user, guildId: interaction.guildId, channelId: interaction.channelId, memberIsAdmin: isAdmin(interaction), games: deps.games, settings: deps.settings });
    const { value, deferred } = await withDeferral(work, deferAfter, () => interaction.deferReply({ flags: MessageFlags.Ephemeral }));
    await answerCommandReply(interaction, value, deferred);
  }

  async function onButton(interaction: ButtonInteraction): Promise<void> {
    const decoded = decodeButtonId(interaction.customId);
    if (!decoded.ok) {
      await interaction.reply(ephemeral(FOREIGN_BUTTON_TEXT));
      return;
    }
    const id = decoded.value;
    const invocation = buttonInvocation(id);
    if (!invocation) {
      await interaction.deferUpdate();
      return;
    }
    if (!interaction.guildId || !interaction.channelId) {
      await interaction.reply(ephemeral(FOREIGN_BUTTON_TEXT));
      return;
    }
    const user = userOf(interaction);
    if (!deps.rateLimiter.take(user.id)) {
      await interaction.reply(ephemeral(RATE_LIMIT_TEXT));
      return;
    }
    const key: ChannelKey = { guildId: interaction.guildId, channelId: interaction.channelId };
    const module = deps.commands.find((c) => c.data.name === 'rogue');
    if (!module) throw new Error('the rogue command module is missing');
    const work = (async (): Promise<Reply> => {
      // A button left on a replaced game's message must not act on the new game, even at a matching version.
      const current = await deps.games.view(key);
      if (!current.ok) return { kind: 'failure', error: current.error };
      if (gameTag(current.value.meta.createdAt) !== id.game) return { kind: 'text', text: OLD_GAME_BUTTON_TEXT };
      return module.run({ ...invocation, user, guildId: key.guildId, channelId: key.channelId, memberIsAdmin: isAdmin(interaction), seenVersion: id.version, games: deps.games, settings: deps.settings });
    })();
    const { value: reply, deferred } = await withDeferral(work, deferAfter, () => interaction.deferUpdate());
    if (reply.kind === 'game') {
      const payload = gamePayload(reply.view, deps.now());
      if (deferred) await interaction.editReply(payload);
      else await interaction.update(payload);
      const stored = reply.view.meta.message;
      if (!stored || stored.messageId !== interaction.message.id) {
        await deps.games.setMessage(key, { channelId: key.channelId, messageId: interaction.message.id });
      }
      return;
    }
    if (reply.kind === 'failure' && reply.error.kind === 'stale') {
      // Show the current turn on the message that carried the stale button, then say why nothing happened.
      const current = await deps.games.view(key);
      if (current.ok) {
        const payload = gamePayload(current.value, deps.now());
        if (deferred) await interaction.editReply(payload);
        else await interaction.update(payload);
        await interaction.followUp(ephemeral(failureText(reply.error)));
        return;
      }
    }
    if (reply.kind === 'failure') logFailure(reply.error, interaction);
    const text = reply.kind === 'failure' ? failureText(reply.error) : reply.text;
    if (deferred) await interaction.followUp(ephemeral(text));
    else await interaction.reply(ephemeral(text));
  }

  async function handleOne(interaction: Interaction): Promise<void> {
    if (!interaction.isChatInputCommand() && !interaction.isButton()) return;
    if (!accepting) {
      await interaction.reply(ephemeral(RESTARTING_TEXT)).catch(() => {});
      return;
    }
    try {
      if (interaction.isChatInputCommand()) await onCommand(interaction);
      else await onButton(interaction);
    } catch (err) {
      log.error({ err, interactionId: interaction.id, channelId: interaction.channelId, kind: interaction.isButton() ? 'button' : 'command' }, 'interaction failed');
      await answerPrivately(interaction, INTERNAL_ERROR_TEXT).catch((again: unknown) => log.error({ err: again, interactionId: interaction.id }, 'could not even answer the failed interaction'));
    }
  }

  return {
    handle(interaction) {
      const p = handleOne(interaction).finally(() => inflight.delete(p));
      inflight.add(p);
      return p;
    },
    async drain() {
      accepting = false;
      await Promise.allSettled([...inflight]);
    },
  };
}
