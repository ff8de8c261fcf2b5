/**
 * The connection to the bot: a socket opened with a single-use ticket, reopened with a fresh ticket (from the
 * session) when it drops, with backoff. A move keeps its id until the server acknowledges it, and is sent again
 * after a reconnect: the server applies a move id once, so a retry never doubles a turn.
 */
import type { ServerMessage, WebFrame, WireAction } from '../../src/adapters/web/protocol.js';

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
  private pending = new Map<string, Pending>();
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
      for (const p of this.pending.values()) ws.send(p.msg);
    };
    ws.onmessage = (e) => this.receive(JSON.parse(String(e.data)) as ServerMessage);
    ws.onclose = () => {
      if (this.ws === ws) this.ws = null;
      if (!this.closed) this.retry();
    };
  }

  private async freshTicket(): Promise<string | null> {
    const res = await fetch(apiUrl('api/ticket'), { method: 'POST', headers: { authorization: `Bearer ${this.session}` } }).catch(() => null);
    if (res?.status === 401) {
      this.closed = true;
      this.on.state('closed', 'Your session has ended. Open the full view again.');
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
      this.pending.delete(msg.id);
      if (!msg.ok) this.on.refused(msg.reason);
    } else if (msg.t === 'error') this.on.refused(msg.message);
  }

  /** Sends a move drawn for the current frame; it is retried (same id) until acknowledged. */
  act(action: WireAction): void {
    if (!this.frame) return;
    const id = moveId();
    const msg = JSON.stringify({ t: 'act', id, seen: this.frame.version, game: this.frame.game, action });
    this.pending.set(id, { id, msg });
    if (this.ws?.readyState === WebSocket.OPEN) this.ws.send(msg);
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
