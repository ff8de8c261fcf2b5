/**
 * Golden tests: whole messages for fixed seeds and fixed action lists. `show` lays a message out for reading: the
 * map framed by '|' (so blank cells stay visible), then title, description, fields and footer.
 */
import { buildRecap } from '../../src/engine/score.js';
import { describe, expect, it } from 'vitest';
import { defaultConfig, newGame, step, type Action, type Direction, type GameConfig, type GameEvent, type GameState } from '../../src/engine/index.js';
import { PUBLIC_LOG_LINES, renderGameWith } from '../../src/render/game.js';
import { checkLimits, renderGame, renderStatus, type RenderedMessage } from '../../src/render/index.js';
import { drawState, mask, splitEmojiMap } from './fixtures.js';

/** Plays joins then moves ("u1:eess"); a move into a wall is refused and changes nothing, so it is skipped (the maps may still change while mapgen evolves). */
function play(config: Partial<GameConfig>, names: readonly string[], moves: readonly string[] = []): GameState {
  let s = newGame(defaultConfig({ width: 40, height: 20, rules: 1, ...config }));
  // Rounds mode plays in rounds only in a fight (src/engine/pace.ts): these scenes show one.
  if (config.turnMode === 'rounds') s = { ...s, calm: 0 };
  const actions: Action[] = names.map((name, i) => ({ type: 'join', user: `u${i + 1}`, name }));
  for (const m of moves) {
    const [user, dirs] = m.split(':') as [string, string];
    for (const d of dirs) actions.push(d === '.' ? { type: 'wait', user } : { type: 'move', user, dir: d as Direction });
  }
  for (const a of actions) {
    const r = step(s, a);
    if (r.ok) s = r.state;
    else if (a.type === 'join') throw new Error(`join rejected: ${r.code}`);
  }
  return s;
}

/** A solo hero on hard who charges the nearest monster every turn until the run ends (a fixed policy, so a fixed action list per seed). */
function charge(seed: number): GameState {
  let s = play({ seed, difficulty: 'hard' }, ['Alice']);
  for (let t = 0; t < 300 && s.status === 'playing'; t++) {
    const p = s.players[0]!;
    const dist = (m: { x: number; y: number }): number => Math.abs(m.x - p.x) + Math.abs(m.y - p.y);
    const m = [...s.monsters].sort((a, b) => dist(a) - dist(b))[0];
    const order: Direction[] = [];
    if (m) {
      if (m.x > p.x) order.push('e');
      if (m.x < p.x) order.push('w');
      if (m.y > p.y) order.push('s');
      if (m.y < p.y) order.push('n');
    }
    order.push(...(['n', 'e', 's', 'w'] as const).filter((d) => !order.includes(d)));
    let moved = false;
    for (const dir of order) {
      const r = step(s, { type: 'move', user: 'u1', dir });
      if (r.ok) {
        s = r.state;
        moved = true;
        break;
      }
    }
    if (!moved) {
      const r = step(s, { type: 'wait', user: 'u1' });
      if (r.ok) s = r.state;
    }
  }
  return s;
}

function show(m: RenderedMessage): string {
  expect(checkLimits(m)).toEqual([]);
  const e = m.embed;
  const frame = (map: string): string => map.split('\n').map((r) => `|${r}|`).join('\n');
  let map = '';
  let description = e.description;
  if (m.content) {
    expect(m.content.startsWith('```\n') && m.content.endsWith('\n```')).toBe(true);
    map = frame(m.content.slice(4, -4));
  } else {
    const { rows, under } = splitEmojiMap(e.description);
    map = frame(rows.join('\n'));
    description = under.join('\n');
  }
  const parts = [map, `# ${e.title}`];
  if (description) parts.push(description);
  for (const f of e.fields) parts.push(`## ${f.name}\n${f.value}`);
  parts.push(`-- ${e.footer}`, `color #${e.color.toString(16).padStart(6, '0')}`);
  return parts.join('\n');
}

describe('renderGame golden: a solo explorer with fog of war', () => {
  const state = play({ seed: 7 }, ['Alice'], ['u1:sssssnnnnnwwww']);

  it('in ASCII shows the lit cave, the remembered passage dimmed, and nothing unexplored', () => {
    expect(show(renderGame(state, { style: 'ascii', viewerId: 'u1' }))).toMatchInlineSnapshot(`
      "|                                        |
      |                          #       ++    |
      |                        .o.#     +···+  |
      |                       .....#    ··.··+ |
      |                       ......##  ·..··+ |
      |                       .......###....·+ |
      |                       ··............·+ |
      |                         ··..........·+ |
      |                            #@........+ |
      |                            ###......·+ |
      |                              +··....·++|
      |                             ++····..··+|
      |                            ++·········+|
      |                        ···············+|
      |                         ······++·····++|
      |                         ·····+  +····+ |
      |                         ·····    ····+ |
      |                          ···     ++·++ |
      |                           +        ++  |
      |                                        |
      # Depth 1/5 · Turn 12
      \`@\` **Alice** (you) \`[##########]\` 24/24 · potion 2
      \`o\` orc A 12/12 · unaware
      -- 
      color #5865f2"
    `);
  });

  it('in emoji shows the same view through a 19x13 camera', () => {
    expect(show(renderGame(state, { style: 'emoji', viewerId: 'u1' }))).toMatchInlineSnapshot(`
      "|⬛⬛⬛⬛🟫🐗🟫🧱⬛⬛⬛⬛⬛🪨🔲🔲🔲🪨⬛|
      |⬛⬛⬛🟫🟫🟫🟫🟫🧱⬛⬛⬛⬛🔲🔲🟫🔲🔲🪨|
      |⬛⬛⬛🟫🟫🟫🟫🟫🟫🧱🧱⬛⬛🔲🟫🟫🔲🔲🪨|
      |⬛⬛⬛🟫🟫🟫🟫🟫🟫🟫🧱🧱🧱🟫🟫🟫🟫🔲🪨|
      |⬛⬛⬛🔲🔲🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🔲🪨|
      |⬛⬛⬛⬛⬛🔲🔲🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🔲🪨|
      |⬛⬛⬛⬛⬛⬛⬛⬛🧱🧙🟫🟫🟫🟫🟫🟫🟫🟫🪨|
      |⬛⬛⬛⬛⬛⬛⬛⬛🧱🧱🧱🟫🟫🟫🟫🟫🟫🔲🪨|
      |⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛🪨🔲🔲🟫🟫🟫🟫🔲🪨|
      |⬛⬛⬛⬛⬛⬛⬛⬛⬛🪨🪨🔲🔲🔲🔲🟫🟫🔲🔲|
      |⬛⬛⬛⬛⬛⬛⬛⬛🪨🪨🔲🔲🔲🔲🔲🔲🔲🔲🔲|
      |⬛⬛⬛⬛🔲🔲🔲🔲🔲🔲🔲🔲🔲🔲🔲🔲🔲🔲🔲|
      |⬛⬛⬛⬛⬛🔲🔲🔲🔲🔲🔲🪨🪨🔲🔲🔲🔲🔲🪨|
      # Depth 1/5 · Turn 12
      🧙 **Alice** (you) 💚24 🧪2
      🐗 orc A 12/12 · unaware
      -- 
      color #5865f2"
    `);
  });

  it('in the mobile layout fits a 360 px phone: at most 11 emoji or 29 characters wide', () => {
    expect(show(renderGame(state, { style: 'emoji', viewerId: 'u1', mobile: true }))).toMatchInlineSnapshot(`
      "|🟫🟫🟫🟫🧱⬛⬛⬛⬛🔲🔲|
      |🟫🟫🟫🟫🟫🧱🧱⬛⬛🔲🟫|
      |🟫🟫🟫🟫🟫🟫🧱🧱🧱🟫🟫|
      |🔲🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫|
      |⬛🔲🔲🟫🟫🟫🟫🟫🟫🟫🟫|
      |⬛⬛⬛⬛🧱🧙🟫🟫🟫🟫🟫|
      |⬛⬛⬛⬛🧱🧱🧱🟫🟫🟫🟫|
      |⬛⬛⬛⬛⬛⬛🪨🔲🔲🟫🟫|
      |⬛⬛⬛⬛⬛🪨🪨🔲🔲🔲🔲|
      |⬛⬛⬛⬛🪨🪨🔲🔲🔲🔲🔲|
      |🔲🔲🔲🔲🔲🔲🔲🔲🔲🔲🔲|
      # Depth 1/5 · Turn 12
      🧙 **Alice** (you) 💚24 🧪2
      🐗 orc A 12/12 · unaware · off picture
      -- 
      color #5865f2"
    `);
    expect(show(renderGame(state, { style: 'ascii', viewerId: 'u1', mobile: true }))).toMatchInlineSnapshot(`
      "|                             |
      |               #       ++    |
      |             .o.#     +···+  |
      |            .....#    ··.··+ |
      |            ......##  ·..··+ |
      |            .......###....·+ |
      |            ··............·+ |
      |              ··..........·+ |
      |                 #@........+ |
      |                 ###......·+ |
      |                   +··....·++|
      |                  ++····..··+|
      |                 ++·········+|
      |             ···············+|
      |              ······++·····++|
      |              ·····+  +····+ |
      |              ·····    ····+ |
      # Depth 1/5 · Turn 12
      \`@\` **Alice** (you) \`[##########]\` 24/24 · potion 2
      \`o\` orc A 12/12 · unaware
      -- 
      color #5865f2"
    `);
  });
});

describe('renderGame golden: a group of 4 in rounds mode', () => {
  const state = play({ seed: 3, turnMode: 'rounds' }, ['Alice', 'Bob', 'Carol', 'Dave'], ['u3:n']);

  it('in ASCII marks the acting player @, the others by digit, and who has acted this round', () => {
    expect(show(renderGame(state, { style: 'ascii', viewerId: 'u1', roundSecondsLeft: 17 }))).toMatchInlineSnapshot(`
      "|                                        |
      |                   ####                 |
      |                 ##...##                |
      |                 #.....#                |
      |                ##.!...#                |
      |                #23....#                |
      |               ##@.....#                |
      |               #.4...###                |
      |             .......##                  |
      |          #..........#                  |
      |          #...........                  |
      |           ............g                |
      |           ............g                |
      |            ...........                 |
      |              b......                   |
      |                 .                      |
      |                                        |
      |                                        |
      |                                        |
      |                                        |
      # Depth 1/5 · Turn 0
      ⏳ Round ends in 17 s
      \`@\` **Alice** (you) \`[##########]\` 24/24 · to act
      \`2\` **Bob** \`[##########]\` 24/24 · to act
      \`3\` **Carol** \`[##########]\` 24/24 · acted
      \`4\` **Dave** \`[##########]\` 24/24 · to act
      \`g\` goblin B 7/7 · unaware
      \`g\` goblin C 7/7 · unaware
      › Carol picks up a dagger.

      \`b\` bat · \`!\` potion
      -- 
      color #5865f2"
    `);
  });

  it('in emoji shows the party view in slot colours when no one is acting', () => {
    expect(show(renderGame(state, { style: 'emoji', viewerId: null, roundSecondsLeft: 17 }))).toMatchInlineSnapshot(`
      "|⬛⬛⬛⬛⬛⬛⬛⬛⬛🧱🧱🟫🟫🟫🧱🧱⬛⬛⬛|
      |⬛⬛⬛⬛⬛⬛⬛⬛⬛🧱🟫🟫🟫🟫🟫🧱⬛⬛⬛|
      |⬛⬛⬛⬛⬛⬛⬛⬛🧱🧱🟫🧪🟫🟫🟫🧱⬛⬛⬛|
      |⬛⬛⬛⬛⬛⬛⬛⬛🧱🟢🟡🟫🟫🟫🟫🧱⬛⬛⬛|
      |⬛⬛⬛⬛⬛⬛⬛🧱🧱🔵🟫🟫🟫🟫🟫🧱⬛⬛⬛|
      |⬛⬛⬛⬛⬛⬛⬛🧱🟫🟣🟫🟫🟫🧱🧱🧱⬛⬛⬛|
      |⬛⬛⬛⬛⬛🟫🟫🟫🟫🟫🟫🟫🧱🧱⬛⬛⬛⬛⬛|
      |⬛⬛🧱🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🧱⬛⬛⬛⬛⬛|
      |⬛⬛🧱🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫⬛⬛⬛⬛⬛|
      |⬛⬛⬛🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫👺⬛⬛⬛|
      |⬛⬛⬛🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫👺⬛⬛⬛|
      |⬛⬛⬛⬛🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫⬛⬛⬛⬛|
      |⬛⬛⬛⬛⬛⬛🦇🟫🟫🟫🟫🟫🟫⬛⬛⬛⬛⬛⬛|
      # Depth 1/5 · Turn 0
      🦇 bat · 🧪 potion
      ⏳ Round ends in 17 s
      🔵 **Alice** 💚24 to act
      🟢 **Bob** 💚24 to act
      🟡 **Carol** 💚24 acted
      🟣 **Dave** 💚24 to act
      👺 goblin B 7/7 · unaware
      👺 goblin C 7/7 · unaware
      › Carol picks up a dagger.
      -- 
      color #5865f2"
    `);
  });
});

describe('renderGame golden: game over', () => {
  const state = charge(12);

  it('shows the defeat screen with the run summary in ASCII', () => {
    expect(state.status).toBe('over');
    expect(show(renderGame(state, { style: 'ascii', viewerId: 'u1' }))).toMatchInlineSnapshot(`
      "|       ++     ++++                      |
      |     +++·+  ++···++                     |
      |     +····+++·····++                    |
      |     +·············+++                  |
      |     +···············++                 |
      |     ++···.···········++                |
      |      +++·....·········+                |
      |    ·   +#......·······+                |
      |   ···   #.......······+                |
      |   ·.··  #.......++···++                |
      |  +....  #......#++···+                 |
      |  +.....##......##+···+                 |
      |  +.......o.......····+                 |
      | +........%........···+                 |
      |  ·...........g..!···++                 |
      |  ·.......#####·..··++                  |
      |  ·..>...#+   ++···++                   |
      |   ·*...#      +++++                    |
      |   +####                                |
      |                                        |
      # 💀 Game over · Depth 1/5 · Turn 100
      \`g\` goblin · \`o\` orc · \`!\` potion · \`*\` flash bomb · \`>\` stairs · \`%\` fallen
      ## Run summary
      The party has fallen on depth 1 after 100 turns.
      Killed by the orc A's knife on depth 1, turn 100 · kills: goblin ×1, orc ×1 · used: nothing · deepest 1 · score 120
      **Alice** — 2 kills
      ## Party
      \`%\` **Alice** (you) — fallen
      › The party has fallen on depth 1 after 100 turns.
      -- Seed 12 · free turns · hard
      color #ed4245"
    `);
  });

  it('shows the defeat screen with the run summary in emoji', () => {
    expect(show(renderGame(state, { style: 'emoji', viewerId: 'u1' }))).toMatchInlineSnapshot(`
      "|⬛⬛⬛🔲⬛⬛⬛🪨🧱🟫🟫🟫🟫🟫🟫🔲🔲🔲🔲|
      |⬛⬛🔲🔲🔲⬛⬛⬛🧱🟫🟫🟫🟫🟫🟫🟫🔲🔲🔲|
      |⬛⬛🔲🟫🔲🔲⬛⬛🧱🟫🟫🟫🟫🟫🟫🟫🪨🪨🔲|
      |⬛🪨🟫🟫🟫🟫⬛⬛🧱🟫🟫🟫🟫🟫🟫🧱🪨🪨🔲|
      |⬛🪨🟫🟫🟫🟫🟫🧱🧱🟫🟫🟫🟫🟫🟫🧱🧱🪨🔲|
      |⬛🪨🟫🟫🟫🟫🟫🟫🟫🐗🟫🟫🟫🟫🟫🟫🟫🔲🔲|
      |🪨🟫🟫🟫🟫🟫🟫🟫🟫💀🟫🟫🟫🟫🟫🟫🟫🟫🔲|
      |⬛🔲🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫🟫👺🟫🟫🧪🔲🔲|
      |⬛🔲🟫🟫🟫🟫🟫🟫🟫🧱🧱🧱🧱🧱🔲🟫🟫🔲🔲|
      |⬛🔲🟫🟫🔽🟫🟫🟫🧱🪨⬛⬛⬛🪨🪨🔲🔲🔲🪨|
      |⬛⬛🔲💣🟫🟫🟫🧱⬛⬛⬛⬛⬛⬛🪨🪨🪨🪨🪨|
      |⬛⬛🪨🧱🧱🧱🧱⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛|
      |⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛⬛|
      # 💀 Game over · Depth 1/5 · Turn 100
      👺 goblin · 🐗 orc · 🧪 potion · 💣 flash bomb · 🔽 stairs · 💀 fallen
      ## Run summary
      The party has fallen on depth 1 after 100 turns.
      Killed by the orc A's knife on depth 1, turn 100 · kills: goblin ×1, orc ×1 · used: nothing · deepest 1 · score 120
      **Alice** — 2 kills
      ## Party
      💀 **Alice** (you) — fallen
      › The party has fallen on depth 1 after 100 turns.
      -- Seed 12 · free turns · hard
      color #ed4245"
    `);
  });
});

describe('renderGame golden: victory (drawn state)', () => {
  const state = drawState(['#######', '#1.2.>#', '#######'], { names: ['Alice', 'Bob'], dead: ['2'] });
  state.status = 'over';
  state.turn = 412;
  state.depth = 5;
  const base = {
    outcome: 'victory' as const,
    depth: 5,
    turns: 412,
    kills: [
      { id: 'p1', name: 'Alice', kills: 17 },
      { id: 'p2', name: 'Bob', kills: 21 },
    ],
  };
  state.summary = { ...base, recap: buildRecap(base, { kills: { goblin: 30, warlord: 1 }, used: { potion: 4, bomb: 1 } }, []) };
  const seen = mask(['xxxxxxx', 'xxxxxxx', 'xxxxxxx']);

  it('shows the victory screen with kills per player, best first, in both styles', () => {
    expect(show(renderGameWith(state, { style: 'ascii', viewerId: 'p1', events: [] }, seen))).toMatchInlineSnapshot(`
      "|#######|
      |#@.%.>#|
      |#######|
      # 🏆 Victory · Depth 5/5 · Turn 412
      \`>\` stairs · \`%\` fallen
      ## Run summary
      Victory! The party escapes from depth 5 after 412 turns.
      Escaped the dungeon on depth 5, turn 412 · kills: goblin ×30, orc warlord ×1 · used: potion ×4, flash bomb ×1 · deepest 5 · score 2468
      **Bob** — 21 kills
      **Alice** — 17 kills
      ## Party
      \`@\` **Alice** (you) \`[##########]\` 24/24 · potion 1
      \`%\` **Bob** — fallen
      -- Seed 1 · free turns · normal
      color #fee75c"
    `);
    expect(show(renderGameWith(state, { style: 'emoji', viewerId: 'p1', events: [] }, seen))).toMatchInlineSnapshot(`
      "|🧱🧱🧱🧱🧱🧱🧱|
      |🧱🧙🟫💀🟫🔽🧱|
      |🧱🧱🧱🧱🧱🧱🧱|
      # 🏆 Victory · Depth 5/5 · Turn 412
      🔽 stairs · 💀 fallen
      ## Run summary
      Victory! The party escapes from depth 5 after 412 turns.
      Escaped the dungeon on depth 5, turn 412 · kills: goblin ×30, orc warlord ×1 · used: potion ×4, flash bomb ×1 · deepest 5 · score 2468
      **Bob** — 21 kills
      **Alice** — 17 kills
      ## Party
      🧙 **Alice** (you) 💚24 🧪1
      💀 **Bob** — fallen
      -- Seed 1 · free turns · normal
      color #fee75c"
    `);
  });
});

describe('renderGame golden: a log that overflows', () => {
  const state = play({ seed: 3 }, ['Alice', 'Bob', 'Carol', 'Dave']);
  const alice = { kind: 'player', id: 'u1', name: 'Alice' } as const;
  const bob = { kind: 'player', id: 'u2', name: 'Bob' } as const;
  const troll = { kind: 'monster', id: 99, monster: 'troll', label: 'A' } as const;
  const events: GameEvent[] = [];
  for (let i = 1; i <= 10; i++) {
    events.push({ type: 'attacked', attacker: i % 2 ? alice : bob, target: troll, damage: i, weapon: 'sword', verb: 'hits', range: 1 });
    events.push({ type: 'missed', attacker: troll, target: i % 2 ? bob : alice, weapon: 'club', range: 1 });
  }
  events.push({ type: 'berserk', who: troll });

  it('keeps the newest 5 lines on the shared message (a phone screen), with no line spent on the earlier ones', () => {
    const m = renderGame(state, { style: 'emoji', viewerId: 'u1', events });
    // The emoji HUD sits under the map in the description (no Party field: a field name is a phone line).
    expect(m.embed.fields).toEqual([]);
    const log = m.embed.description.split('\n').filter((l) => l.startsWith('› ')).map((l) => l.slice(2)).join('\n');
    expect(log.split('\n')).toHaveLength(PUBLIC_LOG_LINES);
    expect(log).toMatchInlineSnapshot(`"The troll A goes berserk!"`);
  });
});

describe('renderGame golden: monsters in sight (drawn state)', () => {
  const state = drawState(
    [
      '##############',
      '#....g.......#',
      '#.1.....T....#',
      '#...o.....g..#',
      '##############',
    ],
    { names: ['Alice **the bold**'] },
  );
  state.monsters[0]!.state = 'flee';
  state.monsters[0]!.hp = 2;
  state.monsters[1]!.weapon = 1;
  state.monsters[3]!.state = 'wander';
  const seen = mask([
    'xxxxxxxxxxx...',
    'xxxxxxxxxxx...',
    'xxxxxxxxxxx...',
    'xxxxxxxxxxx...',
    'xxxxxxxxxxx...',
  ]);

  it('lists monsters seen now, nearest first, with what matters about them, and escapes markdown in names', () => {
    expect(show(renderGameWith(state, { style: 'ascii', viewerId: 'p1' }, seen))).toMatchInlineSnapshot(`
      "|###########+++|
      |#....g.....··+|
      |#.@.....T..··+|
      |#...o.....g··+|
      |###########+++|
      # Depth 1/5 · Turn 0
      \`@\` **Alice \\*\\*the bold\\*\\*** (you) \`[##########]\` 24/24 · potion 1
      \`o\` orc A 10/10
      \`g\` goblin A 2/6 · bloodied, fleeing

      \`T\` troll
      -- 
      color #5865f2"
    `);
  });
});

describe('renderStatus', () => {
  const state = play({ seed: 3, turnMode: 'rounds' }, ['Alice', 'Bob'], ['u1:e']);

  it('shows a character sheet for a player in the game', () => {
    expect(renderStatus(state, 'u1')).toMatchInlineSnapshot(`
      {
        "color": 5763719,
        "description": "HP 🟩🟩🟩🟩🟩 24/24
      Level 1 · XP 0/10 (kills and each new depth give XP; a level adds max HP, attack and damage)
      Attack 4 · Defence 2
      Gear: 🤺 sword
      Weapon: sword (2-6 damage, reach 1, +1 to hit) · Armour: none
      Pack: 🧪1
      Kills: 0
      Depth 1/5 at (18, 6)
      This round: ✅ acted",
        "fields": [],
        "footer": "Turn 0 · Seed 3 · rounds in fights · normal",
        "title": "🔵 Alice",
      }
    `);
  });

  it('tells an outsider to join', () => {
    expect(renderStatus(state, 'nobody').title).toBe('Not in this game');
  });
});

describe('rounds-mode party header', () => {
  const party = () => drawState(['#######', '#1.2..#', '#######'], { config: { turnMode: 'rounds' }, overrides: { acted: ['p1'], calm: 0 } });
  /** The HUD's lines: the description in ASCII (the map is in the content), in emoji what follows the map's rows. */
  const hud = (m: RenderedMessage) => (m.content ? m.embed.description : splitEmojiMap(m.embed.description).under.join('\n')).split('\n');

  it('opens with when the round ends and marks who must act on their own line, in words', () => {
    const lines = hud(renderGame(party(), { style: 'ascii', roundSecondsLeft: 42 }));
    expect(lines[0]).toBe('⏳ Round ends in 42 s');
    expect(lines.find((l) => l.includes('**P2**'))).toMatch(/ to act$/);
    expect(lines.find((l) => l.includes('**P1**'))).toMatch(/ acted$/);
  });

  it('says so when the round timer is paused until someone acts', () => {
    expect(hud(renderGame(party(), { style: 'emoji', roundTimerPaused: true }))[0]).toBe('⏸️ Round timer paused until someone acts');
  });

  it.each(['ascii', 'emoji'] as const)('GIVEN P2 is marked idle WHEN drawn in %s THEN the party list marks P2 idle', (style) => {
    const lines = hud(renderGame(party(), { style, roundSecondsLeft: 42, idle: ['p2'] }));
    expect(lines.filter((l) => l.endsWith(' idle'))).toHaveLength(1);
    expect(lines.find((l) => l.endsWith(' idle'))).toContain('P2');
  });

  it('GIVEN a run ended by the host THEN the run summary opens with how it ended', () => {
    const left = step(drawState(['#####', '#1..#', '#####']), { type: 'leave', user: 'p1' });
    if (!left.ok) throw new Error('could not leave');
    const over = left.state;
    expect(over.status).toBe('over');
    const m = renderGame(over, { style: 'ascii', ending: 'Ended by the host, Ann.' });
    expect(m.embed.fields.find((f) => f.name === 'Run summary')!.value.split('\n')[0]).toBe('Ended by the host, Ann.');
  });
});

describe('rounds-mode party header while walking freely', () => {
  it('shows no round line while the party walks freely (the footer-less HUD says nothing of rounds)', () => {
    const s = drawState(['#######', '#1.2..#', '#######'], { config: { turnMode: 'rounds' } });
    const m = renderGame(s, { style: 'ascii' });
    expect(m.embed.description).not.toContain('Round');
  });
});
