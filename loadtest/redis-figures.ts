/**
 * What the run's own redis-server spent and holds, for the sizing figures: its CPU time (INFO cpu), and its memory by
 * kind of key (MEMORY USAGE of every key of the run's prefix, grouped by the key's shape).
 */
import { Redis } from 'ioredis';

/** Redis's own CPU time, user + system, in ms (INFO cpu: the server and its background threads). */
export async function redisCpuMs(url: string): Promise<number> {
  const r = new Redis(url);
  try {
    const info = await r.info('cpu');
    const field = (name: string): number => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
    return (field('used_cpu_user') + field('used_cpu_sys')) * 1000;
  } finally {
    r.disconnect();
  }
}

/**
 * The shape of a key without its ids: the prefix dropped, a hash tag (`{guild:channel}`, `{user}`) and every long
 * number (a day, an id) replaced, e.g. `cc:{1:2}:log` -> `{}:log`, `cc:user:{5}:rate` -> `user:{}:rate`.
 */
export function keyKind(key: string, prefix: string): string {
  const rest = key.startsWith(`${prefix}:`) ? key.slice(prefix.length + 1) : key;
  return rest.replace(/\{[^}]*\}/g, '{}').replace(/\d{4,}/g, 'N');
}

/** Memory of one kind of key: how many keys, and their bytes (MEMORY USAGE, Redis's own accounting per key). */
export interface KindMemory {
  kind: string;
  keys: number;
  bytes: number;
}

/** Every key of `prefix` by kind, largest first. */
export async function memoryByKind(url: string, prefix: string): Promise<KindMemory[]> {
  const r = new Redis(url);
  const kinds = new Map<string, KindMemory>();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      cursor = next;
      if (keys.length === 0) continue;
      const pipe = r.pipeline();
      for (const k of keys) pipe.call('MEMORY', 'USAGE', k, 'SAMPLES', '0');
      const sizes = (await pipe.exec()) ?? [];
      keys.forEach((k, i) => {
        const kind = keyKind(k, prefix);
        const m = kinds.get(kind) ?? { kind, keys: 0, bytes: 0 };
        m.keys++;
        m.bytes += Number(sizes[i]?.[1] ?? 0);
        kinds.set(kind, m);
      });
    } while (cursor !== '0');
  } finally {
    r.disconnect();
  }
  return [...kinds.values()].sort((a, b) => b.bytes - a.bytes);
}
