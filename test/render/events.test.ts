import { buildRecap } from '../../src/engine/score.js';
import { describe, expect, it } from 'vitest';
import type { ActorRef, GameEvent } from '../../src/engine/types.js';
import { describeEvent, isLogWorthy } from '../../src/render/events.js';

const alice: ActorRef = { kind: 'player', id: 'a', name: 'Alice' };
const bob: ActorRef = { kind: 'player', id: 'b', name: 'Bob' };
const orc: ActorRef = { kind: 'monster', id: 7, monster: 'orc', label: 'A' };
const troll: ActorRef = { kind: 'monster', id: 8, monster: 'troll', label: 'A' };
const goblin: ActorRef = { kind: 'monster', id: 9, monster: 'goblin', label: 'B' };
const base = { outcome: 'defeat' as const, depth: 3, turns: 120, kills: [] };
const summary = { ...base, recap: buildRecap(base, { kills: {}, used: {} }, []) };

describe('describeEvent', () => {
  it.each<[GameEvent, string | null, string]>([
    [{ type: 'attacked', attacker: alice, target: orc, damage: 4, weapon: 'sword', verb: 'hits', range: 1 }, 'a', 'You hit the orc A for 4.'],
    [{ type: 'attacked', attacker: alice, target: orc, damage: 4, weapon: 'sword', verb: 'hits', range: 1 }, 'b', 'Alice hits the orc A for 4.'],
    [{ type: 'missed', attacker: troll, target: alice, weapon: 'club', range: 1 }, 'b', 'The troll A misses Alice with its club.'],
    [{ type: 'missed', attacker: troll, target: alice, weapon: 'club', range: 1 }, 'a', 'The troll A misses you with its club.'],
    [{ type: 'attacked', attacker: orc, target: alice, damage: 3, weapon: 'spear', verb: 'thrusts its spear at', range: 2 }, 'a', 'The orc A thrusts its spear at you (2 tiles) for 3.'],
    [{ type: 'attacked', attacker: orc, target: alice, damage: 3, weapon: 'spear', verb: 'thrusts its spear at', range: 2 }, 'b', 'The orc A thrusts its spear at Alice (2 tiles) for 3.'],
    [{ type: 'fled', who: goblin, toward: 'e' }, null, 'The goblin B flees toward the east.'],
    [{ type: 'shouted', who: goblin, alerted: 2 }, null, 'The goblin B shouts! (2 more alerted)'],
    [{ type: 'returned', who: orc }, null, 'The orc A comes back to fight.'],
    [{ type: 'levelled-up', who: alice, level: 2, maxHp: 29, attack: 5 }, 'a', 'You reach level 2 (max HP 29, attack 5, damage +1).'],
    [{ type: 'rested', who: alice, turns: 12, healed: 3 }, 'b', 'Alice rests 12 turns (+3 HP).'],
    [{ type: 'threw', who: alice, x: 3, y: 4, distance: 5 }, 'a', 'You throw a lure 5 tiles.'],
    [{ type: 'run-stopped', who: alice, steps: 7, reason: 'monster-in-view', run: 'explore' }, 'b', 'Alice stops exploring after 7 steps: a monster is in view.'],
    [{ type: 'attacked', attacker: bob, target: goblin, damage: 2, weapon: 'sword', verb: 'hits', range: 1 }, 'a', 'Bob hits the goblin B for 2.'],
    [{ type: 'attacked', attacker: { kind: 'player', id: 'c', name: 'carol' }, target: orc, damage: 2, weapon: 'sword', verb: 'hits', range: 1 }, 'a', 'carol hits the orc A for 2.'],
    [{ type: 'fled', who: goblin, toward: null }, null, 'The goblin B flees.'],
    [{ type: 'killed', attacker: bob, target: goblin }, 'b', 'You kill the goblin B.'],
    [{ type: 'died', who: alice, by: troll, weapon: 'club' }, 'a', 'You die.'],
    [{ type: 'died', who: alice, by: troll, weapon: 'club' }, null, 'Alice dies.'],
    [{ type: 'berserk', who: troll }, null, 'The troll A goes berserk!'],
    [{ type: 'switched-weapon', who: orc, weapon: 'knife' }, null, 'The orc A draws its knife.'],
    [{ type: 'spotted', who: goblin }, null, 'The goblin B spots the party!'],
    [{ type: 'picked-up', who: bob, item: 'potion' }, 'a', 'Bob picks up a potion.'],
    [{ type: 'drank', who: alice, healed: 7 }, 'a', 'You drink a potion (+7 HP).'],
    [{ type: 'joined', who: bob }, null, 'Bob joins the party.'],
    [{ type: 'left', who: bob }, 'b', 'You leave the dungeon.'],
    [{ type: 'waited', who: alice }, 'a', 'You wait.'],
    [{ type: 'run-stopped', who: alice, steps: 3, reason: 'monster-in-view', run: 'move' }, 'a', 'You stop after 3 steps: a monster is in view.'],
    [{ type: 'run-stopped', who: bob, steps: 1, reason: 'stairs', run: 'move' }, 'a', 'Bob stops after 1 step: the stairs are here.'],
    [{ type: 'descended', depth: 3 }, null, 'The party descends to depth 3.'],
    [{ type: 'round-ended', round: 4, passed: [] }, null, 'Round 4 ends.'],
    [{ type: 'round-ended', round: 4, passed: ['b'] }, 'a', 'Round 4 ends; 1 passed.'],
    [{ type: 'round-ended', round: 4, passed: ['a', 'b'] }, 'a', 'Round 4 ends; you and 1 more passed.'],
    [{ type: 'round-ended', round: 15, passed: ['c'], acted: ['Ann', 'Bo'], passedNames: ['Cy'] }, null, 'Round 15 ends: Ann and Bo acted; Cy passed.'],
    [{ type: 'round-ended', round: 15, passed: ['c'], acted: ['Ann', 'Bo'], passedNames: ['Cy'] }, 'c', 'Round 15 ends: Ann and Bo acted; you passed.'],
    [{ type: 'round-ended', round: 2, passed: [], acted: ['Ann'], passedNames: [] }, null, 'Round 2 ends: Ann acted.'],
    [{ type: 'round-ended', round: 3, passed: ['a', 'b'], acted: [], passedNames: ['Ann', 'Bo'] }, null, 'Round 3 ends: nobody acted; Ann and Bo passed.'],
    [{ type: 'round-ended', round: 9, passed: ['f'], acted: ['A', 'B', 'C', 'D', 'E'], passedNames: ['F'] }, null, 'Round 9 ends: A, B, C, D and 1 more acted; F passed.'],
    [{ type: 'game-over', summary }, null, 'The party has fallen on depth 3 after 120 turns.'],
    [{ type: 'game-over', summary: { ...summary, outcome: 'victory' } }, null, 'Victory! The party escapes from depth 3 after 120 turns.'],
  ])('describes %j for viewer %s as %j', (event, viewer, text) => {
    expect(describeEvent(event, viewer)).toBe(text);
  });

  it('keeps names plain (no markdown escaping) but cut and on one line', () => {
    const long: ActorRef = { kind: 'player', id: 'z', name: '**Zed**\nthe extremely long-named hero' };
    expect(describeEvent({ type: 'fled', who: long, toward: null })).toBe('**Zed** the extremely l… flees.');
  });

  it('leaves movement and monsters waiting out of the log', () => {
    expect(isLogWorthy({ type: 'moved', who: alice, x: 1, y: 1 })).toBe(false);
    expect(isLogWorthy({ type: 'waited', who: orc })).toBe(false);
    expect(isLogWorthy({ type: 'waited', who: alice })).toBe(true);
    expect(isLogWorthy({ type: 'fled', who: goblin, toward: null })).toBe(true);
  });
});
