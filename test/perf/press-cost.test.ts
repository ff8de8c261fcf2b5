/**
 * Issue 28's regression guard: the CPU a press costs in this process (the service's act on the in-memory store, the
 * image map drawn and encoded, the message body and its file prepared) in units of a fixed reference workload
 * (deflate and a JSON round trip of fixed data) timed in the same process, interleaved, so a loaded machine slows
 * both alike. It fails when a change makes a press cost 45% more than the baseline below: update the baseline in the
 * same commit when a change is worth it, and say so.
 */
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gamePayload } from '../../src/adapters/discord/presenter.js';
import { gameMessage, restRequest } from '../../src/adapters/discord/payload.js';
import { GameService } from '../../src/app/game-service.js';
import type { GameView } from '../../src/app/service-types.js';
import { freshKey, memoryKit } from '../app/fixtures.js';

/**
 * A press's cost in reference units (CPU time, so a busy machine moves it by about 10%). Written at 6.3 (runs of 5.4 to
 * 6.6 on this branch at b5935f6); the next round of main (da42121) took it to 7.9 to 10.3. Profiled (perf2): the
 * rolling log's recursive zod schema on every load (~1.2 ms a press), names re-sanitised through Intl.Segmenter ~20
 * times a press (~0.5 ms), the whole rolling log re-worded through intl-messageformat (~0.4 ms), every button's id
 * decoded for English labels. With those fixed and main merged at 3bf4703: 7.7 to 8.7, against 5.5 to 7.2 for b5935f6
 * in the same runs. Most of the rest is by design: the phone layout's picture is 544 x 544 (was 544 x 288), so about
 * 1.9x the pixels to draw and deflate. Re-based to 8.0, so the next round cannot add 45% unseen.
 */
const BASELINE_UNITS = 8.0;
/** How much more a press may cost before the guard fails. */
const ALLOWED_GROWTH = 1.45;

/** The reference workload: fixed data, deflated and sent through a JSON round trip. */
const REF_DATA = Buffer.from(Array.from({ length: 24 * 1024 }, (_, i) => (i * 7919) % 251));
const REF_JSON = { tiles: Array.from({ length: 600 }, (_, i) => ({ x: i % 40, y: Math.floor(i / 40), kind: i % 5 === 0 ? 'wall' : 'floor' })) };
function reference(): number {
  return deflateSync(REF_DATA).length + JSON.stringify(JSON.parse(JSON.stringify(REF_JSON))).length;
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('CPU per press, in reference units', () => {
  it('GIVEN a 4-player image-style game WHEN presses are answered in-process THEN a press costs at most 1.45x the baseline in reference units', async () => {
    const kit = await memoryKit();
    const games = new GameService({ games: kit.games, settings: kit.settings, rounds: kit.rounds, logger: kit.logger, clock: { now: () => Date.now() } });
    const key = freshKey();
    const players = ['1000000000000000042', '1000000000000000043', '1000000000000000044', '1000000000000000045'].map((id, i) => ({ id, name: `P${i}` }));
    const created = await games.newGame(key, players[0]!, { seed: 11, size: 'medium' });
    expect(created.ok).toBe(true);
    for (const p of players.slice(1)) await games.join(key, p);
    const dirs = ['n', 'e', 's', 'w'] as const;
    let n = 0;
    /** One press: the action, then the answer the bot would send (image map, body, file). */
    const press = async (): Promise<void> => {
      const p = players[n % 4]!;
      const r = await games.act(key, p, n % 3 === 0 ? { type: 'wait' } : { type: 'move', dir: dirs[n % 4]! });
      n++;
      const view: GameView | null = r.ok ? r.value : ((await games.view(key)) as { ok: true; value: GameView }).value;
      restRequest(gameMessage(gamePayload(view, Date.now())), false);
    };
    for (let i = 0; i < 20; i++) await press(); // warm up
    const ratios: number[] = [];
    // CPU time, not wall time: a loaded machine that takes the core away in the middle does not count.
    const cpu = (): number => {
      const u = process.cpuUsage();
      return u.user + u.system;
    };
    for (let round = 0; round < 25; round++) {
      let t = cpu();
      for (let i = 0; i < 8; i++) await press();
      const pressUs = cpu() - t;
      t = cpu();
      for (let i = 0; i < 8; i++) reference();
      ratios.push(pressUs / Math.max(1, cpu() - t));
    }
    const units = median(ratios);
    console.info(`a press costs ${units.toFixed(2)} reference units (baseline ${BASELINE_UNITS}, allowed up to ${(BASELINE_UNITS * ALLOWED_GROWTH).toFixed(2)})`);
    expect(units).toBeLessThanOrEqual(BASELINE_UNITS * ALLOWED_GROWTH);
  }, 60_000);
});
