/** The fake REST API: routes, auth, interaction callbacks and webhooks, message limits, command storage. */
import { now } from './clock.js';
import type { FakeGuild, FakeMessage, FakeUser, InteractionCallback, MessageData, RecordedFile } from './types.js';
import { matchPath } from './http.js';
import { snowflakeTime, type IdGenerator } from './ids.js';
import { validateCommand, validateCommands, validateMessage, type DiscordError } from './limits.js';
import { EPHEMERAL, LOADING, MessageStore, isError } from './messages.js';
import { BOT_PERMS, PERMS } from './permissions.js';
import type { FakeOAuth } from './oauth.js';

/** What a route answers: status and JSON body (undefined for 204). */
export interface RestResult {
  status: number;
  body?: unknown;
}

/** A request as routes see it. */
export interface RestRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  json: unknown;
  files: RecordedFile[];
}

/** An interaction the fake sent, and what the bot did with it. */
export interface InteractionRecord {
  id: string;
  token: string;
  /** 2 application command, 3 message component. */
  type: number;
  guildId: string;
  channelId: string;
  user: FakeUser;
  commandName?: string;
  /** For components: the message the button sits on. */
  messageId?: string;
  sentAt: number;
  callback?: InteractionCallback;
  /** The message `@original` refers to, once there is one. */
  originalId?: string;
  followupIds: string[];
  /** Only the user installed the app for this interaction: Discord allows it at most 5 follow-ups. */
  userInstallOnly?: boolean;
  /** Answered with LAUNCH_ACTIVITY (type 12): the Activity instance Discord opened for it. */
  activityInstanceId?: string;
}

/** Follow-ups an interaction of an app installed by the user only may create (Discord, 2024-06-27). */
export const USER_INSTALL_FOLLOWUPS = 5;

/** Configuration of the REST side. */
export interface RestOptions {
  token: string;
  applicationId: string;
  botUser: FakeUser;
  guilds: FakeGuild[];
  gatewayUrl: string;
  ids: IdGenerator;
  messages: MessageStore;
  /** How long after dispatch the first callback is accepted (Discord: 3 s). */
  ackWindowMs: number;
  /** How long the interaction token works for webhooks (Discord: 15 min). */
  tokenLifetimeMs: number;
  onCallback: (rec: InteractionRecord) => void;
  /** OAuth2 codes, access tokens and Activity instances. */
  oauth: FakeOAuth;
}

/** A stored application command, as Discord returns it. */
export type StoredCommand = Record<string, unknown> & { id: string; name: string; type: number };

type Handler = (req: RestRequest, params: Record<string, string>) => RestResult;

const err = (status: number, code: number, message: string): RestResult => ({ status, body: { code, message } });
const formError = (e: DiscordError): RestResult => ({ status: 400, body: e });
const UNAUTHORIZED: RestResult = { status: 401, body: { message: '401: Unauthorized', code: 0 } };
const NOT_FOUND: RestResult = { status: 404, body: { message: '404: Not Found', code: 0 } };
const UNKNOWN_INTERACTION = (): RestResult => err(404, 10062, 'Unknown interaction');
const UNKNOWN_WEBHOOK = (): RestResult => err(404, 10015, 'Unknown Webhook');
const UNKNOWN_MESSAGE = (): RestResult => err(404, 10008, 'Unknown Message');
const OLD_MESSAGE_EDITS = (): RestResult => err(400, 30046, 'Maximum number of edits to messages older than 1 hour reached. Try again later');
const UNKNOWN_CHANNEL = (): RestResult => err(404, 10003, 'Unknown Channel');
const ALREADY_ACKED = (): RestResult => err(400, 40060, 'Interaction has already been acknowledged.');
const MISSING_PERMISSIONS = (): RestResult => err(403, 50013, 'Missing Permissions');

/** Flags a bot may set when creating a message (ephemeral only through interactions). */
const CREATE_FLAGS = 4 | 4096 | 32768;

function asData(v: unknown): MessageData {
  return typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as MessageData) : {};
}

/** The REST routes and the state they act on. */
export class RestApi {
  /** Interactions by id. */
  readonly interactions = new Map<string, InteractionRecord>();
  private readonly byToken = new Map<string, InteractionRecord>();
  /** Commands by scope: '' for global, else the guild id. */
  readonly commandsByScope = new Map<string, StoredCommand[]>();
  private readonly routes: [string, string, Handler, boolean][] = [];
  /** The bot's permissions per channel (default BOT_PERMS), as app_permissions and channel-API requests see them. */
  readonly botPermissions = new Map<string, bigint>();

  /** The bot's permission bits in a channel. */
  permissionsIn(channelId: string): bigint {
    return this.botPermissions.get(channelId) ?? BigInt(BOT_PERMS);
  }

  /**
   * Discord's check of a channel-API post or edit by the bot: View Channel (and Send Messages to post), Embed Links
   * for embeds, Attach Files for uploads; 403 50013 when one is missing.
   */
  private refused(channelId: string, data: MessageData, files: readonly RecordedFile[], post: boolean): RestResult | null {
    const has = this.permissionsIn(channelId);
    if ((has & PERMS.ADMINISTRATOR) !== 0n) return null;
    let need = PERMS.VIEW_CHANNEL;
    if (post) need |= PERMS.SEND_MESSAGES;
    if (Array.isArray(data.embeds) && data.embeds.length > 0) need |= PERMS.EMBED_LINKS;
    if (files.length > 0) need |= PERMS.ATTACH_FILES;
    return (has & need) === need ? null : MISSING_PERMISSIONS();
  }

  constructor(private readonly o: RestOptions) {
    const r = (method: string, pattern: string, h: Handler, auth = true): void => void this.routes.push([method, pattern, h, auth]);
    r('GET', '/gateway', () => ({ status: 200, body: { url: o.gatewayUrl } }), false);
    r('GET', '/gateway/bot', () => ({
      status: 200,
      body: { url: o.gatewayUrl, shards: 1, session_start_limit: { total: 1000, remaining: 999, reset_after: 14_400_000, max_concurrency: 1 } },
    }));
    // With a Bearer token: the user who authorised (OAuth2); with the bot token: the bot.
    r('GET', '/users/@me', (q) => {
      const user = o.oauth.userOf(q.headers.authorization);
      if (user) return { status: 200, body: user };
      return q.headers.authorization === `Bot ${o.token}` ? { status: 200, body: o.botUser } : UNAUTHORIZED;
    }, false);
    r('POST', '/oauth2/token', (q) => o.oauth.token(q.json as Record<string, string>), false);
    r('GET', '/applications/:app/activity-instances/:instance', (q, p) => o.oauth.instance(p.app!, p.instance!));
    r('GET', '/applications/@me', () => ({ status: 200, body: this.application() }));
    r('GET', '/oauth2/applications/@me', () => ({ status: 200, body: this.application() }));
    for (const scope of ['/applications/:app/commands', '/applications/:app/guilds/:guild/commands']) {
      r('GET', scope, (q, p) => this.withScope(p, (s) => ({ status: 200, body: this.commandsByScope.get(s) ?? [] })));
      r('PUT', scope, (q, p) => this.withScope(p, (s) => this.putCommands(s, p.guild, q.json)));
      r('POST', scope, (q, p) => this.withScope(p, (s) => this.upsertCommand(s, p.guild, q.json)));
      r('GET', `${scope}/:cmd`, (q, p) => this.withScope(p, (s) => this.oneCommand(s, p.cmd!)));
      r('PATCH', `${scope}/:cmd`, (q, p) => this.withScope(p, (s) => this.patchCommand(s, p.cmd!, q.json)));
      r('DELETE', `${scope}/:cmd`, (q, p) => this.withScope(p, (s) => this.deleteCommand(s, p.cmd!)));
    }
    r('POST', '/interactions/:id/:token/callback', (q, p) => this.callback(q, p.id!, p.token!), false);
    r('POST', '/webhooks/:app/:token', (q, p) => this.followUp(q, p.app!, p.token!), false);
    r('GET', '/webhooks/:app/:token/messages/:msg', (q, p) => this.webhookMessage(q, p, 'GET'), false);
    r('PATCH', '/webhooks/:app/:token/messages/:msg', (q, p) => this.webhookMessage(q, p, 'PATCH'), false);
    r('DELETE', '/webhooks/:app/:token/messages/:msg', (q, p) => this.webhookMessage(q, p, 'DELETE'), false);
    r('GET', '/channels/:c', (q, p) => this.getChannel(p.c!));
    r('GET', '/channels/:c/messages', (q, p) => this.listMessages(q, p.c!));
    r('POST', '/channels/:c/messages', (q, p) => this.createMessage(q, p.c!));
    r('GET', '/channels/:c/messages/:m', (q, p) => this.channelMessage(q, p.c!, p.m!, 'GET'));
    r('PATCH', '/channels/:c/messages/:m', (q, p) => this.channelMessage(q, p.c!, p.m!, 'PATCH'));
    r('DELETE', '/channels/:c/messages/:m', (q, p) => this.channelMessage(q, p.c!, p.m!, 'DELETE'));
    r('GET', '/guilds/:g', (q, p) => this.getGuild(p.g!));
    r('GET', '/guilds/:g/channels', (q, p) => {
      const g = o.guilds.find((x) => x.id === p.g);
      return g ? { status: 200, body: g.channels.map((c) => this.channelObject(g, c)) } : err(404, 10004, 'Unknown Guild');
    });
  }

  /** Routes one request; unknown routes answer 404 like Discord. */
  handle(req: RestRequest): RestResult {
    for (const [method, pattern, handler, auth] of this.routes) {
      if (method !== req.method) continue;
      const params = matchPath(pattern, req.path);
      if (!params) continue;
      if (auth && req.headers.authorization !== `Bot ${this.o.token}`) return UNAUTHORIZED;
      const notId = notSnowflake(params);
      if (notId) return { status: 400, body: { code: 50035, message: 'Invalid Form Body', errors: { [notId]: { _errors: [{ code: 'NUMBER_TYPE_COERCE', message: 'Value is not snowflake.' }] } } } };
      return handler(req, params);
    }
    return NOT_FOUND;
  }

  /** Remembers an interaction just dispatched, so callbacks and webhooks can find it. */
  register(rec: InteractionRecord): void {
    this.interactions.set(rec.id, rec);
    this.byToken.set(rec.token, rec);
  }

  /** The route template of a path, for the X-RateLimit-Bucket header. */
  bucketOf(method: string, path: string): string {
    for (const [m, pattern] of this.routes) if (m === method && matchPath(pattern, path)) return `${m}:${pattern}`;
    return `${method}:unknown`;
  }

  private application(): Record<string, unknown> {
    return {
      id: this.o.applicationId,
      name: this.o.botUser.username,
      icon: null,
      description: 'A fake application for end-to-end tests',
      bot_public: true,
      bot_require_code_grant: false,
      verify_key: '0'.repeat(64),
      flags: 0,
      owner: { id: '1000000000000000001', username: 'owner', discriminator: '0', global_name: null, avatar: null },
      team: null,
      bot: this.o.botUser,
      approximate_guild_count: this.o.guilds.length,
      integration_types_config: { '0': {} },
    };
  }

  // ---- application commands ----

  private withScope(p: Record<string, string>, f: (scope: string) => RestResult): RestResult {
    if (p.app !== this.o.applicationId) return err(403, 50001, 'Missing Access');
    if (p.guild !== undefined && !this.o.guilds.some((g) => g.id === p.guild)) return err(403, 50001, 'Missing Access');
    return f(p.guild ?? '');
  }

  private stored(scope: string, guildId: string | undefined, raw: Record<string, unknown>, id?: string): StoredCommand {
    const cmd: StoredCommand = {
      ...raw,
      id: id ?? this.o.ids.next(),
      application_id: this.o.applicationId,
      version: this.o.ids.next(),
      type: typeof raw.type === 'number' ? raw.type : 1,
      name: String(raw.name),
      description: typeof raw.description === 'string' ? raw.description : '',
      default_member_permissions: raw.default_member_permissions ?? null,
      nsfw: raw.nsfw ?? false,
    };
    if (guildId !== undefined) cmd.guild_id = guildId;
    else cmd.integration_types = raw.integration_types ?? [0];
    void scope;
    return cmd;
  }

  private putCommands(scope: string, guildId: string | undefined, json: unknown): RestResult {
    const bad = validateCommands(json);
    if (bad) return formError(bad);
    const old = this.commandsByScope.get(scope) ?? [];
    // Discord refuses an overwrite that would remove the app's Entry Point command (type 4).
    const listsEntryPoint = (json as Record<string, unknown>[]).some((c) => c.type === 4);
    if (old.some((c) => c.type === 4) && !listsEntryPoint) {
      return err(400, 50240, "You cannot remove this app's Entry Point command in a bulk update operation. Please include the Entry Point command in your update request or delete it separately.");
    }
    // An overwrite keeps the ids of commands that keep their name, as Discord does.
    const list = (json as Record<string, unknown>[]).map((raw) => {
      const same = old.find((c) => c.name === raw.name && c.type === (typeof raw.type === 'number' ? raw.type : 1));
      return this.stored(scope, guildId, raw, same?.id);
    });
    this.commandsByScope.set(scope, list);
    return { status: 200, body: list };
  }

  private upsertCommand(scope: string, guildId: string | undefined, json: unknown): RestResult {
    const bad = validateCommand(json);
    if (bad) return formError(bad);
    const raw = json as Record<string, unknown>;
    const list = [...(this.commandsByScope.get(scope) ?? [])];
    const i = list.findIndex((c) => c.name === raw.name);
    const cmd = this.stored(scope, guildId, raw, i >= 0 ? list[i]!.id : undefined);
    if (i >= 0) list[i] = cmd;
    else list.push(cmd);
    this.commandsByScope.set(scope, list);
    return { status: i >= 0 ? 200 : 201, body: cmd };
  }

  private oneCommand(scope: string, id: string): RestResult {
    const cmd = (this.commandsByScope.get(scope) ?? []).find((c) => c.id === id);
    return cmd ? { status: 200, body: cmd } : err(404, 10063, 'Unknown application command');
  }

  private patchCommand(scope: string, id: string, json: unknown): RestResult {
    const list = [...(this.commandsByScope.get(scope) ?? [])];
    const i = list.findIndex((c) => c.id === id);
    if (i < 0) return err(404, 10063, 'Unknown application command');
    const merged = { ...list[i]!, ...(asData(json) as Record<string, unknown>) };
    const bad = validateCommand(merged);
    if (bad) return formError(bad);
    list[i] = { ...merged, id, name: String(merged.name), type: list[i]!.type, version: this.o.ids.next() };
    this.commandsByScope.set(scope, list);
    return { status: 200, body: list[i] };
  }

  private deleteCommand(scope: string, id: string): RestResult {
    const list = this.commandsByScope.get(scope) ?? [];
    if (!list.some((c) => c.id === id)) return err(404, 10063, 'Unknown application command');
    this.commandsByScope.set(scope, list.filter((c) => c.id !== id));
    return { status: 204 };
  }

  // ---- interactions ----

  private callback(req: RestRequest, id: string, token: string): RestResult {
    const rec = this.interactions.get(id);
    if (!rec || rec.token !== token) return UNKNOWN_INTERACTION();
    if (rec.callback) return ALREADY_ACKED();
    if (now() - rec.sentAt > this.o.ackWindowMs) return UNKNOWN_INTERACTION();
    const body = asData(req.json) as { type?: unknown; data?: unknown };
    const type = body.type;
    const data = body.data === undefined ? undefined : asData(body.data);
    const typeError = (): RestResult =>
      formError({ code: 50035, message: 'Invalid Form Body', errors: { type: { _errors: [{ code: 'INTERACTION_RESPONSE_TYPE_INVALID', message: 'Interaction response type is invalid for this interaction.' }] } } });
    const isComponent = rec.type === 3;
    let resultMessage: FakeMessage | undefined;
    switch (type) {
      case 4: {
        const bad = validateMessage(data ?? {}, ['data']);
        if (bad) return formError(bad);
        const created = this.o.messages.create(
          { ...(data ?? {}), flags: ((data?.flags ?? 0) & (EPHEMERAL | CREATE_FLAGS)) },
          { channelId: rec.channelId, guildId: rec.guildId, type: isComponent ? 0 : 20, viaInteraction: this.via(rec), files: req.files },
        );
        if (isError(created)) return { status: 400, body: created };
        rec.originalId = created.id;
        resultMessage = created;
        break;
      }
      case 5: {
        const flags = (data?.flags ?? 0) & EPHEMERAL;
        const created = this.o.messages.create({ flags }, { channelId: rec.channelId, guildId: rec.guildId, type: isComponent ? 0 : 20, viaInteraction: this.via(rec), extraFlags: LOADING });
        if (isError(created)) return { status: 400, body: created };
        rec.originalId = created.id;
        resultMessage = created;
        break;
      }
      case 6:
      case 7: {
        if (!isComponent || rec.messageId === undefined) return typeError();
        if (type === 7) {
          const bad = validateMessage(data ?? {}, ['data']);
          if (bad) return formError(bad);
          const edited = this.o.messages.edit(rec.messageId, data ?? {}, req.files);
          if (!edited) return UNKNOWN_MESSAGE();
          if (isError(edited)) return { status: 400, body: edited };
          resultMessage = edited;
        } else {
          resultMessage = this.o.messages.get(rec.messageId);
        }
        rec.originalId = rec.messageId;
        break;
      }
      case 12:
        // LAUNCH_ACTIVITY: only an application command or a component may open the app's Activity, with no data.
        if ((rec.type !== 2 && rec.type !== 3) || data !== undefined) return typeError();
        rec.activityInstanceId = `i-${this.o.ids.next()}`;
        break;
      case 8:
      case 9:
      case 10:
        break;
      default:
        return typeError();
    }
    rec.callback = data === undefined ? { type } : { type, data };
    this.o.onCallback(rec);
    if (req.query.with_response !== 'true') return { status: 204 };
    return {
      status: 200,
      body: {
        interaction: {
          id: rec.id,
          type: rec.type,
          response_message_id: rec.originalId,
          response_message_loading: type === 5,
          response_message_ephemeral: resultMessage ? (resultMessage.flags & EPHEMERAL) !== 0 : false,
        },
        resource: resultMessage ? { type, message: resultMessage } : rec.activityInstanceId !== undefined ? { type, activity_instance: { id: rec.activityInstanceId } } : { type },
      },
    };
  }

  private via(rec: InteractionRecord): { id: string; type: number; user: FakeUser; name?: string; guildId: string } {
    const v: { id: string; type: number; user: FakeUser; name?: string; guildId: string } = { id: rec.id, type: rec.type, user: rec.user, guildId: rec.guildId };
    if (rec.commandName !== undefined) v.name = rec.commandName;
    return v;
  }

  /** The interaction behind a webhook URL, or the error Discord gives for it. */
  private webhookInteraction(app: string, token: string): InteractionRecord | RestResult {
    const rec = this.byToken.get(token);
    if (!rec || app !== this.o.applicationId || !rec.callback) return UNKNOWN_WEBHOOK();
    if (now() - rec.sentAt > this.o.tokenLifetimeMs) return err(401, 50027, 'Invalid Webhook Token');
    return rec;
  }

  private followUp(req: RestRequest, app: string, token: string): RestResult {
    const rec = this.webhookInteraction(app, token);
    if (!('id' in rec)) return rec;
    const data = asData(req.json);
    const bad = validateMessage(data);
    if (bad) return formError(bad);
    const original = rec.originalId !== undefined ? this.o.messages.get(rec.originalId) : undefined;
    if (rec.userInstallOnly && rec.followupIds.length >= USER_INSTALL_FOLLOWUPS && !(original && (original.flags & LOADING) !== 0)) {
      return err(400, 40094, 'This interaction has hit the maximum number of follow up messages');
    }
    let msg: FakeMessage | DiscordError | undefined;
    if (original && (original.flags & LOADING) !== 0) {
      // The first follow-up after a deferred reply replaces the "thinking" placeholder, as on Discord.
      msg = this.o.messages.edit(original.id, data, req.files);
    } else {
      msg = this.o.messages.create(
        { ...data, flags: (data.flags ?? 0) & (EPHEMERAL | CREATE_FLAGS) },
        { channelId: rec.channelId, guildId: rec.guildId, type: 0, viaInteraction: this.via(rec), files: req.files },
      );
      if (!isError(msg)) rec.followupIds.push(msg.id);
    }
    if (!msg) return UNKNOWN_MESSAGE();
    if (isError(msg)) return { status: 400, body: msg };
    return req.query.wait === 'false' ? { status: 204 } : { status: 200, body: msg };
  }

  private webhookMessage(req: RestRequest, p: Record<string, string>, method: 'GET' | 'PATCH' | 'DELETE'): RestResult {
    const rec = this.webhookInteraction(p.app!, p.token!);
    if (!('id' in rec)) return rec;
    const id = p.msg === '@original' ? rec.originalId : p.msg;
    if (id === undefined || (id !== rec.originalId && !rec.followupIds.includes(id))) return UNKNOWN_MESSAGE();
    const msg = this.o.messages.get(id);
    if (!msg) return UNKNOWN_MESSAGE();
    return this.messageOp(req, id, msg, method);
  }

  // ---- channels and guilds ----

  private findChannel(id: string): { guild: FakeGuild; channel: { id: string; name: string } } | undefined {
    for (const guild of this.o.guilds) {
      const channel = guild.channels.find((c) => c.id === id);
      if (channel) return { guild, channel };
    }
    return undefined;
  }

  private channelObject(guild: FakeGuild, c: { id: string; name: string }): Record<string, unknown> {
    return { id: c.id, type: 0, guild_id: guild.id, name: c.name, position: guild.channels.indexOf(c), permission_overwrites: [], parent_id: null, topic: null, nsfw: false, last_message_id: null, rate_limit_per_user: 0, flags: 0 };
  }

  private getChannel(id: string): RestResult {
    const found = this.findChannel(id);
    return found ? { status: 200, body: this.channelObject(found.guild, found.channel) } : UNKNOWN_CHANNEL();
  }

  private getGuild(id: string): RestResult {
    const g = this.o.guilds.find((x) => x.id === id);
    if (!g) return err(404, 10004, 'Unknown Guild');
    return {
      status: 200,
      body: { id: g.id, name: g.name, icon: null, owner_id: g.ownerId ?? '1000000000000000001', features: [], roles: [], emojis: [], stickers: [], preferred_locale: 'en-US', verification_level: 0, default_message_notifications: 0, explicit_content_filter: 0, mfa_level: 0, premium_tier: 0, nsfw_level: 0, system_channel_flags: 0 },
    };
  }

  /** Channel routes see only public messages: ephemeral ones exist only for their webhook. */
  private publicMessage(channelId: string, id: string): FakeMessage | undefined {
    const m = this.o.messages.get(id);
    return m && m.channel_id === channelId && (m.flags & EPHEMERAL) === 0 ? m : undefined;
  }

  private listMessages(req: RestRequest, channelId: string): RestResult {
    if (!this.findChannel(channelId)) return UNKNOWN_CHANNEL();
    const limit = Math.min(100, Math.max(1, Number(req.query.limit ?? 50) || 50));
    const list = this.o.messages.list(channelId).filter((m) => (m.flags & EPHEMERAL) === 0).reverse().slice(0, limit);
    return { status: 200, body: list };
  }

  private createMessage(req: RestRequest, channelId: string): RestResult {
    const found = this.findChannel(channelId);
    if (!found) return UNKNOWN_CHANNEL();
    const data = asData(req.json);
    const bad = validateMessage(data);
    if (bad) return formError(bad);
    const forbidden = this.refused(channelId, data, req.files, true);
    if (forbidden) return forbidden;
    const msg = this.o.messages.create({ ...data, flags: (data.flags ?? 0) & CREATE_FLAGS }, { channelId, guildId: found.guild.id, files: req.files });
    if (isError(msg)) return { status: 400, body: msg };
    return { status: 200, body: msg };
  }

  private channelMessage(req: RestRequest, channelId: string, id: string, method: 'GET' | 'PATCH' | 'DELETE'): RestResult {
    if (!this.findChannel(channelId)) return UNKNOWN_CHANNEL();
    const msg = this.publicMessage(channelId, id);
    if (!msg) return UNKNOWN_MESSAGE();
    if (method === 'PATCH') {
      const forbidden = this.refused(channelId, asData(req.json), req.files, false);
      if (forbidden) return forbidden;
    }
    if (method === 'PATCH' && this.oldEditRefused(channelId, id)) return OLD_MESSAGE_EDITS();
    return this.messageOp(req, id, msg, method);
  }

  /** Added to the clock when telling a message's age (the tests age messages without waiting an hour). */
  ageOffsetMs = 0;
  /** Per channel, when its recent edits of messages older than one hour were made. */
  private readonly oldEdits = new Map<string, number[]>();

  /** Discord's rule for messages older than one hour: at most 3 edits per 6 s per channel (error 30046). */
  private oldEditRefused(channelId: string, id: string): boolean {
    const at = now() + this.ageOffsetMs;
    if (at - snowflakeTime(id) <= 3_600_000) return false;
    const recent = (this.oldEdits.get(channelId) ?? []).filter((t) => t > at - 6000);
    if (recent.length >= 3) {
      this.oldEdits.set(channelId, recent);
      return true;
    }
    recent.push(at);
    this.oldEdits.set(channelId, recent);
    return false;
  }

  /** GET, DELETE or PATCH (validated against Discord's limits) of a message both routes have found. */
  private messageOp(req: RestRequest, id: string, msg: unknown, method: 'GET' | 'PATCH' | 'DELETE'): RestResult {
    if (method === 'GET') return { status: 200, body: msg };
    if (method === 'DELETE') {
      this.o.messages.delete(id);
      return { status: 204 };
    }
    const data = asData(req.json);
    const bad = validateMessage(data);
    if (bad) return formError(bad);
    const edited = this.o.messages.edit(id, data, req.files);
    if (!edited) return UNKNOWN_MESSAGE();
    if (isError(edited)) return { status: 400, body: edited };
    return { status: 200, body: edited };
  }
}

/** Path parameters that Discord parses as snowflakes (a message id may also be `@original`); the first that is not one. */
function notSnowflake(params: Record<string, string | undefined>): string | null {
  for (const name of ['c', 'm', 'msg', 'g', 'guild', 'app', 'cmd']) {
    const v = params[name];
    if (v === undefined || (name === 'msg' && v === '@original')) continue;
    if (!/^\d{1,20}$/.test(v)) return name === 'm' || name === 'msg' ? 'message_id' : `${name}_id`;
  }
  return null;
}
