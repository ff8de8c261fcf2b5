/**
 * Answers that never lie about an applied action. Once an action is saved, its answer may still fail (Discord
 * refusing the callback that carries the picture with a 500, say): the player must then never read "try again",
 * which would apply it twice. So an applied action's answer falls back, in order, to the same answer without the
 * picture, then to a private follow-up saying it went through; each fallback is logged. A private note (a refusal's
 * reason, an end vote's tally) that fails on its first path is sent by the other one.
 */
import type { Logger } from 'pino';
import { DEFAULT_LOCALE, t } from '../../i18n/index.js';
import type { InteractionResponder, OutgoingMessage } from './types.js';

/** Said privately (in English; the caller's language is `reply.applied`) when every answer with the new state failed. */
export const APPLIED_TEXT = t(DEFAULT_LOCALE, 'reply.applied');

/** How an answer reaches the message that carries it: the first answer, or an edit of @original after a deferral. */
export type AnswerPath = 'reply' | 'update' | 'edit-original';

/** Sends `msg` by `path`. */
function sendBy(r: InteractionResponder, path: AnswerPath, msg: OutgoingMessage): Promise<void> {
  if (path === 'reply') return r.reply(msg);
  if (path === 'update') return r.update(msg);
  return r.editOriginal(msg);
}

/**
 * The answer to an applied action: `full` (with the picture), else `plain` (drawn without it), else a private
 * follow-up (or reply) saying it went through. Never throws: the action stands whatever Discord says. True when the
 * state itself (with or without picture) was shown.
 */
export async function answerApplied(r: InteractionResponder, path: AnswerPath, full: OutgoingMessage, plain: () => Promise<OutgoingMessage>, log: Logger, where: object, note = APPLIED_TEXT): Promise<boolean> {
  try {
    await sendBy(r, path, full);
    return true;
  } catch (err) {
    log.warn({ err, ...where, path }, 'answer of an applied action failed; answering without the picture');
  }
  // After a failed first answer the interaction may still be unanswered: the next try is a first answer too.
  const again: AnswerPath = path === 'edit-original' || r.answered ? 'edit-original' : path;
  try {
    await sendBy(r, again, await plain());
    return true;
  } catch (err) {
    log.warn({ err, ...where, path: again }, 'answer without the picture failed too; saying privately that the action went through');
  }
  await notePrivately(r, { content: note, ephemeral: true, allowedMentions: { parse: [] } }, log, where);
  return false;
}

/**
 * A private note by whichever path is open: a follow-up once the interaction is answered (else the reply), and if
 * that fails, the other one (a reply Discord did take despite an error, or a follow-up after all). Never throws;
 * false when neither reached Discord.
 */
export async function notePrivately(r: InteractionResponder, msg: OutgoingMessage, log: Logger, where: object): Promise<boolean> {
  const paths: ('follow-up' | 'reply')[] = r.answered ? ['follow-up', 'follow-up'] : ['reply', 'reply', 'follow-up'];
  for (const [n, p] of paths.entries()) {
    try {
      if (p === 'reply' && !r.answered) await r.reply(msg);
      else await r.followUp(msg);
      return true;
    } catch (err) {
      log.warn({ err, ...where, attempt: n + 1, path: p }, 'a private note failed');
      // A transient 5xx: give Discord a moment before the other path.
      await new Promise((done) => setTimeout(done, 150));
    }
  }
  return false;
}
