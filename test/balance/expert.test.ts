import { describe, expect, it } from 'vitest';
import { bombLine, betterGear, chokepointStep, expertPolicy, fightCost, hideStep, sidesOpenTo } from '../../balance/expert.js';
import { playGame } from '../../balance/play.js';
import { playerView, type PlayerView } from '../../balance/view.js';
import { partySight, Tile, type GameState } from '../../src/engine/index.js';
import { Rng } from '../../src/grid/rng.js';
import { drawState } from '../engine/fixtures.js';

/** Marks every tile of the drawing explored except the columns from `fromX` on. */
function exploreUpTo(s: GameState, fromX: number): void {
  for (let i = 0; i < s.tiles.length; i++) s.explored[i] = i % s.width < fromX ? 1 : 0;
}

const press = (v: PlayerView) => expertPolicy(v, Rng.fromSeed(1), { waits: 0 });

/** A room to the east, a corridor to the west; the hero stands in the room's doorway side. */
const DOORWAY = [
  '############',
  '#####......#',
  '#....1...g.#',
  '#####....g.#',
  '############',
];

describe('expert: where to stand', () => {
  it('GIVEN two goblins coming across a room THEN it steps back into the corridor, where one can reach it at a time', () => {
    const s = drawState(DOORWAY);
    exploreUpTo(s, 12);
    for (const m of s.monsters) m.state = 'hunt';
    const v = playerView(s, 'p1');
    expect(sidesOpenTo(v, 2 * s.width + 5, s.monsters.map((m) => m.y * s.width + m.x))).toBe(3);
    expect(sidesOpenTo(v, 2 * s.width + 4, s.monsters.map((m) => m.y * s.width + m.x))).toBe(1);
    expect(press(v)).toEqual({ type: 'move', user: 'p1', dir: 'w' });
  });

  it('GIVEN the same pack but already in the corridor THEN it holds and lets them come (no step back)', () => {
    const s = drawState(DOORWAY.map((r, y) => (y === 2 ? '#...1....g.#' : r)));
    exploreUpTo(s, 12);
    for (const m of s.monsters) m.state = 'hunt';
    const v = playerView(s, 'p1');
    expect(chokepointStep(v, v.monsters)).toBeNull();
    expect(press(v)).toEqual({ type: 'wait', user: 'p1' });
  });

  it('GIVEN the pack is already at the doorway before it could get there THEN it does not run for the corridor', () => {
    // The goblins stand nearer the corridor's mouth than the hero does.
    const s = drawState(['############', '#####g.....#', '#....g....1#', '#####......#', '############']);
    exploreUpTo(s, 12);
    for (const m of s.monsters) m.state = 'hunt';
    expect(chokepointStep(playerView(s, 'p1'), s.monsters)).toBeNull();
  });

  it('GIVEN a single goblin coming THEN it waits where it stands to strike first', () => {
    const s = drawState(['##########', '#1...g...#', '##########']);
    exploreUpTo(s, 10);
    s.monsters[0]!.state = 'hunt';
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'wait', user: 'p1' });
  });

  it('GIVEN a lone goblin next to a healthy hero THEN ⚔️ takes it (a plain fight); a hurt hero strikes by hand', () => {
    const s = drawState(['##########', '#1g......#', '##########']);
    exploreUpTo(s, 10);
    s.monsters[0]!.state = 'attack';
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'fight', user: 'p1' });
    s.players[0]!.hp = 10;
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'move', user: 'p1', dir: 'e' });
  });

  it('GIVEN two goblins on both sides of a hero in the open THEN ⚔️ is not pressed', () => {
    const s = drawState(['##########', '#........#', '#..g1g...#', '#........#', '##########']);
    exploreUpTo(s, 10);
    for (const m of s.monsters) m.state = 'attack';
    expect(press(playerView(s, 'p1'))).not.toEqual({ type: 'fight', user: 'p1' });
  });

  it('GIVEN a fighter next to a goblin THEN it cleaves (a blow at +2, never worse than a plain one)', () => {
    const s = drawState(['##########', '#1g......#', '##########']);
    exploreUpTo(s, 10);
    s.players[0]!.role = 'fighter';
    s.monsters[0]!.state = 'attack';
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'ability', user: 'p1' });
  });

  it('GIVEN an orc with a spear two tiles off in line THEN it closes in', () => {
    const s = drawState(['##########', '#1.o.....#', '##########']);
    exploreUpTo(s, 10);
    s.monsters[0]!.state = 'attack';
    s.players[0]!.hp = 11;
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'move', user: 'p1', dir: 'e' });
  });

  it('GIVEN an archer shooting from across a room with a corner at hand THEN it steps out of the line', () => {
    const s = drawState(['############', '#.##########', '#1....a....#', '############']);
    exploreUpTo(s, 12);
    s.monsters[0]!.state = 'attack';
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'move', user: 'p1', dir: 'n' });
  });
});

describe('expert: shooters', () => {
  it('GIVEN a hurt hero, the stairs behind it and an archer shooting from three tiles THEN it charges rather than run', () => {
    const s = drawState(['#############', '#>..1..a..T.#', '#############']);
    exploreUpTo(s, 13);
    for (const m of s.monsters) m.state = 'hunt';
    s.monsters[0]!.state = 'attack';
    s.players[0]!.hp = 9;
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'move', user: 'p1', dir: 'e' });
  });
});

describe('expert: out of sight', () => {
  it('GIVEN a shaman down a corridor and a side passage THEN the way out of its sight is into the side passage', () => {
    const s = drawState(['#########', '#1.....s#', '#.#######', '#.#######', '#########']);
    exploreUpTo(s, 9);
    s.monsters[0]!.state = 'hunt';
    const v = playerView(s, 'p1');
    expect(hideStep(v, new Set(v.monsters.map((m) => m.y * s.width + m.x)))).toBe('s');
  });
});

describe('expert: items', () => {
  it('GIVEN two goblins in a line and a bomb THEN it bombs them; one goblin is not worth a bomb', () => {
    const s = drawState(['##########', '#1..gg...#', '##########']);
    exploreUpTo(s, 10);
    for (const m of s.monsters) m.state = 'hunt';
    s.players[0]!.pack = { bomb: 1 };
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'use', user: 'p1', item: 'bomb', dir: 'e' });
    const one = drawState(['##########', '#1..g....#', '##########']);
    exploreUpTo(one, 10);
    one.monsters[0]!.state = 'hunt';
    one.players[0]!.pack = { bomb: 1 };
    expect(bombLine(playerView(one, 'p1'), () => false)).toBeNull();
    expect(press(playerView(one, 'p1'))).toEqual({ type: 'wait', user: 'p1' });
  });

  it('GIVEN an ally beside the pack THEN the bomb is not thrown there', () => {
    const s = drawState(['##########', '#1..gg...#', '#....2...#', '##########']);
    exploreUpTo(s, 10);
    for (const m of s.monsters) m.state = 'hunt';
    s.players[0]!.pack = { bomb: 1 };
    expect(bombLine(playerView(s, 'p1'), () => true)).toBeNull();
  });

  it.each([
    [{ axe: 1 }, 'sword', null, 'axe'],
    [{ dagger: 1 }, 'sword', null, null],
    [{ mail: 1 }, 'sword', 'leather', 'mail'],
    [{ leather: 1 }, 'sword', 'mail', null],
  ] as const)('GIVEN pack %o, wielding %s and wearing %s THEN the better gear is %s', (pack, weapon, armour, expected) => {
    const s = drawState(['######', '#1...#', '######']);
    exploreUpTo(s, 6);
    Object.assign(s.players[0]!, { pack, weapon, armour });
    expect(betterGear(playerView(s, 'p1'))).toBe(expected);
  });

  it('GIVEN the stairs unseen and a mapping scroll THEN it reads it at once; with the stairs seen it keeps it', () => {
    const s = drawState(['########', '#1....>#', '########'], { maxDepth: 5 });
    exploreUpTo(s, 5);
    s.players[0]!.pack = { map: 1 };
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'use', user: 'p1', item: 'map' });
    exploreUpTo(s, 8);
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'travel', user: 'p1' });
  });

  it('GIVEN nearly dead beside a troll with a potion THEN it drinks; with none and a teleport scroll THEN it reads it', () => {
    const s = drawState(['##########', '#1T......#', '##########']);
    exploreUpTo(s, 10);
    s.monsters[0]!.state = 'attack';
    s.players[0]!.hp = 4;
    s.players[0]!.pack = { potion: 1, teleport: 1 };
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'use', user: 'p1' });
    s.players[0]!.pack = { teleport: 1 };
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'use', user: 'p1', item: 'teleport' });
  });

  it('GIVEN a goblin one blow from dead beside a slightly hurt hero THEN it finishes it rather than drink', () => {
    const s = drawState(['##########', '#1g......#', '##########']);
    exploreUpTo(s, 10);
    s.monsters[0]!.state = 'attack';
    s.monsters[0]!.hp = 1;
    s.players[0]!.hp = 7;
    s.players[0]!.pack = { potion: 1 };
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'move', user: 'p1', dir: 'e' });
  });
});

describe('expert: between fights', () => {
  it('GIVEN hurt with nothing in view and ground left to explore THEN it rests first; at full hp it explores', () => {
    const s = drawState(['##########', '#1.......#', '##########']);
    exploreUpTo(s, 5);
    s.players[0]!.hp = 10;
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'rest', user: 'p1' });
    s.players[0]!.hp = s.players[0]!.maxHp;
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'explore', user: 'p1' });
  });

  it('GIVEN the last depth with its stairs known and a guard between THEN it heads for them and takes them', () => {
    const s = drawState(['##########', '#1....W.>#', '##########'], { maxDepth: 5 });
    exploreUpTo(s, 10);
    s.depth = 5;
    s.monsters[0]!.state = 'guard';
    const first = press(playerView(s, 'p1'));
    expect(first).toEqual({ type: 'move', user: 'p1', dir: 'e' });
    s.players[0]!.x = 8;
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'descend', user: 'p1' });
  });

  it('GIVEN a fight against a pack THEN its cost grows with the pack and shrinks with the hero', () => {
    const s = drawState(['##########', '#1.ggT...#', '##########']);
    const v = playerView(s, 'p1');
    const one = fightCost(v.me, v.monsters.slice(0, 1));
    const all = fightCost(v.me, v.monsters);
    expect(all).toBeGreaterThan(one);
    expect(fightCost({ ...v.me, attack: v.me.attack + 6, level: 6 }, v.monsters)).toBeLessThan(all);
  });
});

describe('expert: rules version 4 monsters', () => {
  it('GIVEN a skeleton coming and a bomb THEN it bombs it (a sword glances off its bones); a goblin alone is not worth one', () => {
    const s = drawState(['##########', '#1...z...#', '##########']);
    exploreUpTo(s, 10);
    s.monsters[0]!.state = 'hunt';
    s.players[0]!.pack = { bomb: 1 };
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'use', user: 'p1', item: 'bomb', dir: 'e' });
    const goblin = drawState(['##########', '#1...g...#', '##########']);
    exploreUpTo(goblin, 10);
    goblin.monsters[0]!.state = 'hunt';
    goblin.players[0]!.pack = { bomb: 1 };
    expect(press(playerView(goblin, 'p1'))).toEqual({ type: 'wait', user: 'p1' });
  });

  it('GIVEN a skeleton THEN a fight with it costs more with a sword (it glances) than with an axe', () => {
    const s = drawState(['##########', '#1z......#', '##########']);
    exploreUpTo(s, 10);
    s.monsters[0]!.state = 'attack';
    const sword = fightCost(s.players[0]!, s.monsters);
    s.players[0]!.weapon = 'axe';
    const axe = fightCost(s.players[0]!, s.monsters);
    expect(sword).toBeGreaterThan(axe * 1.5);
  });

  it('GIVEN a bloodied lizard running off down a corridor and a bomb THEN it bombs it (it would come back whole)', () => {
    const s = drawState(['############', '#1...l.....#', '############']);
    exploreUpTo(s, 12);
    s.monsters[0]!.state = 'flee';
    s.monsters[0]!.hp = 5;
    s.players[0]!.pack = { bomb: 1 };
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'use', user: 'p1', item: 'bomb', dir: 'e' });
  });

  it('GIVEN a running lizard and no bomb THEN it goes after it (in sight it cannot heal); next to it, it strikes', () => {
    const s = drawState(['############', '#1...l.....#', '############']);
    exploreUpTo(s, 12);
    s.monsters[0]!.state = 'flee';
    s.monsters[0]!.hp = 5;
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'move', user: 'p1', dir: 'e' });
    s.monsters[0]!.x = 2;
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'move', user: 'p1', dir: 'e' });
  });
});

describe('expert: a party', () => {
  it('GIVEN a hurt front player beside a monster in a corridor and a healthy ally behind THEN it swaps out; with a hurt ally it does not', () => {
    const s = drawState(['########', '#21g...#', '########']);
    exploreUpTo(s, 8);
    s.monsters[0]!.state = 'attack';
    s.players.find((p) => p.id === 'p1')!.hp = 8;
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'move', user: 'p1', dir: 'w' });
    s.players.find((p) => p.id === 'p2')!.hp = 9;
    expect(press(playerView(s, 'p1'))).not.toEqual({ type: 'move', user: 'p1', dir: 'w' });
  });

  it('GIVEN a healer with a badly hurt ally in reach THEN it mends', () => {
    const s = drawState(['########', '#12..g.#', '########']);
    exploreUpTo(s, 8);
    s.monsters[0]!.state = 'hunt';
    const healer = s.players.find((p) => p.id === 'p1')!;
    healer.role = 'healer';
    s.players.find((p) => p.id === 'p2')!.hp = 6;
    expect(press(playerView(s, 'p1'))).toEqual({ type: 'ability', user: 'p1' });
  });
});

describe('expert: it sees only what a player sees', () => {
  it('GIVEN seeded games THEN every press is the same with the unexplored map and the unseen monsters changed', () => {
    let checked = 0;
    for (const seed of [3]) {
      let n = 0;
      playGame({ policy: 'expert', players: 1, mode: 'free', difficulty: 'normal', size: 'small', roles: ['fighter'] }, seed, (s, u) => {
        if (n++ % 5 !== 0) return;
        const seen = partySight(s);
        // A blind copy: unexplored ground turned to rock (or rock to floor), unseen monsters gone.
        const blind: GameState = {
          ...s,
          tiles: s.tiles.map((t, i) => (s.explored[i] ? t : t === Tile.Wall ? Tile.Floor : Tile.Wall)),
          monsters: s.monsters.filter((m) => seen.mask[m.y * s.width + m.x] === seen.mark),
        };
        const v = playerView(s, u);
        const b = playerView(blind, u);
        // The view carries nothing of what is hidden (the buttons are the game's own answer, from the real state).
        expect({ ...b, legal: null }).toEqual({ ...v, legal: null });
        expect(expertPolicy({ ...b, legal: v.legal }, Rng.fromSeed(1), { waits: 0 })).toEqual(expertPolicy(v, Rng.fromSeed(1), { waits: 0 }));
        for (let i = 0; i < v.known.length; i++) if (!s.explored[i]) expect(v.known[i]).toBe(Tile.Wall);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(30);
  });
});

describe('expert: no freeze on a ⚔️ that strikes nothing', () => {
  it('GIVEN ⚔️ handed back three times with no blow (a shaman behind a cornered runner) THEN the fourth press goes in by hand', () => {
    const s = drawState(['#########', '#1..g.s.#', '#########']);
    s.explored.fill(1);
    Object.assign(s.monsters[0]!, { state: 'flee', hp: 7 });
    s.monsters[1]!.state = 'hunt';
    const memory = { waits: 0 };
    // The same view each time: the order ended and no one's hp changed.
    const presses = [0, 1, 2, 3].map(() => expertPolicy(playerView(s, 'p1'), Rng.fromSeed(1), memory));
    expect(presses.slice(0, 3)).toEqual([0, 1, 2].map(() => ({ type: 'fight', user: 'p1' })));
    expect(presses[3]).toEqual({ type: 'move', user: 'p1', dir: 'e' });
  });
});
