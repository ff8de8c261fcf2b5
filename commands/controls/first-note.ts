/**
 * The first game needs no manual (issue 24): on a player's first press in their first game, a private note says what
 * each icon button on the game message does. It is shown once per user, remembered in their prefs
 * (`iconsExplained`, kept with the rest of their preferences; /rogue forget clears it), never again after.
 */
import type { GameView, UserPrefsServiceApi } from '../../src/app/service-types.js';
import { inLobby } from '../../src/app/host.js';
import { hasMessage, t, tDynamic, type Locale } from '../../src/i18n/index.js';
import { decodeButtonId } from './custom-id.js';
import { gameControls } from './layouts.js';

/** The note is offered during a game's first turns (and on a join): later presses cost no prefs read. */
export const FIRST_NOTE_TURNS = 20;

/** What each button on `view`'s game message does, in `locale`: the arrows as one entry, then each icon with its label. */
export function iconNote(view: GameView, locale: Locale): string {
  const arrows: string[] = [];
  const rest: string[] = [];
  for (const b of gameControls(view).flat()) {
    if (b.spacer || !b.emoji || b.url !== undefined) continue;
    const id = decodeButtonId(b.customId);
    if (!id.ok) continue;
    if (id.value.verb === 'mv') arrows.push(b.emoji);
    else {
      const key = `button.${id.value.verb}`;
      rest.push(`${b.emoji} ${hasMessage(locale, key) ? tDynamic(locale, key) : b.label}`);
    }
  }
  const parts = [...(arrows.length > 0 ? [t(locale, 'first.arrows', { arrows: arrows.join('') })] : []), ...rest];
  return t(locale, 'first.icons', { buttons: parts.join(' · ') });
}

/**
 * The note for `userId`'s press that gave `view`, the first time only (null after, without prefs, in a lobby, after
 * the game's first turns unless they just joined); claiming it records it in their prefs.
 */
export async function firstGameNote(prefs: UserPrefsServiceApi | undefined, userId: string, view: GameView, locale: Locale, joined: boolean): Promise<string | null> {
  if (!prefs || view.state.status !== 'playing' || inLobby(view.meta)) return null;
  if (!joined && view.state.turn > FIRST_NOTE_TURNS) return null;
  const got = await prefs.get(userId);
  if (!got.ok || got.value.iconsExplained) return null;
  const saved = await prefs.update(userId, { iconsExplained: true });
  return saved.ok ? iconNote(view, locale) : null;
}
