/**
 * A fake Discord (REST + gateway) on 127.0.0.1 for end-to-end tests of the real discord.js Client.
 *
 *   const fake = await FakeDiscord.start({ guilds: [DEFAULT_GUILD] });
 *   const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
 *   await client.login(fake.token); await fake.waitForClient();
 *   const { id } = await fake.sendCommand({ guildId, channelId, user: { id: '1', username: 'alice' }, name: 'rogue' });
 *   const reply = await fake.waitForResponse(id);   // {type: 4, data: {...}}
 *   fake.originalMessage(id); fake.messages(channelId); fake.violations();
 *   await client.destroy(); await fake.close();     // this order, or the client retries forever
 *
 * Discord's message limits are enforced (400 50035, counted in code points); interactions must be
 * acknowledged within `ackWindowMs` (3 s) and only once. Tokens given to the client need three
 * dot-separated parts, or discord.js fails while censoring them for its debug log.
 */
import { clearTimer, now, setTimer } from './clock.js';
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Gateway } from './gateway.js';
import { HttpInteractions, type HttpInteractionsOptions } from './http-interactions.js';
import { parseBody, readBody } from './http.js';
import { IdGenerator } from './ids.js';
import { MessageStore } from './messages.js';
import { MEMBER_PERMS, PERMS } from './permissions.js';
import { RestApi, type InteractionRecord, type RestResult } from './rest.js';
import { FakeOAuth } from './oauth.js';
import type { FakeGuild, FakeMessage, FakeUser, InteractionCallback, RecordedRequest } from './types.js';

export type { FakeGuild, FakeMessage, FakeEmbed, FakeComponent, FakeAttachment, FakeUser, MessageData, InteractionCallback, RecordedRequest, RecordedFile } from './types.js';
export { ADMIN_PERMS, MEMBER_PERMS, BOT_PERMS, PERMS } from './permissions.js';
export { LIMITS, discordLength, validateMessage } from './limits.js';
export { shardOf, guildIdOnShard } from './sharding.js';
export { testSigningKeys, signatureHeaders, type SigningKeys } from './signing.js';
export type { HttpDelivery } from './http-interactions.js';
export type { FakeOAuth, FakeActivityInstance } from './oauth.js';

/** Options of FakeDiscord.start; everything has a sensible default. */
export interface FakeDiscordOptions {
  guilds?: FakeGuild[];
  botUserId?: string;
  applicationId?: string;
  /** The token the fake accepts; other tokens get 401 on /gateway/bot and a gateway close 4004. */
  token?: string;
  /** How long after dispatch the first interaction callback is accepted (Discord: 3000 ms). */
  ackWindowMs?: number;
  /** How long an interaction token works for edits and follow-ups (Discord: 15 min). */
  tokenLifetimeMs?: number;
  /** Gateway heartbeat interval sent in HELLO. */
  heartbeatIntervalMs?: number;
  /** HTTP interactions mode: sign each interaction and POST it to these URLs (round-robin) instead of the gateway. */
  http?: HttpInteractionsOptions;
}

/** A user who presses buttons and runs commands. */
export interface FakeActor {
  id: string;
  username: string;
}

/** A DM (type 1) or a group DM (type 3): the bot is not a member; its app reaches it only through interactions. */
export interface FakePrivateChannel {
  id: string;
  type: 1 | 3;
  recipients: FakeActor[];
}

/** Who installed the app for an interaction: the server, the user, or both (authorizing_integration_owners). */
export type FakeInstall = 'guild' | 'user' | 'both';

/** Where an interaction comes from, beyond the guild channel of the default input. */
interface PlaceInput {
  /** Absent: a private channel opened with openDm / openGroupDm. */
  guildId?: string;
  channelId: string;
  user: FakeActor;
  permissions?: string;
  /** Default 'guild' in a guild, 'user' in a private channel. */
  install?: FakeInstall;
  /** In a guild the app is not installed to: whether the member may use external apps (default true). */
  externalApps?: boolean;
}

/** The default guild: one server with two text channels. */
export const DEFAULT_GUILD: FakeGuild = {
  id: '1100000000000000001',
  name: 'Fake Guild',
  channels: [
    { id: '1100000000000000011', name: 'dungeon' },
    { id: '1100000000000000012', name: 'tavern' },
  ],
  ownerId: '1100000000000000099',
};

interface ResponseWaiter {
  resolve: (cb: InteractionCallback) => void;
}

/** The fake Discord server. */
export class FakeDiscord {
  private readonly faults: { match: (method: string, path: string, headers: Record<string, string>) => boolean; status: number; retryAfterSec?: number; unapplied?: boolean; global?: boolean; times: number }[] = [];
  /** Every HTTP request received, in arrival order. */
  readonly requests: RecordedRequest[] = [];
  private readonly waiters = new Map<string, ResponseWaiter[]>();
  /** DMs and group DMs opened by the tests. */
  private readonly privateChannels = new Map<string, FakePrivateChannel>();
  private readonly requestWaiters = new Set<() => void>();
  /** Set in HTTP interactions mode: the deliveries and their outcomes. */
  http: HttpInteractions | null = null;

  private constructor(
    /** e.g. 'http://127.0.0.1:PORT/api' (no trailing slash): what DISCORD_API_BASE / rest.api is set to. */
    readonly apiBase: string,
    /** The application id (also the webhook id of interaction replies). */
    readonly applicationId: string,
    /** The bot token the fake accepts. */
    readonly token: string,
    /** The bot user's id. */
    readonly botUserId: string,
    private readonly server: Server,
    private readonly gateway: Gateway,
    private readonly rest: RestApi,
    private readonly store: MessageStore,
    private readonly ids: IdGenerator,
    private readonly guilds: FakeGuild[],
    /** OAuth2 codes and Activity instances (the full view's sign-in). */
    readonly oauth: FakeOAuth,
  ) {}

  /** Starts the HTTP + gateway server on a free 127.0.0.1 port. */
  static async start(opts: FakeDiscordOptions = {}): Promise<FakeDiscord> {
    const guilds = structuredClone(opts.guilds ?? [DEFAULT_GUILD]);
    const applicationId = opts.applicationId ?? '1200000000000000001';
    const botUserId = opts.botUserId ?? applicationId;
    const token = opts.token ?? 'fake-bot-token.MTIwMDAwMDAwMDAwMDAwMDAwMQ.fake';
    const botUser: FakeUser = { id: botUserId, username: 'Channel Crawler', discriminator: '0000', global_name: null, avatar: null, bot: true };
    const ids = new IdGenerator();
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const gatewayUrl = `ws://127.0.0.1:${port}`;
    const store = new MessageStore(ids, botUser, applicationId, `${base}/attachments`);
    // The REST side reports callbacks to the fake, which exists only once REST and gateway do.
    const ref: { fake?: FakeDiscord } = {};
    const oauth = new FakeOAuth(applicationId);
    const rest = new RestApi({
      token,
      applicationId,
      botUser,
      guilds,
      gatewayUrl,
      ids,
      messages: store,
      ackWindowMs: opts.ackWindowMs ?? 3000,
      tokenLifetimeMs: opts.tokenLifetimeMs ?? 15 * 60_000,
      onCallback: (rec) => ref.fake?.resolveWaiters(rec),
      oauth,
    });
    const gateway = new Gateway({ server, token, botUser, applicationId, url: gatewayUrl, guilds, heartbeatIntervalMs: opts.heartbeatIntervalMs ?? 41_250 });
    const fake = new FakeDiscord(`${base}/api`, applicationId, token, botUserId, server, gateway, rest, store, ids, guilds, oauth);
    ref.fake = fake;
    if (opts.http) fake.deliverOverHttp(opts.http);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void fake.onRequest(req, res));
    return fake;
  }

  /** Switches to HTTP interactions mode (e.g. once the bot's endpoint is listening): later interactions are POSTed there. */
  deliverOverHttp(opts: HttpInteractionsOptions): HttpInteractions {
    this.http?.close();
    this.http = new HttpInteractions(opts, this.rest);
    return this.http;
  }

  /** Resolves when a client has IDENTIFIED and been sent READY + GUILD_CREATEs (at once if one is connected; also after a RESUME). */
  /**
   * The next `times` requests that `match` fail: with `status` (e.g. 500), or with a 429 and Retry-After when
   * `retryAfterSec` is given (`global`: Discord's global limit, with X-RateLimit-Global, scope `global`). The route
   * still runs (Discord applied it, the answer was lost) unless `unapplied` is set.
   */
  failRequests(match: (method: string, path: string, headers: Record<string, string>) => boolean, fault: { status?: number; retryAfterSec?: number; unapplied?: boolean; global?: boolean }, times = 1): void {
    this.faults.push({ match, status: fault.status ?? 500, ...(fault.retryAfterSec !== undefined ? { retryAfterSec: fault.retryAfterSec } : {}), ...(fault.unapplied ? { unapplied: true } : {}), ...(fault.global ? { global: true } : {}), times });
  }

  /**
   * Makes every message look `ms` older than it is, for Discord's rule on messages older than one hour (at most 3
   * channel-API edits per 6 s per channel, else 30046). 0 undoes it.
   */
  ageMessages(ms: number): void {
    this.rest.ageOffsetMs = ms;
  }

  /** Sets what the bot may do in a channel (its channel-API requests are checked, app_permissions reports it); null: the default. */
  setBotPermissions(channelId: string, bits: bigint | null): void {
    if (bits === null) this.rest.botPermissions.delete(channelId);
    else this.rest.botPermissions.set(channelId, bits);
  }

  /** Forgets every injected fault. */
  clearFaults(): void {
    this.faults.length = 0;
  }

  /** Invalidates every gateway session (op 9), as Discord may when two processes hold the same shard. */
  invalidateSessions(): void {
    this.gateway.invalidateSessions();
  }

  waitForClient(timeoutMs = 5000): Promise<void> {
    return this.gateway.waitForClient(timeoutMs);
  }

  /** How many connected clients hold each shard of `count` (index = shard id). */
  shardHolders(count: number): number[] {
    return this.gateway.shardHolders(count);
  }

  /** Opens a DM between `user` and the bot (context 1 when the bot's own DM). */
  openDm(user: FakeActor): FakePrivateChannel {
    const channel: FakePrivateChannel = { id: this.ids.next(), type: 1, recipients: [user] };
    this.privateChannels.set(channel.id, channel);
    return channel;
  }

  /** Opens a group DM of `users` (context 2): the bot is not in it, so its channel routes answer 404. */
  openGroupDm(users: FakeActor[]): FakePrivateChannel {
    const channel: FakePrivateChannel = { id: this.ids.next(), type: 3, recipients: [...users] };
    this.privateChannels.set(channel.id, channel);
    return channel;
  }

  /**
   * Requests made with the bot token while serving players (channel API and the like; not the gateway login nor
   * command registration): interaction callbacks and webhooks carry none.
   */
  botTokenRequests(): RecordedRequest[] {
    return this.requests.filter((r) => (r.headers.authorization ?? '').startsWith('Bot ') && r.path !== '/gateway/bot' && !/^\/applications\/\d+\/(guilds\/\d+\/)?commands/.test(r.path));
  }

  /** Sends an APPLICATION_COMMAND (type 2) chat-input interaction; returns the interaction id/token. */
  async sendCommand(input: PlaceInput & { name: string; options?: unknown[] }): Promise<{ id: string; token: string }> {
    const guild = input.guildId !== undefined ? this.guild(input.guildId, input.channelId) : null;
    const registered = [...(guild ? (this.rest.commandsByScope.get(guild.id) ?? []) : []), ...(this.rest.commandsByScope.get('') ?? [])].find((c) => c.name === input.name && c.type === 1);
    if (registered) this.checkOffered(registered as { contexts?: number[]; integration_types?: number[] }, input, guild);
    const data: Record<string, unknown> = { id: registered?.id ?? this.ids.next(), name: input.name, type: 1 };
    if (registered?.guild_id !== undefined) data.guild_id = registered.guild_id;
    if (input.options !== undefined) data.options = input.options;
    return this.dispatchInteraction(2, guild, input, data, { commandName: input.name });
  }

  /** Sends a MESSAGE_COMPONENT (type 3) button press on a message the fake knows, carrying the full message object. */
  async pressButton(input: PlaceInput & { messageId: string; customId: string }): Promise<{ id: string; token: string }> {
    const guild = input.guildId !== undefined ? this.guild(input.guildId, input.channelId) : null;
    const message = this.store.get(input.messageId);
    if (!message) throw new Error(`fake-discord: pressButton: unknown message ${input.messageId}`);
    const button = message.components.flatMap((row) => row.components ?? []).find((c) => c.custom_id === input.customId);
    if (!button) throw new Error(`fake-discord: pressButton: message ${input.messageId} has no component with custom_id ${JSON.stringify(input.customId)}`);
    if (button.type !== 2) throw new Error(`fake-discord: pressButton: ${input.customId} is not a button`);
    if (button.disabled === true) throw new Error(`fake-discord: pressButton: button ${input.customId} is disabled; Discord would not send the press`);
    return this.dispatchInteraction(3, guild, input, { custom_id: input.customId, component_type: 2 }, { messageId: message.id, message });
  }

  /**
   * Sends an interaction of a kind the bot does not serve: autocomplete (4), a modal submit (5), a select menu (3,
   * component 3), a user or message context-menu command (2, command type 2 or 3), or an unknown type (99).
   */
  async sendOther(kind: 'autocomplete' | 'modal' | 'select' | 'user-menu' | 'message-menu' | 'unknown', input: { guildId: string; channelId: string; user: FakeActor; messageId?: string }): Promise<{ id: string; token: string }> {
    const guild = this.guild(input.guildId, input.channelId);
    const message = input.messageId ? this.store.get(input.messageId) : undefined;
    switch (kind) {
      case 'autocomplete':
        return this.dispatchInteraction(4, guild, input, { id: this.ids.next(), name: 'rogue', type: 1, options: [{ type: 1, name: 'move', options: [{ type: 3, name: 'direction', value: 'n', focused: true }] }] }, { commandName: 'rogue' });
      case 'modal':
        return this.dispatchInteraction(5, guild, input, { custom_id: 'some-modal', components: [] }, {});
      case 'select':
        if (!message) throw new Error('fake-discord: sendOther(select) needs a message');
        return this.dispatchInteraction(3, guild, input, { custom_id: 'some-select', component_type: 3, values: ['a'] }, { messageId: message.id, message });
      case 'user-menu':
        return this.dispatchInteraction(2, guild, input, { id: this.ids.next(), name: 'Inspect', type: 2, target_id: input.user.id, resolved: { users: { [input.user.id]: { id: input.user.id, username: input.user.username, discriminator: '0', global_name: null, avatar: null } } } }, { commandName: 'Inspect' });
      case 'message-menu':
        if (!message) throw new Error('fake-discord: sendOther(message-menu) needs a message');
        return this.dispatchInteraction(2, guild, input, { id: this.ids.next(), name: 'Quote', type: 3, target_id: message.id, resolved: { messages: { [message.id]: message } } }, { commandName: 'Quote' });
      case 'unknown':
        return this.dispatchInteraction(99, guild, input, {}, {});
    }
  }

  /** Sends a slash command whose payload lacks what discord.js needs to build it: a member without its user. */
  async sendMalformed(input: { guildId: string; channelId: string; user: FakeActor }): Promise<{ id: string; token: string }> {
    const guild = this.guild(input.guildId, input.channelId);
    return this.dispatchInteraction(2, guild, input, { id: this.ids.next(), name: 'rogue', type: 1, options: [{ type: 1, name: 'help' }] }, { commandName: 'rogue', malformed: true });
  }

  /** Waits until the bot has answered the interaction (callback accepted); returns the callback body {type, data}. */
  waitForResponse(interactionId: string, timeoutMs = 4000): Promise<InteractionCallback> {
    const rec = this.rest.interactions.get(interactionId);
    if (!rec) return Promise.reject(new Error(`fake-discord: unknown interaction ${interactionId}`));
    if (rec.callback) return Promise.resolve(rec.callback);
    return new Promise((resolve, reject) => {
      const waiter: ResponseWaiter = {
        resolve: (cb) => {
          clearTimer(timer);
          resolve(cb);
        },
      };
      const timer = setTimer(() => {
        const list = this.waiters.get(interactionId) ?? [];
        this.waiters.set(interactionId, list.filter((w) => w !== waiter));
        const tried = this.requests.filter((r) => r.path.startsWith(`/interactions/${interactionId}/`));
        const detail = tried.length ? ` (callbacks rejected: ${tried.map((r) => `${r.status} ${JSON.stringify(r.response)}`).join('; ')})` : ' (no callback received)';
        reject(new Error(`fake-discord: interaction ${interactionId} not answered within ${timeoutMs} ms${detail}`));
      }, timeoutMs);
      const list = this.waiters.get(interactionId) ?? [];
      list.push(waiter);
      this.waiters.set(interactionId, list);
    });
  }

  /** Resolves with the first recorded request (already received or future) that matches; rejects after timeoutMs. */
  waitForRequest(match: (r: RecordedRequest) => boolean, timeoutMs = 4000): Promise<RecordedRequest> {
    const found = this.requests.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const hit = this.requests.find(match);
        if (!hit) return;
        clearTimer(timer);
        this.requestWaiters.delete(check);
        resolve(hit);
      };
      const timer = setTimer(() => {
        this.requestWaiters.delete(check);
        reject(new Error(`fake-discord: no matching request within ${timeoutMs} ms`));
      }, timeoutMs);
      this.requestWaiters.add(check);
    });
  }

  /** Current content of stored messages (bot posts, interaction replies, edits, follow-ups), oldest first, optionally of one channel. */
  messages(channelId?: string): FakeMessage[] {
    return this.store.list(channelId);
  }

  /** One stored message by id (undefined when unknown or deleted). */
  message(id: string): FakeMessage | undefined {
    return this.store.get(id);
  }

  /** The `@original` message of an interaction (its reply, or for components the message the button was on). */
  originalMessage(interactionId: string): FakeMessage | undefined {
    const id = this.rest.interactions.get(interactionId)?.originalId;
    return id === undefined ? undefined : this.store.get(id);
  }

  /** The interactions answered with LAUNCH_ACTIVITY (type 12): who opened the Activity where, and its instance. */
  activityLaunches(): { interactionId: string; userId: string; guildId: string; channelId: string; instanceId: string }[] {
    return [...this.rest.interactions.values()].flatMap((r) =>
      r.activityInstanceId === undefined ? [] : [{ interactionId: r.id, userId: r.user.id, guildId: r.guildId, channelId: r.channelId, instanceId: r.activityInstanceId }],
    );
  }

  /** Registered application commands: global ones without a guildId, else that guild's. */
  commands(guildId?: string): unknown[] {
    return [...(this.rest.commandsByScope.get(guildId ?? '') ?? [])];
  }

  /** Requests Discord rejected as an invalid body (400 with 50035 Invalid Form Body or 50006 empty message). */
  violations(): RecordedRequest[] {
    return this.requests.filter((r) => r.status === 400 && isCode(r.response, [50035, 50006]));
  }

  /** Every request answered with a 4xx/5xx status (violations, double acks, late callbacks, unknown routes…). */
  failures(): RecordedRequest[] {
    return this.requests.filter((r) => r.status >= 400);
  }

  /** Drops the gateway connection (the client resumes on a new one). */
  disconnectClients(): void {
    this.gateway.disconnectAll();
  }

  /** Asks connected clients to reconnect and resume (gateway op 7), as Discord does before maintenance. */
  requestReconnect(): void {
    this.gateway.requestReconnect();
  }

  /** Stops the fake; call it AFTER client.destroy(). */
  async close(): Promise<void> {
    await this.http?.settled();
    this.http?.close();
    await this.gateway.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private guild(guildId: string, channelId: string): FakeGuild {
    const guild = this.guilds.find((g) => g.id === guildId);
    if (!guild) throw new Error(`fake-discord: unknown guild ${guildId}`);
    if (!guild.channels.some((c) => c.id === channelId)) throw new Error(`fake-discord: guild ${guildId} has no channel ${channelId}`);
    return guild;
  }

  /**
   * Discord offers a command only where its `contexts` and `integration_types` allow (0 guild, 1 bot DM, 2 private
   * channel; 0 guild install, 1 user install): a test that uses it elsewhere is a test of something Discord never sends.
   */
  private checkOffered(cmd: { contexts?: number[]; integration_types?: number[] }, input: PlaceInput, guild: FakeGuild | null): void {
    const context = this.contextOf(input, guild);
    const install = input.install ?? (guild ? 'guild' : 'user');
    const types = install === 'both' ? [0, 1] : install === 'guild' ? [0] : [1];
    if (cmd.contexts && !cmd.contexts.includes(context)) throw new Error(`fake-discord: the command is not offered in context ${context}`);
    if (cmd.integration_types && !types.some((t) => cmd.integration_types!.includes(t))) throw new Error(`fake-discord: the command is not offered to a ${install} install`);
  }

  private contextOf(input: PlaceInput, guild: FakeGuild | null): 0 | 1 | 2 {
    if (guild) return 0;
    return this.privateChannels.get(input.channelId)?.type === 1 ? 1 : 2;
  }

  /** A private channel's interaction fields: no guild, no member, `user`, the channel with its type, context 1 or 2. */
  private privatePayload(input: PlaceInput, user: FakeUser): Record<string, unknown> {
    const channel = this.privateChannels.get(input.channelId);
    if (!channel) throw new Error(`fake-discord: unknown private channel ${input.channelId}`);
    if (!channel.recipients.some((r) => r.id === input.user.id)) throw new Error(`fake-discord: ${input.user.username} is not in channel ${channel.id}`);
    const install = input.install ?? 'user';
    if (channel.type === 3 && install !== 'user') throw new Error('fake-discord: an app reaches a group DM only through a user install');
    const owners: Record<string, string> = install === 'guild' ? {} : { '1': input.user.id };
    const recipients = channel.recipients.map((r) => ({ id: r.id, username: r.username, discriminator: '0', global_name: r.username, avatar: null }));
    return {
      channel: { id: channel.id, type: channel.type, recipients, ...(channel.type === 3 ? { name: null, owner_id: channel.recipients[0]!.id } : {}), last_message_id: null, flags: 0 },
      channel_id: channel.id,
      user,
      app_permissions: MEMBER_PERMS,
      authorizing_integration_owners: owners,
      context: this.contextOf(input, null),
    };
  }

  private dispatchInteraction(
    type: number,
    guild: FakeGuild | null,
    input: PlaceInput,
    data: Record<string, unknown>,
    extra: { commandName?: string; messageId?: string; message?: FakeMessage; malformed?: boolean },
  ): { id: string; token: string } {
    if (!guild) return this.dispatchPrivate(type, input, data, extra);
    const id = this.ids.next();
    const token = this.ids.token();
    const channel = guild.channels.find((c) => c.id === input.channelId)!;
    const user: FakeUser = { id: input.user.id, username: input.user.username, discriminator: '0', global_name: input.user.username, avatar: null };
    const payload: Record<string, unknown> = {
      id,
      application_id: this.applicationId,
      type,
      token,
      version: 1,
      guild_id: guild.id,
      guild: { id: guild.id, locale: 'en-US', features: [] },
      channel: { id: channel.id, type: 0, guild_id: guild.id, name: channel.name, position: guild.channels.indexOf(channel), permission_overwrites: [], parent_id: null, topic: null, nsfw: false, last_message_id: null, rate_limit_per_user: 0, flags: 0 },
      channel_id: channel.id,
      member: {
        user,
        roles: [],
        permissions: input.permissions ?? MEMBER_PERMS,
        joined_at: '2024-01-01T00:00:00.000000+00:00',
        premium_since: null,
        nick: null,
        avatar: null,
        banner: null,
        deaf: false,
        mute: false,
        pending: false,
        flags: 0,
        communication_disabled_until: null,
        unusual_dm_activity_until: null,
      },
      app_permissions: this.rest.permissionsIn(channel.id).toString(),
      locale: 'en-US',
      guild_locale: 'en-US',
      entitlements: [],
      entitlement_sku_ids: [],
      authorizing_integration_owners: ownersIn(guild.id, input),
      context: 0,
      attachment_size_limit: 10_485_760,
      data,
    };
    if (extra.message) payload.message = extra.message;
    if (extra.malformed) payload.member = { roles: [], permissions: input.permissions ?? MEMBER_PERMS };
    if ((input.install ?? 'guild') === 'user') (payload.member as { permissions: string }).permissions = memberWithExternalApps(input);
    const rec: InteractionRecord = { id, token, type, guildId: guild.id, channelId: channel.id, user, sentAt: now(), followupIds: [], ...(input.install === 'user' ? { userInstallOnly: true } : {}) };
    if (extra.commandName !== undefined) rec.commandName = extra.commandName;
    if (extra.messageId !== undefined) rec.messageId = extra.messageId;
    this.rest.register(rec);
    if (this.http) this.http.deliver({ ...payload, id, token });
    else this.gateway.dispatch('INTERACTION_CREATE', payload, guild.id);
    return { id, token };
  }

  private dispatchPrivate(type: number, input: PlaceInput, data: Record<string, unknown>, extra: { commandName?: string; messageId?: string; message?: FakeMessage }): { id: string; token: string } {
    const id = this.ids.next();
    const token = this.ids.token();
    const user: FakeUser = { id: input.user.id, username: input.user.username, discriminator: '0', global_name: input.user.username, avatar: null };
    const payload: Record<string, unknown> = {
      id,
      application_id: this.applicationId,
      type,
      token,
      version: 1,
      ...this.privatePayload(input, user),
      locale: 'en-US',
      entitlements: [],
      entitlement_sku_ids: [],
      attachment_size_limit: 10_485_760,
      data,
    };
    if (extra.message) payload.message = extra.message;
    const userOnly = (input.install ?? 'user') === 'user';
    const rec: InteractionRecord = { id, token, type, guildId: '', channelId: input.channelId, user, sentAt: now(), followupIds: [], ...(userOnly ? { userInstallOnly: true } : {}) };
    if (extra.commandName !== undefined) rec.commandName = extra.commandName;
    if (extra.messageId !== undefined) rec.messageId = extra.messageId;
    this.rest.register(rec);
    // DMs go to shard 0 (Discord: guild_id 0).
    if (this.http) this.http.deliver({ ...payload, id, token });
    else this.gateway.dispatch('INTERACTION_CREATE', payload, '0');
    return { id, token };
  }

  private resolveWaiters(rec: InteractionRecord): void {
    const list = this.waiters.get(rec.id);
    if (!list || !rec.callback) return;
    this.waiters.delete(rec.id);
    for (const w of list) w.resolve(rec.callback);
  }

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const at = now();
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const rawPath = url.pathname.replace(/^\/api(\/v\d+)?/, '');
    const path = rawPath
      .split('/')
      .map((seg) => {
        try {
          return decodeURIComponent(seg);
        } catch {
          return seg;
        }
      })
      .join('/');
    const query: Record<string, string> = {};
    for (const [k, v] of url.searchParams) query[k] = v;
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
    const method = (req.method ?? 'GET').toUpperCase();
    let result: RestResult;
    let body: unknown;
    try {
      const parsed = await parseBody(headers['content-type'], await readBody(req));
      body = parsed.files.length ? { ...(typeof parsed.json === 'object' && parsed.json !== null ? parsed.json : {}), files: parsed.files } : parsed.json;
      const refusedFirst = this.faults.some((f) => f.times > 0 && f.unapplied && f.match(method, path, headers));
      result = refusedFirst
        ? { status: 500, body: { message: 'injected failure (not applied)', code: 0 } }
        : parsed.invalid
        ? { status: 400, body: { code: 50109, message: 'The request body contains invalid JSON.' } }
        : url.pathname.startsWith('/api/')
          ? this.rest.handle({ method, path, query, headers, json: parsed.json, files: parsed.files })
          : { status: 404, body: { message: '404: Not Found', code: 0 } };
    } catch (e) {
      result = { status: 500, body: { message: `fake-discord internal error: ${(e as Error).message}`, code: 0 } };
    }
    // An injected fault (failRequests) answers instead of the route, the way Discord fails: 5xx, or 429 with Retry-After.
    const fault = this.faults.find((f) => f.times > 0 && f.match(method, path, headers));
    let retryAfterSec: number | undefined;
    const global = fault?.global === true;
    if (fault) {
      fault.times--;
      retryAfterSec = fault.retryAfterSec;
      result = retryAfterSec !== undefined ? { status: 429, body: { message: 'You are being rate limited.', retry_after: retryAfterSec, global } } : { status: fault.status, body: { message: 'injected failure', code: 0 } };
    }
    const rec: RecordedRequest = { method, path, query, headers, body, status: result.status, at };
    if (result.body !== undefined) rec.response = result.body;
    this.requests.push(rec);
    const nowSec = now() / 1000;
    res.setHeader('X-RateLimit-Limit', '50');
    res.setHeader('X-RateLimit-Remaining', '49');
    res.setHeader('X-RateLimit-Reset', (nowSec + 1).toFixed(3));
    res.setHeader('X-RateLimit-Reset-After', '1.000');
    res.setHeader('X-RateLimit-Bucket', createHash('sha1').update(this.rest.bucketOf(method, path)).digest('hex').slice(0, 32));
    if (retryAfterSec !== undefined) {
      res.setHeader('Retry-After', String(retryAfterSec));
      res.setHeader('X-RateLimit-Remaining', '0');
      res.setHeader('X-RateLimit-Reset-After', retryAfterSec.toFixed(3));
      res.setHeader('X-RateLimit-Scope', global ? 'global' : 'user');
      if (global) res.setHeader('X-RateLimit-Global', 'true');
    }
    if (result.body === undefined) {
      res.writeHead(result.status).end();
    } else {
      res.writeHead(result.status, { 'Content-Type': 'application/json' }).end(JSON.stringify(result.body));
    }
    for (const check of [...this.requestWaiters]) check();
  }
}

/** authorizing_integration_owners of a guild interaction: "0" the guild (server install), "1" the user (user install). */
function ownersIn(guildId: string, input: PlaceInput): Record<string, string> {
  const install = input.install ?? 'guild';
  return { ...(install !== 'user' ? { '0': guildId } : {}), ...(install !== 'guild' ? { '1': input.user.id } : {}) };
}

/** The member's permissions where only the user installed the app: Use External Apps unless the server turned it off. */
function memberWithExternalApps(input: PlaceInput): string {
  const base = BigInt(input.permissions ?? MEMBER_PERMS);
  return (input.externalApps === false ? base & ~PERMS.USE_EXTERNAL_APPS : base | PERMS.USE_EXTERNAL_APPS).toString();
}

function isCode(body: unknown, codes: number[]): boolean {
  return typeof body === 'object' && body !== null && 'code' in body && codes.includes((body as { code: unknown }).code as number);
}
