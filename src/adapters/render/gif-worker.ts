/** Worker thread entry: encodes replay clips off the main thread, so a replay never delays other players' answers. */
import { parentPort } from 'node:worker_threads';
import type { Action, GameConfig } from '../../engine/types.js';
import { encodeReplay } from '../../render/gif/replay-gif.js';

/** A job as posted to the worker. */
export interface GifJobMessage {
  id: number;
  config: GameConfig;
  actions: Action[];
}

parentPort?.on('message', (job: GifJobMessage) => {
  try {
    const clip = encodeReplay(job.config, job.actions);
    parentPort?.postMessage({ id: job.id, ok: true, clip }, [clip.gif.buffer as ArrayBuffer]);
  } catch (err) {
    parentPort?.postMessage({ id: job.id, ok: false, error: err instanceof Error ? err.message : String(err) });
  }
});
