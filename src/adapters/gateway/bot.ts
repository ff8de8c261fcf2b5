/**
 * Gateway mode wired together: a discord.js Client (Guilds intent only) receives each INTERACTION_CREATE, which is
 * converted from its raw payload exactly as HTTP mode converts a POSTed one (src/adapters/http/incoming.ts) and
 * handed to the transport-neutral router with a responder that answers over REST. Plus the rounds-mode timer that
 * edits game messages.
 */
import { Client, Events, GatewayIntentBits, MessageFlags, Options, Routes, type ClientOptions } from 'discord.js';
import { UNSUPPORTED_TEXT } from '../../../commands/replies.js';
import { toIncoming } from '../discord/incoming.js';
import { GatewayResponder } from './responder.js';
import type { Logger as PinoLogger } from 'pino';
import { createCore, type CoreOptions } from '../discord/core.js';
import { rejectGameMessageEdits } from '../discord/messages.js';
import { NO_PINGS } from '../discord/mentions.js';

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
  client: Client;
  /** Stops taking interactions, finishes the ones in flight, stops the timer, flushes edits, destroys the client. */
  stop(): Promise<void>;
  /** Waits for the interactions in flight, then sends the game-message edits waiting in the coalescer and waits for them. */
  flushEdits(): Promise<void>;
}

/** Users and members kept beyond the interaction that brought them: the bot needs none, so the caches stay small. */
export const USER_CACHE_LIMIT = 200;

/**
 * The Client's intents and caches: only the Guilds intent, and user and member caches bounded (discord.js adds every
 * interaction's user and member, which otherwise grows without limit), plus sweepers for what slips past the limit.
 */
export function clientOptions(): ClientOptions {
  return {
    intents: [GatewayIntentBits.Guilds],
    makeCache: Options.cacheWithLimits({
      ...Options.DefaultMakeCacheSettings,
      UserManager: { maxSize: USER_CACHE_LIMIT, keepOverLimit: (user) => user.id === user.client.user?.id },
      GuildMemberManager: { maxSize: USER_CACHE_LIMIT, keepOverLimit: (member) => member.id === member.client.user?.id },
    }),
    sweepers: {
      ...Options.DefaultSweeperSettings,
      users: { interval: 600, filter: () => (user) => user.id !== user.client.user?.id },
      guildMembers: { interval: 600, filter: () => (member) => member.id !== member.client.user?.id },
    },
  };
}

/** Logs in and resolves once the client is ready (all guilds received). */
export async function startBot(o: BotOptions): Promise<Bot> {
  const log = o.logger;
  const client = new Client({ ...clientOptions(), rest: { api: o.apiBase, rejectOnRateLimit: rejectGameMessageEdits }, ...(o.shards ? { shards: o.shards.ids, shardCount: o.shards.count } : {}) });
  const core = createCore(o, client.rest);
  // Every interaction is taken from the raw dispatch (discord.js emits it before building its own objects), so
  // unknown types and payloads discord.js can't build are answered too.
  client.on(Events.Raw, (packet: { t?: string; d?: unknown }) => {
    if (packet.t !== 'INTERACTION_CREATE') return;
    const converted = toIncoming(packet.d);
    if (converted.ok) {
      void core.router.handle(converted.interaction, new GatewayResponder(converted.interaction, client.rest));
      return;
    }
    // Field names and codes only: the payload carries the interaction token.
    const d = (typeof packet.d === 'object' && packet.d !== null ? packet.d : {}) as { id?: unknown; token?: unknown; type?: unknown };
    log.warn({ interactionId: typeof d.id === 'string' ? d.id : null, type: d.type, problems: converted.problems.slice(0, 5) }, 'malformed interaction; answered as not supported');
    if (typeof d.id === 'string' && typeof d.token === 'string') answerRawUnsupported(client, log, d.id, d.token);
  });
  guardInteractionAction(client, log);
  client.on(Events.Error, (err) => log.error({ err }, 'discord client error'));
  client.on(Events.ShardDisconnect, (_event, shard) => log.warn({ shard }, 'gateway disconnected'));
  // Two processes holding the same shard both receive its interactions (each is still applied once: the interaction
  // id is recorded in the save). Discord then tends to invalidate one session; say what that usually means.
  client.on(Events.Invalidated, () => log.warn('gateway session invalidated: is another process running with the same token and shards? (SHARD_COUNT / SHARD_IDS)'));
  client.on(Events.Debug, (line: string) => {
    if (/session (?:has been )?invalidated|another session|Invalid Session/i.test(line)) log.warn({ detail: line.slice(0, 200) }, 'gateway reported an invalid or replaced session: another process may hold the same shards (harmless for game state, wasteful; check SHARD_IDS)');
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await client.login(o.token);
  await ready;
  log.info({ user: client.user?.tag, guilds: client.guilds.cache.size, shards: o.shards?.ids ?? 'all' }, 'bot ready');
  core.startTimer();

  let stopping: Promise<void> | null = null;
  return {
    client,
    flushEdits: () => core.flush(),
    stop() {
      stopping ??= (async () => {
        await core.drain();
        // The gateway stays open a moment longer: interactions already on their way get the restarting note instead
        // of vanishing with the socket.
        await new Promise((r) => setTimeout(r, o.shutdownGraceMs ?? 1000));
        await core.router.drain();
        core.close();
        await client.destroy();
      })();
      return stopping;
    },
  };
}

/**
 * discord.js builds its own Interaction from the gateway payload after the raw dispatch, and a payload missing a field
 * it needs (a member without a user, say) makes that throw inside its websocket handler. The router has already
 * taken the interaction from the raw dispatch, so the throw is only logged (ids only, never the token).
 */
function guardInteractionAction(client: Client, log: PinoLogger): void {
  const action = (client as unknown as { actions?: { InteractionCreate?: { handle(data: unknown): unknown } } }).actions?.InteractionCreate;
  if (!action) return;
  const handle = action.handle.bind(action);
  action.handle = (data: unknown) => {
    try {
      return handle(data);
    } catch (err) {
      const d = (typeof data === 'object' && data !== null ? data : {}) as { id?: unknown; type?: unknown };
      log.debug({ interactionId: typeof d.id === 'string' ? d.id : null, type: d.type, err: err instanceof Error ? err.message : String(err) }, 'discord.js could not build an interaction (answered from the raw dispatch)');
      return undefined;
    }
  };
}

/** Answers an interaction that never became a discord.js object with the private "not supported", by id and token alone. */
function answerRawUnsupported(client: Client, log: PinoLogger, id: string, token: string): void {
  client.rest
    .post(Routes.interactionCallback(id, token), { body: { type: 4, data: { content: UNSUPPORTED_TEXT, flags: MessageFlags.Ephemeral, allowed_mentions: NO_PINGS } }, auth: false })
    .catch((err: unknown) => log.warn({ err, interactionId: id }, 'could not answer an interaction discord.js could not build'));
}
