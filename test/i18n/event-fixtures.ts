/** A sample of every game event, with players and monsters on each side, for the log-wording tests. */
import type { ActorRef, GameEvent, RunKind, RunStopReason } from '../../src/engine/types.js';
import { RUN_KINDS, RUN_STOP_REASONS } from '../../src/engine/types.js';
import { ITEM_KINDS } from '../../src/engine/items.js';
import { MONSTER_KINDS } from '../../src/engine/monsters.js';

export const ANN: ActorRef = { kind: 'player', id: 'u1', name: 'Ann' };
export const BO: ActorRef = { kind: 'player', id: 'u2', name: 'bo_2' };
const monster = (kind: (typeof MONSTER_KINDS)[number], label = 'A'): ActorRef => ({ kind: 'monster', id: 7, monster: kind, label });
const GOB = monster('goblin');
const summary = (outcome: 'defeat' | 'victory' | 'abandoned') => ({ outcome, depth: 3, turns: 120, kills: [], recap: {} as never });

/** Every event kind, in a few shapes each. */
export function sampleEvents(): GameEvent[] {
  const out: GameEvent[] = [];
  for (const who of [ANN, BO, GOB]) {
    out.push({ type: 'joined', who }, { type: 'left', who }, { type: 'moved', who, x: 1, y: 1 }, { type: 'waited', who });
    out.push({ type: 'spotted', who }, { type: 'fled', who, toward: 'ne' }, { type: 'fled', who, toward: null }, { type: 'returned', who });
    out.push({ type: 'shouted', who, alerted: 0 }, { type: 'shouted', who, alerted: 2 }, { type: 'levelled-up', who, level: 3, maxHp: 30, attack: 4 });
    out.push({ type: 'gained-xp', who, xp: 5 }, { type: 'rested', who, turns: 1, healed: 2 }, { type: 'rested', who, turns: 4, healed: 9 });
    out.push({ type: 'threw', who, x: 0, y: 0, distance: 1 }, { type: 'threw', who, x: 0, y: 0, distance: 3 }, { type: 'switched-weapon', who, weapon: 'spear' });
    out.push({ type: 'berserk', who }, { type: 'drank', who, healed: 6 }, { type: 'mapped', who, tiles: 312 }, { type: 'teleported', who, x: 0, y: 0 });
    out.push({ type: 'exploded', who, x: 0, y: 0, hit: 0 }, { type: 'exploded', who, x: 0, y: 0, hit: 1 }, { type: 'exploded', who, x: 0, y: 0, hit: 3 });
    out.push({ type: 'stunned', who, turns: 2 }, { type: 'guarding', who }, { type: 'fluttered', who }, { type: 'lumbered', who });
    out.push({ type: 'followed', who }, { type: 'revived', who, hp: 7 }, { type: 'died', who, by: GOB, weapon: 'rusty dagger' });
    out.push({ type: 'pace', rounds: true, who }, { type: 'swapped', who, with: BO });
    for (const item of ITEM_KINDS) out.push({ type: 'picked-up', who, item }, { type: 'equipped', who, item });
    for (const target of [ANN, BO, GOB]) {
      out.push({ type: 'attacked', attacker: who, target, damage: 3, weapon: 'rusty dagger', verb: 'stabs', range: 1 });
      out.push({ type: 'attacked', attacker: who, target, damage: 2, weapon: 'shortbow', verb: 'shoots an arrow at', range: 4 });
      out.push({ type: 'missed', attacker: who, target, weapon: 'rusty dagger', range: 1 }, { type: 'missed', attacker: who, target, weapon: 'shortbow', range: 5 });
      out.push({ type: 'killed', attacker: who, target }, { type: 'mended', who, target, healed: 4 });
    }
    for (const reason of RUN_STOP_REASONS as readonly RunStopReason[]) {
      for (const run of RUN_KINDS as readonly RunKind[]) {
        out.push({ type: 'run-stopped', who, steps: 1, reason, run }, { type: 'run-stopped', who, steps: 5, reason, run });
        out.push({ type: 'run-stopped', who, steps: 0, reason, run, by: BO }, { type: 'run-stopped', who, steps: 2, reason, run, by: ANN });
      }
    }
  }
  for (const kind of MONSTER_KINDS) out.push({ type: 'attacked', attacker: monster(kind, 'B'), target: ANN, damage: 4, weapon: 'club', verb: 'clubs', range: 1 });
  out.push({ type: 'split', who: monster('ooze'), into: monster('ooze', 'B') });
  for (const who of [ANN, BO]) for (const weapon of ['sword', 'arrow']) out.push({ type: 'glanced', who, target: monster('skeleton'), weapon });
  // Role abilities: one with a count, one aimed at a monster, one healing a player (the user's own or another's).
  for (const who of [ANN, BO]) {
    out.push({ type: 'ability', who, ability: 'cleave', amount: 1 }, { type: 'ability', who, ability: 'cleave', amount: 3 });
    out.push({ type: 'ability', who, ability: 'shoot', target: GOB, amount: 1 }, { type: 'ability', who, ability: 'mend', target: ANN, amount: 8 });
    out.push({ type: 'ability', who, ability: 'mend', target: BO, amount: 6 }, { type: 'ability', who, ability: 'smoke', amount: 2 });
  }
  out.push({ type: 'lure-spent', x: 0, y: 0 }, { type: 'pace', rounds: true }, { type: 'pace', rounds: false }, { type: 'descended', depth: 4 });
  out.push({ type: 'round-ended', round: 5, passed: [] }, { type: 'round-ended', round: 5, passed: ['u1'] }, { type: 'round-ended', round: 5, passed: ['u1', 'u2', 'u3'] });
  out.push({ type: 'round-ended', round: 5, passed: ['u2'] }, { type: 'round-ended', round: 6, passed: ['u2'], acted: ['Ann'], passedNames: ['bo_2'] });
  out.push({ type: 'round-ended', round: 6, passed: [], acted: [], passedNames: [] });
  out.push({ type: 'round-ended', round: 7, passed: ['u1', 'u2'], acted: [], passedNames: ['Ann', 'bo_2'] });
  out.push({ type: 'round-ended', round: 8, passed: [], acted: ['a', 'b', 'c', 'd', 'e', 'f'], passedNames: [] });
  out.push({ type: 'round-ended', round: 8, passed: [], acted: ['a', 'b', 'c'], passedNames: [] });
  for (const o of ['defeat', 'victory', 'abandoned'] as const) out.push({ type: 'game-over', summary: summary(o) });
  return out;
}
