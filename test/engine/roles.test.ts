import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHOT_RANGE, SMOKE_STUN, readyAbility } from '../../src/engine/abilities.js';
import { newGame, step } from '../../src/engine/game.js';
import { defaultConfig } from '../../src/engine/config.js';
import { legalMoves } from '../../src/engine/legal.js';
import { PLAYER_BASE } from '../../src/engine/monsters.js';
import { ABILITIES, LEGACY_ROLE, OFFERED_ROLES, ROLES, ROLE_KINDS, type RoleKind } from '../../src/engine/roles.js';
import { parseGameState } from '../../src/engine/state-schema.js';
import { ATLAS_BASE64 } from '../../src/render/image/atlas.js';
import type { Action, GameState, StepResult } from '../../src/engine/types.js';
import { drawMap, drawState, inFight } from './fixtures.js';
import { partyLines, roleText } from '../../src/render/hud.js';
import { RENDER_STYLES, styleSpec } from '../../src/render/glyphs.js';
import { renderStatus } from '../../src/render/status.js';
import { HELP_TEXT, HELP_TOPIC_IDS, helpTopicText } from '../../commands/help.js';

function ok(r: StepResult): GameState {
  if (!r.ok) throw new Error(`rejected: ${r.code}`);
  return r.state;
}
const as = (s: GameState, role: RoleKind, slot = 0): GameState => {
  s.players[slot]!.role = role;
  return s;
};
const ability = (user = 'p1'): Action => ({ type: 'ability', user });

describe('the role table, row by row', () => {
  it.each(ROLE_KINDS.map((k) => [k]))('%s has art every style can draw and a blurb', (role) => {
    const art = ROLES[role].art;
    expect(art.emoji).toMatch(/^\p{Emoji_Presentation}$/u);
    expect([...art.ascii]).toHaveLength(1);
    expect(Object.keys(ATLAS_BASE64)).toContain(art.tile);
    expect(ROLES[role].blurb.length).toBeGreaterThan(0);
  });

  it.each(OFFERED_ROLES.map((k) => [k]))('%s joins a solo game with its numbers, gear and a ready ability that it can use', (role) => {
    let s = newGame(defaultConfig({ seed: 3 }));
    s = ok(step(s, { type: 'join', user: 'u', name: 'U', role }));
    const p = s.players[0]!;
    expect(p).toMatchObject({ role, cooldown: 0, maxHp: PLAYER_BASE.hp + ROLES[role].hp, weapon: ROLES[role].weapon, armour: ROLES[role].armour });
    expect(ROLES[role].ability).not.toBeNull();
    expect(readyAbility(p)).toBe(ROLES[role].ability);
    expect(parseGameState(JSON.parse(JSON.stringify(s))).ok).toBe(true);
  });

  it.each(Object.entries(ABILITIES))('ability %s has art every style can draw', (_k, row) => {
    expect(row.art.emoji).toMatch(/^\p{Emoji_Presentation}$/u);
    expect([...row.art.ascii]).toHaveLength(1);
    expect(Object.keys(ATLAS_BASE64)).toContain(row.art.tile);
    expect(row.cooldown).toBeGreaterThan(0);
  });

  it('GIVEN a join with no role (every log from before roles) WHEN replayed THEN the hero is the base adventurer with no ability', () => {
    const s = ok(step(newGame(defaultConfig({ seed: 3 })), { type: 'join', user: 'u', name: 'U' }));
    expect(s.players[0]).toMatchObject({ role: LEGACY_ROLE, maxHp: PLAYER_BASE.hp, weapon: 'sword', pack: { potion: 1 } });
    expect(step(s, { type: 'ability', user: 'u' })).toEqual({ ok: false, code: 'no-ability' });
    expect(legalMoves(s, 'u').ability).toBeNull();
  });
});

describe('abilities on drawn maps', () => {
  it('GIVEN a fighter between two goblins WHEN cleaving THEN both are struck and the ability cools down', () => {
    const s0 = as(drawState(['#######', '#g1g..#', '#######']), 'fighter');
    const s = ok(step(s0, ability()));
    const blows = s.recent.filter((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'player');
    expect(blows).toHaveLength(2);
    expect(s.players[0]!.cooldown).toBe(ABILITIES.cleave.cooldown);
    expect(step(s, ability())).toEqual({ ok: false, code: 'not-ready' });
  });

  it('GIVEN a fighter with nothing next to them WHEN cleaving THEN it is refused and nothing changes', () => {
    const s0 = as(drawState(['#######', '#1..g.#', '#######']), 'fighter');
    expect(step(s0, ability())).toEqual({ ok: false, code: 'nothing-in-reach' });
  });

  it('GIVEN a ranger and a shaman hanging back 5 tiles off WHEN shooting THEN the arrow flies to it', () => {
    const s0 = as(drawState(['#########', '#1....s.#', '#########']), 'ranger');
    const s = ok(step(s0, ability()));
    const shot = s.recent.find((e) => e.type === 'ability');
    expect(shot).toMatchObject({ ability: 'shoot', target: { kind: 'monster', monster: 'shaman' } });
    expect(s.recent.some((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'player' && e.target.kind === 'monster')).toBe(true);
  });

  it('GIVEN a ranger and a monster behind another WHEN shooting THEN the nearer one takes the arrow; a wall blocks a shot', () => {
    const s = ok(step(as(drawState(['#########', '#1..gT..#', '#########']), 'ranger'), ability()));
    expect(s.recent.find((e) => e.type === 'ability')).toMatchObject({ target: { monster: 'goblin' } });
    const walled = as(drawState(['#########', '#1..#.g.#', '#########']), 'ranger');
    walled.explored.fill(1);
    expect(step(walled, ability())).toEqual({ ok: false, code: 'nothing-in-reach' });
    const far = as(drawState([`#1${'.'.repeat(SHOT_RANGE)}g#`]), 'ranger');
    expect(step(far, ability())).toEqual({ ok: false, code: 'nothing-in-reach' });
  });

  it('GIVEN a healer and a badly hurt ally two tiles off WHEN mending THEN the ally is healed, not the lightly hurt healer', () => {
    const s0 = as(drawState(['#######', '#1.2..#', '#######']), 'healer');
    s0.players[0]!.hp = 20;
    s0.players[1]!.hp = 5;
    const s = ok(step(s0, ability()));
    expect(s.players[1]!.hp).toBe(5 + 6 + 2);
    expect(s.players[0]!.hp).toBe(20);
    expect(s.recent.find((e) => e.type === 'ability')).toMatchObject({ ability: 'mend', target: { id: 'p2' }, amount: 8 });
  });

  it('GIVEN a healer and no one hurt WHEN mending THEN it is refused', () => {
    expect(step(as(drawState(['#####', '#1.2#', '#####']), 'healer'), ability())).toEqual({ ok: false, code: 'full-health' });
  });

  it('GIVEN a rogue beside a troll and a goblin WHEN smoking THEN both are stunned and none strikes back that turn', () => {
    const s0 = as(drawState(['########', '#gT1...#', '########']), 'rogue');
    for (const m of s0.monsters) m.state = 'attack';
    const s = ok(step(s0, ability()));
    expect(s.monsters.every((m) => m.stunned >= SMOKE_STUN - 1)).toBe(true);
    expect(s.recent.some((e) => (e.type === 'attacked' || e.type === 'missed') && e.attacker.kind === 'monster')).toBe(false);
    expect(drawMap(s)[1]).toBe('#gT1...#');
  });

  it('GIVEN an ability used WHEN its cooldown passes THEN it is ready again', () => {
    let s = ok(step(as(drawState(['#######', '#g1g..#', '#######']), 'fighter'), ability()));
    s.monsters = [];
    for (let n = 0; n < ABILITIES.cleave.cooldown; n++) s = ok(step(s, { type: 'wait', user: 'p1' }));
    expect(s.players[0]!.cooldown).toBe(0);
    expect(legalMoves(s, 'p1').ability).toBeNull();
    s.monsters = as(drawState(['#######', '#g1g..#', '#######']), 'fighter').monsters;
    expect(legalMoves(s, 'p1').ability).toBe('cleave');
  });

  it('GIVEN rounds mode WHEN a player uses an ability THEN it is their act for the round', () => {
    const s0 = inFight(as(drawState(['########', '#1....s#', '#2.....#', '########'], { turnMode: 'rounds' }), 'ranger'));
    const s = ok(step(s0, ability()));
    expect(s.acted).toEqual(['p1']);
    expect(step(s, ability())).toEqual({ ok: false, code: 'not-your-turn' });
  });
});

describe('saves from before roles (schemas 6 and 7)', () => {
  it.each([
    ['save-schema6-rounds.json', 6],
    ['save-schema7.json', 7],
  ])('GIVEN a rounds game saved mid-fight (%s) WHEN loaded THEN its heroes are adventurers and play goes on', (file, schema) => {
    const raw: unknown = JSON.parse(readFileSync(new URL(`./fixtures/${file}`, import.meta.url), 'utf8'));
    const parsed = parseGameState(raw);
    if (!parsed.ok) throw new Error(JSON.stringify(parsed));
    expect(parsed.migratedFrom).toBe(schema);
    let s = parsed.state;
    expect(s.config.rules).toBe(1);
    expect(s.players.map((p) => [p.role, p.cooldown])).toEqual([[LEGACY_ROLE, 0], [LEGACY_ROLE, 0]]);
    for (const u of ['u1', 'u2']) {
      if (!legalMoves(s, u).canAct) continue;
      s = ok(step(s, legalMoves(s, u).canFight ? { type: 'fight', user: u } : { type: 'wait', user: u }));
    }
    expect(s.version).toBeGreaterThan(parsed.state.version);
    expect(parseGameState(JSON.parse(JSON.stringify(s))).ok).toBe(true);
  });
});

describe('roles in every render style', () => {
  it.each(OFFERED_ROLES.map((k) => [k]))('%s shows its art in the party line of every style, and its ability while it cools down', (role) => {
    const s = as(drawState(['#######', '#1....#', '#######']), role);
    s.players[0]!.cooldown = 4;
    const ability = ABILITIES[ROLES[role].ability!];
    for (const style of RENDER_STYLES) {
      const line = partyLines(s, 'p1', style)[0]!;
      const spec = styleSpec(style);
      expect(line).toContain(` ${spec.quote(spec.art(ROLES[role].art))} ${spec.count(spec.art(ability.art), ability.name, 4)}`);
    }
    expect(renderStatus(s, 'p1').description).toContain(`${ability.art.emoji} ${ability.name} (ready in 4 turns)`);
    const help = [HELP_TEXT, ...HELP_TOPIC_IDS.map(helpTopicText)].join('\n');
    expect(help).toContain(ROLES[role].art.emoji);
    expect(help).toContain(`${ability.art.emoji} ${ability.name}`);
  });

  it('GIVEN a hero from before roles WHEN drawn THEN the party line is as it always was', () => {
    const s = drawState(['#######', '#1....#', '#######']);
    for (const style of RENDER_STYLES) {
      expect(roleText(s.players[0]!, style)).toBe('');
      expect(partyLines(s, 'p1', style)[0]).not.toContain(ROLES.adventurer.art.emoji);
    }
  });
});

describe('choosing a role before the run begins', () => {
  it('GIVEN a member in a fresh game WHEN they join again with another role THEN their hero becomes it; once they have played, it is refused', () => {
    let s = ok(step(newGame(defaultConfig({ seed: 3 })), { type: 'join', user: 'u', name: 'U', role: 'fighter' }));
    s = ok(step(s, { type: 'join', user: 'u', name: 'U', role: 'healer' }));
    expect(s.players).toHaveLength(1);
    expect(s.players[0]).toMatchObject({ role: 'healer', maxHp: PLAYER_BASE.hp + ROLES.healer.hp });
    s = ok(step(s, { type: 'wait', user: 'u' }));
    expect(step(s, { type: 'join', user: 'u', name: 'U', role: 'rogue' })).toEqual({ ok: false, code: 'already-joined' });
  });
});
