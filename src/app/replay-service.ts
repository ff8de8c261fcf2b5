/**
 * `/rogue replay` and the 🎞️ Replay button: the channel's last finished run rebuilt from its stored action log and
 * encoded as an animated GIF by an injected encoder (a worker thread in production), with alt text and a caption.
 * The run is the channel's game when it is finished, otherwise the last finished run's material that the finishing
 * save kept (FinishedRunStore, LAST_RUN_TTL_MS): so a replay still works after ▶️ Play again or `/rogue new`.
 */
import type { Action, GameConfig, GameState } from '../engine/types.js';
import type { ReplayClip } from '../render/gif/replay-gif.js';
import { OUTCOMES } from './daily/cards.js';
import type { GameStore, Logger } from './ports.js';
import type { FinishedRunStore } from './daily/ports.js';
import type { ChannelKey, Result, ServiceFailure } from './service-types.js';
import { storageGuarded } from './storage-guard.js';
import { TEXT_LIMITS, safeText } from '../text/safe-text.js';
import { replay } from '../engine/game.js';
import { canonicalJson } from './daily/verify.js';
import { DEFAULT_LOCALE, t, type Locale } from '../i18n/index.js';
import { invalid } from './invalid.js';

/** What the encoder is given. */
export interface ReplayJob {
  config: GameConfig;
  actions: Action[];
}

/** Port: encodes a replay clip off the interaction's critical path. */
export type ReplayEncoder = (job: ReplayJob) => Promise<ReplayClip>;

/** Discord's default upload limit; our clips stay far below it (1 MiB for 200 turns, see npm run bench). */
export const UPLOAD_LIMIT = 10 * 1024 * 1024;
export const REPLAY_FILE = 'replay.gif';

/** A replay ready to post: the file, its alt text (at most 1,024 characters) and a caption. */
export interface ReplayPost {
  file: { name: string; data: Uint8Array; description: string };
  caption: string;
}

/** What the commands call. */
export interface ReplayServiceApi {
  replay(key: ChannelKey): Promise<Result<ReplayPost>>;
}

/** Builds replays of finished runs. */
export class ReplayService implements ReplayServiceApi {
  constructor(
    private readonly deps: { gameStore: GameStore; runs: FinishedRunStore; encoder: ReplayEncoder; logger: Logger },
  ) {}

  async replay(key: ChannelKey): Promise<Result<ReplayPost>> {
    const { encoder, logger } = this.deps;
    return storageGuarded(logger, { ...key }, async () => {
      const run = await this.finishedRun(key);
      if ('kind' in run) return { ok: false, error: run };
      const { state, actions } = run;
      // A public post: in the run's own language (the shared message's), like the game message it follows.
      const locale = run.locale ?? DEFAULT_LOCALE;
      if (!state.summary) return { ok: false, error: { kind: 'no-game' } };
      // Old rules stay runnable (docs/rules-versions.md), so a log replays to its own run; if this code's rules play
      // it differently, the animation would show another dungeon than the one played: say so instead.
      if (replaysTo(state, actions) === 'differs') {
        logger.warn('replay not drawn: the log replays to another run under this code', { ...key, actions: actions.length, rules: state.config.rules });
        return { ok: false, error: invalid('replay.differs') };
      }
      let clip: ReplayClip;
      const started = performance.now();
      try {
        clip = await encoder({ config: state.config, actions });
      } catch (err) {
        logger.warn('replay not drawn: the log does not replay', { ...key, actions: actions.length, err: err instanceof Error ? err.message : String(err) });
        return { ok: false, error: { kind: 'corrupt-save', channelId: key.channelId, reason: 'its action log does not replay' } };
      }
      logger.info('replay drawn', { ...key, frames: clip.frames, bytes: clip.gif.length, ms: Math.round(performance.now() - started) });
      if (clip.gif.length > UPLOAD_LIMIT) return { ok: false, error: invalid('replay.too-large') };
      const s = state.summary;
      const names = s.kills.map((k) => k.name).join(', ');
      // The one sanitiser: names may hold line breaks, U+202E or mention syntax; cut on a grapheme within 1,024.
      const description = safeText(replayAlt(clip, names, s.outcome, locale), { max: TEXT_LIMITS.altText });
      const caption = t(locale, 'replay.caption', { emoji: OUTCOMES[s.outcome].emoji, frames: clip.frames, depth: clip.depth, kills: clip.kills });
      return { ok: true, value: { file: { name: REPLAY_FILE, data: clip.gif, description }, caption } };
    });
  }

  /** The channel's game if it is finished, else the last finished run kept for it; or why there is none. */
  private async finishedRun(key: ChannelKey): Promise<ReplayMaterial | ServiceFailure> {
    const { gameStore, runs } = this.deps;
    const loaded = await gameStore.load(key);
    if (loaded.kind === 'found' && loaded.game.state.status === 'over') {
      return { state: loaded.game.state, actions: await gameStore.readLog(key), ...localeOf(loaded.game.meta) };
    }
    const last = await runs.lastRun(key);
    if (last) return { state: last.game.state, actions: last.actions, ...localeOf(last.game.meta) };
    if (loaded.kind === 'found') return invalid('replay.running');
    return { kind: 'no-game' };
  }
}

/** Said when a run's log no longer replays to the run that was played (its rules changed without a new version). */
export const REPLAY_DIFFERS_TEXT = t(DEFAULT_LOCALE, 'replay.differs');

/** Whether the log rebuilds exactly the saved run ('broken': it does not replay at all; the encoder reports that). */
function replaysTo(state: GameState, actions: readonly Action[]): 'same' | 'differs' | 'broken' {
  try {
    return canonicalJson(replay(state.config, actions)) === canonicalJson(state) ? 'same' : 'differs';
  } catch {
    return 'broken';
  }
}

/** What a replay is rebuilt from: a finished run's final state and its action log. */
export interface ReplayMaterial {
  state: GameState;
  actions: Action[];
  /** The run's language (GameMeta.locale): its caption and alt text are worded in it. */
  locale?: Locale;
}

/** The `locale` field of a game's meta, when it has one. */
const localeOf = (meta: { locale?: Locale }): { locale?: Locale } => (meta.locale ? { locale: meta.locale } : {});

/** The alt text: what the animation shows, for players who can't see it. */
export function replayAlt(
  clip: Pick<ReplayClip, 'frames' | 'depth' | 'kills' | 'hpLost'>,
  players: string,
  outcome: keyof typeof OUTCOMES,
  locale: Locale = DEFAULT_LOCALE,
): string {
  return t(locale, 'replay.alt', { frames: clip.frames, depth: clip.depth, players, kills: clip.kills, hp: clip.hpLost, outcome });
}
