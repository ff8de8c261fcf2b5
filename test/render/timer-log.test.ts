import { describe, expect, it } from 'vitest';
import { PUBLIC_LOG_LINES } from '../../src/render/game.js';
import type { ActorRef, GameEvent } from '../../src/engine/types.js';
import { checkLimits, renderGame } from '../../src/render/index.js';
import { mergeLog, ROLLING_LOG_LINES, turnLines } from '../../src/render/rolling-log.js';
import { countdownLine, relativeTime } from '../../src/render/timer.js';
import { drawState, splitEmojiMap } from './fixtures.js';

const alice: ActorRef = { kind: 'player', id: 'p1', name: 'Alice' };
const bob: ActorRef = { kind: 'player', id: 'p2', name: 'Bob' };
const goblin: ActorRef = { kind: 'monster', id: 7, monster: 'goblin', label: 'A' };
const moved = (who: ActorRef, x: number): GameEvent => ({ type: 'moved', who, x, y: 1 });

describe('rounds countdown', () => {
  it('is a relative Discord timestamp in whole seconds, rounded up', () => {
    expect(relativeTime(1_700_000_000_000)).toBe('<t:1700000000:R>');
    expect(relativeTime(1_700_000_000_001)).toBe('<t:1700000001:R>');
  });

  it('says the timer is paused, or nothing without a deadline', () => {
    expect(countdownLine(1_700_000_000_000, false)).toBe('⏳ Round ends <t:1700000000:R>.');
    expect(countdownLine(1_700_000_000_000, true)).toContain('paused');
    expect(countdownLine(null, false)).toBeNull();
  });

  it('shows as the first line of the HUD under the map in rounds mode (who must act is marked on their line), no frozen seconds', () => {
    const state = drawState(['#######', '#1.2..#', '#######'], { config: { turnMode: 'rounds' }, overrides: { acted: ['p1'], calm: 0 } });
    const m = renderGame(state, { style: 'emoji', roundDeadlineMs: 1_700_000_042_000, roundSecondsLeft: 42 });
    // No Party field: on a phone a field name is a line; the HUD follows the map's rows in the description.
    expect(m.embed.fields).toEqual([]);
    const lines = splitEmojiMap(m.embed.description).under;
    expect(lines[0]).toBe('⏳ Round ends <t:1700000042:R>');
    expect(lines.find((l) => l.includes('**P2**'))).toMatch(/ to act$/);
    expect(checkLimits(m)).toEqual([]);
  });

  it('is not shown in free mode', () => {
    const state = drawState(['#######', '#1.2..#', '#######']);
    const m = renderGame(state, { style: 'emoji', roundDeadlineMs: 1_700_000_042_000 });
    expect(JSON.stringify(m)).not.toContain('<t:');
  });
});

describe('rolling log', () => {
  it('summarises a walk that a stop ends, with the actor named', () => {
    const events: GameEvent[] = [
      ...[1, 2, 3, 4, 5, 6, 7].map((x) => moved(alice, x)),
      moved(goblin, 3),
      { type: 'run-stopped', who: alice, steps: 7, reason: 'monster-in-view', run: 'move' },
    ];
    expect(turnLines(events)).toEqual(['Alice walks 7 steps and stops: a monster is in view.']);
  });

  it('summarises a walk without a stop, drops single steps, and names who hit whom', () => {
    const events: GameEvent[] = [
      moved(bob, 1),
      moved(alice, 1),
      moved(alice, 2),
      moved(alice, 3),
      { type: 'attacked', attacker: goblin, target: bob, damage: 3, weapon: 'club', verb: 'hits', range: 1 },
      { type: 'attacked', attacker: alice, target: goblin, damage: 4, weapon: 'sword', verb: 'hits', range: 1 },
    ];
    expect(turnLines(events)).toEqual(['Alice walks 3 steps.', 'The goblin A hits Bob for 3.', 'Alice hits the goblin A for 4.']);
  });

  it('keeps earlier lines across actions, newest last, capped', () => {
    const hit: GameEvent = { type: 'attacked', attacker: goblin, target: bob, damage: 2, weapon: 'club', verb: 'hits', range: 1 };
    let log: string[] = [];
    log = mergeLog(log, [hit]);
    log = mergeLog(log, [moved(alice, 1), moved(alice, 2)]);
    expect(log).toEqual(['The goblin A hits Bob for 2.', 'Alice walks 2 steps.']);
    for (let i = 0; i < 30; i++) log = mergeLog(log, [{ type: 'drank', who: alice, healed: i }]);
    expect(log).toHaveLength(ROLLING_LOG_LINES);
    expect(log.at(-1)).toBe('Alice drinks a potion (+29 HP).');
  });

  it('cuts very long lines and escapes markdown in names', () => {
    const long: ActorRef = { kind: 'player', id: 'x', name: '*'.repeat(24) };
    const [line] = turnLines([{ type: 'drank', who: long, healed: 1 }]);
    expect(line!.length).toBeLessThanOrEqual(80);
    expect(line!.startsWith('\\*')).toBe(true);
  });

  it('is what the log lines show when given: marked › after the HUD, under the map in emoji and in the free description otherwise', () => {
    const state = drawState(['#######', '#1.2..#', '#######']);
    const log = ['The goblin A hits Bob for 2.', 'Alice walks 2 steps.'];
    // The shared message keeps the newest PUBLIC_LOG_LINES (the rest is in /rogue log).
    const shown = log.slice(-PUBLIC_LOG_LINES);
    expect(renderGame(state, { style: 'emoji', log }).embed.description).toContain(shown.map((l) => `› ${l}`).join('\n'));
    expect(renderGame(state, { style: 'ascii', log }).embed.description).toContain(shown.map((l) => `› ${l}`).join('\n'));
  });
});
