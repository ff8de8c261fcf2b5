/**
 * Replay encoders: a worker thread (started on first use, kept for the next replay, jobs queued one at a time) and an
 * in-process one for tests and the terminal game. Both run the same pure encodeReplay.
 */
import { Worker } from 'node:worker_threads';
import type { ReplayEncoder, ReplayJob } from '../../app/replay-service.js';
import { encodeReplay, type ReplayClip } from '../../render/gif/replay-gif.js';

/** Encodes on the calling thread (tests, `npm run play`). */
export const inProcessReplayEncoder: ReplayEncoder = async (job) => encodeReplay(job.config, job.actions);

type Reply = { id: number; ok: true; clip: ReplayClip } | { id: number; ok: false; error: string };

/** A worker that encodes replays; `close()` stops it. */
export function workerReplayEncoder(): ReplayEncoder & { close(): Promise<void> } {
  let worker: Worker | null = null;
  let next = 0;
  const waiting = new Map<number, { resolve: (c: ReplayClip) => void; reject: (e: Error) => void }>();

  const start = (): Worker => {
    // Under tsx (npm start, tests) the worker is TypeScript: it registers tsx's loader first. Built, it is plain JS.
    const ts = import.meta.url.endsWith('.ts');
    const entry = new URL(ts ? './gif-worker.ts' : './gif-worker.js', import.meta.url);
    const w = ts
      ? new Worker(`import('tsx/esm/api').then((m) => { m.register(); return import(${JSON.stringify(entry.href)}); });`, { eval: true })
      : new Worker(entry);
    w.unref();
    w.on('message', (m: Reply) => {
      const p = waiting.get(m.id);
      if (!p) return;
      waiting.delete(m.id);
      if (m.ok) p.resolve({ ...m.clip, gif: new Uint8Array(m.clip.gif) });
      else p.reject(new Error(m.error));
    });
    const fail = (err: Error) => {
      for (const p of waiting.values()) p.reject(err);
      waiting.clear();
      worker = null;
    };
    w.on('error', fail);
    w.on('exit', (code) => fail(new Error(`replay worker exited (${code})`)));
    return w;
  };

  const encoder = (job: ReplayJob): Promise<ReplayClip> =>
    new Promise((resolve, reject) => {
      worker ??= start();
      const id = ++next;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, config: job.config, actions: job.actions });
    });
  return Object.assign(encoder, {
    close: async () => {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
    },
  });
}
