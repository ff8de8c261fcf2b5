/**
 * The turn bus: every accepted turn of a channel's game, from any window (a chat press, a full-view move, the round
 * timer) on any replica, is announced on the channel's topic; each replica with views of that game open listens and
 * redraws them. On the wire a note carries only the key, the game and its version (the views reload the game: a missed
 * note is caught up by the next one); the replica that made the turn hands its own listeners the saved view at once,
 * in process, so its views skip the round trip through Redis and the reload, and it ignores its own echo. When other
 * replicas have views of the game, the note carries a digest (the frames' bodies in their languages), so they skip
 * the reload too. Memory (one process), Redis pub/sub (one server), or sharded pub/sub on a Redis Cluster (SPUBLISH /
 * SSUBSCRIBE: the topic carries the channel's hash tag, so it lives on the slot of the channel's own keys).
 */
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Cluster, Redis } from 'ioredis';
import type { RedisTarget } from '../redis/client.js';
import type { ChannelKey, GameView } from '../../app/service-types.js';
import type { TurnDigest } from './frame.js';

/** One accepted turn: which game, the version it reached, and when it was published (epoch ms). */
export interface TurnNote {
  guildId: string;
  channelId: string;
  version: number;
  at: number;
  /** The game's createdAt (a version alone could match in a replaced game). */
  game?: number;
  /** The saved view itself: only for the listeners of the replica that made the turn, never sent. */
  view?: GameView;
  /** The turn's frames in the languages other replicas' views speak, when they have any (see frame.ts). */
  digest?: TurnDigest;
}

/** Publish a channel's turns; listen to the channels this replica has views of. */
export interface TurnBus {
  publish(note: TurnNote): Promise<void>;
  /** Starts listening to `key`'s topic; the returned function stops (the last listener unsubscribes). */
  subscribe(key: ChannelKey, listener: (note: TurnNote) => void): Promise<() => Promise<void>>;
  /** How a turn saved here is digested for the other replicas (a bus that has none ignores it). */
  setDigest?(make: (view: GameView) => TurnDigest | undefined): void;
  close(): Promise<void>;
}

/** The topic of a channel's turns, with the channel's hash tag. */
export function turnTopic(prefix: string, key: ChannelKey): string {
  return `${prefix}:{${key.guildId}:${key.channelId}}:turns`;
}

/** A turn note from a message, or null when it is not one. */
export function parseNote(raw: string): TurnNote | null {
  try {
    const n = JSON.parse(raw) as Partial<TurnNote>;
    const { guildId, channelId, version, at, game, digest } = n;
    if (typeof guildId !== 'string' || typeof channelId !== 'string' || typeof version !== 'number' || typeof at !== 'number') return null;
    const digested = typeof digest === 'object' && digest !== null && typeof digest.bodies === 'object' && typeof digest.can === 'object';
    return { guildId, channelId, version, at, ...(typeof game === 'number' ? { game } : {}), ...(digested ? { digest } : {}) };
  } catch {
    return null;
  }
}

/** One process's bus (npm run web, tests). */
export class MemoryTurnBus implements TurnBus {
  private readonly events = new EventEmitter().setMaxListeners(0);
  async publish(note: TurnNote): Promise<void> {
    this.events.emit(turnTopic('m', note), note);
  }
  async subscribe(key: ChannelKey, listener: (note: TurnNote) => void): Promise<() => Promise<void>> {
    const topic = turnTopic('m', key);
    this.events.on(topic, listener);
    return async () => void this.events.off(topic, listener);
  }
  async close(): Promise<void> {
    this.events.removeAllListeners();
  }
}

/** What a Redis bus needs: a client to publish with and a dedicated subscriber connection. */
export interface RedisTurnBusOptions {
  publisher: Redis | Cluster;
  subscriber: Redis | Cluster;
  prefix?: string;
  /** Sharded pub/sub (Redis 7 Cluster): SPUBLISH / SSUBSCRIBE. */
  sharded?: boolean;
}

/** The bus over Redis pub/sub: one topic per channel, subscribed while this replica has a view of it. */
export class RedisTurnBus implements TurnBus {
  private readonly listeners = new Map<string, Set<(note: TurnNote) => void>>();
  private readonly prefix: string;
  /** This bus's id on the wire: its own notes come back from Redis and are dropped (its listeners had them first). */
  private readonly id = randomBytes(6).toString('base64url');
  constructor(private readonly o: RedisTurnBusOptions) {
    this.prefix = o.prefix ?? 'cc';
    const deliver = (topic: string, raw: string): void => {
      if (raw.includes(`"from":"${this.id}"`)) return;
      const note = parseNote(raw);
      if (note) for (const l of this.listeners.get(topic) ?? []) l(note);
    };
    o.subscriber.on(o.sharded ? 'smessage' : 'message', deliver);
  }
  private digester: ((view: GameView) => TurnDigest | undefined) | undefined;
  setDigest(make: (view: GameView) => TurnDigest | undefined): void {
    this.digester = make;
  }
  /** The bus's connections, for other replica-wide topics on the same subscriber (presence.ts). */
  get connections(): { publisher: Redis | Cluster; subscriber: Redis | Cluster; sharded: boolean; prefix: string } {
    return { publisher: this.o.publisher, subscriber: this.o.subscriber, sharded: this.o.sharded ?? false, prefix: this.prefix };
  }
  async publish(note: TurnNote): Promise<void> {
    const topic = turnTopic(this.prefix, note);
    // This replica's views first, with the view in hand; then every other replica, with the version only.
    for (const l of this.listeners.get(topic) ?? []) l(note);
    const { view, ...wire } = note;
    const digest = view && this.digester ? this.digester(view) : undefined;
    const body = JSON.stringify({ ...wire, from: this.id, ...(digest ? { digest } : {}) });
    if (this.o.sharded) await this.o.publisher.spublish(topic, body);
    else await this.o.publisher.publish(topic, body);
  }
  async subscribe(key: ChannelKey, listener: (note: TurnNote) => void): Promise<() => Promise<void>> {
    const topic = turnTopic(this.prefix, key);
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
      if (this.o.sharded) await this.o.subscriber.ssubscribe(topic);
      else await this.o.subscriber.subscribe(topic);
    }
    set.add(listener);
    return async () => {
      const s = this.listeners.get(topic);
      if (!s?.delete(listener) || s.size > 0) return;
      this.listeners.delete(topic);
      if (this.o.sharded) await this.o.subscriber.sunsubscribe(topic);
      else await this.o.subscriber.unsubscribe(topic);
    };
  }
  async close(): Promise<void> {
    this.listeners.clear();
    this.o.subscriber.disconnect();
  }
}

/**
 * The Redis bus of a deployment: `publisher` is the stores' client; the subscriber is a connection of its own (a
 * subscribed connection can do nothing else) that resubscribes by itself after a reconnect. On a cluster it uses
 * sharded pub/sub, so a note travels only to the node holding the channel's slot.
 */
export function redisTurnBus(publisher: Redis | Cluster, target: RedisTarget, prefix?: string): RedisTurnBus {
  const sharded = target.clusterNodes !== undefined && target.clusterNodes.length > 0;
  const subscriber = sharded ? new Cluster([...target.clusterNodes!], { shardedSubscribers: true }) : new Redis(target.url ?? '', { autoResubscribe: true });
  return new RedisTurnBus({ publisher, subscriber, sharded, ...(prefix ? { prefix } : {}) });
}
