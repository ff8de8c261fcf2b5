/**
 * The gateway transport: a @discordjs/ws WebSocketManager (Guilds intent only) under a @discordjs/core Client, both
 * public APIs of the discord.js project. Each INTERACTION_CREATE is converted by the shared Discord layer
 * (src/adapters/discord/incoming.ts) exactly as the HTTP transport converts a POSTed one, and handed to the shared
 * router with a responder that answers over REST. Plus the rounds-mode timer that edits game messages. Nothing is
 * cached: the bot keeps no users, members or guilds. Imports the shared layer, never the HTTP transport.
 */
import { Client, GatewayDispatchEvents } from '@discordjs/core';
import type { REST } from '@discordjs/rest';
import { CloseCodes, WebSocketManager, WebSocketShardEvents, type SessionInfo } from '@discordjs/ws';
import { GatewayIntentBits, MessageFlags, Routes, type GatewayReadyDispatchData } from 'discord-api-types/v10';
import type { Logger as PinoLogger } from 'pino';
import { UNSUPPORTED_TEXT } from '../../../commands/replies.js';
import type { ChannelKey } from '../../app/service-types.js';
import { createCore, type Core, type CoreOptions } from '../discord/core.js';
import { toIncoming } from '../discord/incoming.js';
import { NO_PINGS } from '../discord/mentions.js';
import { botRest, interactionRest } from '../discord/rest.js';
import type { InteractionCalls } from '../discord/interaction-client.js';
import { GatewayResponder } from './responder.js';

/** What the bot needs; main builds it from the config. */
export interface BotOptions extends CoreOptions {
  token: string;
  /** REST base, e.g. https://discord.com/api (DISCORD_API_BASE). */
  apiBase: string;
  /** After the last interaction in flight, how long the gateway stays open answering newcomers with the restarting note (ms). */
  shutdownGraceMs?: number;
  /** The gateway shards this process holds (SHARD_COUNT / SHARD_IDS); absent: every shard. */
  shards?: { count: number; ids: number[] };
}

/** A running bot. */
export interface Bot {
  /** The gateway shards this process holds. */
  readonly shardIds: readonly number[];
  /** Stops taking interactions, finishes the ones in flight, stops the timer, flushes edits, closes the gateway. */
  stop(): Promise<void>;
  /** Waits for the interactions in flight, then sends the game-message edits waiting in the coalescer and waits for them. */
  flushEdits(): Promise<void>;
  /** Redraws a channel's game message soon (coalesced per channel): the full view's turns reach the chat this way. */
  refresh(key: ChannelKey): void;
}

/** The only intent the bot asks for: interactions need none, and Guilds alone keeps the gateway quiet. */
export const GATEWAY_INTENTS = GatewayIntentBits.Guilds;

/** Connects every shard of this process and resolves once all of them are ready. */
export async function startBot(o: BotOptions): Promise<Bot> {
  const log = o.logger;
  const rest = botRest(o);
  // Answers, follow-ups and webhook edits: exempt from the global limit, so never held by the bot token's.
  const answers = interactionRest(o);
  const core = createCore(o, { rest, answers });
  const gateway = gatewayManager(o, rest);
  const client = new Client({ rest, gateway });
  client.on(GatewayDispatchEvents.InteractionCreate, ({ data }) => onInteraction(data, core, answers, log));
  const state = { stopping: false };
  watchGateway(gateway, log, state);
  const ready = await connectAll(gateway).catch(async (err: unknown) => {
    state.stopping = true;
    await gateway.destroy();
    core.close();
    throw err;
  });
  const shardIds = await gateway.getShardIds();
  log.info({ user: ready[0]?.user.username, guilds: ready.reduce((n, r) => n + r.guilds.length, 0), shards: o.shards?.ids ?? 'all', shardIds }, 'bot ready');
  core.startTimer();
  let stopping: Promise<void> | null = null;
  return {
    shardIds,
    flushEdits: () => core.flush(),
    refresh: (key) => core.messages.refreshSoon(key, 'refresh'),
    stop() {
      stopping ??= (async () => {
        await core.drain();
        // The gateway stays open a moment longer: interactions already on their way get the restarting note instead
        // of vanishing with the socket.
        await new Promise((r) => setTimeout(r, o.shutdownGraceMs ?? 1000));
        await core.router.drain();
        core.close();
        state.stopping = true;
        await gateway.destroy();
      })();
      return stopping;
    },
  };
}

/**
 * The WebSocketManager: Guilds intent, REST for GET /gateway/bot, the shards of SHARD_COUNT / SHARD_IDS, and its own
 * session store (the library's default is one per process, which two bots in one process would share).
 */
function gatewayManager(o: BotOptions, rest: REST): WebSocketManager {
  const sessions = new Map<number, SessionInfo>();
  return new WebSocketManager({
    token: o.token,
    intents: GATEWAY_INTENTS,
    rest,
    ...(o.shards ? { shardCount: o.shards.count, shardIds: o.shards.ids } : {}),
    retrieveSessionInfo: (shardId) => sessions.get(shardId) ?? null,
    updateSessionInfo: (shardId, info) => void (info ? sessions.set(shardId, info) : sessions.delete(shardId)),
  });
}

/** One INTERACTION_CREATE: converted and routed, or (malformed) answered "not supported" by its id and token alone; `rest` answers. */
function onInteraction(data: unknown, core: Core, rest: InteractionCalls, log: PinoLogger): void {
  const converted = toIncoming(data);
  if (converted.ok) {
    void core.router.handle(converted.interaction, new GatewayResponder(converted.interaction, rest));
    return;
  }
  // Field names and codes only: the payload carries the interaction token.
  const d = (typeof data === 'object' && data !== null ? data : {}) as { id?: unknown; token?: unknown; type?: unknown };
  log.warn({ interactionId: typeof d.id === 'string' ? d.id : null, type: d.type, problems: converted.problems.slice(0, 5) }, 'malformed interaction; answered as not supported');
  if (typeof d.id === 'string' && typeof d.token === 'string') answerRawUnsupported(rest, log, d.id, d.token);
}

/** Logs what the gateway says that an operator should hear: errors, unexpected closes, invalidated sessions. */
function watchGateway(gateway: WebSocketManager, log: PinoLogger, state: { stopping: boolean }): void {
  gateway.on(WebSocketShardEvents.Error, (err, shard) => log.error({ err, shard }, 'gateway error'));
  gateway.on(WebSocketShardEvents.Closed, (code, shard) => {
    // 4200 is the library resuming on Discord's request (op 7); it reconnects by itself.
    if (!state.stopping && code !== CloseCodes.Resuming) log.warn({ shard, code }, 'gateway disconnected');
  });
  // Two processes holding the same shard both receive its interactions (each is still applied once: the interaction
  // id is recorded in the save). Discord then tends to invalidate one session; say what that usually means.
  gateway.on(WebSocketShardEvents.Debug, (line, shard) => {
    if (/session (?:has been )?invalidated|another session|Invalid Session/i.test(line)) log.warn({ shard, detail: line.slice(0, 200) }, 'gateway session invalidated: is another process running with the same token and shards? (harmless for game state, wasteful; check SHARD_COUNT / SHARD_IDS)');
  });
}

/** Connects every shard; resolves with their READY payloads once all are ready, rejects on the first fatal error. */
async function connectAll(gateway: WebSocketManager): Promise<GatewayReadyDispatchData[]> {
  const ready: GatewayReadyDispatchData[] = [];
  const onReady = (data: GatewayReadyDispatchData): void => void ready.push(data);
  let onError: (err: Error) => void = () => {};
  // Authentication failed, invalid shard, disallowed intents: the library closes the shard for good, so say so.
  const failed = new Promise<never>((_, reject) => (onError = reject));
  gateway.on(WebSocketShardEvents.Ready, onReady);
  gateway.on(WebSocketShardEvents.Error, onError);
  try {
    await Promise.race([gateway.connect(), failed]);
    return ready;
  } finally {
    gateway.off(WebSocketShardEvents.Ready, onReady);
    gateway.off(WebSocketShardEvents.Error, onError);
  }
}

/** Answers an interaction the shared converter refused with the private "not supported", by id and token alone. */
function answerRawUnsupported(rest: InteractionCalls, log: PinoLogger, id: string, token: string): void {
  rest
    .post(Routes.interactionCallback(id, token), { body: { type: 4, data: { content: UNSUPPORTED_TEXT, flags: MessageFlags.Ephemeral, allowed_mentions: NO_PINGS } }, auth: false })
    .catch((err: unknown) => log.warn({ err, interactionId: id }, 'could not answer a malformed interaction'));
}
