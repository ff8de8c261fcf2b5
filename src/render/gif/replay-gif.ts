/** A run's replay clip from its config and action log: the last level's states drawn through one frame and encoded as a GIF. Pure. */
import type { Action, GameConfig, GameState } from '../../engine/types.js';
import { PALETTE } from '../image/tiles.js';
import { encodeGif } from './encode.js';
import { REPLAY_FRAMES, replayFrame, replayPicture, replayStates } from './replay-frames.js';

/** Each turn shows this long (hundredths of a second); the last one holds LAST_DELAY_CS so the ending can be read. */
export const FRAME_DELAY_CS = 12;
export const LAST_DELAY_CS = 300;

/** A replay clip and what its alt text and caption say. */
export interface ReplayClip {
  gif: Uint8Array;
  frames: number;
  width: number;
  height: number;
  depth: number;
  /** Monsters slain during the clip (the whole party). */
  kills: number;
  /** Hit points the party lost during the clip (heals not counted). */
  hpLost: number;
}

const partyKills = (s: GameState): number => [...s.players, ...s.departed].reduce((n, p) => n + p.kills, 0);

/** Replays `actions` from `config` and encodes the clip. Throws when the log does not replay. */
export function encodeReplay(config: GameConfig, actions: readonly Action[], maxFrames = REPLAY_FRAMES): ReplayClip {
  const states = replayStates(config, actions, maxFrames);
  const first = states[0];
  const last = states[states.length - 1];
  if (!first || !last) throw new Error('replay: the log has no turns');
  const frame = replayFrame(states);
  const pictures = states.map((s) => replayPicture(s, frame));
  const { width, height } = pictures[0]!;
  let hpLost = 0;
  for (let i = 1; i < states.length; i++) {
    for (const p of states[i]!.players) {
      const before = states[i - 1]!.players.find((q) => q.id === p.id);
      if (before && p.hp < before.hp) hpLost += before.hp - p.hp;
    }
  }
  return {
    gif: encodeGif(pictures, { width, height, palette: PALETTE, delayCs: FRAME_DELAY_CS, lastDelayCs: LAST_DELAY_CS }),
    frames: states.length,
    width,
    height,
    depth: last.depth,
    kills: partyKills(last) - partyKills(first),
    hpLost,
  };
}
