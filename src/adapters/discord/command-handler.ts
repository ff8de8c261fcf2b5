/** Slash commands: parse (which command, where, within the rate limit), then run it and answer its outcome. */
import type { CommandContext, CommandModule, ReplyEmbed } from '../../../commands/types.js';
import type { Invocation } from '../../../commands/types.js';
import { failureText } from '../../../commands/replies.js';
import { t } from '../../i18n/index.js';
import type { ChannelKey, GameView } from '../../app/service-types.js';
import { realMessage } from '../../app/game-message.js';
import type { Metrics } from '../metrics/metrics.js';
import { controllerFor, isAdmin, keepUpdated, lang, logFailure, messageLink, privately, roundsResolved, withDeferral, type KindHandler, type RouterDeps } from './handler-kit.js';
import { permissionReport } from './permissions.js';
import { interactionKey, placeRefusal } from './place-guard.js';
import { interactionOnly } from '../../app/scope.js';
import { isPendingMessage } from '../../app/game-message.js';
import { postGameAnswer } from './post-answer.js';
import { memoryRepostGate, repostCooldowns } from './repost-gate.js';
import { notePrivately } from './applied-answer.js';
import { textPayload, toApiRows } from './presenter.js';
import type { ButtonSpec } from '../../../commands/controls/layouts.js';
import type { IncomingInteraction, InteractionResponder, OutgoingFile, OutgoingMessage } from './types.js';

/** What a slash command comes to once its service call is done. */
type CommandOutcome =
  /** `applied`: the command's action was saved, so its answer must not fail into "try again". */
  | { kind: 'private'; text: string; embed?: ReplyEmbed; buttons?: ButtonSpec[][]; applied?: true }
  | { kind: 'controller'; view: GameView }
  | { kind: 'post'; view: GameView; note?: string }
  | { kind: 'attachment'; text: string; file: OutgoingFile };

/** A command ready to run. */
export interface ParsedCommand {
  module: CommandModule;
  invocation: Invocation;
  key: ChannelKey;
}


/** Said to a command this version of the bot does not know. */
export const UNKNOWN_COMMAND_TEXT = 'That command is not known to this version of the bot. Try /rogue help.';

/** The slash-command handler. */
export function commandHandler(deps: RouterDeps, metrics: Metrics): KindHandler<ParsedCommand> {
  // Reposts spend the fleet's shared bot-token budget: at most one per channel and per user every few seconds.
  const gate = deps.repostGate ?? memoryRepostGate(repostCooldowns(deps.repostCooldownMs));
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
      case 'confirm':
        return { kind: 'private', text: reply.text, buttons: reply.buttons };
      case 'game': {
        if (reply.mode === 'post') return reply.note ? { kind: 'post', view: reply.view, note: reply.note } : { kind: 'post', view: reply.view };
        if (!reply.view.meta.message) return { kind: 'post', view: reply.view };
        if (reply.view.events.length > 0) metrics.turn();
        deps.messages.refreshSoon(reply.view.key, 'action');
        roundsResolved(deps, reply.view);
        const note = reply.note ?? 'Done.';
        // Where messages are edited only through interactions and the last token expired: how the game comes back.
        return { kind: 'private', text: (await redrawable(reply.view)) ? note : `${note}\n${t(lang(i), 'place.token-expired')}`, applied: true };
      }
    }
  }

  /** False where messages are edited only through interactions and no token can redraw the game message now. */
  async function redrawable(view: GameView): Promise<boolean> {
    const ref = view.meta.message;
    if (!ref || isPendingMessage(ref) || !deps.messages.canRedraw) return true;
    return deps.messages.canRedraw(view.key, ref);
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
    const key = interactionKey(i);
    const note = key && !interactionOnly(key) && deps.permissions ? deps.permissions.noteOnce(key.channelId) : '';
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
    async parse(i) {
      if (i.optionsRefused) return { ok: false, text: t(lang(i), 'reply.options-shape') };
      const key = interactionKey(i);
      if (!key) return { ok: false, text: t(lang(i), 'place.no-channel') };
      const refused = placeRefusal(i);
      if (refused) return { ok: false, text: refused };
      const invocation = i.invocation;
      const module = invocation && deps.commands.find((c) => c.data.name === invocation.command);
      if (!invocation || !module) return { ok: false, text: UNKNOWN_COMMAND_TEXT };
      if (invocation.subcommand !== 'help' && !(await deps.rateLimiter.take(i.user.id, i.id))) return { ok: false, text: t(lang(i), 'reply.rate-limit') };
      return { ok: true, value: { module, invocation, key } };
    },
    async run({ module, invocation, key }, i, r) {
      const ctx: CommandContext = { ...invocation, user: i.user, guildId: key.guildId, channelId: key.channelId, memberIsAdmin: isAdmin(i), interactionId: i.id, locale: lang(i), ...(i.guildLocale ? { serverLocale: i.guildLocale } : {}), games: deps.games, settings: deps.settings, ...(deps.daily ? { daily: deps.daily } : {}), ...(deps.replays ? { replays: deps.replays } : {}) };
      // A slow subcommand (a replay being drawn) is deferred at once rather than after deferAfter.
      const slow = invocation.subcommand !== null && (module.slowSubcommands ?? []).includes(invocation.subcommand);
      const { value: outcome, deferred } = await withDeferral(work(module, ctx, i), slow ? 0 : (deps.deferAfterMs ?? 1500), () => r.defer(true));
      if (outcome.kind === 'post') {
        const live = realMessage(outcome.view.meta.message);
        // A plain view (/rogue map) reposted again right away would only spend the shared budget: say where it is.
        const verdict = !live || outcome.view.events.length > 0 ? 'ok' : await gate.claim(key, i.user.id, i.id);
        if (verdict === 'ok') {
          const posted = await postGameAnswer(deps, i, r, { view: outcome.view, replaces: outcome.view.meta.message, deferred });
          // The first game's note on the icon buttons, privately, under the game message it explains.
          if (posted && outcome.note) await notePrivately(r, privately(outcome.note), deps.logger, { interactionId: i.id });
          return;
        }
        // Refused by the channel's limit (posted a moment ago) or by the user's (they reposted elsewhere a moment ago).
        const note = privately(t(lang(i), verdict === 'channel' ? 'reply.map-recent' : 'reply.map-user-recent', { link: messageLink(key, live!.channelId, live!.messageId) }));
        return void (await (deferred ? r.editOriginal(note) : r.reply(note)));
      }
      if (outcome.kind === 'attachment') return postAttachment(r, outcome.text, outcome.file, deferred);
      const msg = outcome.kind === 'controller' ? await controllerFor(deps, outcome.view, i.user.id, i.locale) : withPermissions(i, invocation, outcome.text, outcome.embed);
      if (outcome.kind === 'private' && outcome.buttons) msg.components = toApiRows(outcome.buttons);
      const sent = deferred ? r.editOriginal(msg) : r.reply(msg);
      if (outcome.kind === 'private' && outcome.applied) {
        // The action is saved: a failed answer is sent again by the other path, never turned into "try again".
        return void (await sent.catch(async (err: unknown) => {
          deps.logger.warn({ err, interactionId: i.id, channelId: key.channelId }, 'answer of an applied slash action failed; sending it again');
          await notePrivately(r, msg, deps.logger, { interactionId: i.id });
        }));
      }
      await sent;
      if (outcome.kind === 'controller') keepUpdated(deps, r, outcome.view, i.user.id, i.locale);
    },
  };
}

