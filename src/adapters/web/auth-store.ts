/**
 * Sessions and single-use tickets of the full view. A session (who, which channel's game, watching or playing) is
 * made once from a verified identity; a socket is opened only with a ticket minted from a session, good once and for
 * TICKET_TTL_MS. Memory for `npm run web` and tests, Redis (shared by every replica) in production.
 */
import { randomBytes } from 'node:crypto';
import type { Clock } from '../../app/ports.js';
import type { ChannelKey, UserRef } from '../../app/service-types.js';
import { isLocale, type Locale } from '../../i18n/index.js';
import type { RedisClient } from '../redis/client.js';

/** How long a ticket may wait before its socket opens. */
export const TICKET_TTL_MS = 30_000;
/** How long a session lives (a view reconnects with it; Discord's access token lives about a week, we keep less). */
export const SESSION_TTL_MS = 6 * 60 * 60 * 1000;

/** A verified viewer of one channel's game. */
export interface WebSession {
  user: UserRef;
  key: ChannelKey;
  /** Watching only (a spectator link): never plays. */
  spectator: boolean;
  /** How the identity was verified. */
  via: 'activity' | 'oauth' | 'link' | 'test';
  /** The viewer's language: their Discord setting when Discord said who they are, else their browser's. */
  locale?: Locale;
}

/** Where sessions and tickets live. `takeTicket` returns a ticket's session id once, and never again. */
export interface WebAuthStore {
  putSession(id: string, session: WebSession, ttlMs: number): Promise<void>;
  getSession(id: string): Promise<WebSession | null>;
  putTicket(ticket: string, sessionId: string, ttlMs: number): Promise<void>;
  takeTicket(ticket: string): Promise<string | null>;
}

/** A random URL-safe secret of 32 bytes. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** Sessions and tickets in this process's memory (one replica: npm run web, tests). */
export class MemoryWebAuthStore implements WebAuthStore {
  private readonly entries = new Map<string, { value: string; until: number }>();
  constructor(private readonly clock: Clock) {}

  private put(k: string, value: string, ttlMs: number): void {
    this.entries.set(k, { value, until: this.clock.now() + ttlMs });
  }
  private get(k: string): string | null {
    const e = this.entries.get(k);
    if (!e) return null;
    if (e.until <= this.clock.now()) {
      this.entries.delete(k);
      return null;
    }
    return e.value;
  }
  async putSession(id: string, session: WebSession, ttlMs: number): Promise<void> {
    this.put(`s:${id}`, JSON.stringify(session), ttlMs);
  }
  async getSession(id: string): Promise<WebSession | null> {
    const raw = this.get(`s:${id}`);
    return raw === null ? null : (JSON.parse(raw) as WebSession);
  }
  async putTicket(ticket: string, sessionId: string, ttlMs: number): Promise<void> {
    this.put(`t:${ticket}`, sessionId, ttlMs);
  }
  async takeTicket(ticket: string): Promise<string | null> {
    const v = this.get(`t:${ticket}`);
    this.entries.delete(`t:${ticket}`);
    return v;
  }
}

/** Sessions and tickets in Redis: every replica can redeem a ticket another minted; GETDEL makes it single-use. */
export class RedisWebAuthStore implements WebAuthStore {
  private readonly prefix: string;
  constructor(private readonly redis: RedisClient, opts: { prefix?: string } = {}) {
    this.prefix = `${opts.prefix ?? 'cc'}:web`;
  }
  async putSession(id: string, session: WebSession, ttlMs: number): Promise<void> {
    await this.redis.set(`${this.prefix}:s:${id}`, JSON.stringify(session), 'PX', ttlMs);
  }
  async getSession(id: string): Promise<WebSession | null> {
    const raw = await this.redis.get(`${this.prefix}:s:${id}`);
    return raw === null ? null : parseSession(raw);
  }
  async putTicket(ticket: string, sessionId: string, ttlMs: number): Promise<void> {
    await this.redis.set(`${this.prefix}:t:${ticket}`, sessionId, 'PX', ttlMs);
  }
  async takeTicket(ticket: string): Promise<string | null> {
    return this.redis.getdel(`${this.prefix}:t:${ticket}`);
  }
}

/** A stored session, or null when it is damaged (the viewer logs in again). */
function parseSession(raw: string): WebSession | null {
  try {
    const s = JSON.parse(raw) as Partial<WebSession>;
    if (!s.user || !s.key || typeof s.spectator !== 'boolean' || !s.via) return null;
    const { locale, ...rest } = s as WebSession;
    return isLocale(locale) ? { ...rest, locale } : rest;
  } catch {
    return null;
  }
}
