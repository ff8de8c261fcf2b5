/** Slash commands: parse (which command, where, within the rate limit), then run it and answer its outcome. */
import type { CommandContext, CommandModule, ReplyEmbed } from '../../../commands/types.js';
import type { Invocation } from '../../../commands/types.js';
import { failureText } from '../../../commands/replies.js';
import { t } from '../../i18n/index.js';
import type { ChannelKey, GameView } from '../../app/service-types.js';
import type { Metrics } from '../metrics/metrics.js';
import { controllerFor, isAdmin, keepUpdated, lang, logFailure, privately, roundsResolved, withDeferral, type KindHandler, type RouterDeps } from './handler-kit.js';
import { permissionReport } from './permissions.js';
import { postGameAnswer } from './post-answer.js';
import { textPayload } from './presenter.js';
import type { IncomingInteraction, InteractionResponder, OutgoingFile, OutgoingMessage } from './types.js';

/** What a slash command comes to once its service call is done. */
type CommandOutcome =
  | { kind: 'private'; text: string; embed?: ReplyEmbed }
  | { kind: 'controller'; view: GameView }
  | { kind: 'post'; view: GameView }
  | { kind: 'attachment'; text: string; file: OutgoingFile };

/** A command ready to run. */
export interface ParsedCommand {
  module: CommandModule;
  invocation: Invocation;
  key: ChannelKey;
}

/** Said to a command outside a server channel. */
export const SERVER_ONLY_TEXT = 'Channel Crawler is played in a server channel.';
/** Said to a command this version of the bot does not know. */
export const UNKNOWN_COMMAND_TEXT = 'That command is not known to this version of the bot. Try /rogue help.';

/** The slash-command handler. */
export function commandHandler(deps: RouterDeps, metrics: Metrics): KindHandler<ParsedCommand> {
  /** Runs the command; an action's game message is refreshed through the coalescer, never waited for. */
  async function work(module: CommandModule, ctx: CommandContext, i: IncomingInteraction): Promise<CommandOutcome> {
    const reply = await module.run(ctx);
    switch (reply.kind) {
      case 'text':
        return reply.embed ? { kind: 'private', text: reply.text, embed: reply.embed } : { kind: 'private', text: reply.text };
      case 'failure':
        logFailure(deps, metrics, reply.error, i);
        return { kind: 'private', text: failureText(reply.error, ctx.locale) };
      case 'controller':
        return { kind: 'controller', view: reply.view };
      case 'attachment':
        return { kind: 'attachment', text: reply.text, file: reply.file };
      case 'game': {
        if (reply.mode === 'post' || !reply.view.meta.message) return { kind: 'post', view: reply.view };
        if (reply.view.events.length > 0) metrics.turn();
        deps.messages.refreshSoon(reply.view.key, 'action');
        roundsResolved(deps, reply.view);
        return { kind: 'private', text: reply.note ?? 'Done.' };
      }
    }
  }

  /**
   * A private reply with what the bot's permissions mean for this channel: `/rogue-config show` lists them all, and
   * any other reply carries, once per channel, a note on what is missing.
   */
  function withPermissions(i: IncomingInteraction, invocation: Invocation, text: string, embed?: ReplyEmbed): OutgoingMessage {
    const bits = i.appPermissions ?? null;
    if (invocation.command === 'rogue-config' && invocation.subcommand === 'show' && embed) {
      return privately(text, { ...embed, fields: [...embed.fields, { name: 'Bot permissions in this channel', value: permissionReport(bits).slice(0, 1024) }] });
    }
    const note = i.channelId && deps.permissions ? deps.permissions.noteOnce(i.channelId) : '';
    return privately(note ? (text ? `${text}\n\n${note}` : note) : text, embed);
  }

  /** A new public message with one file (never an edit of the game message); after a deferral, a follow-up. */
  async function postAttachment(r: InteractionResponder, text: string, file: OutgoingFile, deferred: boolean): Promise<void> {
    const msg: OutgoingMessage = { content: text, files: [file] };
    if (!deferred) return r.reply(msg);
    // As with a posted game message: fill the private placeholder first, then post the public message.
    await r.editOriginal(textPayload('Posted the replay below.'));
    await r.followUp(msg);
  }

  return {
    parse(i) {
      if (!i.guildId || !i.channelId) return { ok: false, text: SERVER_ONLY_TEXT };
      const invocation = i.invocation;
      const module = invocation && deps.commands.find((c) => c.data.name === invocation.command);
      if (!invocation || !module) return { ok: false, text: UNKNOWN_COMMAND_TEXT };
      if (invocation.subcommand !== 'help' && !deps.rateLimiter.take(i.user.id)) return { ok: false, text: t(lang(i), 'reply.rate-limit') };
      return { ok: true, value: { module, invocation, key: { guildId: i.guildId, channelId: i.channelId } } };
    },
    async run({ module, invocation, key }, i, r) {
      const ctx: CommandContext = { ...invocation, user: i.user, guildId: key.guildId, channelId: key.channelId, memberIsAdmin: isAdmin(i), interactionId: i.id, locale: lang(i), games: deps.games, settings: deps.settings, ...(deps.daily ? { daily: deps.daily } : {}), ...(deps.replays ? { replays: deps.replays } : {}) };
      // A slow subcommand (a replay being drawn) is deferred at once rather than after deferAfter.
      const slow = invocation.subcommand !== null && (module.slowSubcommands ?? []).includes(invocation.subcommand);
      const { value: outcome, deferred } = await withDeferral(work(module, ctx, i), slow ? 0 : (deps.deferAfterMs ?? 1500), () => r.defer(true));
      if (outcome.kind === 'post') return postGameAnswer(deps, i, r, { view: outcome.view, replaces: outcome.view.meta.message, deferred });
      if (outcome.kind === 'attachment') return postAttachment(r, outcome.text, outcome.file, deferred);
      const msg = outcome.kind === 'controller' ? await controllerFor(deps, outcome.view, i.user.id) : withPermissions(i, invocation, outcome.text, outcome.embed);
      if (deferred) await r.editOriginal(msg);
      else await r.reply(msg);
      if (outcome.kind === 'controller') keepUpdated(deps, r, outcome.view, i.user.id);
    },
  };
}

