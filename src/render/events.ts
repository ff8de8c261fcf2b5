/** Turn-log sentences: one short line per game event, from the acting player's point of view. */
import type { ActorRef, Direction, GameEvent, RunKind, RunStopReason, RunSummary } from '../engine/types.js';
import { ITEMS } from '../engine/items.js';
import { MONSTERS } from '../engine/monsters.js';
import { ABILITIES } from '../engine/roles.js';
import { levelDamage } from '../engine/progression.js';
import { CALM_ROUNDS } from '../engine/pace.js';
import { cleanName } from './text.js';

/** Formats a player's name for output (plain text for describeEvent, escaped markdown inside embeds). */
export type NameFormat = (name: string) => string;

const plain: NameFormat = (n) => n;

function capitalise(s: string): string {
  return s.length === 0 ? s : s[0]!.toUpperCase() + s.slice(1);
}

/** Who, as a sentence subject or object: "you", "Alice", "the goblin A". */
function who(ref: ActorRef, viewerId: string | null | undefined, fmt: NameFormat): string {
  if (ref.kind === 'monster') return `the ${MONSTERS[ref.monster].name} ${ref.label}`;
  return ref.id === viewerId ? 'you' : fmt(cleanName(ref.name));
}

function isYou(ref: ActorRef, viewerId: string | null | undefined): boolean {
  return ref.kind === 'player' && ref.id === viewerId;
}

/** Picks the verb form: "you hit" but "Alice hits". */
function verb(ref: ActorRef, viewerId: string | null | undefined, base: string, third: string): string {
  return isYou(ref, viewerId) ? base : third;
}

/** Why a run stopped, as the end of a sentence. */
export const STOP_REASON: Readonly<Record<RunStopReason, string>> = {
  'monster-in-view': 'a monster is in view',
  attacked: 'under attack',
  blocked: 'the way is blocked',
  item: 'something lies here',
  stairs: 'the stairs are here',
  rounds: 'one step per round',
  explored: 'nothing left to explore',
  healed: 'fully healed',
  'no-target': 'nothing in view left to fight',
  hurt: 'below half health',
  'ally-down': 'a party member fell',
  'drawn-out': 'the fight drags on, look again',
  'monster-near': 'a healer is close by',
  'no-blows': 'no blow struck for a while: the monster hangs back, go after it, shoot or lure it',
};

/** Why a run stopped when the trouble is a teammate's: "Bob is under attack". */
const TROUBLE: Partial<Record<RunStopReason, readonly [you: string, third: string]>> = {
  attacked: ['are under attack', 'is under attack'],
  'monster-in-view': ['see a monster', 'sees a monster'],
  'monster-near': ['are close to a healer', 'is close to a healer'],
};

const RUN_NAME: Readonly<Record<RunKind, string>> = { move: 'stop', explore: 'stop exploring', travel: 'stop travelling', rest: 'stop resting', fight: 'stop fighting' };

const COMPASS: Readonly<Record<Direction, string>> = {
  n: 'north', s: 'south', e: 'east', w: 'west', ne: 'north-east', nw: 'north-west', se: 'south-east', sw: 'south-west',
};

const tiles = (n: number): string => (n > 1 ? ` (${n} tiles)` : '');

/** "a potion", "an orc's spear": the indefinite article for a name. */
function article(name: string): string {
  return /^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`;
}

/** One sentence summing up a finished run. */
export function describeOutcome(summary: RunSummary): string {
  switch (summary.outcome) {
    case 'victory':
      return `Victory! The party escapes from depth ${summary.depth} after ${summary.turns} turns.`;
    case 'defeat':
      return `The party has fallen on depth ${summary.depth} after ${summary.turns} turns.`;
    case 'abandoned':
      return `The run is abandoned on depth ${summary.depth} after ${summary.turns} turns.`;
  }
}

/** Names shown in a round line before "and N more". */
const ROUND_NAMES = 4;

/** "a, b and c" of at most ROUND_NAMES names, the rest counted. */
function someNames(names: readonly string[]): string {
  const shown = names.slice(0, ROUND_NAMES);
  const more = names.length - shown.length;
  if (more > 0) return `${shown.join(', ')} and ${more} more`;
  return shown.length <= 1 ? (shown[0] ?? '') : `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]!}`;
}

/** "Round 15 ends: Ann and Bo acted; Cy passed." (the viewer is "you"). */
function roundLine(event: Extract<GameEvent, { type: 'round-ended' }>, viewerId: string | null | undefined, fmt: NameFormat): string {
  const passed = (event.passedNames ?? []).map((n, i) => (viewerId != null && event.passed[i] === viewerId ? 'you' : fmt(n)));
  const acted = (event.acted ?? []).map((n) => fmt(n));
  const parts = [acted.length > 0 ? `${someNames(acted)} acted` : 'nobody acted', ...(passed.length > 0 ? [`${someNames(passed)} passed`] : [])];
  return `Round ${event.round} ends: ${parts.join('; ')}.`;
}

/** describeEvent with a custom name format (the HUD escapes markdown in names). */
export function describeEventWith(event: GameEvent, viewerId: string | null | undefined, fmt: NameFormat): string {
  const w = (r: ActorRef): string => who(r, viewerId, fmt);
  // Player names are printed as their owners wrote them: only "you" and "the ..." are capitalised.
  const W = (r: ActorRef): string => (r.kind === 'player' && !isYou(r, viewerId) ? w(r) : capitalise(w(r)));
  switch (event.type) {
    case 'joined':
      return `${W(event.who)} ${verb(event.who, viewerId, 'join', 'joins')} the party.`;
    case 'left':
      return `${W(event.who)} ${verb(event.who, viewerId, 'leave', 'leaves')} the dungeon.`;
    case 'moved':
      return `${W(event.who)} ${verb(event.who, viewerId, 'move', 'moves')}.`;
    case 'waited':
      return `${W(event.who)} ${verb(event.who, viewerId, 'wait', 'waits')}.`;
    case 'swapped':
      return `${W(event.who)} ${verb(event.who, viewerId, 'swap', 'swaps')} places with ${w(event.with)}.`;
    case 'attacked':
      return event.attacker.kind === 'monster'
        ? `${W(event.attacker)} ${event.verb} ${w(event.target)}${tiles(event.range)} for ${event.damage}.`
        : `${W(event.attacker)} ${verb(event.attacker, viewerId, 'hit', 'hits')} ${w(event.target)} for ${event.damage}.`;
    case 'missed':
      return `${W(event.attacker)} ${verb(event.attacker, viewerId, 'miss', 'misses')} ${w(event.target)}${event.attacker.kind === 'monster' ? ` with its ${event.weapon}${tiles(event.range)}` : ''}.`;
    case 'killed':
      return `${W(event.attacker)} ${verb(event.attacker, viewerId, 'kill', 'kills')} ${w(event.target)}.`;
    case 'died':
      return isYou(event.who, viewerId) ? 'You die.' : `${W(event.who)} dies.`;
    case 'spotted':
      return event.who.kind === 'monster'
        ? `${W(event.who)} spots the party!`
        : `${W(event.who)} ${verb(event.who, viewerId, 'spot', 'spots')} a monster.`;
    case 'fled':
      return `${W(event.who)} ${verb(event.who, viewerId, 'flee', 'flees')}${event.toward ? ` toward the ${COMPASS[event.toward]}` : ''}.`;
    case 'returned':
      return `${W(event.who)} comes back to fight.`;
    case 'shouted':
      return `${W(event.who)} shouts!${event.alerted > 0 ? ` (${event.alerted} more alerted)` : ''}`;
    case 'levelled-up':
      return `${W(event.who)} ${verb(event.who, viewerId, 'reach', 'reaches')} level ${event.level} (max HP ${event.maxHp}, attack ${event.attack}, damage +${levelDamage(event.level)}).`;
    case 'gained-xp':
      return `${W(event.who)} ${verb(event.who, viewerId, 'gain', 'gains')} ${event.xp} XP.`;
    case 'rested':
      return `${W(event.who)} ${verb(event.who, viewerId, 'rest', 'rests')} ${event.turns} ${event.turns === 1 ? 'turn' : 'turns'} (+${event.healed} HP).`;
    case 'threw':
      return `${W(event.who)} ${verb(event.who, viewerId, 'throw', 'throws')} a lure ${event.distance} ${event.distance === 1 ? 'tile' : 'tiles'}.`;
    case 'lure-spent':
      return 'A lure falls silent.';
    case 'switched-weapon':
      return event.who.kind === 'monster'
        ? `${W(event.who)} draws its ${event.weapon}.`
        : `${W(event.who)} ${verb(event.who, viewerId, 'draw', 'draws')} a ${event.weapon}.`;
    case 'berserk':
      return `${W(event.who)} ${verb(event.who, viewerId, 'go', 'goes')} berserk!`;
    case 'picked-up':
      return `${W(event.who)} ${verb(event.who, viewerId, 'pick', 'picks')} up ${article(ITEMS[event.item].name)}.`;
    case 'equipped':
      return `${W(event.who)} ${verb(event.who, viewerId, ITEMS[event.item].slot === 'weapon' ? 'wield' : 'put on', ITEMS[event.item].slot === 'weapon' ? 'wields' : 'puts on')} the ${ITEMS[event.item].name}.`;
    case 'mapped':
      return `${W(event.who)} ${verb(event.who, viewerId, 'read', 'reads')} a scroll of magic mapping: the level's layout appears (${event.tiles} tiles).`;
    case 'teleported':
      return `${W(event.who)} ${verb(event.who, viewerId, 'vanish', 'vanishes')} and ${verb(event.who, viewerId, 'reappear', 'reappears')} far away.`;
    case 'exploded':
      return `${W(event.who)} ${verb(event.who, viewerId, 'throw', 'throws')} a flash bomb: it bursts${event.hit > 0 ? `, catching ${event.hit} ${event.hit === 1 ? 'monster' : 'monsters'}` : ' on empty floor'}.`;
    case 'stunned':
      return `${W(event.who)} is stunned for ${event.turns} turns.`;
    case 'mended':
      return `${W(event.who)} chants and mends ${w(event.target)} (+${event.healed} HP).`;
    case 'ability':
      return abilityLine(event, W(event.who), event.target ? w(event.target) : '', verb(event.who, viewerId, 'use', 'uses'));
    case 'guarding':
      return `${W(event.who)} turns back to guard the stairs.`;
    case 'fluttered':
      return `${W(event.who)} flutters about erratically.`;
    case 'lumbered':
      return `${W(event.who)} lumbers slowly.`;
    case 'drank':
      return `${W(event.who)} ${verb(event.who, viewerId, 'drink', 'drinks')} a potion (+${event.healed} HP).`;
    case 'run-stopped': {
      const trouble = event.by ? TROUBLE[event.reason] : undefined;
      const why = event.by && trouble ? `${w(event.by)} ${verb(event.by, viewerId, ...trouble)}` : STOP_REASON[event.reason];
      const counted = event.run === 'rest' || event.run === 'fight' ? (event.steps === 1 ? 'turn' : 'turns') : event.steps === 1 ? 'step' : 'steps';
      // A fight order ended as a round resolved counts no turns of its own.
      const after = event.run === 'fight' && event.steps === 0 ? '' : ` after ${event.steps} ${counted}`;
      return `${W(event.who)} ${isYou(event.who, viewerId) ? RUN_NAME[event.run] : RUN_NAME[event.run].replace(/^stop/, 'stops')}${after}: ${why}.`;
    }
    case 'pace':
      return event.rounds
        ? `${event.who ? `${W(event.who)} ${verb(event.who, viewerId, 'see', 'sees')} a monster: ` : 'A monster is in view: '}the party fights in rounds now.`
        : `No monster in view for ${CALM_ROUNDS} rounds: the party moves freely again.`;
    case 'followed':
      return `${W(event.who)} follows the party down the stairs!`;
    case 'revived':
      return `${W(event.who)} ${verb(event.who, viewerId, 'stand', 'stands')} up again at the stairs (${event.hp} HP).`;
    case 'descended':
      return `The party descends to depth ${event.depth}.`;
    case 'round-ended': {
      if (event.acted !== undefined && event.passedNames !== undefined && event.acted.length + event.passedNames.length > 0) return roundLine(event, viewerId, fmt);
      const passed = event.passed.length;
      if (viewerId != null && event.passed.includes(viewerId)) {
        return passed === 1 ? `Round ${event.round} ends; you passed.` : `Round ${event.round} ends; you and ${passed - 1} more passed.`;
      }
      return passed === 0 ? `Round ${event.round} ends.` : `Round ${event.round} ends; ${passed} passed.`;
    }
    case 'game-over':
      return describeOutcome(event.summary);
  }
}

/** One short sentence per event ("You hit the orc for 4.", "The troll misses Alice.", "The goblin flees."), from the viewer's point of view when viewerId is given. */
export function describeEvent(event: GameEvent, viewerId?: string | null): string {
  return describeEventWith(event, viewerId, plain);
}

/** Events worth a log line: movement is already on the map, and monsters waiting is noise. */
export function isLogWorthy(event: GameEvent): boolean {
  if (event.type === 'moved') return false;
  if (event.type === 'waited' && event.who.kind === 'monster') return false;
  return true;
}

/** A role ability's log line, from its row ("Alice uses 🎯 shoot on the archer A.", "You use ✨ mend on Bob (+8 HP)."). */
function abilityLine(e: Extract<GameEvent, { type: 'ability' }>, who: string, target: string, uses: string): string {
  const row = ABILITIES[e.ability];
  const on = target ? ` on ${target}` : '';
  const amount = row.effect === 'mend' ? ` (+${e.amount} HP)` : target ? '' : ` (${e.amount} caught)`;
  return `${who} ${uses} ${row.art.emoji} ${row.name}${on}${amount}.`;
}
