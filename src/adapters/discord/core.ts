/**
 * The shared Discord layer (src/adapters/discord/): Discord's API shapes both transports use, the incoming converter,
 * payloads, presenter, router, message editor, budgets, webhooks. It knows HTTP requests, not discord.js, and imports
 * neither transport (src/adapters/gateway/, src/adapters/http/); they import it.
 *
 * This file, what both transports share once an interaction has arrived: the router, the channel-API editor of game
 * messages (through a @discordjs/rest client with the bot token) and the rounds-mode timer. The gateway bot and the
 * HTTP endpoint each add only how interactions come in and how the first answer goes out.
 */
import type { RepostGate } from './repost-gate.js';
import type { REST } from '@discordjs/rest';
import type { InteractionCalls } from './interaction-client.js';
import type { Logger } from 'pino';
import { commands as allCommands } from '../../../commands/index.js';
import type { CommandModule } from '../../../commands/types.js';
import { startRoundTimer } from '../../app/round-timer.js';
import type { DailyServiceApi } from '../../app/daily/daily-service.js';
import type { ReplayServiceApi } from '../../app/replay-service.js';
import type { ChannelKey, GameServiceApi, SettingsServiceApi } from '../../app/service-types.js';
import type { GameLinks } from '../../../commands/controls/index.js';
import { appLogger } from '../../config/logger.js';
import { restGameMessages, type GameMessages } from './messages.js';
import { ChannelPermissions } from './permissions.js';
import { MemoryEditTokens, type EditTokens } from './edit-tokens.js';
import { MemoryBudget, type BotBudget } from './budget.js';
import { RateLimiter, type UserLimiter } from './rate-limit.js';
import { LoadShedder, noteShed, shedRouter, type LoadShedderOptions } from './load-shedder.js';
import { noopMetrics, type Metrics } from '../metrics/metrics.js';
import { createControllerRedraws } from './controller-redraw.js';
import { createRouter, type Router } from './router.js';

/** The options both bots take. */
export interface CoreOptions {
  games: GameServiceApi;
  settings: SettingsServiceApi;
  /** The daily dungeon, boards and history. */
  daily?: DailyServiceApi;
  /** Replays of finished runs. */
  replays?: ReplayServiceApi;
  logger: Logger;
  commands?: readonly CommandModule[];
  now?: () => number;
  /** Round timer poll period (ms); 0 turns the timer off. */
  roundTimerMs?: number;
  /** Minimum gap between channel-API edits of one channel (ms). */
  editIntervalMs?: number;
  rateLimit?: { capacity: number; refillMs: number };
  /** The per-user action limit (Redis in production: one bucket per user for the fleet); default this process's own. */
  rateLimiter?: UserLimiter;
  /** Past capacity, commands and presses are answered "busy, try again" at once (see load-shedder.ts). */
  shed?: Partial<Pick<LoadShedderOptions, 'maxAgeMs' | 'maxInFlight' | 'targetMs' | 'initialLimit' | 'minLimit'>>;
  deferAfterMs?: number;
  /** Without a repostGate: this process's gate with this cooldown per channel and per user (default 5 s; 0: none). */
  repostCooldownMs?: number;
  /** A /rogue map repost within a few seconds of the channel's or the user's last is answered privately (Redis in production). */
  repostGate?: RepostGate;
  metrics?: Metrics;
  /** Wall-clock time, by which a game message's age is told from its id (default Date.now). */
  wallNow?: () => number;
  /** Interaction tokens that can edit each channel's game message (Redis in production: every replica shares them). */
  editTokens?: EditTokens;
  /** The fleet's shared budget of bot-token requests (Redis in production). Default: one process's own bucket. */
  budget?: BotBudget;
  /** The full view's buttons for a channel's game message (WEB=on): 🖥️ and the watch link; absent: none. */
  links?: (key: ChannelKey) => GameLinks | undefined;
}

/** What the transport tells the core about itself. */
export interface TransportTraits {
  /** The transport measures time to first answer itself (the HTTP server does). */
  timesInteractions?: boolean;
}

/** The running shared part. */
export interface Core {
  router: Router;
  /**
   * The load shedder's verdict on a command or press before anything is built for it: false means it is shed (counted
   * and logged) and the transport answers "busy" itself (busyMessage), true that the router may start on it.
   */
  admit(interactionId: string): boolean;
  messages: GameMessages;
  /** Waits for the interactions in flight, then sends the waiting game-message edits and waits for them. */
  flush(): Promise<void>;
  /** Starts the round timer (once the transport is up). */
  startTimer(): void;
  /** Stops taking interactions, finishes those in flight, stops the timer and sends the waiting edits. */
  drain(): Promise<void>;
  /** Drops what is left (after drain). */
  close(): void;
}

/** The two REST clients: the bot token's (shared global budget) and the interaction endpoints' (exempt from it). */
export interface CoreRest {
  rest: REST;
  answers: InteractionCalls;
}

/** Builds the router and the game-message editor over the bot-token client and the interaction client. */
export function createCore(o: CoreOptions, clients: CoreRest, traits: TransportTraits = {}): Core {
  const { rest, answers } = clients;
  const log = o.logger;
  const now = o.now ?? Date.now;
  const metrics = o.metrics ?? noopMetrics;
  // What each channel lets the bot do, learnt from interactions and refusals: the editor and the router share it.
  const permissions = new ChannelPermissions();
  const messages = restGameMessages({ rest, answers, games: o.games, logger: log, now, metrics, permissions, editTokens: o.editTokens ?? new MemoryEditTokens(), budget: o.budget ?? new MemoryBudget(), ...(o.links ? { links: o.links } : {}), ...(o.wallNow ? { wallNow: o.wallNow } : {}), ...(o.editIntervalMs !== undefined ? { intervalMs: o.editIntervalMs } : {}) });
  // Open private controllers, redrawn through their own tokens when a round resolves.
  const controllers = createControllerRedraws({ now, logger: appLogger(log) });
  const inner = createRouter({
    controllers,
    games: o.games,
    settings: o.settings,
    ...(o.daily ? { daily: o.daily } : {}),
    ...(o.replays ? { replays: o.replays } : {}),
    ...(o.links ? { links: o.links } : {}),
    commands: o.commands ?? allCommands,
    messages,
    permissions,
    rateLimiter: o.rateLimiter ?? new RateLimiter({ ...(o.rateLimit ?? {}), now }),
    logger: log,
    now,
    metrics,
    timeInteractions: !traits.timesInteractions,
    ...(o.wallNow ? { wallNow: o.wallNow } : {}),
    ...(o.deferAfterMs !== undefined ? { deferAfterMs: o.deferAfterMs } : {}),
    ...(o.repostCooldownMs !== undefined ? { repostCooldownMs: o.repostCooldownMs } : {}),
    ...(o.repostGate ? { repostGate: o.repostGate } : {}),
  });
  const shedder = new LoadShedder({ ...(o.shed ?? {}), ...(o.wallNow ? { wallNow: o.wallNow } : {}) });
  const router = shedRouter(inner, shedder, metrics, log);
  let stopTimer: () => Promise<void> = async () => {};
  return {
    router,
    admit(interactionId) {
      const reason = shedder.check(interactionId);
      if (reason) noteShed(shedder, reason, interactionId, metrics, log);
      return reason === null;
    },
    messages,
    async flush() {
      await router.settle();
      await controllers.settle();
      await messages.drain();
    },
    startTimer() {
      const timerMs = o.roundTimerMs ?? 1000;
      if (timerMs <= 0) return;
      stopTimer = startRoundTimer(o.games, {
        intervalMs: timerMs,
        // The interaction token may be long expired: edit through the channel API with the bot token, coalesced per
        // channel. Every replica polls; the service's Redis lease resolves each round once.
        onResolved: (view) => {
          // A whose-turn ping changes nothing on the game message: it only mentions whom the round waits for.
          if (view.ping) {
            if (view.ping.length > 0 && messages.ping) void messages.ping(view.key, view.ping);
            return;
          }
          metrics.roundResolved();
          if (view.meta.message) messages.refreshSoon(view.key, 'timer');
          controllers.roundResolved(view);
        },
        logger: appLogger(log),
      });
    },
    async drain() {
      const timerStopped = stopTimer();
      await router.drain();
      await timerStopped;
      await controllers.settle();
      await messages.drain();
    },
    close: () => {
      controllers.close();
      return messages.close();
    },
  };
}

