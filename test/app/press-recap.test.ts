/** A press that ran several turns ends with a one-line recap, and "since your last action" starts where that press began. */
import { describe, expect, it } from 'vitest';
import { logText, rollLog, sinceCount } from '../../src/app/rolling-log.js';
import { sinceLastAction } from '../../src/render/rolling-log.js';
import { RECAP_KILLS } from '../../src/render/recap.js';
import { renderLogView, SINCE_HEADING } from '../../src/render/log-view.js';
import { LOCALE_CODES } from '../../src/i18n/index.js';
import type { LogLine } from '../../src/render/log-message.js';
import type { ActorRef, GameEvent } from '../../src/engine/types.js';
import { step } from '../../src/engine/index.js';
import { sampleGame } from './fixtures.js';

/** A solo game (Ann alone) and a party (Ann and Dan): a solo recap is worded without the hero's name. */
const solo = sampleGame().state;
const joined = step(solo, { type: 'join', user: '4', name: 'Dan' });
if (!joined.ok) throw new Error(`join rejected: ${joined.code}`);
const state = joined.state;
const ann: ActorRef = { kind: 'player', id: 'u1', name: 'Ann' };
const dan: ActorRef = { kind: 'player', id: '4', name: 'Dan' };
const bat: ActorRef = { kind: 'monster', id: 1, monster: 'bat', label: 'A' };
const orc: ActorRef = { kind: 'monster', id: 2, monster: 'orc', label: 'A' };

const hit = (attacker: ActorRef, target: ActorRef, damage: number): GameEvent =>
  ({ type: 'attacked', attacker, target, damage, weapon: 'club', verb: 'hits', range: 1 });

/** One ⚔️ press of 9 turns: Ann kills the bat while the orc hits her 4 times for 16. */
const fightPress: GameEvent[] = [
  hit(ann, bat, 3), hit(orc, ann, 4), hit(ann, bat, 3), hit(orc, ann, 4),
  { type: 'killed', attacker: ann, target: bat }, hit(orc, ann, 5), hit(ann, orc, 2), hit(orc, ann, 3),
  { type: 'run-stopped', who: ann, steps: 9, reason: 'hurt', run: 'fight' },
];

/** Ann waited, Dan was hit, then Ann's fight press. */
function logAfterPress(): LogLine[] {
  let log: LogLine[] = rollLog([], [{ type: 'waited', who: ann }], state);
  log = rollLog(log, [hit(orc, dan, 2)], state);
  return rollLog(log, fightPress, state);
}

describe('press recap', () => {
  it('GIVEN a 9-turn fight press WHEN it is logged THEN its last line says what happened to the presser', () => {
    expect(logText(logAfterPress()).at(-1)).toBe('⚔️ Ann, 9 turns: killed the bat A; the orc A hit Ann 4 times for 16.');
  });

  it('GIVEN that press WHEN Ann reads since her last action THEN it starts at the press, not at its stop line', () => {
    const log = logAfterPress();
    const text = logText(log);
    const mine = sinceLastAction(text, 'Ann', sinceCount(log, 'Ann'));
    expect(mine[0]).toBe('Ann hits the bat A for 3.');
    expect(mine.at(-1)).toMatch(/^⚔️ Ann, 9 turns/);
    // Dan's line came before the press: it is not "since".
    expect(mine.some((l) => l.includes('Dan'))).toBe(false);
    expect(mine).toHaveLength(text.length - 2);
  });

  it('GIVEN /rogue log WHEN Ann reads it THEN the "since" part begins with the press', () => {
    const log = logAfterPress();
    const view = renderLogView(state, logText(log), 'u1', sinceCount(log, 'Ann'));
    const lines = view.description.split('\n');
    const first = lines.findIndex((l) => l.includes('Ann hits the bat A'));
    expect(lines[first - 1]).toBe(SINCE_HEADING);
    expect(lines.findIndex((l) => l.includes('Dan'))).toBeLessThan(first - 1);
  });

  it.each(LOCALE_CODES.map((l) => [l]))('GIVEN the recap WHEN read in %s THEN it is worded (plurals, no raw key)', (locale) => {
    const line = logText(logAfterPress(), locale).at(-1)!;
    expect(line.startsWith('⚔️ Ann')).toBe(true);
    expect(line).toMatch(/9/);
    expect(line).toMatch(/16/);
    expect(line).not.toMatch(/log\.recap|[{}]/);
  });

  it('GIVEN a quiet walk of 5 steps WHEN logged THEN no recap is added (its stop line says it all)', () => {
    const walk: GameEvent[] = [
      ...Array.from({ length: 5 }, (): GameEvent => ({ type: 'moved', who: ann, x: 1, y: 1 })),
      { type: 'run-stopped', who: ann, steps: 5, reason: 'monster-in-view', run: 'move' },
    ];
    expect(logText(rollLog([], walk, state))).toEqual(['Ann stops after 5 steps: a monster is in view.']);
    expect(sinceCount(rollLog([], walk, state), 'Ann')).toBe(1);
  });

  it('GIVEN a quiet explore that wrote two lines (an item picked up, its stop line) WHEN logged THEN the recap says why it stopped', () => {
    const explore: GameEvent[] = [
      ...Array.from({ length: 15 }, (): GameEvent => ({ type: 'moved', who: ann, x: 1, y: 1 })),
      { type: 'picked-up', who: ann, item: 'potion' },
      { type: 'run-stopped', who: ann, steps: 15, reason: 'monster-in-view', run: 'explore' },
    ];
    const lines = logText(rollLog([], explore, state));
    expect(lines.at(-1)).toBe('🧭 Ann, 15 turns: a monster is in view.');
    expect(logText(rollLog([], explore, solo)).at(-1)).toBe('🧭 15 turns: a monster is in view.');
    // "Since your last action" still reaches back over every line of the press.
    expect(sinceCount(rollLog([], explore, state), 'Ann')).toBe(lines.length);
  });

  it('GIVEN a press with many kills WHEN logged THEN the recap counts them past RECAP_KILLS', () => {
    const kills = (n: number): GameEvent[] => Array.from({ length: n }, (_, i): GameEvent => ({ type: 'killed', attacker: ann, target: { kind: 'monster', id: 10 + i, monster: 'bat', label: 'ABCDEFG'[i]! } }));
    const line = (n: number): string => logText(rollLog([], [...kills(n), { type: 'run-stopped', who: ann, steps: 8, reason: 'no-target', run: 'fight' }], state)).at(-1)!;
    expect(line(7)).toBe('⚔️ Ann, 8 turns: killed 7 monsters.');
    expect(line(RECAP_KILLS)).toBe('⚔️ Ann, 8 turns: killed the bat A; killed the bat B.');
  });

  it('GIVEN hits from three monsters during one press WHEN logged THEN one part sums them, so the recap stays one line', () => {
    const orc = { kind: 'monster', id: 8, monster: 'orc', label: 'B' } as const;
    const gob = { kind: 'monster', id: 9, monster: 'goblin', label: 'C' } as const;
    const events: GameEvent[] = [hit(bat, ann, 2), hit(orc, ann, 4), hit(gob, ann, 1), hit(orc, ann, 3), { type: 'run-stopped', who: ann, steps: 6, reason: 'hurt', run: 'fight' }];
    expect(logText(rollLog([], events, state)).at(-1)).toBe('⚔️ Ann, 6 turns: 3 monsters hit Ann 4 times for 10.');
    expect(logText(rollLog([], events, state), 'ru').at(-1)).toBe('⚔️ Ann, 6 ходов: 3 монстра: 4 удара по Ann на 10.');
  });

  it('GIVEN a one-turn press WHEN logged THEN no recap', () => {
    const log = rollLog([], [hit(ann, bat, 3)], state);
    expect(logText(log)).toEqual(['Ann hits the bat A for 3.']);
  });

  it('GIVEN a rest interrupted by a hit WHEN logged THEN the recap counts the hit', () => {
    const rest: GameEvent[] = [hit(bat, ann, 2), { type: 'run-stopped', who: ann, steps: 4, reason: 'attacked', run: 'rest', by: ann }];
    expect(logText(rollLog([], rest, state)).at(-1)).toBe('💤 Ann, 4 turns: the bat A hit Ann once for 2.');
  });
});

describe('a solo game\'s recap', () => {
  it('GIVEN the 9-turn fight press in a solo game WHEN logged THEN the recap leaves out the hero\'s name and says what hit them', () => {
    const log = rollLog([], fightPress, solo);
    expect(logText(log).at(-1)).toBe('⚔️ 9 turns: killed the bat A; took 4 hits for 16 (the orc A).');
  });

  it('GIVEN hits from three monsters in a solo press WHEN logged THEN they are summed in one part', () => {
    const gob: ActorRef = { kind: 'monster', id: 3, monster: 'goblin', label: 'C' };
    const events: GameEvent[] = [hit(bat, ann, 2), hit(orc, ann, 4), hit(gob, ann, 1), { type: 'run-stopped', who: ann, steps: 6, reason: 'hurt', run: 'fight' }];
    expect(logText(rollLog([], events, solo)).at(-1)).toBe('⚔️ 6 turns: took 3 hits for 7 (3 monsters).');
  });

  it('GIVEN a solo recap WHEN Ann reads since her last action THEN it still starts where the press began', () => {
    let log: LogLine[] = rollLog([], [{ type: 'waited', who: ann }], solo);
    log = rollLog(log, fightPress, solo);
    const mine = sinceLastAction(logText(log), 'Ann', sinceCount(log, 'Ann'));
    expect(mine[0]).toBe('Ann hits the bat A for 3.');
    expect(mine.at(-1)).toMatch(/^⚔️ 9 turns/);
  });

  it.each(LOCALE_CODES.map((l) => [l]))('GIVEN a solo recap WHEN read in %s THEN it is worded without the name (plurals, no raw key)', (locale) => {
    const line = logText(rollLog([], fightPress, solo), locale).at(-1)!;
    expect(line.startsWith('⚔️ 9')).toBe(true);
    expect(line).not.toContain('Ann');
    expect(line).toMatch(/16/);
    expect(line).not.toMatch(/log\.recap|[{}]/);
  });
});

describe('the presser\'s private view after a multi-turn press', () => {
  it('GIVEN Ann\'s fight press WHEN her controller is drawn THEN "Since your last action" starts at the press and ends with the recap', async () => {
    const { controllerPayload } = await import('../../src/adapters/discord/presenter.js');
    const meta = { creatorId: 'u1', createdAt: 1_700_000_000_000, updatedAt: 0, roundDeadline: null, message: null, render: 'emoji', mobile: false, roundSeconds: 60, lastActed: {}, idleRounds: 0, recentLog: logAfterPress() };
    const view = { key: { guildId: '1', channelId: '2' }, state, events: [], meta } as unknown as Parameters<typeof controllerPayload>[0];
    const since = controllerPayload(view, 'u1', { style: 'emoji', mobile: true }).embeds[0]!.fields!.find((f) => f.name === 'Since your last action')!;
    const lines = since.value.split('\n');
    expect(lines[0]).toContain('Ann hits the bat A for 3.');
    expect(lines.at(-1)).toMatch(/^⚔️ Ann, 9 turns: killed the bat A; the orc A hit Ann 4 times for 16\.$/);
    expect(since.value).not.toContain('Dan');
  });
});
