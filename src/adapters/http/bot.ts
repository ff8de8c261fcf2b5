/**
 * The HTTP transport wired together: Discord POSTs each interaction to this process's endpoint (verified, answered in
 * the HTTP response itself), the shared core routes it exactly as in gateway mode, and channel edits (round timer,
 * coalesced refreshes) go through a REST client with the bot token. Stateless apart from Redis, so any number of
 * replicas can stand behind a load balancer. This folder (server, signature, responder, bot) imports the shared
 * Discord layer (src/adapters/discord/), never the gateway transport.
 */
import type { ChannelKey } from '../../app/service-types.js';
import { appLogger } from '../../config/logger.js';
import { botRest, interactionRest } from '../discord/rest.js';
import { createCore, type CoreOptions } from '../discord/core.js';
import { startInteractionServer } from './server.js';

/** What the HTTP bot needs; main builds it from the config. */
export interface HttpBotOptions extends CoreOptions {
  token: string;
  /** REST base, e.g. https://discord.com/api (DISCORD_API_BASE). */
  apiBase: string;
  /** The endpoint's port (0 picks a free one) and listen address. */
  port: number;
  host?: string;
  /** The application's public key (DISCORD_PUBLIC_KEY), 64 hex characters. */
  publicKey: string;
  /** Readiness for GET /readyz (a Redis PING); default ready. */
  ready?: () => Promise<boolean>;
  /** On stop, how long the endpoint keeps answering 503 before it closes (HTTP_DRAIN_MS; default 10 s). */
  drainMs?: number;
}

/** A running HTTP bot. */
export interface HttpBot {
  /** The port the endpoint listens on. */
  readonly port: number;
  /** New interactions get 503 (the load balancer moves on); those in flight finish; the timer stops; edits are flushed. */
  stop(): Promise<void>;
  /** Waits for the interactions in flight, then sends the game-message edits waiting in the coalescer and waits for them. */
  flushEdits(): Promise<void>;
  /** Redraws a channel's game message soon (coalesced per channel): the full view's turns reach the chat this way. */
  refresh(key: ChannelKey): void;
}

/** Starts the endpoint and the round timer. */
export async function startHttpBot(o: HttpBotOptions): Promise<HttpBot> {
  const rest = botRest(o);
  // Answers, follow-ups and webhook edits: exempt from the global limit, so never held by the bot token's.
  const answers = interactionRest(o);
  const core = createCore(o, { rest, answers }, { timesInteractions: true });
  const server = await startInteractionServer({
    port: o.port,
    ...(o.host !== undefined ? { host: o.host } : {}),
    publicKey: o.publicKey,
    handler: (interaction, responder) => core.router.handle(interaction, responder),
    admit: (interactionId) => core.admit(interactionId),
    rest: answers,
    logger: appLogger(o.logger),
    ...(o.ready ? { ready: o.ready } : {}),
    drainMs: o.drainMs ?? 10_000,
    ...(o.metrics ? { metrics: o.metrics } : {}),
  });
  core.startTimer();
  o.logger.info({ port: server.port }, 'HTTP interactions endpoint ready');
  let stopping: Promise<void> | null = null;
  return {
    port: server.port,
    flushEdits: () => core.flush(),
    refresh: (key) => core.messages.refreshSoon(key, 'refresh'),
    stop() {
      stopping ??= (async () => {
        await server.close();
        await core.drain();
        core.close();
      })();
      return stopping;
    },
  };
}
