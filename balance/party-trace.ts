/**
 * npx tsx balance/party-trace.ts KIND INDEX
 * Plays the INDEX-th seed (from 0) of the row `expert party4 rounds normal KIND` and prints every press: turn, depth,
 * rounds (R) or walking (W), who pressed what, whether the game refused it, the blows struck in the step and the fight
 * orders handed back (who: why), the monsters in view and the party (F: a standing ⚔️, H: holding), positions relative
 * to the presser. A debugging aid for balance/expert-party.ts.
 */
import { newGame, roundsNow, step, type Action, type GameEvent, type GameState } from '../src/engine/index.js';
import { Rng } from '../src/grid/rng.js';
import { configFor } from './play.js';
import { ROWS, seedsFor } from './rows.js';
import { POLICIES } from './policies.js';
import { playerView } from './view.js';
const args = process.argv.slice(2);
const kind = args[0] ?? 'maze';
const idx = Number(args[1] ?? 0);
const row = ROWS.find((r) => r.name === `expert party4 rounds normal ${kind}`)!;
const seed = seedsFor(row.kind, idx + 1)[idx]!;
const backsOf = (events: readonly GameEvent[]): string[] => events.flatMap((e) => (e.type === 'run-stopped' && e.run === 'fight' && e.who.kind === 'player' ? [`${e.who.name}:${e.reason}`] : []));
const apply = (s: GameState, a: Action) => { const r = step(s, a); return r.ok ? r.state : null; };
let s = newGame(configFor(row, seed));
const rng = Rng.fromSeed(seed ^ 0x5bd1e995);
const users = ['u1','u2','u3','u4'];
const roles = row.roles!;
users.forEach((u, i) => { s = apply(s, { type: 'join', user: u, name: u, role: roles[i] }) ?? s; });
const mem = new Map(users.map((u) => [u, { waits: 0 }]));
let stalled = false; let n = 0; let timers = 0;
const out: string[] = [];
while (s.status === 'playing' && n < 16000) {
  let acted = false;
  for (const u of users) {
    if (s.status !== 'playing') break;
    const me = s.players.find((p) => p.id === u)!;
    if (!me.alive) continue;
    if (roundsNow(s) && (s.acted.includes(u) || (s.holding.includes(u) && !stalled))) continue;
    const v = playerView(s, u);
    const a = POLICIES.expert(v, rng, mem.get(u)!);
    if (a === null || (a.type === 'fight' && roundsNow(s) && s.fighting.includes(u))) continue;
    let next = apply(s, a);
    const refused = !next;
    if (!next) { mem.get(u)!.waits++; next = apply(s, { type: 'wait', user: u }); }
    if (next) {
      const blows = next.recent.filter((e) => e.type === 'attacked' || e.type === 'missed').length;
      const backs = backsOf(next.recent);
      const mons = v.monsters.map((m) => `${m.kind}@${m.x - me.x},${m.y - me.y}:${m.hp}:${m.state}`).join(' ');
      const party = s.players.filter(p=>p.alive && p.id!==u).map(p=>`${p.id}@${p.x-me.x},${p.y-me.y}${s.fighting.includes(p.id)?'F':''}${s.holding.includes(p.id)?'H':''}`).join(' ');
      out.push(`t${s.turn} d${s.depth} ${roundsNow(s)?'R':'W'} ${u}/${me.role} hp${me.hp}/${me.maxHp} ${JSON.stringify(a).replace(/"user":"u\d",?/,'')}${refused?' REFUSED':''} blows${blows}${backs.length?' BACK '+backs.join(','):''} | ${mons} | ${party}`);
      s = next; n++; acted = true;
    }
  }
  if (!acted && !stalled && roundsNow(s)) stalled = true;
  else if (!acted) { const t = roundsNow(s) && ++timers <= 2000 ? apply(s, { type: 'resolve-round' }) : null; if (!t) break; 
      const backs = backsOf(t.recent);
      out.push(`t${s.turn} TIMER${backs.length?' BACK '+backs.join(','):''}`); s = t; }
  else stalled = false;
}
out.push(`END ${s.status} ${s.summary?.outcome} depth ${s.depth} turn ${s.turn} presses ${n}`);
console.log(out.join('\n'));
