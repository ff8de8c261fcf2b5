/**
 * The one table of argument-less buttons: for each verb (the word in its custom id), its emoji, label and colour,
 * and what pressing it does. Layouts draw from it and a press is decoded through it, so adding a button is one row
 * here (plus where a layout places it).
 */
import type { PlayerAction } from '../../src/app/service-types.js';
import { ITEMS, ITEM_KINDS, type ItemEffect } from '../../src/engine/items.js';
import type { ItemKind } from '../../src/engine/types.js';
import { HELP_TOPICS, type HelpTopic } from '../help.js';

/** A button's colour, as Discord names them (the presenter maps them to API numbers; the terminal ignores them). */
export type ButtonTone = 'primary' | 'secondary' | 'success' | 'danger';

/**
 * What a press asks for. `act` is one player action (the d-pad's moves are `act` too, built from the direction);
 * the others are the party's and the message's own buttons.
 */
export type PressIntent =
  | { kind: 'act'; action: PlayerAction }
  /** 🏳️: a vote, or for the host or an admin a question first; `confirmed` is the answer's button. */
  | { kind: 'end'; confirmed?: boolean }
  | { kind: 'join' }
  /** A lobby's buttons: leave it, and (the host) start the run. */
  | { kind: 'leave' }
  | { kind: 'start' }
  | { kind: 'again' }
  | { kind: 'controller' }
  | { kind: 'replay' }
  /** 👢: the host removes a player. No target: choose whom (privately); a target: confirm; `confirmed`: remove them. */
  | { kind: 'kick'; target?: string; confirmed?: boolean }
  /** /rogue forget's confirmation: the presser's history and preferences are deleted. */
  | { kind: 'forget' }
  /** A /rogue help topic, answered privately with the topic buttons again. */
  | { kind: 'help'; topic: HelpTopic }
  /** 🖥️: open the full view (the Activity) on this channel's game; shown only where the full view is served. */
  | { kind: 'launch' };

interface VerbRow {
  emoji: string;
  label: string;
  tone: ButtonTone;
  intent: PressIntent;
}

const act = (action: PlayerAction): PressIntent => ({ kind: 'act', action });

/** Every argument-less button. */
export const VERB_TABLE = {
  wait: { emoji: '⏳', label: 'wait', tone: 'secondary', intent: act({ type: 'wait' }) },
  exp: { emoji: '🧭', label: 'explore', tone: 'secondary', intent: act({ type: 'explore' }) },
  trv: { emoji: '🏃', label: 'to stairs', tone: 'secondary', intent: act({ type: 'travel' }) },
  rest: { emoji: '💤', label: 'rest', tone: 'secondary', intent: act({ type: 'rest' }) },
  fgt: { emoji: '⚔️', label: 'fight', tone: 'danger', intent: act({ type: 'fight' }) },
  desc: { emoji: '🪜', label: 'descend', tone: 'success', intent: act({ type: 'descend' }) },
  use: { emoji: '🧪', label: 'drink potion', tone: 'primary', intent: act({ type: 'use' }) },
  // The presser's own role ability; a controller shows that ability's own emoji and name (layouts.ts).
  abl: { emoji: '✨', label: 'ability', tone: 'primary', intent: act({ type: 'ability' }) },
  me: { emoji: '🎮', label: 'my view', tone: 'primary', intent: { kind: 'controller' } },
  end: { emoji: '🏳️', label: 'end', tone: 'secondary', intent: { kind: 'end' } },
  endok: { emoji: '🏳️', label: 'End the run for everyone', tone: 'danger', intent: { kind: 'end', confirmed: true } },
  join: { emoji: '➕', label: 'join', tone: 'primary', intent: { kind: 'join' } },
  leave: { emoji: '➖', label: 'leave', tone: 'secondary', intent: { kind: 'leave' } },
  start: { emoji: '▶️', label: 'start', tone: 'success', intent: { kind: 'start' } },
  again: { emoji: '▶️', label: 'Play again', tone: 'success', intent: { kind: 'again' } },
  rpl: { emoji: '🎞️', label: 'Replay', tone: 'secondary', intent: { kind: 'replay' } },
  kick: { emoji: '👢', label: 'kick', tone: 'secondary', intent: { kind: 'kick' } },
  hmov: { emoji: HELP_TOPICS.moves.emoji, label: HELP_TOPICS.moves.label, tone: 'secondary', intent: { kind: 'help', topic: 'moves' } },
  hpty: { emoji: HELP_TOPICS.party.emoji, label: HELP_TOPICS.party.label, tone: 'secondary', intent: { kind: 'help', topic: 'party' } },
  hrol: { emoji: HELP_TOPICS.roles.emoji, label: HELP_TOPICS.roles.label, tone: 'secondary', intent: { kind: 'help', topic: 'roles' } },
  hrun: { emoji: HELP_TOPICS.runs.emoji, label: HELP_TOPICS.runs.label, tone: 'secondary', intent: { kind: 'help', topic: 'runs' } },
  hcmd: { emoji: HELP_TOPICS.commands.emoji, label: HELP_TOPICS.commands.label, tone: 'secondary', intent: { kind: 'help', topic: 'commands' } },
  forget: { emoji: '🗑️', label: 'Delete my history and preferences', tone: 'danger', intent: { kind: 'forget' } },
  full: { emoji: '🖥️', label: 'full view', tone: 'secondary', intent: { kind: 'launch' } },
} as const satisfies Record<string, VerbRow>;

export type SimpleVerb = keyof typeof VERB_TABLE;

/** The verbs, for the custom-id codec. */
export const SIMPLE_VERBS = Object.keys(VERB_TABLE) as [SimpleVerb, ...SimpleVerb[]];

/** The buttons that carry a party member's user id: 👢 choosing whom to remove, and the confirmation that removes them. */
export const MEMBER_VERBS = {
  kp: { emoji: '👢', tone: 'secondary', intent: (target: string): PressIntent => ({ kind: 'kick', target }) },
  kok: { emoji: '👢', tone: 'danger', intent: (target: string): PressIntent => ({ kind: 'kick', target, confirmed: true }) },
} as const satisfies Record<string, { emoji: string; tone: ButtonTone; intent: (target: string) => PressIntent }>;

export type MemberVerb = keyof typeof MEMBER_VERBS;
export const MEMBER_VERB_NAMES = Object.keys(MEMBER_VERBS) as [MemberVerb, ...MemberVerb[]];

/** The action buttons shown under the d-pad when someone (or, on a controller, the player) can take them, in order. */
export const ACTION_ROW: readonly { verb: SimpleVerb; when: 'canFight' | 'canExplore' | 'canTravel' | 'canRest' | 'canDescend' | 'canUse' | 'canAbility' }[] = [
  { verb: 'fgt', when: 'canFight' },
  { verb: 'abl', when: 'canAbility' },
  { verb: 'exp', when: 'canExplore' },
  { verb: 'trv', when: 'canTravel' },
  { verb: 'rest', when: 'canRest' },
  { verb: 'desc', when: 'canDescend' },
  { verb: 'use', when: 'canUse' },
];

/** The word on an item button, by what using it does. */
const ITEM_VERB: Readonly<Record<ItemEffect, string>> = { heal: 'drink', lure: 'throw', bomb: 'throw', map: 'read', teleport: 'read', equip: 'use' };

/**
 * The private controller's item row (layout data; the shared message keeps its 4 rows): one button per carried kind
 * in item-table order, emoji from the row's art, at most 5 (a Discord row). The potion keeps its 🧪 action button.
 * Thrown items with no direction are aimed for the player (a lure flies the longest open way, a bomb at the nearest
 * monster in a straight line).
 */
export const ITEM_ROW_MAX = 5;
export function itemButtons(usable: readonly ItemKind[]): { item: ItemKind; emoji: string; label: string; tone: ButtonTone }[] {
  return ITEM_KINDS.filter((k) => usable.includes(k) && ITEMS[k].effect !== 'heal')
    .slice(0, ITEM_ROW_MAX)
    .map((k) => ({ item: k, emoji: ITEMS[k].art.emoji, label: `${ITEM_VERB[ITEMS[k].effect]} ${ITEMS[k].legend}`, tone: ITEMS[k].thrown ? 'primary' : 'secondary' }));
}

/** The button verb of each help topic. */
export const HELP_VERBS: Readonly<Record<HelpTopic, SimpleVerb>> = { moves: 'hmov', party: 'hpty', roles: 'hrol', runs: 'hrun', commands: 'hcmd' };
