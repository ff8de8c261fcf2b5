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
import type { CommandContext, CommandModule, Invocation, OptionValue, ReplyEmbed } from '../../../commands/types.js';
import { retiredText, UNSUPPORTED_TEXT, FOREIGN_BUTTON_TEXT, INTERNAL_ERROR_TEXT, RATE_LIMIT_TEXT, failureText } from '../../../commands/replies.js';
import type { ChannelKey, GameServiceApi, GameView, MessageRef, ServiceFailure, SettingsServiceApi, UserRef } from '../../app/service-types.js';
import { buttonInvocation, pressButton } from './button-press.js';
import { decodeButtonId } from './custom-id.js';
import type { GameMessages } from './messages.js';
import { controllerPayload, gamePayload, retiredPayload, textPayload, type GamePayload } from './presenter.js';
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

/**
 * What a slash command comes to once its work (service call and, for actions, the channel-API edit of the game
 * message) is done. The edit is part of the work so that it counts against the defer deadline too: a rate-limited
 * PATCH queued by discord.js must not keep the interaction from being answered within 3 s.
 */
type CommandOutcome =
  | { kind: 'private'; text: string; embed?: ReplyEmbed }
  | { kind: 'controller'; view: GameView }
  | { kind: 'post'; view: GameView; retire: MessageRef | null };

/**
 * What the private "thinking" placeholder of a deferred post says. A posted game message is its own answer, so a
 * post carries no private note on either path (on the fast path that would cost one more request per post).
 */
export const POSTED_TEXT = 'Posted the game message below.';

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

  function logFailure(error: ServiceFailure, interaction: Interaction): void {
    if (error.kind === 'storage-unavailable' || error.kind === 'corrupt-save' || error.kind === 'incompatible-save') {
      log.warn({ failure: error, interactionId: interaction.id, channelId: interaction.channelId }, 'service failure');
    }
  }

  /** Runs the command and, for an action, edits the game message in place; falls back to posting a fresh one. */
  async function commandWork(module: CommandModule, ctx: CommandContext, interaction: Interaction): Promise<CommandOutcome> {
    const reply = await module.run(ctx);
    switch (reply.kind) {
      case 'text':
        return reply.embed ? { kind: 'private', text: reply.text, embed: reply.embed } : { kind: 'private', text: reply.text };
      case 'failure':
        logFailure(reply.error, interaction);
        return { kind: 'private', text: failureText(reply.error) };
      case 'controller':
        return { kind: 'controller', view: reply.view };
      case 'game': {
        const ref = reply.view.meta.message;
        if (reply.mode === 'post') return { kind: 'post', view: reply.view, retire: ref };
        if (!ref) return { kind: 'post', view: reply.view, retire: null };
        // The answer never waits on the edit (a rate-limited PATCH could hold it for many seconds): the game message
        // is refreshed through the per-channel coalescer, which draws the newest state when it sends. One the bot can
        // no longer edit is forgotten there, and the next command posts a fresh one.
        deps.messages.refreshSoon(reply.view.key);
        return { kind: 'private', text: reply.note ?? 'Done.' };
      }
    }
  }

  /** A player's controller drawn in their own preferences (image, emoji or ASCII; phone layout), defaults when none are stored. */
  async function controllerFor(view: GameView, userId: string): Promise<GamePayload> {
    const prefs = deps.settings.prefs ? await deps.settings.prefs.get(userId) : null;
    const chosen = prefs?.ok ? prefs.value : { style: 'image' as const, mobile: false };
    return controllerPayload(view, userId, chosen, deps.now());
  }

  /** Posts the game message publicly as this interaction's answer, records it, and retires the previous one. */
  async function postGame(interaction: ChatInputCommandInteraction, outcome: Extract<CommandOutcome, { kind: 'post' }>, deferred: boolean): Promise<void> {
    const { view, retire } = outcome;
    const payload = discordGameMessage(gamePayload(view, deps.now()));
    let messageId: string;
    if (deferred) {
      // Fill the private "thinking" placeholder first: on Discord the first follow-up after a defer would replace it
      // (and inherit its ephemeral flag), and the game message must be a new public one.
      await interaction.editReply(textPayload(POSTED_TEXT));
      messageId = (await interaction.followUp(payload)).id;
    } else {
      const response = await interaction.reply({ ...payload, withResponse: true });
      messageId = response.resource?.message?.id ?? (await interaction.fetchReply()).id;
    }
    const saved = await deps.games.setMessage(view.key, { channelId: view.key.channelId, messageId });
    if (!saved.ok) log.warn({ channelId: view.key.channelId, failure: saved.error.kind }, 'could not record the game message');
    if (retire && retire.messageId !== messageId) {
      deps.messages.editNow(retire, retiredPayload()).catch((err: unknown) => log.info({ err, channelId: retire.channelId, messageId: retire.messageId }, 'could not retire the old game message'));
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
    const ctx: CommandContext = { ...invocation, user, guildId: interaction.guildId, channelId: interaction.channelId, memberIsAdmin: isAdmin(interaction), games: deps.games, settings: deps.settings };
    const { value: outcome, deferred } = await withDeferral(commandWork(module, ctx, interaction), deferAfter, () => interaction.deferReply({ flags: MessageFlags.Ephemeral }));
    if (outcome.kind === 'post') {
      await postGame(interaction, outcome, deferred);
      return;
    }
    if (outcome.kind === 'controller') {
      const payload = discordGameMessage(await controllerFor(outcome.view, user.id));
      if (deferred) await interaction.editReply(payload);
      else await interaction.reply({ ...payload, flags: MessageFlags.Ephemeral });
      return;
    }
    const payload = textPayload(outcome.text, outcome.embed);
    if (deferred) await interaction.editReply(payload);
    else await interaction.reply({ ...payload, flags: MessageFlags.Ephemeral });
  }

  async function onButton(interaction: ButtonInteraction): Promise<void> {
    const decoded = decodeButtonId(interaction.customId);
    if (!decoded.ok || !interaction.guildId || !interaction.channelId) {
      await interaction.reply(ephemeral(FOREIGN_BUTTON_TEXT));
      return;
    }
    const invocation = buttonInvocation(decoded.value);
    if (!invocation) {
      // A d-pad spacer (Discord never sends a press of a disabled button, but answer anyway).
      await interaction.deferUpdate();
      return;
    }
    const user = userOf(interaction);
    if (!deps.rateLimiter.take(user.id)) {
      await interaction.reply(ephemeral(RATE_LIMIT_TEXT));
      return;
    }
    const key: ChannelKey = { guildId: interaction.guildId, channelId: interaction.channelId };
    // A press on a player's private controller (an ephemeral message) redraws that controller, not the public message.
    const onController = interaction.message.flags.has(MessageFlags.Ephemeral);
    const work = (async () => {
      // A retired game message stays retired: a press on it changes nothing and points to the live one.
      const current = onController ? null : await deps.games.view(key);
      const live = current?.ok ? current.value.meta.message : null;
      if (live && live.messageId !== interaction.message.id) return { kind: 'retired' as const, live };
      return pressButton({ key, user, memberIsAdmin: isAdmin(interaction), games: deps.games, settings: deps.settings, commands: deps.commands }, decoded.value, invocation);
    })();
    const { value: outcome, deferred } = await withDeferral(work, deferAfter, () => interaction.deferUpdate());
    if (outcome.kind === 'retired') {
      const text = retiredText(`https://discord.com/channels/${key.guildId}/${outcome.live.channelId}/${outcome.live.messageId}`);
      if (deferred) await interaction.followUp(ephemeral(text));
      else await interaction.reply(ephemeral(text));
      return;
    }
    // The message that carries the button is redrawn in place: type 7, or after a deferral (type 6) an edit of @original.
    const show = async (view: GameView): Promise<void> => {
      const payload = discordGameMessage(onController ? await controllerFor(view, user.id) : gamePayload(view, deps.now()));
      if (deferred) await interaction.editReply(payload);
      else await interaction.update(payload);
    };
    if (outcome.kind === 'controller') {
      // 🎮 on the public message: the presser's own controller, privately.
      const payload = { ...discordGameMessage(await controllerFor(outcome.view, user.id)), flags: MessageFlags.Ephemeral as const };
      if (deferred) await interaction.followUp(payload);
      else await interaction.reply(payload);
      return;
    }
    if (outcome.kind === 'game' && onController) {
      await show(outcome.view);
      deps.messages.refreshSoon(key);
      return;
    }
    if (outcome.kind === 'game') {
      await show(outcome.view);
      const stored = outcome.view.meta.message;
      if (!stored || stored.messageId !== interaction.message.id) await deps.games.setMessage(key, { channelId: key.channelId, messageId: interaction.message.id });
      // Presses answered at once can reach Discord out of order: if another action landed meanwhile, redraw the newest
      // state through the coalescer, so the message settles on it instead of keeping an older picture.
      const after = await deps.games.view(key);
      if (after.ok && after.value.state.version > outcome.view.state.version) deps.messages.refreshSoon(key);
      return;
    }
    if (outcome.failure) logFailure(outcome.failure, interaction);
    if (outcome.view) {
      await show(outcome.view);
      await interaction.followUp(ephemeral(outcome.text));
    } else if (deferred) await interaction.followUp(ephemeral(outcome.text));
    else await interaction.reply(ephemeral(outcome.text));
  }

  async function handleOne(interaction: Interaction): Promise<void> {
    if (!interaction.isChatInputCommand() && !interaction.isButton()) {
      // Everything else still gets an answer, so Discord never shows "This interaction failed".
      await answerUnsupported(interaction).catch((err: unknown) => log.warn({ err, interactionId: interaction.id, type: interaction.type }, 'could not answer an unsupported interaction'));
      return;
    }
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

/**
 * A game payload as discord.js sends it: the map picture as a file, and `attachments: []` so that an edit keeps only
 * the files it sends (discord.js appends the new ones): old pictures never pile up, and a text style drops them.
 */
export function discordGameMessage(p: GamePayload): Omit<GamePayload, 'files'> & { files: { attachment: Buffer; name: string; description: string }[]; attachments: [] } {
  return { ...p, files: p.files.map((f) => ({ attachment: Buffer.from(f.data), name: f.name, description: f.description })), attachments: [] };
}

/** Autocomplete gets no suggestions; modals, selects, context-menu commands and the like get a private "not supported". */
async function answerUnsupported(interaction: Interaction): Promise<void> {
  if (interaction.isAutocomplete()) await interaction.respond([]);
  else if (interaction.isRepliable()) await interaction.reply(ephemeral(UNSUPPORTED_TEXT));
}
