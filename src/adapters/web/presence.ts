/**
 * Who is in the full view, across replicas: the party members with a view of a game open, which turns the chat
 * message into a pointer (docs/full-view.md), and the languages of every view of it (a turn travels to the other
 * replicas with its frames in those languages). Each replica says who it holds (`set`, on every open and close) and the
 * chat message asks `players` synchronously while it is drawn, so every replica keeps a mirror of everyone's: a
 * replica's entry is written to one Redis hash (so a replica that starts later loads it) and announced on one topic
 * (so the others' mirrors follow at once), stamped with an expiry. Each replica rewrites its entries every `beatMs`;
 * an entry not rewritten within `ttlMs` (its replica died without saying goodbye) is dropped by every mirror and
 * removed from the hash, and `onExpired` is told so the chat message can come back. The hash itself expires when no
 * replica writes any more. One process: MemoryPresence.
 */
import { randomBytes } from 'node:crypto';
import type { Cluster, Redis } from 'ioredis';
import type { Clock, Logger } from '../../app/ports.js';
import type { ChannelKey } from '../../app/service-types.js';
import { decodeChannelKey, encodeChannelKey } from '../../app/game-codec.js';
import { isLocale, type Locale } from '../../i18n/index.js';

/** A party member in the full view. */
export interface PresentUser {
  id: string;
  name: string;
}

/** The full view's presence. */
export interface Presence {
  /**
   * The party members with a view of `key` open on this replica, and the languages of all its views of `key`
   * (spectators too), replacing what it said before ([] and [] for none).
   */
  set(key: ChannelKey, users: readonly PresentUser[], locales?: readonly Locale[]): void;
  /** The names of the party members with a view of `key` open on any live replica, each once. */
  players(key: ChannelKey): string[];
  /** The languages of the views other live replicas hold of `key` (their turns travel with frames in them). */
  remoteLocales(key: ChannelKey): Locale[];
  /** Forgets this replica's entries everywhere. */
  close(): Promise<void>;
}

/** How long a replica's entry lives without being rewritten, and how often a replica rewrites its own. */
export const PRESENCE_TTL_MS = 30_000;
export const PRESENCE_BEAT_MS = 10_000;

/** An error's message for the log (never its stack or anything it carries). */
const errText = (err: unknown): string => (err instanceof Error ? err.message : 'unknown');

/** Names of `lists`' users, each user once, in order. */
function namesOf(lists: Iterable<readonly PresentUser[]>): string[] {
  const seen = new Map<string, string>();
  for (const list of lists) for (const u of list) if (!seen.has(u.id)) seen.set(u.id, u.name);
  return [...seen.values()];
}

/** One process's presence (npm run web, tests, a bot without Redis). */
export class MemoryPresence implements Presence {
  private readonly here = new Map<string, PresentUser[]>();
  set(key: ChannelKey, users: readonly PresentUser[]): void {
    const id = encodeChannelKey(key);
    if (users.length > 0) this.here.set(id, [...users]);
    else this.here.delete(id);
  }
  players(key: ChannelKey): string[] {
    return namesOf([this.here.get(encodeChannelKey(key)) ?? []]);
  }
  remoteLocales(): Locale[] {
    return [];
  }
  async close(): Promise<void> {
    this.here.clear();
  }
}

/** One replica's entry for one channel, as stored and announced. No users and no languages is a goodbye (kept until it expires). */
interface Entry {
  /** The channel (encodeChannelKey). */
  k: string;
  /** The replica. */
  r: string;
  u: PresentUser[];
  /** The languages of the replica's views of the channel, spectators' too. */
  l: Locale[];
  /** Epoch ms after which the entry is void. */
  exp: number;
}

function parseEntry(raw: string): Entry | null {
  try {
    const e = JSON.parse(raw) as Partial<Entry>;
    if (typeof e.k !== 'string' || typeof e.r !== 'string' || typeof e.exp !== 'number' || !Array.isArray(e.u)) return null;
    if (decodeChannelKey(e.k) === null) return null;
    const isUser = (x: unknown): x is PresentUser =>
      typeof x === 'object' && x !== null && 'id' in x && 'name' in x && typeof x.id === 'string' && typeof x.name === 'string';
    const u = e.u.filter(isUser);
    const l = Array.isArray(e.l) ? e.l.filter(isLocale) : [];
    return { k: e.k, r: e.r, u, l, exp: e.exp };
  } catch {
    return null;
  }
}

/** What a Redis presence needs: the store's client, a subscribed connection (the turn bus's), and a clock. */
export interface RedisPresenceOptions {
  publisher: Redis | Cluster;
  subscriber: Redis | Cluster;
  /** Sharded pub/sub (Redis 7 Cluster): SPUBLISH / SSUBSCRIBE. */
  sharded?: boolean;
  prefix?: string;
  clock: Clock;
  logger: Logger;
  ttlMs?: number;
  beatMs?: number;
  /** Told when a dead replica's entry for a channel expired and changed who is there. */
  onExpired?: (key: ChannelKey) => void;
}

/** Presence shared through Redis (see the top of the file). */
export class RedisPresence implements Presence {
  /** This replica's id in the hash and on the topic (new at every start). */
  readonly id = randomBytes(6).toString('base64url');
  /** Loaded: subscribed, and the hash read. */
  readonly ready: Promise<void>;
  private readonly here = new Map<string, { u: PresentUser[]; l: Locale[] }>();
  /** Other replicas' entries, by channel, then replica. */
  private readonly there = new Map<string, Map<string, Entry>>();
  private readonly hash: string;
  private readonly topic: string;
  private readonly ttl: number;
  private writes: Promise<void> = Promise.resolve();
  private readonly timer: ReturnType<typeof setInterval>;
  private closed = false;
  private readonly onMessage = (topic: string, raw: string): void => {
    if (topic !== this.topic) return;
    const e = parseEntry(raw);
    if (e && e.r !== this.id) this.apply(e);
  };

  constructor(private readonly o: RedisPresenceOptions) {
    const prefix = o.prefix ?? 'cc';
    const hash = (this.hash = `${prefix}:web:presence`);
    const topic = (this.topic = `${prefix}:web:presence`);
    this.ttl = o.ttlMs ?? PRESENCE_TTL_MS;
    o.subscriber.on(o.sharded ? 'smessage' : 'message', this.onMessage);
    this.ready = (async () => {
      if (o.sharded) await o.subscriber.ssubscribe(topic);
      else await o.subscriber.subscribe(topic);
      const all = await o.publisher.hgetall(hash);
      for (const raw of Object.values(all)) {
        const e = parseEntry(raw);
        if (e && e.r !== this.id) this.apply(e);
      }
    })().catch((err: unknown) => o.logger.warn('full view: presence could not load', { err: errText(err) }));
    this.timer = setInterval(() => this.beat(), o.beatMs ?? PRESENCE_BEAT_MS);
    this.timer.unref?.();
  }

  set(key: ChannelKey, users: readonly PresentUser[], locales: readonly Locale[] = []): void {
    if (this.closed) return;
    const id = encodeChannelKey(key);
    const l = [...new Set(locales)];
    if (users.length > 0 || l.length > 0) this.here.set(id, { u: [...users], l });
    else this.here.delete(id);
    this.write(id);
  }

  players(key: ChannelKey): string[] {
    const id = encodeChannelKey(key);
    return namesOf([this.here.get(id)?.u ?? [], ...this.live(id).map((e) => e.u)]);
  }

  remoteLocales(key: ChannelKey): Locale[] {
    return [...new Set(this.live(encodeChannelKey(key)).flatMap((e) => e.l))];
  }

  /** Other replicas' unexpired entries for channel `id`. */
  private live(id: string): Entry[] {
    const now = this.o.clock.now();
    return [...(this.there.get(id)?.values() ?? [])].filter((e) => e.exp > now);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    const mine = [...this.here.keys()];
    this.here.clear();
    for (const id of mine) this.write(id);
    this.closed = true;
    clearInterval(this.timer);
    await this.writes;
    this.o.subscriber.off(this.o.sharded ? 'smessage' : 'message', this.onMessage);
  }

  /** A newer entry replaces an older one of the same replica (the hash read at start may lag the topic). */
  private apply(e: Entry): void {
    let byReplica = this.there.get(e.k);
    const old = byReplica?.get(e.r);
    if (old && old.exp > e.exp) return;
    if (!byReplica) this.there.set(e.k, (byReplica = new Map()));
    byReplica.set(e.r, e);
  }

  /** Writes this replica's entry for channel `id` as it is when the write runs (writes run one at a time, in order). */
  private write(id: string): void {
    const { publisher, sharded } = this.o;
    this.writes = this.writes
      .then(async () => {
        const mine = this.here.get(id);
        const e: Entry = { k: id, r: this.id, u: mine?.u ?? [], l: mine?.l ?? [], exp: this.o.clock.now() + this.ttl };
        const field = `${id}|${this.id}`;
        const body = JSON.stringify(e);
        if (mine) {
          await publisher.hset(this.hash, field, body);
          await publisher.pexpire(this.hash, this.ttl);
        } else await publisher.hdel(this.hash, field);
        if (sharded) await publisher.spublish(this.topic, body);
        else await publisher.publish(this.topic, body);
      })
      .catch((err: unknown) => this.o.logger.warn('full view: presence could not be written', { err: errText(err) }));
  }

  /** Rewrites this replica's entries, and drops the expired ones of others (from the mirror and the hash). */
  private beat(): void {
    for (const id of this.here.keys()) this.write(id);
    const now = this.o.clock.now();
    for (const [k, byReplica] of this.there) {
      for (const [r, e] of byReplica) {
        if (e.exp > now) continue;
        byReplica.delete(r);
        if (e.u.length === 0) continue;
        void this.o.publisher.hdel(this.hash, `${k}|${r}`).catch(() => {});
        const key = decodeChannelKey(k);
        if (key) this.o.onExpired?.(key);
      }
      if (byReplica.size === 0) this.there.delete(k);
    }
  }
}
