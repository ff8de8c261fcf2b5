/** The rolling log kept in meta: lines across actions, who did what, runs and repeats summed up, the oldest dropped. */
import { describe, expect, it } from 'vitest';
import { logText, ROLLING_LOG_LINES, rollLog } from '../../src/app/rolling-log.js';
import type { LogLine } from '../../src/render/log-message.js';
import type { ActorRef, GameEvent } from '../../src/engine/types.js';
import { sampleGame } from './fixtures.js';

const state = sampleGame().state;
const p = (id: string, name: string): ActorRef => ({ kind: 'player', id, name });
const goblin: ActorRef = { kind: 'monster', id: 1, monster: 'goblin', label: 'A' };
const ann = p('1', 'Ann');
const dan = p('4', 'Dan');

describe('rollLog', () => {
  it('words events in the third person, naming who did what', () => {
    const events: GameEvent[] = [{ type: 'waited', who: ann }, { type: 'attacked', attacker: goblin, target: dan, damage: 3, weapon: 'rusty dagger', verb: 'stabs', range: 1 }];
    expect(logText(rollLog([], events, state))).toEqual(['Ann waits.', 'The goblin A stabs Dan for 3.']);
  });

  it("keeps an idle member's hit line while three other players act", () => {
    let log = rollLog([], [{ type: 'attacked', attacker: goblin, target: dan, damage: 3, weapon: 'rusty dagger', verb: 'stabs', range: 1 }], state);
    for (const [id, name] of [['1', 'Ann'], ['2', 'Bo'], ['3', 'Cy']] as const) {
      log = rollLog(log, [{ type: 'waited', who: p(id, name) }, { type: 'spotted', who: goblin }, { type: 'missed', attacker: goblin, target: p(id, name), weapon: 'rusty dagger', range: 1 }], state);
    }
    expect(logText(log)[0]).toBe('The goblin A stabs Dan for 3.');
    expect(logText(log)).toContain('Cy waits.');
  });

  it('sums up a run of steps as one line, and a run that stopped by its stop line', () => {
    const run = (n: number): GameEvent[] => Array.from({ length: n }, (_, i) => ({ type: 'moved', who: ann, x: i, y: 0 }) as GameEvent);
    expect(logText(rollLog([], run(7), state))).toEqual(['Ann walks 7 steps.']);
    expect(logText(rollLog([], run(1), state))).toEqual(['Ann moves.']);
    expect(logText(rollLog([], [...run(3), { type: 'run-stopped', who: ann, steps: 3, reason: 'monster-in-view', run: 'move' }], state))).toEqual(['Ann stops after 3 steps: a monster is in view.']);
  });

  it('counts the same line repeated in a row instead of repeating it', () => {
    let log: LogLine[] = [];
    for (let i = 0; i < 3; i++) log = rollLog(log, [{ type: 'waited', who: ann }], state);
    expect(logText(log)).toEqual(['Ann waits. (×3)']);
  });

  it(`keeps the newest ${ROLLING_LOG_LINES} lines`, () => {
    const previous = Array.from({ length: ROLLING_LOG_LINES }, (_, i) => `line ${i}`);
    const log = rollLog(previous, [{ type: 'waited', who: ann }], state);
    expect(log).toHaveLength(ROLLING_LOG_LINES);
    expect(logText(log)[0]).toBe('line 1');
    expect(logText(log).at(-1)).toBe('Ann waits.');
  });

  it('GIVEN one stored log WHEN a German and a Russian reader read it THEN each reads it whole in their language', () => {
    let log: LogLine[] = rollLog([], [{ type: 'attacked', attacker: goblin, target: dan, damage: 3, weapon: 'rusty dagger', verb: 'stabs', range: 1 }], state);
    for (let i = 0; i < 2; i++) log = rollLog(log, [{ type: 'waited', who: ann }], state);
    expect(logText(log, 'de')).toEqual(['Der Goblin A trifft Dan für 3 (rostiger Dolch).', 'Ann wartet. (×2)']);
    expect(logText(log, 'ru')).toEqual(['Гоблин A бьёт Dan (−3 HP, ржавый кинжал).', 'Ann ждёт. (×2)']);
  });

  it('GIVEN an older save whose log is English sentences WHEN more happens THEN its lines stay and repeats still count', () => {
    const log = rollLog(['Ann waits. (×2)'], [{ type: 'waited', who: ann }], state);
    expect(logText(log, 'de')).toEqual(['Ann wartet. (×3)']);
  });
});

describe('logText remembers worded lines', () => {
  it('GIVEN the same line asked in two languages, again and again (past the memo) THEN each reader gets their language, plurals right', () => {
    const walked = (steps: number): LogLine => ({ k: 'log.walked', v: { actor: 'Ann', steps } });
    for (let pass = 0; pass < 2; pass++) {
      for (let steps = 1; steps <= 1500; steps++) {
        expect(logText([walked(steps)], 'en-US')).toEqual([`Ann walks ${steps.toLocaleString('en-US')} ${steps === 1 ? 'step' : 'steps'}.`]);
        logText([walked(steps)], 'ru');
      }
      expect(logText([walked(2), walked(5)], 'ru')).toEqual(['Ann проходит 2 шага.', 'Ann проходит 5 шагов.']);
      expect(logText([walked(2)], 'de')).toEqual(['Ann geht 2 Schritte.']);
      expect(logText([{ k: 'no.such.key', v: { actor: 'Ann' }, d: 'Ann does a new thing.', c: 1 }], 'fr')).toEqual(['Ann does a new thing.']);
    }
  });
});
