/**
 * The panels around the map: the title and connection, whose turn (rounds mode: who the round waits for and its
 * countdown), the party with HP, the log, and the viewer's own controls (a d-pad that works by touch, the context
 * actions and items, all labelled). Text is set with textContent only: names never become markup.
 */
import type { Direction } from '../../src/engine/types.js';
import { SLOT_COLOURS } from '../../src/render/image/tiles.js';
import type { WebFrame, WireAction } from '../../src/adapters/web/protocol.js';
import { DIRECTION_EMOJI } from '../../commands/controls/directions.js';
import { tr } from './i18n.js';

const $ = (id: string): HTMLElement => document.getElementById(id)!;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...kids: (Node | string)[]): HTMLElementTagNameMap[K] {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...kids);
  return e;
}

/** The d-pad, row by row (null: the centre, which waits). */
const PAD: readonly (Direction | null)[] = ['nw', 'n', 'ne', 'w', null, 'e', 'sw', 's', 'se'];

/** The context actions, in the game message's priority order: labelled as the game message's buttons, with their key. */
const ACTIONS: readonly { when: 'canFight' | 'canExplore' | 'canTravel' | 'canRest' | 'canDescend'; emoji: string; label: string; key: string; action: WireAction }[] = [
  { when: 'canFight', emoji: '⚔️', label: 'button.fgt', key: 'f', action: { type: 'fight' } },
  { when: 'canExplore', emoji: '🧭', label: 'button.exp', key: 'x', action: { type: 'explore' } },
  { when: 'canTravel', emoji: '🏃', label: 'button.trv', key: 't', action: { type: 'travel' } },
  { when: 'canRest', emoji: '💤', label: 'button.rest', key: 'r', action: { type: 'rest' } },
  { when: 'canDescend', emoji: '🪜', label: 'button.desc', key: '>', action: { type: 'descend' } },
];

/** The colour of a party slot, as the map's markers show it. */
function slotColour(slot: number): string {
  return `#${(SLOT_COLOURS[((slot % 8) + 8) % 8] ?? 0xffffff).toString(16).padStart(6, '0')}`;
}

/** Draws the status line. */
export function showStatus(text: string): void {
  $('status').textContent = text;
}

/** Shows a refusal for a few seconds. */
export function showNotice(text: string): void {
  const n = $('notice');
  n.textContent = text;
  n.hidden = false;
  clearTimeout(Number(n.dataset.timer));
  n.dataset.timer = String(setTimeout(() => (n.hidden = true), 4000));
}

/** The turn line: free mode, or the round's waiting list and seconds left (corrected by the server's clock). */
export function turnText(frame: WebFrame, clientNow: number, skew: number): string {
  if (frame.status === 'over') return tr('web.turn.over');
  if (!frame.rounds) return tr(frame.mode === 'rounds' ? 'web.turn.free-rounds' : 'web.turn.free');
  const left = frame.deadline === null ? null : Math.max(0, Math.ceil((frame.deadline - (clientNow + skew)) / 1000));
  const waiting = frame.waitingOn.length > 0 ? tr('web.turn.waiting', { names: frame.waitingOn.join(', ') }) : tr('web.turn.all-acted');
  return left === null ? tr('web.turn.round-paused', { waiting }) : tr('web.turn.round', { waiting, seconds: left });
}

function party(frame: WebFrame): void {
  $('party').replaceChildren(
    ...frame.party.map((p) => {
      const pct = Math.max(0, Math.round((100 * p.hp) / Math.max(1, p.maxHp)));
      const bar = el('span');
      bar.style.width = `${pct}%`;
      const badge = el('span', { className: 'badge', textContent: String((((p.slot % 8) + 8) % 8) + 1) });
      badge.style.background = slotColour(p.slot);
      const name = el('span', { className: p.alive ? '' : 'fallen', textContent: `${p.name}${p.id === frame.you.id ? ` ${tr('hud.you')}` : ''}${frame.rounds && p.done ? ' ✓' : ''}` });
      return el('li', {}, badge, name, el('span', { textContent: tr('web.party.hp', { hp: p.hp, max: p.maxHp, level: p.level }) }), el('div', { className: 'hp' }, bar));
    }),
  );
}

function controls(frame: WebFrame, act: (a: WireAction) => void): void {
  const box = $('controls');
  const can = frame.you.can;
  if (!can) {
    const member = frame.party.some((p) => p.id === frame.you.id);
    const watching = tr(member ? 'web.watching' : 'web.watching.join');
    const why = frame.status === 'over' ? tr('web.over.again') : watching;
    box.replaceChildren(el('p', { textContent: why }));
    return;
  }
  const pad = el('div', { className: 'pad' });
  for (const dir of PAD) {
    if (dir === null) {
      pad.append(el('button', { textContent: '⏳', title: `${tr('button.wait')} (.)`, ariaLabel: tr('button.wait'), disabled: !can.canAct, onclick: () => act({ type: 'wait' }) }));
      continue;
    }
    const what = can.moves[dir];
    const ok = can.canAct && (what === 'move' || what === 'attack');
    const label = tr(`web.pad.${what === 'attack' ? 'attack' : 'move'}.${dir}`);
    pad.append(el('button', { textContent: DIRECTION_EMOJI[dir], title: label, ariaLabel: label, className: ok ? what : '', disabled: !ok, onclick: () => act({ type: 'move', dir }) }));
  }
  const actions = el('div', { className: 'actions' });
  for (const a of ACTIONS) if (can[a.when]) actions.append(el('button', { textContent: `${a.emoji} ${tr(a.label)} (${a.key})`, onclick: () => act(a.action) }));
  can.items.slice(0, 9).forEach((it, i) => actions.append(el('button', { textContent: `${i + 1} ${it.emoji} ${it.label}`, onclick: () => act({ type: 'use', item: it.kind }) })));
  box.replaceChildren(pad, actions, el('p', { className: 'keys', textContent: tr('web.keys.help') }));
}

/** Redraws every panel for `frame`. */
export function showFrame(frame: WebFrame, act: (a: WireAction) => void): void {
  showStatus(frame.you.role === 'spectator' ? tr('web.status.watching', { title: frame.title }) : frame.title);
  party(frame);
  controls(frame, act);
  $('log').replaceChildren(...frame.log.slice(-12).map((line) => el('li', { textContent: line })));
}

/** The page's own words (elements marked data-t, data-t-aria, data-t-title) in the current language. */
export function showWords(): void {
  for (const e of document.querySelectorAll<HTMLElement>('[data-t]')) e.textContent = tr(e.dataset.t!);
  for (const e of document.querySelectorAll<HTMLElement>('[data-t-aria]')) e.setAttribute('aria-label', tr(e.dataset.tAria!));
  document.title = tr('web.page.title');
}

/** Redraws the turn line. */
export function showTurn(text: string): void {
  $('turn').textContent = text;
}
