/**
 * The connection to the bot: a socket opened with a single-use ticket, reopened with a fresh ticket (from the
 * session) when it drops, with backoff. One move is in flight at a time: it keeps its id until the server
 * acknowledges it, and is sent again after a reconnect (the server applies a move id once, so a retry never doubles a
 * turn); keys pressed meanwhile wait (at most MAX_QUEUED) and go out drawn for the version the last move reached, so
 * a quick double press is two moves, not a stale one.
 */
import type { ServerMessage, WebFrame, WireAction, WireMessage } from '../../src/adapters/web/protocol.js';
import { readMessage } from '../../src/adapters/web/wire-frame.js';
import { tr } from './i18n.js';

/** What the UI hears from the connection. */
export interface NetEvents {
  frame(frame: WebFrame, sentAt: number): void;
  refused(reason: string): void;
  state(s: 'open' | 'reconnecting' | 'closed', detail?: string): void;
}

/** A move waiting for its acknowledgement. */
interface Pending {
  id: string;
  msg: string;
}

/** Moves pressed while one is in flight that are kept (more are dropped: a held key must not run away). */
export const MAX_QUEUED = 2;

/** A new move id (the idempotency key of one move, kept across its retries). */
export function moveId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(36).padStart(2, '0')).join('');
}

/** Resolves a path against the page (the page is served under /app, or at the root of Discord's proxy). */
export function apiUrl(path: string): string {
  return new URL(path, location.href).toString();
}

/** The socket of one session. */
export class Connection {
  private ws: WebSocket | null = null;
  private inFlight: Pending | null = null;
  private queued: WireAction[] = [];
  /** The version this viewer's last accepted move reached (newer than the frame until the frame arrives). */
  private reached = -1;
  private attempts = 0;
  private closed = false;
  frame: WebFrame | null = null;

  constructor(private readonly session: string, private ticket: string | null, private readonly on: NetEvents) {}

  /** Opens the socket (with the ticket in hand, or a fresh one). */
  async open(): Promise<void> {
    const ticket = this.ticket ?? (await this.freshTicket());
    this.ticket = null;
    if (!ticket) return;
    const url = new URL(`ws?ticket=${encodeURIComponent(ticket)}`, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.attempts = 0;
      this.on.state('open');
      if (this.inFlight) ws.send(this.inFlight.msg);
    };
    // A frame comes drawn for nobody and, when unchanged, without its terrain: completed with the previous one's.
    ws.onmessage = (e) => this.receive(readMessage(this.frame, JSON.parse(String(e.data)) as WireMessage));
    ws.onclose = () => {
      if (this.ws === ws) this.ws = null;
      if (!this.closed) this.retry();
    };
  }

  private async freshTicket(): Promise<string | null> {
    const res = await fetch(apiUrl('api/ticket'), { method: 'POST', headers: { authorization: `Bearer ${this.session}` } }).catch(() => null);
    if (res?.status === 401) {
      this.closed = true;
      this.on.state('closed', tr('web.refuse.session-ended'));
      return null;
    }
    if (!res?.ok) {
      this.retry();
      return null;
    }
    return ((await res.json()) as { ticket: string }).ticket;
  }

  private retry(): void {
    this.attempts++;
    this.on.state('reconnecting');
    const delay = Math.min(5000, 250 * 2 ** Math.min(this.attempts, 5)) * (0.75 + Math.random() * 0.5);
    setTimeout(() => void this.open(), delay);
  }

  private receive(msg: ServerMessage): void {
    if (msg.t === 'frame') {
      this.frame = msg.frame;
      this.on.frame(msg.frame, msg.sentAt);
    } else if (msg.t === 'ack') {
      if (this.inFlight?.id !== msg.id) return;
      this.inFlight = null;
      if (msg.ok) this.reached = Math.max(this.reached, msg.version);
      else {
        this.queued = [];
        this.on.refused(msg.reason);
      }
      this.next();
    } else if (msg.t === 'error') this.on.refused(msg.message);
  }

  /** Asks for a move: sent now, or after the one in flight (retried with the same id until acknowledged). */
  act(action: WireAction): void {
    if (!this.frame) return;
    if (this.inFlight) {
      if (this.queued.length < MAX_QUEUED) this.queued.push(action);
      return;
    }
    this.queued.push(action);
    this.next();
  }

  private next(): void {
    const action = this.queued.shift();
    if (!action || !this.frame || this.inFlight) return;
    const id = moveId();
    const seen = Math.max(this.frame.version, this.reached);
    this.inFlight = { id, msg: JSON.stringify({ t: 'act', id, seen, game: this.frame.game, action }) };
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(this.inFlight.msg);
  }

  /** Drops the socket as a network would (tests). */
  drop(): void {
    this.ws?.close();
  }

  close(): void {
    this.closed = true;
    this.ws?.close();
  }
}
