/** The fake gateway: HELLO, IDENTIFY -> READY + GUILD_CREATEs, heartbeats, RESUME with replay, and dispatches. */
import { clearTimer, isoNow, setTimer } from './clock.js';
import type { Server } from 'node:http';
import { WebSocketServer, WebSocket, type RawData } from 'ws';
import type { FakeGuild, FakeUser } from './types.js';
import { MEMBER_PERMS } from './permissions.js';
import { identifyShard, ownsGuild } from './sharding.js';

/** What the gateway needs from the rest of the fake. */
export interface GatewayOptions {
  server: Server;
  token: string;
  botUser: FakeUser;
  applicationId: string;
  /** The ws:// address given as resume_gateway_url. */
  url: string;
  guilds: FakeGuild[];
  heartbeatIntervalMs: number;
}

interface Dispatch {
  op: 0;
  t: string;
  s: number;
  d: unknown;
}

interface Session {
  id: string;
  seq: number;
  /** Kept so a RESUME can replay what the client missed. */
  events: Dispatch[];
  socket: WebSocket | null;
  /** The `shard: [id, count]` the client identified with ([0, 1] without sharding). */
  shard: [number, number];
}

const OP = { DISPATCH: 0, HEARTBEAT: 1, IDENTIFY: 2, PRESENCE: 3, VOICE: 4, RESUME: 6, RECONNECT: 7, REQUEST_MEMBERS: 8, INVALID_SESSION: 9, HELLO: 10, HEARTBEAT_ACK: 11 } as const;
const MAX_REPLAY = 1000;

/** A plain JSON object from a gateway frame. */
interface Frame {
  op?: unknown;
  d?: unknown;
}

/** The full GUILD_CREATE payload discord.js needs to cache a guild, its text channels, @everyone and the bot's member. */
export function guildCreatePayload(guild: FakeGuild, botUser: FakeUser, joinedAt: string): Record<string, unknown> {
  return {
    id: guild.id,
    name: guild.name,
    icon: null,
    splash: null,
    discovery_splash: null,
    banner: null,
    description: null,
    owner_id: guild.ownerId ?? '1000000000000000001',
    application_id: null,
    afk_channel_id: null,
    afk_timeout: 300,
    system_channel_id: null,
    system_channel_flags: 0,
    rules_channel_id: null,
    public_updates_channel_id: null,
    safety_alerts_channel_id: null,
    widget_enabled: false,
    verification_level: 0,
    default_message_notifications: 0,
    explicit_content_filter: 0,
    mfa_level: 0,
    nsfw_level: 0,
    premium_tier: 0,
    premium_subscription_count: 0,
    premium_progress_bar_enabled: false,
    preferred_locale: 'en-US',
    features: [],
    max_members: 500000,
    max_video_channel_users: 25,
    max_stage_video_channel_users: 50,
    vanity_url_code: null,
    joined_at: joinedAt,
    large: false,
    unavailable: false,
    member_count: 2,
    lazy: true,
    roles: [
      {
        id: guild.id,
        name: '@everyone',
        color: 0,
        colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
        hoist: false,
        icon: null,
        unicode_emoji: null,
        position: 0,
        permissions: MEMBER_PERMS,
        managed: false,
        mentionable: false,
        flags: 0,
      },
    ],
    emojis: [],
    stickers: [],
    channels: guild.channels.map((c, i) => ({
      id: c.id,
      type: 0,
      guild_id: guild.id,
      name: c.name,
      position: i,
      permission_overwrites: [],
      parent_id: null,
      topic: null,
      nsfw: false,
      last_message_id: null,
      rate_limit_per_user: 0,
      flags: 0,
    })),
    threads: [],
    members: [
      {
        user: botUser,
        nick: null,
        avatar: null,
        roles: [],
        joined_at: joinedAt,
        premium_since: null,
        deaf: false,
        mute: false,
        flags: 0,
        pending: false,
        communication_disabled_until: null,
      },
    ],
    presences: [],
    voice_states: [],
    stage_instances: [],
    guild_scheduled_events: [],
    soundboard_sounds: [],
    incidents_data: null,
  };
}

/** Serves the gateway on the fake's HTTP server (any path upgrades). */
export class Gateway {
  private readonly wss: WebSocketServer;
  private readonly sessions = new Map<string, Session>();
  private readonly sockets = new Set<WebSocket>();
  private readonly readyWaiters = new Set<() => void>();
  private sessionCounter = 0;
  private readonly joinedAt = isoNow();

  constructor(private readonly opts: GatewayOptions) {
    this.wss = new WebSocketServer({ server: opts.server });
    this.wss.on('connection', (ws) => this.onConnection(ws));
  }

  /** True when some client has identified (or resumed) on a socket that is still open. */
  get hasReadyClient(): boolean {
    for (const s of this.sessions.values()) if (s.socket?.readyState === WebSocket.OPEN) return true;
    return false;
  }

  /** How many open sessions hold each shard of `count` (index = shard); two on one shard both get its events. */
  shardHolders(count: number): number[] {
    const held = new Array<number>(count).fill(0);
    for (const s of this.sessions.values()) if (s.socket?.readyState === WebSocket.OPEN && s.shard[1] === count) held[s.shard[0]]!++;
    return held;
  }

  /** Resolves at once if a client is ready, else when one identifies or resumes; rejects after timeoutMs. */
  waitForClient(timeoutMs: number): Promise<void> {
    if (this.hasReadyClient) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = (): void => {
        clearTimer(timer);
        this.readyWaiters.delete(done);
        resolve();
      };
      const timer = setTimer(() => {
        this.readyWaiters.delete(done);
        reject(new Error(`fake-discord: no gateway client became ready within ${timeoutMs} ms`));
      }, timeoutMs);
      this.readyWaiters.add(done);
    });
  }

  /**
   * Sends an op 0 dispatch to the newest ready client (of the shard that owns `guildId`, when given); buffered for
   * RESUME when it is between connections.
   */
  dispatch(t: string, d: unknown, guildId?: string): void {
    const sessions = [...this.sessions.values()].reverse().filter((s) => guildId === undefined || ownsGuild(s.shard, guildId));
    const session = sessions.find((s) => s.socket?.readyState === WebSocket.OPEN) ?? sessions[0];
    if (!session) throw new Error(`fake-discord: cannot dispatch ${t}: no gateway client has identified`);
    this.send(session, t, d);
  }

  /** Drops every gateway connection abruptly (close code 1006), as a network failure would. */
  disconnectAll(): void {
    for (const ws of this.sockets) ws.terminate();
  }

  /** Asks every client to reconnect and resume (op 7), as Discord does before maintenance. */
  requestReconnect(): void {
    for (const ws of this.sockets) if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ op: OP.RECONNECT, d: null }));
  }

  /** Tells every client its session is invalid and can't be resumed (op 9, d: false), as Discord may when sessions clash. */
  invalidateSessions(): void {
    for (const ws of this.sockets) if (ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify({ op: OP.INVALID_SESSION, d: false }));
  }

  /** Closes all sockets and the WebSocket server. */
  async close(): Promise<void> {
    for (const ws of this.sockets) ws.terminate();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private send(session: Session, t: string, d: unknown): void {
    const frame: Dispatch = { op: 0, t, s: ++session.seq, d };
    session.events.push(frame);
    if (session.events.length > MAX_REPLAY) session.events.shift();
    if (session.socket?.readyState === WebSocket.OPEN) session.socket.send(JSON.stringify(frame));
  }

  private onConnection(ws: WebSocket): void {
    this.sockets.add(ws);
    let session: Session | null = null;
    ws.on('close', (code: number) => {
      this.sockets.delete(ws);
      if (session && session.socket === ws) {
        session.socket = null;
        // Closing with 1000/1001 ends the session on Discord (no RESUME); other codes keep it resumable.
        if (code === 1000 || code === 1001) this.sessions.delete(session.id);
      }
    });
    ws.on('error', () => {
      // A dropped client is normal in tests (reconnects, destroy); nothing to report.
    });
    ws.send(JSON.stringify({ op: OP.HELLO, d: { heartbeat_interval: this.opts.heartbeatIntervalMs, _trace: ['["fake-gateway",{"micros":0}]'] }, s: null, t: null }));
    ws.on('message', (raw: RawData, isBinary: boolean) => {
      let frame: Frame;
      try {
        const parsed: unknown = JSON.parse(isBinary ? Buffer.from(raw as Buffer).toString('utf8') : raw.toString());
        if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
        frame = parsed as Frame;
      } catch {
        ws.close(4002, 'Error while decoding payload.');
        return;
      }
      switch (frame.op) {
        case OP.HEARTBEAT:
          ws.send(JSON.stringify({ op: OP.HEARTBEAT_ACK, d: null }));
          return;
        case OP.IDENTIFY:
          if (session) return ws.close(4005, 'Already authenticated.');
          session = this.identify(ws, frame.d);
          return;
        case OP.RESUME:
          if (session) return ws.close(4005, 'Already authenticated.');
          session = this.resume(ws, frame.d);
          return;
        case OP.PRESENCE:
        case OP.VOICE:
        case OP.REQUEST_MEMBERS:
          if (!session) ws.close(4003, 'Not authenticated.');
          return;
        default:
          ws.close(4001, 'Unknown opcode.');
      }
    });
  }

  private identify(ws: WebSocket, d: unknown): Session | null {
    const token = typeof d === 'object' && d !== null && 'token' in d ? (d as { token: unknown }).token : undefined;
    if (typeof token !== 'string' || token.replace(/^Bot\s+/i, '') !== this.opts.token) {
      ws.close(4004, 'Authentication failed.');
      return null;
    }
    const shard = identifyShard(d);
    const guilds = this.opts.guilds.filter((g) => ownsGuild(shard, g.id));
    const session: Session = { id: `fake-session-${++this.sessionCounter}`, seq: 0, events: [], socket: ws, shard };
    this.sessions.set(session.id, session);
    this.send(session, 'READY', {
      v: 10,
      user: this.opts.botUser,
      user_settings: {},
      guilds: guilds.map((g) => ({ id: g.id, unavailable: true })),
      session_id: session.id,
      session_type: 'normal',
      resume_gateway_url: this.opts.url,
      shard,
      application: { id: this.opts.applicationId, flags: 0 },
      private_channels: [],
      presences: [],
      relationships: [],
      guild_join_requests: [],
      geo_ordered_rtc_regions: [],
      _trace: ['["fake-gateway",{"micros":0}]'],
    });
    for (const g of guilds) this.send(session, 'GUILD_CREATE', guildCreatePayload(g, this.opts.botUser, this.joinedAt));
    this.notifyReady();
    return session;
  }

  private resume(ws: WebSocket, d: unknown): Session | null {
    const body = (typeof d === 'object' && d !== null ? d : {}) as { token?: unknown; session_id?: unknown; seq?: unknown };
    const session = typeof body.session_id === 'string' ? this.sessions.get(body.session_id) : undefined;
    if (typeof body.token !== 'string' || body.token.replace(/^Bot\s+/i, '') !== this.opts.token) {
      ws.close(4004, 'Authentication failed.');
      return null;
    }
    const seq = typeof body.seq === 'number' ? body.seq : 0;
    const oldest = session?.events[0]?.s ?? 1;
    if (!session || seq < oldest - 1) {
      // Discord answers an unknown or too-old session with op 9 d:false: the client must identify anew.
      ws.send(JSON.stringify({ op: OP.INVALID_SESSION, d: false }));
      return null;
    }
    if (session.socket && session.socket !== ws) session.socket.terminate();
    session.socket = ws;
    for (const e of session.events) if (e.s > seq) ws.send(JSON.stringify(e));
    this.send(session, 'RESUMED', { _trace: ['["fake-gateway",{"micros":0}]'] });
    this.notifyReady();
    return session;
  }

  private notifyReady(): void {
    for (const w of [...this.readyWaiters]) w();
  }
}
