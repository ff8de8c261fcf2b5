/** Property: whatever the state (up to 8 players with hostile names, long logs, 200x200 maps), every render fits Discord. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MONSTER_KINDS } from '../../src/engine/monsters.js';
import { buildRecap } from '../../src/engine/score.js';
import type { ActorRef, GameEvent, GameState, MonsterKind, Player } from '../../src/engine/types.js';
import { viewCaps } from '../../src/render/budget.js';
import { renderGameWith } from '../../src/render/game.js';
import { checkLimits, codePoints, renderGame, renderStatus, type RenderedMessage } from '../../src/render/index.js';
import { renderPrivateWith } from '../../src/render/private.js';
import { zlibDeflate } from '../../src/adapters/render/image.js';
import { monsterLabel } from '../../src/engine/index.js';
import { OFF_PICTURE } from '../../src/render/hud.js';
import { MIN_TILE_CSS } from '../../src/render/image/frame.js';
import { phoneTileCss } from '../../src/render/image/index.js';
import { drawState, mapRows } from './fixtures.js';

/** A tiny seeded generator, so that a 200x200 map costs one fast-check draw instead of 40,000. */
function lcg(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

const name = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 32 }),
  fc.string({ unit: 'binary', maxLength: 32 }),
  fc.constantFrom('🧙‍♂️'.repeat(8), '👩‍👩‍👧‍👦'.repeat(5), '`'.repeat(32), '*_~|>#'.repeat(5), '\n'.repeat(32), '@everyone', ''),
);

const kinds: readonly MonsterKind[] = MONSTER_KINDS;

interface Shape {
  seed: number;
  width: number;
  height: number;
  walls: number;
  names: string[];
  monsters: number;
  events: number;
  style: 'ascii' | 'emoji';
  mobile: boolean;
  viewer: number;
  rounds: boolean;
  over: boolean;
  secs: number | null;
}

const shape: fc.Arbitrary<Shape> = fc.record({
  seed: fc.integer(),
  width: fc.oneof(fc.constant(200), fc.integer({ min: 20, max: 200 })),
  height: fc.oneof(fc.constant(200), fc.integer({ min: 12, max: 200 })),
  walls: fc.double({ min: 0, max: 0.7, noNaN: true }),
  names: fc.array(name, { minLength: 0, maxLength: 8 }),
  monsters: fc.integer({ min: 0, max: 60 }),
  events: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 400 })),
  style: fc.constantFrom('ascii' as const, 'emoji' as const),
  mobile: fc.boolean(),
  viewer: fc.integer({ min: -1, max: 7 }),
  rounds: fc.boolean(),
  over: fc.boolean(),
  secs: fc.option(fc.integer({ min: -5, max: 100_000 })),
});

/** Builds a random state from a shape: random walls, fog, players clustered so that they see each other. */
function build(sh: Shape): { state: GameState; visible: Uint8Array } {
  const rnd = lcg(sh.seed);
  const n = sh.width * sh.height;
  const base = drawState(['#'], { config: { turnMode: sh.rounds ? 'rounds' : 'free', seed: sh.seed, width: sh.width, height: sh.height } });
  const state: GameState = { ...base, width: sh.width, height: sh.height, tiles: new Uint8Array(n), explored: new Uint8Array(n) };
  const visible = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    // One draw per cell: terrain, memory and sight come from different parts of it.
    const r = rnd();
    const x = i % sh.width;
    const y = (i - x) / sh.width;
    const border = x === 0 || y === 0 || x === sh.width - 1 || y === sh.height - 1;
    state.tiles[i] = border || r < sh.walls ? 0 : r > 0.995 ? 2 : 1;
    const bits = Math.floor(r * 4096);
    state.explored[i] = bits & 1;
    visible[i] = (bits & 6) === 0 ? 1 : 0;
  }
  const cx = Math.floor(rnd() * sh.width);
  const cy = Math.floor(rnd() * sh.height);
  const near = (w: number): [number, number] => [
    Math.min(sh.width - 1, Math.max(0, cx + Math.floor(rnd() * 2 * w) - w)),
    Math.min(sh.height - 1, Math.max(0, cy + Math.floor(rnd() * 2 * w) - w)),
  ];
  state.players = sh.names.map((nm, slot): Player => {
    const [x, y] = near(6);
    return { id: `u${slot}`, name: nm, slot, x, y, hp: Math.floor(rnd() * 30) - 3, maxHp: 24, attack: 4, defence: 2, pack: { potion: 1 + Math.floor(rnd() * 1000), lure: 1 + Math.floor(rnd() * 1000), bomb: 1 + Math.floor(rnd() * 1000) }, weapon: 'axe', armour: 'mail', kills: Math.floor(rnd() * 1000), xp: Math.floor(rnd() * 1e6), level: 1 + Math.floor(rnd() * 99), alive: rnd() < 0.8, role: 'adventurer', cooldown: 0 };
  });
  for (let m = 0; m < sh.monsters; m++) {
    const [x, y] = near(12);
    const kind = kinds[m % kinds.length]!;
    state.monsters.push({ id: m + 1, kind, label: 'ZZ', maxHp: 40, power: 0, x, y, hp: 1 + Math.floor(rnd() * 16), weapon: Math.floor(rnd() * 2), state: (['wander', 'hunt', 'attack', 'flee'] as const)[m % 4]!, lastSeen: -1, stunned: 0 });
  }
  for (let k = 0; k < 30; k++) {
    const [x, y] = near(10);
    state.items.push({ id: 1000 + k, kind: 'potion', x, y });
  }
  state.acted = state.players.filter(() => rnd() < 0.5).map((p) => p.id);
  state.turn = Math.floor(rnd() * 1e9);
  state.depth = 1 + Math.floor(rnd() * 5);
  const actors: ActorRef[] = [
    ...state.players.map((p): ActorRef => ({ kind: 'player', id: p.id, name: p.name })),
    { kind: 'monster', id: 1, monster: 'troll', label: 'ZZ' },
    { kind: 'player', id: 'ghost', name: 'x'.repeat(300) },
  ];
  const pick = (): ActorRef => actors[Math.floor(rnd() * actors.length)]!;
  const events: GameEvent[] = [];
  for (let e = 0; e < sh.events; e++) {
    const r = rnd();
    if (r < 0.3) events.push({ type: 'attacked', attacker: pick(), target: pick(), damage: Math.floor(rnd() * 99), weapon: 'club', verb: 'thrusts its spear at', range: 2 });
    else if (r < 0.5) events.push({ type: 'run-stopped', who: pick(), steps: 9, reason: 'monster-in-view', run: 'explore' });
    else if (r < 0.7) events.push({ type: 'drank', who: pick(), healed: 10 });
    else if (r < 0.8) events.push({ type: 'round-ended', round: e, passed: state.players.map((p) => p.id) });
    else events.push({ type: 'switched-weapon', who: pick(), weapon: 'berserk claws' });
  }
  state.recent = events;
  if (sh.over) {
    state.status = 'over';
    const base = { outcome: (['defeat', 'victory', 'abandoned'] as const)[Math.abs(sh.seed) % 3]!, depth: state.depth, turns: state.turn, kills: state.players.map((p) => ({ id: p.id, name: p.name, kills: p.kills })) };
    const tally = { kills: Object.fromEntries(MONSTER_KINDS.map((k) => [k, 1 + Math.floor(rnd() * 1000)])), used: { potion: 1 + Math.floor(rnd() * 1000), bomb: 3 } };
    state.summary = { ...base, recap: buildRecap(base, tally, [{ type: 'died', who: actors[0]!, by: actors[actors.length - 2]!, weapon: 'club' }]) };
  }
  return { state, visible };
}

function assertFits(m: RenderedMessage, sh: Shape): void {
  expect(checkLimits(m)).toEqual([]);
  const text = sh.style === 'ascii' ? m.content : m.embed.description;
  const rows = mapRows(text);
  const width = codePoints(rows[0]!);
  expect(rows.filter((row) => codePoints(row) !== width)).toEqual([]);
  const caps = viewCaps(sh.style, sh.mobile);
  expect(width).toBeLessThanOrEqual(Math.min(caps.width, sh.width));
  expect(rows.length).toBeLessThanOrEqual(Math.min(caps.height, sh.height));
  if (sh.mobile) expect(width).toBeLessThanOrEqual(sh.style === 'emoji' ? 11 : 30);
}

describe('render budgets (property)', () => {
  it('never exceeds a Discord limit and draws rows of equal width, for random states', () => {
    fc.assert(
      fc.property(shape, (sh) => {
        const { state, visible } = build(sh);
        const viewerId = sh.viewer >= 0 ? `u${sh.viewer}` : null;
        const opts = { style: sh.style, mobile: sh.mobile, viewerId, roundSecondsLeft: sh.secs };
        assertFits(renderGameWith(state, opts, visible), sh);
        assertFits(renderGame(state, opts), sh);
        for (const p of state.players) {
          expect(checkLimits({ content: '', embed: renderStatus(state, p.id) })).toEqual([]);
        }
      }),
      { seed: 42, numRuns: 1500 },
    );
    // 1,500 random states in four styles: about 20 s alone, more on a shared machine.
  }, 90_000);
});

/** Each "In sight" line names a monster seen now; one that the picture does not draw says so. */
function assertSightDrawn(state: GameState, visible: Uint8Array, m: RenderedMessage, drawn: readonly number[]): void {
  // The image style's HUD is the description (the party's lines and then the monsters').
  const lines = [m.embed.description, ...m.embed.fields.filter((f) => f.name === 'In sight' || f.name === 'Party').map((f) => f.value)].join('\n').split('\n');
  const seen = state.monsters.filter((x) => x.hp > 0 && visible[x.y * state.width + x.x] === 1);
  for (const line of lines) {
    // Labels repeat in random states: a line whose monsters (same label and HP) are none of them drawn must say so.
    const same = seen.filter((x) => line.includes(` ${monsterLabel(x)} ${x.hp}/${x.maxHp}`));
    if (same.length > 0 && same.every((x) => !drawn.includes(x.id))) expect(line).toContain(OFF_PICTURE);
  }
}

describe('image and private views (property)', () => {
  it('the public picture holds every living player, its alt text fits, and private views fit Discord on desktop and phone', () => {
    fc.assert(
      fc.property(shape, fc.option(fc.integer({ min: 0, max: 2 ** 41 })), (sh, deadline) => {
        const { state, visible } = build(sh);
        // The server's mobile setting: a narrower shared picture with a private view's tile size.
        const m = renderGameWith(state, { style: 'image', mobile: sh.mobile, deflate: zlibDeflate, roundDeadlineMs: deadline, log: ['x'.repeat(300)] }, visible);
        expect(checkLimits(m)).toEqual([]);
        const img = m.image!;
        expect([...img.png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
        expect(img.markers.map((k) => k.playerId).sort()).toEqual(state.players.filter((p) => p.alive).map((p) => p.id).sort());
        for (const k of img.markers) expect(k.x >= 0 && k.y >= 0 && k.x < img.width && k.y < img.height).toBe(true);
        expect(Math.max(img.width, img.height)).toBeLessThanOrEqual(1600);
        // On a 360 px phone (pictures sized for PHONE_IMAGE_CSS): a public tile is at least 14 CSS px (18 with mobile), and
        // every monster the list shows is drawn or marked off picture.
        expect(img.tilesAcross).toBeLessThanOrEqual(viewCaps('image', sh.mobile).width);
        expect(phoneTileCss(img.width)).toBeGreaterThanOrEqual(sh.mobile ? MIN_TILE_CSS.private : MIN_TILE_CSS.public);
        assertSightDrawn(state, visible, m, img.monsters);
        for (const p of state.players.slice(0, 2)) {
          const v = renderPrivateWith(state, p.id, { style: 'image', deflate: zlibDeflate }, visible, 1);
          expect(phoneTileCss(v.image!.width)).toBeGreaterThanOrEqual(MIN_TILE_CSS.private);
          assertSightDrawn(state, visible, v, v.image!.monsters);
          // Text mode (screen readers) fits Discord too, and starts with who you are.
          const t = renderPrivateWith(state, p.id, { style: 'ascii', text: true, log: ['x'.repeat(80)] }, visible, 1);
          expect(checkLimits(t)).toEqual([]);
          expect(t.embed.description.startsWith('You:') || t.embed.description.startsWith("You've acted")).toBe(true);
        }
        for (const p of state.players.slice(0, 2)) {
          for (const style of ['ascii', 'emoji'] as const) {
            const v = renderPrivateWith(state, p.id, { style, mobile: sh.mobile }, visible, 1);
            assertFits(v, { ...sh, style });
          }
        }
      }),
      { seed: 43, numRuns: 150 },
    );
  });
});
