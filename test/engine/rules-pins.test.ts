import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/app/daily/verify.js';
import { defaultConfig } from '../../src/engine/config.js';
import { newGame } from '../../src/engine/game.js';
import { rulesContent } from '../../src/engine/rules-content.js';
import { LATEST_RULES, RULES, kindFromSeed, rulesForDay } from '../../src/engine/rules.js';
import { parseGameState } from '../../src/engine/state-schema.js';
import { MAP_KINDS } from '../../src/mapgen/generate.js';

/**
 * The hash of every table a released rules version plays with. A released version never changes: old games, dailies
 * and replays would play differently. Add content as a new version instead (docs/rules-versions.md), then pin it here.
 */
const PINS: Record<number, Record<string, string>> = {
  1: {
    kinds: 'bc4bbda403f59f79',
    monsters: '398b97f3f3102273',
    items: '4e5acadf2514ecc5',
    mapKinds: '848c5aca66dd5e64',
    difficulty: 'eaac1bb489d7bff6',
    constants: 'a0c69f5441305f26',
    dungeons: '99d3699b0a5e67ab',
  },
  2: {
    kinds: 'efdc59c6f158e6a4',
    monsters: '398b97f3f3102273',
    items: '4e5acadf2514ecc5',
    mapKinds: '848c5aca66dd5e64',
    difficulty: 'e517e4ee5e68f470',
    constants: 'a0c69f5441305f26',
    dungeons: 'fd30488f5f29a872',
    roles: '79a2be426c78f2e5',
    abilities: '535115a4fa5769a0',
    roleConstants: 'b0f893a1822a6b43',
    depthCurve: '80178bb71ba2417e',
    fightIdle: '4b227777d4dd1fc6',
    slowStrikes: 'b5bea41b6c623f7c',
  },
  3: {
    kinds: 'b4dcac57d7f336e0',
    monsters: '5d17f30663b2cd74',
    items: '215782f3f30bf9ea',
    mapKinds: '848c5aca66dd5e64',
    difficulty: '6b4752d783fe5a81',
    constants: 'a0c69f5441305f26',
    dungeons: '76dbb3cc4416c2e2',
    v3: '08c635c14d632635',
    roles: '79a2be426c78f2e5',
    abilities: '535115a4fa5769a0',
    roleConstants: 'b0f893a1822a6b43',
    depthCurve: '877720cf9f0c26ea',
    fightIdle: '4b227777d4dd1fc6',
    slowStrikes: 'b5bea41b6c623f7c',
  },
  4: {
    kinds: '4bdf09520d5ed969',
    monsters: '746b78162832e61d',
    items: '215782f3f30bf9ea',
    mapKinds: '848c5aca66dd5e64',
    difficulty: '4358b08c6e9c496f',
    constants: 'a0c69f5441305f26',
    dungeons: '972cfea35a70a93a',
    v4: '9bc196ee79203dd2',
    v3: '2f20a9bc296662d0',
    roles: '79a2be426c78f2e5',
    abilities: '535115a4fa5769a0',
    roleConstants: 'b0f893a1822a6b43',
    depthCurve: '877720cf9f0c26ea',
    fightIdle: '4b227777d4dd1fc6',
    slowStrikes: 'b5bea41b6c623f7c',
  },
  5: {
    kinds: '747d3ec64d154ab8',
    monsters: '746b78162832e61d',
    items: '215782f3f30bf9ea',
    mapKinds: '848c5aca66dd5e64',
    difficulty: '4358b08c6e9c496f',
    constants: 'a0c69f5441305f26',
    dungeons: '0252ded787f3bc8b',
    v4: 'd3a0a103753934e6',
    v3: '4c63f1428bade86e',
    roles: '79a2be426c78f2e5',
    abilities: '535115a4fa5769a0',
    roleConstants: 'b0f893a1822a6b43',
    depthCurve: '877720cf9f0c26ea',
    fightIdle: '4b227777d4dd1fc6',
    slowStrikes: 'b5bea41b6c623f7c',
  },
};

const sha = (value: unknown): string => createHash('sha256').update(canonicalJson(value)).digest('hex').slice(0, 16);

describe('rules versions', () => {
  it.each(RULES.map((r) => [r.version]))('GIVEN rules version %i THEN every table it plays with hashes to its pin', (version) => {
    const content = rulesContent(version);
    const actual = Object.fromEntries(Object.entries(content).map(([table, data]) => [table, sha(data)]));
    const pinned = PINS[version];
    if (!pinned) return expect.fail(`rules version ${version} has no pins: add to PINS in test/engine/rules-pins.test.ts\n  ${version}: ${JSON.stringify(actual)},`);
    for (const [table, hash] of Object.entries(actual)) {
      if (pinned[table] !== hash) {
        expect.fail(
          `rules version ${version}'s table "${table}" changed (hash ${hash}, pinned ${pinned[table] ?? 'none'}). A released version ` +
            `must not change: its games, dailies and replays would play differently. Undo the change to "${table}" and add it as ` +
            `rules version ${RULES.length + 1} (a new row in src/engine/rules.ts made with extendRules, see docs/rules-versions.md); ` +
            `pin the new version here.`,
        );
      }
    }
    expect(Object.keys(pinned).sort()).toEqual(Object.keys(actual).sort());
  });

  it('GIVEN the registry THEN versions count up from 1, later rows start their dailies later, and the latest is the last row', () => {
    RULES.forEach((row, i) => expect(row.version).toBe(i + 1));
    for (let i = 1; i < RULES.length; i++) expect(RULES[i]!.dailyFrom).toBeGreaterThan(RULES[i - 1]!.dailyFrom);
    expect(LATEST_RULES).toBe(RULES.length);
    for (const row of RULES) for (const kind of row.mapKinds) expect(MAP_KINDS).toContain(kind);
  });

  it('GIVEN a day THEN its daily uses the newest version that began on or before it', () => {
    for (const row of RULES) {
      expect(rulesForDay(row.dailyFrom)).toBe(row.version);
      if (row.version > 1) expect(rulesForDay(row.dailyFrom - 1)).toBe(row.version - 1);
    }
    expect(rulesForDay(0)).toBe(1);
  });

  it('GIVEN seeds 1-1000 under rules version 1 THEN random gives them the map kinds it gave before rules versions existed', () => {
    // The kinds of seeds 1-1000 on the release before rules versions (maze, cavern, rooms in that order), as a hash.
    const kinds = Array.from({ length: 1000 }, (_, i) => kindFromSeed(i + 1, 1)).join(',');
    expect(sha(kinds)).toBe('f5fdac42985e5fb5');
  });
});

describe('the rules stamp in saves', () => {
  const schema6 = (): Record<string, unknown> => JSON.parse(readFileSync(new URL('./fixtures/save-schema6.json', import.meta.url), 'utf8')) as Record<string, unknown>;

  it('GIVEN a save from before rules versions (schema 6) WHEN it loads THEN it is migrated and plays under rules version 1', () => {
    const parsed = parseGameState(schema6());
    expect(parsed).toMatchObject({ ok: true, migratedFrom: 6 });
    expect(parsed.ok && parsed.state.config.rules).toBe(1);
  });

  it('GIVEN a new game THEN it is stamped with the latest rules version', () => {
    expect(newGame(defaultConfig()).config.rules).toBe(LATEST_RULES);
  });

  it.each([
    ['a version this code does not know (a newer release saved it)', { rules: RULES.length + 1 }, /config\.rules: unknown rules version/],
    ['a map kind its version does not have', { rules: 1, mapKind: 'nowhere' }, /config\.mapKind/],
  ])('GIVEN a save with %s WHEN it loads THEN it is refused as corrupt, naming the field', (_what, change, reason) => {
    const raw = parseGameState(schema6());
    if (!raw.ok) throw new Error('fixture does not load');
    const json = JSON.parse(JSON.stringify(raw.state)) as { config: Record<string, unknown> };
    const r = parseGameState({ ...json, config: { ...json.config, ...change } });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.kind === 'corrupt' && r.reason).toMatch(reason);
  });
});
