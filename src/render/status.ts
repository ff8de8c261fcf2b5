/** The /rogue status character sheet: one player's stats as an ephemeral embed. */
import { ITEMS, armourDefence, wielded } from '../engine/items.js';
import { ABILITIES, ROLES } from '../engine/roles.js';
import { roundsNow } from '../engine/pace.js';
import type { GameState, Player } from '../engine/types.js';
import { playerMarker } from './glyphs.js';
import { footerText, gearText, hpBar, hudName, packText, xpText } from './hud.js';
import type { EmbedText } from './limits.js';

/** A player's ephemeral character sheet (/rogue status). */
export function renderStatus(state: GameState, userId: string): EmbedText {
  const p = state.players.find((q) => q.id === userId);
  const footer = `Turn ${state.turn} · ${footerText(state)}`;
  if (!p) {
    return {
      title: 'Not in this game',
      description: state.status === 'over' ? 'This run is over.' : 'You have not joined this run yet: use `/rogue join`.',
      fields: [],
      footer,
      color: 0x99aab5,
    };
  }
  const w = wielded(p);
  const armour = p.armour ? `${ITEMS[p.armour].name} (+${armourDefence(p.armour)} defence)` : 'none';
  const lines = [
    p.alive ? `HP ${hpBar(p.hp, p.maxHp, 'emoji')}` : '💀 Fallen',
    ...roleLine(p),
    `Level ${p.level} · ${xpText(p)} (kills and each new depth give XP; a level adds max HP, attack and damage)`,
    `Attack ${p.attack} · Defence ${p.defence + armourDefence(p.armour)}`,
    `Gear: ${gearText(p, 'emoji')}`,
    `Weapon: ${w.name} (${w.damage[0]}-${w.damage[1]} damage, reach ${w.reach}, ${w.toHit >= 0 ? '+' : ''}${w.toHit} to hit) · Armour: ${armour}`,
    `Pack: ${packText(p, 'emoji')}`,
    `Kills: ${p.kills}`,
    `Depth ${state.depth}/${state.config.maxDepth} at (${p.x}, ${p.y})`,
  ];
  if (roundsNow(state) && state.status === 'playing' && p.alive) {
    lines.push(state.acted.includes(p.id) ? 'This round: ✅ acted' : 'This round: ⏳ not yet');
  }
  return {
    title: `${playerMarker(p.slot, 'emoji')} ${hudName(p.name)}`,
    description: lines.join('\n'),
    fields: [],
    footer,
    color: p.alive ? 0x57f287 : 0xed4245,
  };
}

/** The sheet's role line: the role, and its ability with what it does and when it is ready. */
function roleLine(p: Player): string[] {
  const row = ROLES[p.role];
  // Heroes from before roles keep the sheet they always had.
  if (row.ability === null) return [];
  const a = ABILITIES[row.ability];
  const when = p.cooldown > 0 ? `ready in ${p.cooldown} turns` : 'ready';
  return [`Role: ${row.art.emoji} ${row.name} · ability ${a.art.emoji} ${a.name} (${when}): ${a.blurb}`];
}
