/**
 * 👢 The host removes a player without typing: the button asks privately whom (one button per other member), then
 * asks to confirm, then runs the same service call as `/rogue kick`. Admins may too; anyone else is told how the party
 * votes out an idle member.
 */
import { isHost } from '../../src/app/host.js';
import type { GameView } from '../../src/app/service-types.js';
import { failureText, kickText } from '../replies.js';
import { MEMBER_VERBS, type MemberVerb, type PressIntent } from './buttons.js';
import { encodeButtonId, gameCreatedAt, type ButtonId } from './custom-id.js';
import { ROW_MAX, type ButtonSpec } from './layouts.js';
import type { ButtonOutcome, PressContext } from './press.js';
import { TEXT_LIMITS, safeName, safeText } from '../../src/text/safe-text.js';
import { DEFAULT_LOCALE, t, type Locale } from '../../src/i18n/index.js';

/** What 👢 asks the host first. */
export const KICK_WHO_TEXT = t(DEFAULT_LOCALE, 'kick.who');
/** Said to a member who is not the host. */
export const KICK_HOST_ONLY_TEXT = t(DEFAULT_LOCALE, 'kick.host-only');
/** Said when the host is alone in the party. */
export const KICK_NOBODY_TEXT = t(DEFAULT_LOCALE, 'kick.nobody');

/** The confirmation question for removing `name`. */
export function kickConfirmText(name: string, locale: Locale = DEFAULT_LOCALE): string {
  return t(locale, 'kick.confirm', { name: safeName(name) });
}

/** A button about one party member (👢 choose, or the confirmation). */
export function memberButton(verb: MemberVerb, user: string, label: string, view: GameView, game: string): ButtonSpec {
  const row = MEMBER_VERBS[verb];
  return { customId: encodeButtonId({ verb, user, version: view.state.version, game }), emoji: row.emoji, label: safeText(label, { max: TEXT_LIMITS.buttonLabel }), disabled: false, tone: row.tone, spacer: false };
}

const refused = (text: string): ButtonOutcome => ({ kind: 'refused', text, view: null, failure: null });

/** Runs a 👢 press: choose whom, confirm, or (confirmed) remove them through the service's kick. */
export async function kickPress(ctx: PressContext, id: ButtonId, intent: Extract<PressIntent, { kind: 'kick' }>): Promise<ButtonOutcome> {
  const shown = await ctx.games.view(ctx.key);
  if (!shown.ok) return refused(failureText(shown.error, ctx.locale));
  const v = shown.value;
  // Never another game's party: a button left on a replaced game refuses.
  if (Math.floor(v.meta.createdAt) !== gameCreatedAt(id.game)) return refused(failureText({ kind: 'old-game' }, ctx.locale));
  if (v.state.status !== 'playing') return refused(failureText({ kind: 'rejected', code: 'game-over' }, ctx.locale));
  const L = ctx.locale ?? DEFAULT_LOCALE;
  if (!ctx.memberIsAdmin && !isHost(v.state, v.meta, ctx.user.id)) return refused(t(L, 'kick.host-only'));
  if (intent.target === undefined) {
    const others = v.state.players.filter((p) => p.id !== ctx.user.id).map((p) => memberButton('kp', p.id, p.name, v, id.game));
    if (others.length === 0) return refused(t(L, 'kick.nobody'));
    const rows: ButtonSpec[][] = [];
    for (let i = 0; i < others.length; i += ROW_MAX) rows.push(others.slice(i, i + ROW_MAX));
    return { kind: 'confirm', text: t(L, 'kick.who'), buttons: rows };
  }
  const target = v.state.players.find((p) => p.id === intent.target);
  if (!target) return refused(t(L, 'kick.gone'));
  if (intent.confirmed !== true) return { kind: 'confirm', text: kickConfirmText(target.name, L), buttons: [[memberButton('kok', target.id, t(L, 'kick.button', { name: target.name }), v, id.game)]] };
  const ix = ctx.interactionId !== undefined ? { interactionId: ctx.interactionId } : {};
  const result = await ctx.games.kick(ctx.key, ctx.user, { id: target.id, name: target.name }, ctx.memberIsAdmin, ix);
  if (!result.ok) return { kind: 'refused', text: failureText(result.error, ctx.locale), view: null, failure: result.error };
  return { kind: 'game', view: result.value.view, note: kickText(result.value.removed, result.value.votes, result.value.needed, ctx.locale) };
}
