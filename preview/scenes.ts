/**
 * What the preview shows: scripted games played through the bot's own code (service on the memory stores, the
 * /rogue command, the presenter), each drawn in every render style. One function, `buildScenes`, is the only source
 * of payloads; the page, the screenshots and the browser test all read it.
 */
import { dailyScene } from './daily-scene.js';
import { fixturePng } from './fixture-png.js';
import { ScriptedBot, controllerMessage, legalMoves, presentGame, privateMessage, type GameView, type PreviewMessage, type RenderChoice, type UserRef } from './bot.js';

/** One scene: a titled list of messages, in the order a channel would show them. */
export interface Scene {
  id: string;
  title: string;
  /** The render style the scene's game messages use (absent for scenes that are not a game in one style). */
  style?: RenderChoice;
  messages: PreviewMessage[];
}

/** Every render style the preview draws each game in. */
export const STYLES: readonly RenderChoice[] = [
  { render: 'image', mobile: false },
  // The server's mobile setting in the image style: a narrower shared picture with larger tiles.
  { render: 'image', mobile: true },
  { render: 'emoji', mobile: false },
  { render: 'emoji', mobile: true },
  { render: 'ascii', mobile: false },
  { render: 'ascii', mobile: true },
];

/** The styles whose map rows must fit a phone (360 and 390 px) without wrapping, checked by test/preview: 11 emoji, 29 ASCII columns. */
export const PHONE_FIT: readonly RenderChoice[] = [
  { render: 'emoji', mobile: true },
  { render: 'ascii', mobile: true },
];

/** The styles whose map rows must fit a 1280 px desktop window. */
export const DESKTOP_FIT: readonly RenderChoice[] = [
  { render: 'emoji', mobile: false },
  { render: 'ascii', mobile: false },
];

/** The fixed seeds of the scripted games. */
export const SOLO_SEED = 21;
export const PARTY_SEED = 5;

const ME: UserRef = { id: 'you', name: 'Player' };
const PARTY: readonly UserRef[] = [ME, { id: 'alice', name: 'Alice' }, { id: 'bob', name: 'Bob' }, { id: 'cara', name: 'Cara' }];
/** Each party member's preferred directions, so the party spreads out over the map. */
const HEADINGS: Readonly<Record<string, readonly string[]>> = {
  you: ['n', 'w', 'e', 's'],
  alice: ['e', 'n', 's', 'w'],
  bob: ['s', 'e', 'w', 'n'],
  cara: ['w', 's', 'n', 'e'],
};
const WORD: Readonly<Record<string, string>> = { n: 'north', s: 'south', e: 'east', w: 'west' };
const REVERSE: Readonly<Record<string, string>> = { n: 's', s: 'n', e: 'w', w: 'e' };

/** A snapshot of the game message to draw in every style, or a private reply that looks the same in all of them. */
type Step = { kind: 'game'; view: GameView; now: number; caption: string } | { kind: 'private'; message: PreviewMessage };

/** The first direction in `prefs` that `user` can take (not straight back when avoidable); null when none. */
function pick(view: GameView, userId: string, prefs: readonly string[], last: string | undefined): string | null {
  const legal = legalMoves(view.state, userId);
  if (!legal.canAct) return null;
  const open = prefs.filter((d) => {
    const m = (legal.moves as Record<string, string | undefined>)[d];
    return m === 'move' || m === 'attack';
  });
  const forward = open.filter((d) => !last || d !== REVERSE[last]);
  return forward[0] ?? open[0] ?? null;
}

/** Runs one /rogue line and records the private reply it gets (if any) in `steps` (null: don't show it). */
async function run(bot: ScriptedBot, steps: Step[] | null, user: UserRef, sub: string, options: Record<string, string | number | boolean> = {}): Promise<void> {
  const reply = await bot.rogue(user, sub, options);
  const message = privateMessage(reply);
  if (message && steps) steps.push({ kind: 'private', message: { ...message, caption: `${user.name}: /rogue ${sub}${Object.entries(options).map(([k, v]) => ` ${k}:${v}`).join('')}` } });
}

async function snapshot(bot: ScriptedBot, steps: Step[], caption: string): Promise<void> {
  steps.push({ kind: 'game', view: await bot.current(), now: bot.now(), caption });
}

/** A solo game: a few moves and runs, a refused move, the status sheet. */
async function soloGame(start: number): Promise<Step[]> {
  const bot = new ScriptedBot(start);
  const steps: Step[] = [];
  await run(bot, steps, ME, 'new', { seed: SOLO_SEED });
  await snapshot(bot, steps, '/rogue new: the game message is posted, the run starts at once');
  let last: string | undefined;
  for (let turn = 0; turn < 6; turn++) {
    const dir = pick(await bot.current(), ME.id, ['n', 'e', 's', 'w'], last);
    if (!dir) break;
    await run(bot, turn === 2 ? steps : null, ME, 'move', { direction: WORD[dir]!, ...(turn === 2 ? { steps: 3 } : {}) });
    last = dir;
    if (turn === 2) await snapshot(bot, steps, 'after two moves and a 3-step run');
  }
  await snapshot(bot, steps, 'after six moves');
  const view = await bot.current();
  const blocked = ['n', 'e', 's', 'w'].find((d) => (legalMoves(view.state, ME.id).moves as Record<string, string | undefined>)[d] === 'blocked');
  if (blocked) await run(bot, steps, ME, 'move', { direction: WORD[blocked]! });
  await run(bot, steps, ME, 'status');
  await run(bot, steps, ME, 'me');
  const now = await bot.current();
  steps.push({ kind: 'private', message: { ...controllerMessage(now, ME.id, 'image'), caption: 'Player: 🎮 with /rogue prefs style:image (the private picture)' } });
  steps.push({ kind: 'private', message: { ...controllerMessage(now, ME.id, 'text'), caption: 'Player: 🎮 with /rogue prefs style:text (for screen readers)' } });
  return steps;
}

/** A party of four in rounds mode whose members walk away from each other for ten rounds. */
async function partyGame(start: number): Promise<Step[]> {
  const bot = new ScriptedBot(start);
  const steps: Step[] = [];
  await run(bot, steps, ME, 'new', { seed: PARTY_SEED, mode: 'rounds', party: 4 });
  await run(bot, null, PARTY[1]!, 'join');
  await snapshot(bot, steps, '/rogue new mode:rounds party:4 opens a lobby; a friend joins');
  for (const u of PARTY.slice(2)) await run(bot, null, u, 'join');
  await snapshot(bot, steps, 'two more friends join: the full lobby starts the run');
  const last: Record<string, string | undefined> = {};
  for (let round = 1; round <= 10; round++) {
    for (const u of PARTY) {
      const dir = pick(await bot.current(), u.id, HEADINGS[u.id]!, last[u.id]);
      if (!dir) continue;
      await run(bot, round === 4 && u.id === ME.id ? steps : null, u, 'move', { direction: WORD[dir]! });
      last[u.id] = dir;
      if (round === 4 && u.id === ME.id) await run(bot, steps, ME, 'wait');
    }
    if (round === 4 || round === 10) await snapshot(bot, steps, `after round ${round}: the party has spread out`);
  }
  return steps;
}

/** True when a monster stands next to a living player (a fight is on, blows are traded). */
function inMelee(view: GameView): boolean {
  const { players, monsters } = view.state;
  return monsters.some((m) => m.hp > 0 && players.some((p) => p.alive && Math.max(Math.abs(p.x - m.x), Math.abs(p.y - m.y)) <= 1));
}

/** One step of a player in a fight script: fight when they can, else walk by their heading. */
async function fightStep(bot: ScriptedBot, u: UserRef, last: Record<string, string | undefined>): Promise<void> {
  const view = await bot.current();
  const legal = legalMoves(view.state, u.id);
  if (!legal.canAct) return;
  if (legal.canFight) return run(bot, null, u, 'fight');
  const dir = pick(view, u.id, HEADINGS[u.id]!, last[u.id]);
  if (!dir) return;
  last[u.id] = dir;
  await run(bot, null, u, 'move', { direction: WORD[dir]! });
}

/** A party of four, rounds mode, walking until monsters are at their throats: the message mid-fight. */
async function partyFight(start: number): Promise<Step[]> {
  const bot = new ScriptedBot(start);
  const steps: Step[] = [];
  await run(bot, null, ME, 'new', { seed: PARTY_SEED, mode: 'rounds', party: 4 });
  for (const u of PARTY.slice(1)) await run(bot, null, u, 'join');
  const last: Record<string, string | undefined> = {};
  // Stop at the press that brings a monster next to a member: the fight is on, some members have acted this round.
  fight: for (let round = 1; round <= 80; round++) {
    for (const u of PARTY) {
      await fightStep(bot, u, last);
      if (inMelee(await bot.current())) break fight;
    }
  }
  await snapshot(bot, steps, 'a party of four in a fight (rounds): blows are traded');
  // A member's 🎮: it says which ring on the game message is theirs.
  steps.push({ kind: 'private', message: { ...controllerMessage(await bot.current(), PARTY[1]!.id, 'image'), caption: 'Alice: 🎮 (her controller says which ring is hers)' } });
  return steps;
}

/** A solo run walking until a monster is next to the player: the message mid-fight. */
async function soloFight(start: number): Promise<Step[]> {
  const bot = new ScriptedBot(start);
  const steps: Step[] = [];
  await run(bot, null, ME, 'new', { seed: SOLO_SEED });
  const last: Record<string, string | undefined> = {};
  for (let turn = 1; turn <= 200 && !inMelee(await bot.current()); turn++) {
    const view = await bot.current();
    if (legalMoves(view.state, ME.id).canExplore) await run(bot, null, ME, 'explore');
    else await fightStep(bot, ME, last);
  }
  await snapshot(bot, steps, 'a solo fight: a monster is next to the player');
  return steps;
}

/** Draws a script's steps in one style. */
function inStyle(steps: readonly Step[], style: RenderChoice): PreviewMessage[] {
  return steps.map((s) => (s.kind === 'private' ? s.message : { ...presentGame(s.view, style, s.now), caption: s.caption }));
}

const styleName = (s: RenderChoice): string => `${s.render}${s.mobile ? ' mobile' : ''}`;
const styleId = (s: RenderChoice): string => `${s.render}${s.mobile ? '-mobile' : ''}`;

/** A fixture picture wider than any phone, with the markers the image style will report, to check image scaling now. */
function fixtureScene(start: number): Scene {
  const picture = fixturePng();
  const deadline = Math.floor(start / 1000) + 55;
  return {
    id: 'fixture-image',
    title: 'Attached image (fixture PNG, until the image style lands)',
    messages: [
      {
        caption: 'an embed whose image is attachment://map.png',
        payload: { content: `Round ends <t:${deadline}:R> (at <t:${deadline}:T>)`, embeds: [{ color: 0x5865f2, title: 'Channel Crawler · Depth 1/5', description: 'A picture map: phones scale it to their width.', image: { url: 'attachment://map.png' }, footer: { text: 'fixture' } }] },
        files: [{ name: 'map.png', data: picture.png, description: 'A test picture with four player markers.', markers: picture.markers }],
      },
    ],
  };
}

/**
 * Every scene: the solo game and the party game, each in every style, plus the image fixture.
 * `start` is the fake clock's start (epoch ms): pass the real time to see live countdowns.
 */
export async function buildScenes(start: number): Promise<Scene[]> {
  const scripts = [
    { id: 'solo', title: `Solo game (seed ${SOLO_SEED})`, steps: await soloGame(start) },
    { id: 'party', title: `Party of 4, rounds mode (seed ${PARTY_SEED})`, steps: await partyGame(start) },
    { id: 'party-fight', title: `Party of 4 in a fight (seed ${PARTY_SEED})`, steps: await partyFight(start) },
    { id: 'solo-fight', title: `Solo fight (seed ${SOLO_SEED})`, steps: await soloFight(start) },
  ];
  const scenes: Scene[] = [];
  for (const script of scripts) {
    for (const style of STYLES) scenes.push({ id: `${script.id}-${styleId(style)}`, title: `${script.title} · ${styleName(style)}`, style, messages: inStyle(script.steps, style) });
  }
  scenes.push(fixtureScene(start), dailyScene());
  return scenes;
}
