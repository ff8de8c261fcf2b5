/**
 * One interaction -> its kind's handler -> answer, the same for both transports: the gateway and the HTTP endpoint
 * each convert Discord's payload into an IncomingInteraction and give a responder, and nothing here knows which one
 * it was. Each kind has one small handler (command-handler.ts, button-handler.ts, other-handlers.ts) that parses the
 * interaction, then runs it; this file only picks the handler, answers a parse refusal privately, and turns an
 * unexpected error into a friendly private note.
 */
import { t } from '../../i18n/index.js';
import { noopMetrics } from '../metrics/metrics.js';
import { buttonHandler } from './button-handler.js';
import { commandHandler } from './command-handler.js';
import { lang, privately, type KindHandler, type RouterDeps } from './handler-kit.js';
import { autocompleteHandler, unsupportedHandler } from './other-handlers.js';
import { createVersionWatch } from './version-watch.js';
import { interactionKey } from './place-guard.js';
import { interactionOnly } from '../../app/scope.js';
import type { IncomingInteraction, InteractionKind, InteractionResponder, OutgoingMessage } from './types.js';

export type { RouterDeps } from './handler-kit.js';
export { POSTED_TEXT, WITHDRAWN_TEXT } from './post-answer.js';
export { gameMessage } from './payload.js';

/** The interaction handler plus what shutdown needs. */
export interface Router {
  handle(interaction: IncomingInteraction, responder: InteractionResponder): Promise<void>;
  /** Stops taking new interactions (they get a "restarting" note) and waits for the ones in flight. */
  drain(): Promise<void>;
  /** Waits for the interactions in flight (their answers and follow-ups) without stopping. */
  settle(): Promise<void>;
}

/** Said to interactions that arrive while the bot shuts down. */
export const RESTARTING_TEXT = 'Channel Crawler is restarting. Please try again in a few seconds.';

/** One kind's handler, run: parse, a private refusal when parsing says no, else run. */
type Dispatch = (i: IncomingInteraction, r: InteractionResponder) => Promise<void>;
const dispatch =
  <P>(h: KindHandler<P>): Dispatch =>
  async (i, r) => {
    const parsed = await h.parse(i);
    if (!parsed.ok) return r.reply(privately(parsed.text));
    return h.run(parsed.value, i, r);
  };

/** Builds the router. */
export function createRouter(deps: RouterDeps): Router {
  const inflight = new Set<Promise<void>>();
  let accepting = true;
  const log = deps.logger;
  const metrics = deps.metrics ?? noopMetrics;
  const handlers: Record<InteractionKind, Dispatch> = {
    command: dispatch(commandHandler(deps, metrics)),
    button: dispatch(buttonHandler(deps, metrics, createVersionWatch())),
    autocomplete: dispatch(autocompleteHandler),
    modal: dispatch(unsupportedHandler),
    select: dispatch(unsupportedHandler),
    'context-menu': dispatch(unsupportedHandler),
    unknown: dispatch(unsupportedHandler),
  };

  /** The last resort: logged, and answered privately by whichever path is still open. */
  async function failed(i: IncomingInteraction, r: InteractionResponder, err: unknown): Promise<void> {
    log.error({ err, interactionId: i.id, channelId: i.channelId, kind: i.kind }, 'interaction failed');
    const note = privately(t(lang(i), 'reply.internal-error'));
    const answer = !r.answered ? (i.kind === 'autocomplete' ? r.autocomplete([]) : r.reply(note)) : r.answerType === 'defer' ? r.editOriginal(note) : r.followUp(note);
    await Promise.resolve(answer).catch((again: unknown) => log.error({ err: again, interactionId: i.id }, 'could not even answer the failed interaction'));
  }

  async function handleOne(i: IncomingInteraction, r: InteractionResponder): Promise<void> {
    const started = Date.now();
    const timed = deps.timeInteractions === false ? r : timedResponder(r, (outcome) => metrics.interaction(i.kind, outcome, Date.now() - started));
    if (!accepting && i.kind !== 'autocomplete') {
      await timed.reply(restarting()).catch(() => {});
      return;
    }
    try {
      // Channel permissions mean something only where the bot is a member (not in DMs and group DMs).
      const key = interactionKey(i);
      if (key && !interactionOnly(key)) deps.permissions?.see(key.channelId, i.appPermissions ?? null);
      await handlers[i.kind](i, timed);
    } catch (err) {
      await failed(i, r, err);
    }
  }

  return {
    handle(interaction, responder) {
      const p = handleOne(interaction, responder).finally(() => inflight.delete(p));
      inflight.add(p);
      return p;
    },
    async drain() {
      accepting = false;
      await Promise.allSettled([...inflight]);
    },
    async settle() {
      await Promise.allSettled([...inflight]);
    },
  };
}

const restarting = (): OutgoingMessage => privately(RESTARTING_TEXT);

/** Wraps a responder so the first answer reports its kind once (for the latency metric). */
function timedResponder(r: InteractionResponder, first: (outcome: string) => void): InteractionResponder {
  let reported = false;
  const once = <A extends unknown[], T>(name: string, f: (...a: A) => Promise<T>) => async (...a: A): Promise<T> => {
    const out = await f(...a);
    if (!reported) {
      reported = true;
      first(name);
    }
    return out;
  };
  return {
    reply: once('reply', (m: OutgoingMessage) => r.reply(m)),
    update: once('update', (m: OutgoingMessage) => r.update(m)),
    defer: once('defer', (e: boolean) => r.defer(e)),
    deferUpdate: once('defer-update', () => r.deferUpdate()),
    autocomplete: once('autocomplete', (c: Parameters<InteractionResponder['autocomplete']>[0]) => r.autocomplete(c)),
    launchActivity: once('launch-activity', () => r.launchActivity()),
    editOriginal: (m) => r.editOriginal(m),
    followUp: (m) => r.followUp(m),
    editMessage: (id, m) => r.editMessage(id, m),
    originalMessageId: () => r.originalMessageId(),
    get answered() {
      return r.answered;
    },
    get answerType() {
      return r.answerType;
    },
  };
}
