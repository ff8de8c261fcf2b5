/** A press on a shared arrow does what the party's message shows: a wall for the presser heads that way (issue 24). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeButtonId } from '../../commands/controls/custom-id.js';
import { gameControls } from '../../commands/controls/layouts.js';
import { MemoryGameStore } from '../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { GameService } from '../../src/app/game-service.js';
import { silentLogger } from '../../src/app/ports.js';
import { defaultConfig, DIRECTION_DELTA, legalMoves, newGame, step, type Direction, type GameState } from '../../src/engine/index.js';
import { HEADING_REACH, sharedArrowStep } from '../../src/app/shared-arrow.js';
import { measureArrows, pressTaken } from '../../balance/arrows.js';
import { drawState } from '../engine/fixtures.js';

describe('sharedArrowStep', () => {
  it.each<[string, string[], Direction, Direction | null]>([
    ['an open arrow is taken as pressed', ['#####', '#.1.#', '#...#', '#####'], 's', 's'],
    ['a wall north in a corridor heads to the opening north (east)', ['#######', '####.##', '#.1...#', '#######'], 'n', 'e'],
    ['a wall north in a corridor heads to the opening north (west)', ['#######', '#.#####', '#...1.#', '#######'], 'n', 'w'],
    ['a teammate in the corridor is swapped past', ['########', '#####.##', '#.12...#', '########'], 'n', 'e'],
    ['a monster in the way is never walked into: the other way round', ['#########', '#.#####.#', '#...1g..#', '#########'], 'n', 'w'],
    ['no opening that way within reach: refused', ['#######', '#.1...#', '#######'], 'n', null],
    ['never a step against the arrow', ['#####', '#.1##', '#.###', '#####'], 'e', null],
  ])('GIVEN %s', (_name, rows, dir, want) => {
    const s = drawState(rows, { topology: 4 });
    expect(sharedArrowStep(s, 'p1', dir)).toBe(want);
    if (want !== null) expect(step(s, { type: 'move', user: 'p1', dir: want }).ok).toBe(true);
  });

  it('GIVEN an opening farther than HEADING_REACH WHEN the arrow is pressed THEN it is refused', () => {
    const far = '#1' + '.'.repeat(HEADING_REACH + 1) + '#';
    const up = '#'.repeat(far.length - 2) + '.#';
    expect(sharedArrowStep(drawState([up.replace(/./g, '#'), up, far, '#'.repeat(far.length)], { topology: 4 }), 'p1', 'n')).toBeNull();
  });

  it('GIVEN any seed and player WHEN a shared arrow is pressed THEN the step is the arrow itself or never against it, and the engine takes it', () => {
    for (let seed = 1; seed <= 12; seed++) {
      let s: GameState = newGame(defaultConfig({ seed, width: 40, height: 24, mapKind: 'maze', topology: 4 }));
      for (const u of ['a', 'b', 'c', 'd']) s = (step(s, { type: 'join', user: u, name: u }) as { ok: true; state: GameState }).state;
      for (const p of s.players) {
        for (const d of ['n', 's', 'e', 'w'] as const) {
          const got = sharedArrowStep(s, p.id, d);
          if (got === null) continue;
          expect(got === d || legalMoves(s, p.id).moves[d] === 'blocked').toBe(true);
          expect(step(s, { type: 'move', user: p.id, dir: got }).ok).toBe(true);
        }
      }
    }
  });
});

describe('no player starts a level boxed in', () => {
  it('GIVEN a party of four on maze seeds WHEN the level starts THEN each of them can step somewhere (walls and teammates alike)', () => {
    for (let seed = 1; seed <= 20; seed++) {
      let s: GameState = newGame(defaultConfig({ seed, width: 40, height: 24, mapKind: 'maze', topology: 4 }));
      for (const u of ['a', 'b', 'c', 'd']) s = (step(s, { type: 'join', user: u, name: u }) as { ok: true; state: GameState }).state;
      for (const p of s.players) expect(Object.values(legalMoves(s, p.id).moves).some((w) => w !== 'blocked'), `seed ${seed} ${p.id}`).toBe(true);
    }
  });
});

describe('refused lit arrows, a party of four (balance/arrows.ts)', () => {
  it('GIVEN the autopilot party in rounds mode WHEN members press random lit arrows THEN at most 10% are refused, and no own move is left unlit', () => {
    const t = measureArrows([1, 2], 'autopilot', 'rounds');
    expect(t.presses).toBeGreaterThan(100);
    expect(t.refused / t.presses).toBeLessThanOrEqual(0.1);
    expect(t.hidden).toBe(0);
  }, 60_000);

  it('GIVEN a wall for the presser WHEN pressTaken asks THEN it heads that way rather than refusing', () => {
    const s = drawState(['#######', '####.##', '#.1...#', '#######'], { topology: 4 });
    expect(legalMoves(s, 'p1').moves.n).toBe('blocked');
    expect(pressTaken(s, 'p1', 'n')).toBe(true);
  });
});

describe('solo: a lit arrow is never refused (property)', () => {
  it('GIVEN any seed and any walk over lit arrows WHEN a solo player presses a lit shared arrow THEN it is taken, as that very direction', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 10_000 }), fc.array(fc.nat(), { minLength: 5, maxLength: 25 }), async (seed, picks) => {
        const games = new GameService({ games: new MemoryGameStore(), settings: new MemorySettingsStore(silentLogger), clock: { now: () => 1_700_000_000_000 }, rounds: new MemoryRoundQueue(), logger: silentLogger });
        const key = { guildId: '1', channelId: '2' };
        const ann = { id: 'a', name: 'Ann' };
        let view = await games.newGame(key, ann, { seed, size: 'small' });
        for (const pick of picks) {
          if (!view.ok || view.value.state.status !== 'playing') return;
          const lit = gameControls(view.value).flat().flatMap((b) => {
            const id = decodeButtonId(b.customId);
            return id.ok && id.value.verb === 'mv' && !b.disabled ? [id.value.dir] : [];
          });
          if (lit.length === 0) return;
          const dir = lit[pick % lit.length]!;
          const me = view.value.state.players[0]!;
          const next = await games.act(key, ann, { type: 'move', dir }, { pressedMessage: 'm1', seenVersion: view.value.state.version });
          expect(next.ok, `seed ${seed}: ${dir} lit and refused`).toBe(true);
          if (!next.ok) return;
          const moved = next.value.state.players[0]!;
          // A step lands one tile that way; an attack or a swap leaves Ann where she was.
          if (moved.x !== me.x || moved.y !== me.y) expect([moved.x - me.x, moved.y - me.y]).toEqual([...DIRECTION_DELTA[dir]]);
          view = next;
        }
      }),
      { seed: 24, numRuns: 40 },
    );
  }, 60_000);
});
