/**
 * npx tsx balance/expert-trace.ts --row NAME --seed N [--last K]
 * Plays one seed of a balance row and prints the last K presses before the end (who pressed what, hp, the monsters
 * in view), for finding how a policy dies. A debugging aid for balance/expert.ts.
 */
import { playGame } from './play.js';
import { ROWS } from './rows.js';
import { playerView } from './view.js';
import { POLICIES } from './policies.js';
import { Rng } from '../src/grid/rng.js';

const args = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const row = ROWS.find((r) => r.name === arg('--row'));
if (!row) throw new Error(`no row ${arg('--row')}`);
const seed = Number(arg('--seed') ?? 1);
const last = Number(arg('--last') ?? 40);
const lines: string[] = [];
const policy = POLICIES[row.policy];
const probe = Rng.fromSeed(1);
playGame(row, seed, (s, u) => {
  const v = playerView(s, u);
  const a = policy(v, probe, { waits: 0 });
  const mons = v.monsters.map((m) => `${m.kind}${m.label}@${m.x - v.me.x},${m.y - v.me.y}:${m.hp}/${m.maxHp}:${m.state}${m.stunned ? '*' : ''}`).join(' ');
  const ev = s.recent
    .filter((e) => e.type === 'attacked' || e.type === 'missed' || e.type === 'killed' || e.type === 'drank' || e.type === 'descended' || e.type === 'rested')
    .map((e) => {
      if (e.type === 'attacked') return `${e.attacker.kind === 'player' ? 'P' : e.attacker.monster}>${e.target.kind === 'player' ? 'P' : e.target.monster}-${e.damage}`;
      if (e.type === 'missed') return `${e.attacker.kind === 'player' ? 'P' : e.attacker.monster}~`;
      return e.type;
    })
    .join(',');
  lines.push(`t${s.turn} d${s.depth} ${u} L${v.me.level} hp${v.me.hp}/${v.me.maxHp} pot${v.me.pack.potion ?? 0} @${v.me.x},${v.me.y} [${ev}] -> ${JSON.stringify(a)} | ${mons}`);
});
console.log(lines.slice(-last).join('\n'));
if (args.includes('--list')) {
  const { seedsFor } = await import('./rows.js');
  for (const sd of seedsFor(row.kind, Number(arg('--list')))) {
    const r = playGame(row, sd);
    console.log(`seed ${sd}: ${r.won ? 'won' : r.stuck ? 'stuck' : `died d${r.depth} by ${r.killer}`} turns ${r.turns} potions ${JSON.stringify(r.potions)}`);
  }
}
