import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { dailyMapKind, dailyRules } from '../../src/app/daily/day.js';
import { canonicalJson, dailyConfig, verifyDailyRun } from '../../src/app/daily/verify.js';
import { replay } from '../../src/engine/game.js';
import { MONSTERS, MONSTER_KINDS, type MonsterStats } from '../../src/engine/monsters.js';
import { RULES, extendRules, rulesForDay, type RulesRow } from '../../src/engine/rules.js';
import { parseGameState } from '../../src/engine/state-schema.js';
import type { Action, GameState } from '../../src/engine/types.js';
import { MAP_KINDS, MAP_KIND_RULES, type MapKindRule } from '../../src/mapgen/generate.js';

/** A scored daily run played on main before rules versions existed (schema 6, no rules stamp): day, final state, log. */
const fixture = JSON.parse(readFileSync(new URL('./daily-fixtures/daily-v1-day20782.json', import.meta.url), 'utf8')) as {
  day: number;
  state: unknown;
  log: Action[];
};

function savedState(): GameState {
  const parsed = parseGameState(fixture.state);
  if (!parsed.ok) throw new Error(`fixture does not load: ${JSON.stringify(parsed)}`);
  return parsed.state;
}

/**
 * Ships content the way a release does, on top of whatever the current tables hold: a monster row that spawns a lot
 * from depth 1, a map kind row, and a rules version that lists both, from day `from`. Undone after each test.
 */
function shipNewContent(from: number): void {
  const tables = { monsters: MONSTERS as Record<string, MonsterStats>, maps: MAP_KIND_RULES as Record<string, MapKindRule> };
  tables.monsters.rat = { ...MONSTERS.goblin, name: 'rat', spawn: { base: 500, perDepth: 0, from: 1 } };
  tables.maps.halls = { ...MAP_KIND_RULES.rooms, density: 2 };
  (MONSTER_KINDS as string[]).push('rat');
  (MAP_KINDS as string[]).push('halls');
  const last = RULES[RULES.length - 1]!;
  const next = extendRules(last, {
    notes: 'test: a rat and the halls',
    dailyFrom: from,
    monsters: [...last.monsters, 'rat' as never],
    mapKinds: [...last.mapKinds, 'halls' as never],
  });
  (RULES as RulesRow[]).push(next);
}

afterEach(() => {
  delete (MONSTERS as Record<string, unknown>).rat;
  delete (MAP_KIND_RULES as Record<string, unknown>).halls;
  for (const list of [MONSTER_KINDS, MAP_KINDS] as string[][]) {
    const i = list.findIndex((k) => k === 'rat' || k === 'halls');
    if (i >= 0) list.splice(i, 1);
  }
  while (RULES.length > 0 && RULES[RULES.length - 1]!.notes.startsWith('test:')) (RULES as RulesRow[]).pop();
});

describe('the daily keeps the rules its day began with', () => {
  it('GIVEN a daily run recorded before rules versions WHEN it loads THEN it is stamped rules version 1 and verifies', () => {
    const state = savedState();
    expect(state.config.rules).toBe(1);
    expect(verifyDailyRun(fixture.day, state, fixture.log)).toMatchObject({ ok: true });
  });

  it('GIVEN a monster kind and a map kind shipped from the next day WHEN the recorded run is verified and replayed THEN it still verifies and replays to its saved state', () => {
    const before = Array.from({ length: 60 }, (_, i) => dailyRules(fixture.day - 30 + i));
    shipNewContent(fixture.day + 40);
    const state = savedState();
    const verdict = verifyDailyRun(fixture.day, state, fixture.log);
    expect(verdict).toMatchObject({ ok: true });
    expect(canonicalJson(replay(state.config, fixture.log))).toBe(canonicalJson(state));
    // No daily before the new version's first day moves: seed, map kind and rules are the same.
    expect(Array.from({ length: 60 }, (_, i) => dailyRules(fixture.day - 30 + i))).toEqual(before);
    // From its first day the daily plays the new version, and its rotation includes the new kind.
    const from = fixture.day + 40;
    expect(rulesForDay(from)).toBe(RULES.length);
    expect(dailyConfig(from).rules).toBe(RULES.length);
    expect(Array.from({ length: RULES[RULES.length - 1]!.mapKinds.length }, (_, i) => dailyMapKind(from + i))).toContain('halls');
  });

  it('GIVEN the same content shipped for the run\'s own day (the bug this prevents) THEN the run no longer verifies', () => {
    shipNewContent(fixture.day);
    const verdict = verifyDailyRun(fixture.day, savedState(), fixture.log);
    expect(verdict.ok).toBe(false);
  });
});
