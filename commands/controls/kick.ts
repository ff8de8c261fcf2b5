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

/** What 👢 asks the host first. */
export const KICK_WHO_TEXT = 'Remove whom from the party? Their hero leaves the dungeon. Dismiss this message to keep everyone.';
/** Said to a member who is not the host. */
export const KICK_HOST_ONLY_TEXT = 'Only the host removes a player with 👢. The party can vote out a member who let several rounds pass with `/rogue party kick`.';
/** Said when the host is alone in the party. */
export const KICK_NOBODY_TEXT = 'Nobody else is in the party.';

/** The confirmation question for removing `name`. */
export function kickConfirmText(name: string): string {
  return `Remove ${safeName(name)} from the party? Their hero leaves the dungeon and the level adjusts to the smaller party.`;
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
  if (!ctx.memberIsAdmin && !isHost(v.state, v.meta, ctx.user.id)) return refused(KICK_HOST_ONLY_TEXT);
  if (intent.target === undefined) {
    const others = v.state.players.filter((p) => p.id !== ctx.user.id).map((p) => memberButton('kp', p.id, p.name, v, id.game));
    if (others.length === 0) return refused(KICK_NOBODY_TEXT);
    const rows: ButtonSpec[][] = [];
    for (let i = 0; i < others.length; i += ROW_MAX) rows.push(others.slice(i, i + ROW_MAX));
    return { kind: 'confirm', text: KICK_WHO_TEXT, buttons: rows };
  }
  const target = v.state.players.find((p) => p.id === intent.target);
  if (!target) return refused('They are no longer in the party.');
  if (intent.confirmed !== true) return { kind: 'confirm', text: kickConfirmText(target.name), buttons: [[memberButton('kok', target.id, `Remove ${target.name}`, v, id.game)]] };
  const ix = ctx.interactionId !== undefined ? { interactionId: ctx.interactionId } : {};
  const result = await ctx.games.kick(ctx.key, ctx.user, { id: target.id, name: target.name }, ctx.memberIsAdmin, ix);
  if (!result.ok) return { kind: 'refused', text: failureText(result.error, ctx.locale), view: null, failure: result.error };
  return { kind: 'game', view: result.value.view, note: kickText(result.value.removed, result.value.votes, result.value.needed, ctx.locale) };
}
