/**
 * The recap of a press that ran several turns (⚔️, explore, travel, rest, steps): one line saying what happened to the
 * presser during it ("⚔️ Ann, 9 turns: killed the bat A; the orc A hit Ann 4 times for 16."), built from that press's
 * events as a language-neutral message (keys log.recap*). Pure.
 */
import type { ActorRef, GameEvent, RunKind } from '../engine/types.js';
import { monsterRef, stopWhy } from './events.js';
import { msg, type LogMsg, type LogValue } from './log-message.js';
import { cleanName } from './text.js';

/** The icon of each run kind, as its button shows it. */
export const RUN_ICON: { readonly [K in RunKind]: string } = { move: '👣', explore: '🧭', travel: '🗺️', rest: '💤', fight: '⚔️' };

/** Key of the recap message (the rolling log finds the start of a press by it). */
export const RECAP_KEY = 'log.recap';
/**
 * Key of a solo game's recap: the same values, worded without the hero's name ("⚔️ 8 turns: killed the goblin G; took
 * 4 hits for 7 (3 monsters)."), so it keeps to two lines on a phone and the picture keeps half of the message.
 */
export const SOLO_RECAP_KEY = 'log.recap-solo';
/** Both recap keys. */
export const RECAP_KEYS: ReadonlySet<string> = new Set([RECAP_KEY, SOLO_RECAP_KEY]);

type Run = Extract<GameEvent, { type: 'run-stopped' }>;

function refName(ref: ActorRef): LogValue {
  return ref.kind === 'monster' ? monsterRef(ref, 'acc') : cleanName(ref.name);
}

/**
 * The hits the presser took: one part naming the attacker when one monster (or player) struck, else one part for all of
 * them ("3 monsters hit Ann 4 times for 7"), so the recap stays one line on a phone however many joined in.
 */
function hitParts(events: readonly GameEvent[], id: string, name: string, solo: boolean): LogMsg[] {
  const by = new Map<string, ActorRef>();
  let times = 0;
  let damage = 0;
  for (const e of events) {
    if (e.type !== 'attacked' || e.target.kind !== 'player' || e.target.id !== id) continue;
    by.set(e.attacker.kind === 'monster' ? `m:${e.attacker.id}` : `p:${e.attacker.id}`, e.attacker);
    times++;
    damage += e.damage;
  }
  if (by.size === 0) return [];
  if (by.size > 1) return [msg(solo ? 'log.recap-took-many' : 'log.recap-hits', { count: by.size, actor: name, times, damage })];
  const ref = [...by.values()][0]!;
  const attacker = ref.kind === 'monster' ? monsterRef(ref, 'nom') : cleanName(ref.name);
  return [msg(solo ? 'log.recap-took' : 'log.recap-hit', { attacker, actor: name, times, damage })];
}

/** Kills one recap names one by one; more are counted ("killed 3 monsters"). */
export const RECAP_KILLS = 2;

/** What happened to the presser during the run: kills, then the hits taken (see hitParts). */
function recapParts(events: readonly GameEvent[], who: ActorRef & { kind: 'player' }, solo: boolean): LogMsg[] {
  const name = cleanName(who.name);
  const kills = events.filter((e): e is Extract<GameEvent, { type: 'killed' }> => e.type === 'killed' && e.attacker.kind === 'player' && e.attacker.id === who.id);
  const parts = kills.length > RECAP_KILLS ? [msg('log.recap-killed-many', { count: kills.length })] : kills.map((e) => msg('log.recap-killed', { target: refName(e.target) }));
  return [...parts, ...hitParts(events, who.id, name, solo)];
}

/** Parts joined "a; b; c" as nested messages, so each reader's language words each part. */
function joined(parts: readonly LogMsg[]): LogMsg {
  if (parts.length === 0) return msg('log.recap-none');
  return parts.slice(1).reduce<LogMsg>((a, b) => msg('log.recap-list', { a, b }), parts[0]!);
}

/**
 * The recap of one press's events, or null when no player's run lasted more than one turn (or it was quiet). `lines`:
 * log lines the press wrote; `solo`: a game of one player (worded without the hero's name, see SOLO_RECAP_KEY).
 */
export function pressRecap(events: readonly GameEvent[], lines = 0, solo = false): LogMsg | null {
  const run = events.find((e): e is Run => e.type === 'run-stopped' && e.who.kind === 'player' && e.steps > 1);
  if (!run || run.who.kind !== 'player') return null;
  const parts = recapParts(events, run.who, solo);
  // A quiet run that wrote one line (its own stop line) says all there is: no recap.
  if (parts.length === 0 && lines <= 1) return null;
  // A quiet run's recap says why it stopped ("🧭 15 turns: a monster is in view."): it is the line the message shows.
  const what = parts.length === 0 ? stopWhy(run) : joined(parts);
  return msg(solo ? SOLO_RECAP_KEY : RECAP_KEY, { icon: RUN_ICON[run.run], actor: cleanName(run.who.name), turns: run.steps, what, lines });
}
