/**
 * Turn-log sentences: one short line per game event, from the acting player's point of view, as language-neutral
 * messages (log-message.ts) worded in the reader's language (catalogue keys ev.*, log.*, monster.*, item.*).
 */
import { RUN_STOP_REASONS, type ActorRef, type Direction, type GameEvent, type RunStopReason, type RunSummary } from '../engine/types.js';
import { ITEMS } from '../engine/items.js';
import { MONSTERS } from '../engine/monsters.js';
import { levelDamage } from '../engine/progression.js';
import { CALM_ROUNDS } from '../engine/pace.js';
import { DEFAULT_LOCALE, type Locale } from '../i18n/index.js';
import { formatMsg, msg, type LogMsg, type LogValue } from './log-message.js';
import { cleanName } from './text.js';

/** Formats a player's name for output (plain text for describeEvent, escaped markdown inside embeds). */
export type NameFormat = (name: string) => string;

const plain: NameFormat = (n) => n;

/** A monster, by kind, in the case a sentence needs (nom: the subject; acc: the object), its label after it. */
export function monsterRef(ref: ActorRef & { kind: 'monster' }, grammaticalCase: 'nom' | 'acc'): LogMsg {
  const row = MONSTERS[ref.monster];
  return msg(`monster.${ref.monster}`, { case: grammaticalCase, label: ref.label }, `the ${row.name} ${ref.label}`);
}

/** An item, by kind, with its article (indef: "a potion", def: "the sword"). */
export function itemRef(kind: keyof typeof ITEMS, form: 'indef' | 'def'): LogMsg {
  const name = ITEMS[kind].name;
  return msg(`item.${kind}`, { case: form }, form === 'def' ? `the ${name}` : /^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`);
}

/** A weapon's name ("rusty dagger"), by its English name: a kind the catalogues lack shows as it is. */
function weaponRef(name: string): LogMsg {
  return msg(`weapon.${name.replace(/\s+/g, '-')}`, undefined, name);
}

/** Values naming the subject: `a` is 'you' when the viewer acts (verbs agree), `actor` the subject as a sentence starts. */
function subject(ref: ActorRef, viewerId: string | null | undefined, fmt: NameFormat): Record<string, LogValue> {
  if (ref.kind === 'monster') return { a: 'other', actor: { ...monsterRef(ref, 'nom'), c: 1 } };
  return ref.id === viewerId ? { a: 'you', actor: msg('log.you') } : { a: 'other', actor: fmt(cleanName(ref.name)) };
}

/** The object of a sentence: "you", a name, or a monster in its object case. */
function object(ref: ActorRef, viewerId: string | null | undefined, fmt: NameFormat): LogValue {
  if (ref.kind === 'monster') return monsterRef(ref, 'acc');
  return ref.id === viewerId ? msg('log.you.object') : fmt(cleanName(ref.name));
}

/** The object as `target`, with `t` saying what it is (Spanish and French put "you" before the verb, Spanish says "a Ann"). */
function targetOf(ref: ActorRef, viewerId: string | null | undefined, fmt: NameFormat): Record<string, LogValue> {
  return { target: object(ref, viewerId, fmt), t: ref.kind === 'monster' ? 'monster' : ref.id === viewerId ? 'you' : 'player' };
}

/** Why a run stopped, as the end of a sentence ("a monster is in view"). */
export function stopReason(reason: RunStopReason): LogMsg {
  return msg(`log.stop.${reason}`);
}

/** Why a run stopped when the trouble is a teammate's: "Bob is under attack". */
const TROUBLE: Partial<Record<RunStopReason, true>> = { attacked: true, 'monster-in-view': true, 'monster-near': true };

function compass(d: Direction): LogMsg {
  return msg(`log.dir.${d}`);
}

/** The message summing up a finished run. */
export function outcomeMsg(summary: RunSummary): LogMsg {
  return msg(`ev.game-over.${summary.outcome}`, { depth: summary.depth, turns: summary.turns });
}

/** One sentence summing up a finished run. */
export function describeOutcome(summary: RunSummary, locale: Locale = DEFAULT_LOCALE): string {
  return formatMsg(outcomeMsg(summary), locale);
}

/** Names shown in a round line before "and N more". */
const ROUND_NAMES = 4;

/** "a, b and c" of at most ROUND_NAMES names, the rest counted. */
function someNames(names: readonly LogValue[]): LogValue {
  const shown = names.slice(0, ROUND_NAMES);
  const more = names.length - shown.length;
  const list = (xs: readonly LogValue[]): LogValue => (xs.length <= 1 ? (xs[0] ?? '') : msg('log.and', { first: msg('log.comma', listValues(xs.slice(0, -1))), last: xs[xs.length - 1]! }));
  return more > 0 ? msg('log.and-more', { names: msg('log.comma', listValues(shown)), more }) : list(shown);
}

/** Up to ROUND_NAMES values as n0..n3 for log.comma ("a, b, c"). */
function listValues(xs: readonly LogValue[]): Record<string, LogValue> {
  const v: Record<string, LogValue> = { count: xs.length };
  xs.forEach((x, i) => (v[`n${i}`] = x));
  return v;
}

/** "Round 15 ends: Ann and Bo acted; Cy passed." (the viewer is "you"). */
function roundLine(event: Extract<GameEvent, { type: 'round-ended' }>, viewerId: string | null | undefined, fmt: NameFormat): LogMsg {
  const passed = (event.passedNames ?? []).map((n, i): LogValue => (viewerId != null && event.passed[i] === viewerId ? msg('log.you.object') : fmt(n)));
  const acted = (event.acted ?? []).map((n) => fmt(n));
  const actedPart = acted.length > 0 ? msg('log.round.acted', { names: someNames(acted) }) : msg('log.round.nobody-acted');
  const passedPart: LogValue = passed.length > 0 ? msg('log.round.passed', { names: someNames(passed) }) : '';
  return msg('ev.round-ended.names', { round: event.round, acted: actedPart, passed: passedPart, p: passed.length > 0 ? 'yes' : 'no' });
}

/** Why a run stopped, as the end of a sentence: its reason, or the teammate in trouble ("Bob is under attack"). */
export function stopWhy(event: Extract<GameEvent, { type: 'run-stopped' }>, viewerId: string | null | undefined = null, fmt: NameFormat = plain): LogMsg {
  return event.by && TROUBLE[event.reason] ? msg(`log.trouble.${event.reason}`, { ...subject(event.by, viewerId, fmt), actor: object(event.by, viewerId, fmt) }) : stopReason(event.reason);
}

/** The run-stopped message: who stopped which run after how many steps or turns, and why. */
function runStopped(event: Extract<GameEvent, { type: 'run-stopped' }>, viewerId: string | null | undefined, fmt: NameFormat): LogMsg {
  const why = stopWhy(event, viewerId, fmt);
  // A fight order ended as a round resolved counts no turns of its own.
  const after = event.run === 'fight' && event.steps === 0 ? 'no' : event.run === 'rest' || event.run === 'fight' ? 'turns' : 'steps';
  return msg('ev.run-stopped', { ...subject(event.who, viewerId, fmt), run: event.run, after, steps: event.steps, why });
}

/** The language-neutral message of one event from `viewerId`'s point of view (null: third person); names via `fmt`. */
export function eventMsg(event: GameEvent, viewerId: string | null | undefined, fmt: NameFormat = plain): LogMsg {
  const s = (r: ActorRef): Record<string, LogValue> => subject(r, viewerId, fmt);
  const o = (r: ActorRef): Record<string, LogValue> => targetOf(r, viewerId, fmt);
  switch (event.type) {
    case 'joined':
    case 'left':
    case 'moved':
    case 'waited':
    case 'spotted':
    case 'returned':
    case 'berserk':
    case 'teleported':
    case 'guarding':
    case 'fluttered':
    case 'lumbered':
    case 'followed':
      return msg(`ev.${event.type}${event.type === 'spotted' && event.who.kind === 'monster' ? '.monster' : ''}`, s(event.who));
    case 'swapped':
      return msg('ev.swapped', { ...s(event.who), ...o(event.with) });
    case 'split':
      return msg('ev.split', { ...s(event.who), ...o(event.into) });
    case 'glanced':
      return msg('ev.glanced', { ...s(event.who), ...o(event.target), weapon: weaponRef(event.weapon) });
    case 'attacked':
      return event.attacker.kind === 'monster'
        ? msg('ev.attacked.monster', { ...s(event.attacker), ...o(event.target), damage: event.damage, verb: event.verb, weapon: weaponRef(event.weapon), range: event.range })
        : msg('ev.attacked', { ...s(event.attacker), ...o(event.target), damage: event.damage });
    case 'missed':
      return event.attacker.kind === 'monster'
        ? msg('ev.missed.monster', { ...s(event.attacker), ...o(event.target), weapon: weaponRef(event.weapon), range: event.range })
        : msg('ev.missed', { ...s(event.attacker), ...o(event.target) });
    case 'killed':
      return msg('ev.killed', { ...s(event.attacker), ...o(event.target) });
    case 'died':
      return msg('ev.died', s(event.who));
    case 'fled':
      return msg('ev.fled', { ...s(event.who), dir: event.toward ? compass(event.toward) : '', toward: event.toward ? 'yes' : 'no' });
    case 'shouted':
      return msg('ev.shouted', { ...s(event.who), alerted: event.alerted });
    case 'levelled-up':
      return msg('ev.levelled-up', { ...s(event.who), level: event.level, maxHp: event.maxHp, attack: event.attack, bonus: levelDamage(event.level) });
    case 'gained-xp':
      return msg('ev.gained-xp', { ...s(event.who), xp: event.xp });
    case 'rested':
      return msg('ev.rested', { ...s(event.who), turns: event.turns, healed: event.healed });
    case 'threw':
      return msg('ev.threw', { ...s(event.who), distance: event.distance });
    case 'lure-spent':
      return msg('ev.lure-spent');
    case 'switched-weapon':
      return event.who.kind === 'monster' ? msg('ev.switched-weapon.monster', { ...s(event.who), weapon: weaponRef(event.weapon) }) : msg('ev.switched-weapon', { ...s(event.who), weapon: weaponRef(event.weapon) });
    case 'picked-up':
      return msg('ev.picked-up', { ...s(event.who), item: itemRef(event.item, 'indef') });
    case 'equipped':
      return msg(ITEMS[event.item].slot === 'weapon' ? 'ev.equipped.weapon' : 'ev.equipped.armour', { ...s(event.who), item: itemRef(event.item, 'def') });
    case 'mapped':
      return msg('ev.mapped', { ...s(event.who), tiles: event.tiles });
    case 'exploded':
      return msg('ev.exploded', { ...s(event.who), hit: event.hit });
    case 'stunned':
      return msg('ev.stunned', { ...s(event.who), turns: event.turns });
    case 'mended':
      return msg('ev.mended', { ...s(event.who), ...o(event.target), healed: event.healed });
    case 'ability':
      return msg(`ev.ability.${event.ability}`, { ...s(event.who), ...(event.target ? o(event.target) : {}), amount: event.amount });
    case 'drank':
      return msg('ev.drank', { ...s(event.who), healed: event.healed });
    case 'run-stopped':
      return runStopped(event, viewerId, fmt);
    case 'pace':
      if (!event.rounds) return msg('ev.pace.free', { calm: CALM_ROUNDS });
      return event.who ? msg('ev.pace.rounds.seen', s(event.who)) : msg('ev.pace.rounds');
    case 'revived':
      return msg('ev.revived', { ...s(event.who), hp: event.hp });
    case 'descended':
      return msg('ev.descended', { depth: event.depth });
    case 'round-ended': {
      if (event.acted !== undefined && event.passedNames !== undefined && event.acted.length + event.passedNames.length > 0) return roundLine(event, viewerId, fmt);
      const passed = event.passed.length;
      if (viewerId != null && event.passed.includes(viewerId)) return msg('ev.round-ended.you-passed', { round: event.round, others: passed - 1 });
      return msg('ev.round-ended', { round: event.round, passed });
    }
    case 'game-over':
      return outcomeMsg(event.summary);
  }
}

/** describeEvent with a custom name format (the HUD escapes markdown in names), in `locale`. */
export function describeEventWith(event: GameEvent, viewerId: string | null | undefined, fmt: NameFormat, locale: Locale = DEFAULT_LOCALE): string {
  return formatMsg(eventMsg(event, viewerId, fmt), locale);
}

/** One short sentence per event ("You hit the orc for 4.", "The troll misses Alice.", "The goblin flees."), from the viewer's point of view when viewerId is given. */
export function describeEvent(event: GameEvent, viewerId?: string | null, locale: Locale = DEFAULT_LOCALE): string {
  return describeEventWith(event, viewerId, plain, locale);
}

/** Events worth a log line: movement is already on the map, and monsters waiting is noise. */
export function isLogWorthy(event: GameEvent): boolean {
  if (event.type === 'moved') return false;
  if (event.type === 'waited' && event.who.kind === 'monster') return false;
  return true;
}

/** Why a run stopped, in English (the terminal's older callers and render/rolling-log's walk lines). */
export const STOP_REASON: Readonly<Record<RunStopReason, string>> = Object.fromEntries(
  RUN_STOP_REASONS.map((r) => [r, formatMsg(stopReason(r))]),
) as Record<RunStopReason, string>;
