/** The /rogue status character sheet: one player's stats as an ephemeral embed. */
import { armourDefence, wielded } from '../engine/items.js';
import { ABILITIES, ROLES } from '../engine/roles.js';
import { roundsNow } from '../engine/pace.js';
import type { GameState, Player } from '../engine/types.js';
import { playerMarker } from './glyphs.js';
import { footerText, gearText, hpBar, hudName, packText, xpText } from './hud.js';
import type { EmbedText } from './limits.js';
import { DEFAULT_LOCALE, hasMessage, t, tDynamic, type Locale } from '../i18n/index.js';
import { itemFullName } from './names.js';

/** A player's ephemeral character sheet (/rogue status), in the reader's `locale`. */
export function renderStatus(state: GameState, userId: string, locale: Locale = DEFAULT_LOCALE): EmbedText {
  const p = state.players.find((q) => q.id === userId);
  const footer = t(locale, 'status.footer', { turn: state.turn, footer: footerText(state, locale) });
  if (!p) {
    return {
      title: t(locale, 'status.not-in-game'),
      description: state.status === 'over' ? t(locale, 'status.run-over') : t(locale, 'status.not-joined'),
      fields: [],
      footer,
      color: 0x99aab5,
    };
  }
  const w = wielded(p);
  const armour = p.armour ? t(locale, 'status.armour', { name: itemFullName(p.armour, locale), defence: armourDefence(p.armour) }) : t(locale, 'status.no-armour');
  const hit = `${w.toHit >= 0 ? '+' : ''}${w.toHit}`;
  const lines = [
    p.alive ? t(locale, 'status.hp', { bar: hpBar(p.hp, p.maxHp, 'emoji') }) : t(locale, 'status.fallen'),
    ...roleLine(p, locale),
    t(locale, 'status.level', { level: p.level, xp: xpText(p) }),
    t(locale, 'status.attack', { attack: p.attack, defence: p.defence + armourDefence(p.armour) }),
    t(locale, 'status.gear', { gear: gearText(p, 'emoji', locale) }),
    t(locale, 'status.weapon', { weapon: locale === DEFAULT_LOCALE ? w.name : itemFullName(p.weapon, locale), min: w.damage[0], max: w.damage[1], reach: w.reach, hit, armour }),
    t(locale, 'status.pack', { pack: packText(p, 'emoji') }),
    t(locale, 'status.kills', { kills: p.kills }),
    t(locale, 'status.depth', { depth: state.depth, max: state.config.maxDepth, x: p.x, y: p.y }),
  ];
  if (roundsNow(state) && state.status === 'playing' && p.alive) lines.push(t(locale, 'status.round', { acted: state.acted.includes(p.id) ? 'yes' : 'no' }));
  return {
    title: `${playerMarker(p.slot, 'emoji')} ${hudName(p.name)}`,
    description: lines.join('\n'),
    fields: [],
    footer,
    color: p.alive ? 0x57f287 : 0xed4245,
  };
}

/** The sheet's role line: the role, and its ability with what it does and when it is ready. */
function roleLine(p: Player, locale: Locale): string[] {
  const row = ROLES[p.role];
  // Heroes from before roles keep the sheet they always had.
  if (row.ability === null) return [];
  const a = ABILITIES[row.ability];
  const shown = (key: string, english: string): string => (hasMessage(locale, key) ? tDynamic(locale, key) : english);
  return [
    t(locale, 'status.role', {
      emoji: row.art.emoji,
      role: shown(`choice.${p.role}`, row.name),
      aemoji: a.art.emoji,
      ability: shown(`ability.${row.ability}.name`, a.name),
      ready: p.cooldown > 0 ? 'no' : 'yes',
      turns: p.cooldown,
      blurb: shown(`ability.${row.ability}.blurb`, a.blurb),
    }),
  ];
}
