/**
 * The full view's buttons on the shared game message (issue 27): 🖥️ full view (LAUNCH_ACTIVITY) and the watch link
 * are placed last and never push a game button out; the watch link is a link button whose URL verifies as the
 * channel's spectator link; pressing 🖥️ is a launch, with no game read.
 */
import { ButtonStyle } from 'discord-api-types/v10';
import { describe, expect, it } from 'vitest';
import { decodeButtonId } from '../../commands/controls/custom-id.js';
import { CONTEXT_MAX, gameControls, MAX_SHARED_ROWS, ROW_MAX, type ButtonSpec, type GameLinks } from '../../commands/controls/layouts.js';
import { pressIntent, runPress } from '../../commands/controls/press.js';
import { gamePayload } from '../../src/adapters/discord/presenter.js';
import { gameLinks, verifyWatchToken, watchUrl } from '../../src/adapters/web/watch-link.js';
import type { GameServiceApi, GameView } from '../../src/app/service-types.js';
import { defaultConfig, newGame, step, type GameConfig, type GameState } from '../../src/engine/index.js';

const SECRET = 'k'.repeat(40);
const KEY = { guildId: '1', channelId: '2' };
const LINKS: GameLinks = { launch: true, watchUrl: watchUrl('https://crawler.example.com/app/', SECRET, KEY) };

function joined(config: Partial<GameConfig>, users: readonly string[]): GameState {
  let s = newGame(defaultConfig({ seed: 5, width: 40, height: 20, ...config }));
  for (const u of users) {
    const r = step(s, { type: 'join', user: u, name: u.toUpperCase() });
    if (!r.ok) throw new Error(r.code);
    s = r.state;
  }
  return s;
}

function viewOf(state: GameState, extra: Partial<GameView['meta']> = {}): GameView {
  return {
    key: KEY,
    state,
    events: state.recent,
    meta: { creatorId: 'a', createdAt: 1_700_000_000_000, updatedAt: 0, roundDeadline: null, message: null, render: 'emoji', mobile: true, roundSeconds: 60, lastActed: {}, idleRounds: 0, ...extra },
  };
}

/** A button as the comparison sees it: where squeezed in, the extras are icons, so the label mode is left out. */
const plain = (b: ButtonSpec) => ({ ...b, iconOnly: undefined });
const isExtra = (b: ButtonSpec) => b.url !== undefined || b.customId.startsWith('cc1:full:');

/** Every running shape the shared message takes: 4- and 8-way, hurt or not, 1 to 4 players. */
const SHAPES = [4, 8].flatMap((t) => [false, true].flatMap((hurt) => [['a'], ['a', 'b', 'c'], ['a', 'b', 'c', 'd']].map((p) => [t as 4 | 8, hurt, p] as const)));

describe('the full view buttons on the game message', () => {
  it.each(SHAPES)('GIVEN a %i-way game (hurt: %s, party %j) WHEN drawn with the links THEN every game button keeps its place and the links come last, within the phone rules', (topology, hurt, party) => {
    const v = viewOf(joined({ topology, maxPlayers: 4 }, party));
    if (hurt) for (const p of v.state.players) p.hp -= 5;
    const without = gameControls(v);
    const withLinks = gameControls(v, LINKS);
    expect(withLinks.length).toBeLessThanOrEqual(MAX_SHARED_ROWS);
    // The game's own buttons: the same rows, in the same order, none pushed out.
    expect(withLinks.map((row) => row.filter((b) => !isExtra(b)).map(plain))).toEqual([...without.map((row) => row.map(plain)), ...(withLinks.length > without.length ? [[]] : [])]);
    const extras = withLinks.flat().filter(isExtra);
    expect(extras.map((b) => b.emoji).sort()).toEqual(['👁️', '🖥️']);
    // In a row of their own they keep their words; squeezed beside game buttons, icons in a row that fits a phone line.
    for (const row of withLinks) {
      expect(row.length).toBeLessThanOrEqual(ROW_MAX);
      if (row.some(isExtra) && !row.every(isExtra)) expect(row.length).toBeLessThanOrEqual(CONTEXT_MAX);
    }
  });

  it('GIVEN the links WHEN presented to Discord THEN 🖥️ is a press of the full verb and 👁️ a link button (style 5, no custom id) that verifies as this channel', () => {
    const v = viewOf(joined({ topology: 8 }, ['a']));
    const sent = gamePayload(v, 0, LINKS).components.flatMap((r) => r.components);
    const launch = sent.find((b) => b.emoji?.name === '🖥️');
    const decoded = decodeButtonId(launch?.custom_id ?? '');
    expect(decoded).toMatchObject({ ok: true, value: { verb: 'full', version: v.state.version } });
    const watch = sent.find((b) => b.style === ButtonStyle.Link);
    expect(watch).toMatchObject({ style: ButtonStyle.Link, emoji: { name: '👁️' } });
    expect(watch?.custom_id).toBeUndefined();
    const token = new URL(watch && 'url' in watch ? watch.url : '').searchParams.get('watch') ?? '';
    expect(verifyWatchToken(SECRET, token)).toEqual(KEY);
    expect(verifyWatchToken('x'.repeat(40), token)).toBeNull();
  });

  it('GIVEN no links, a lobby, or a finished game WHEN drawn THEN the links are absent, in a row of their own, and absent', () => {
    const running = viewOf(joined({}, ['a']));
    expect(gameControls(running).flat().some(isExtra)).toBe(false);
    expect(gameControls(running, { launch: false }).flat().some(isExtra)).toBe(false);
    const lobby = gameControls(viewOf(joined({}, ['a', 'b']), { lobbyUntil: 1_700_000_100_000 }), LINKS);
    expect(lobby.at(-1)!.map((b) => b.label)).toEqual(['full view', 'watch']);
    const over = gameControls(viewOf({ ...joined({}, ['a']), status: 'over' } as GameState), LINKS);
    expect(over.flat().some(isExtra)).toBe(false);
  });

  it('GIVEN a public URL with or without its last slash WHEN the links are made THEN the watch link is the page with ?watch=, and none without a URL', () => {
    expect(gameLinks(SECRET, undefined)(KEY)).toEqual({ launch: true });
    for (const url of ['https://c.example.com/app/', 'https://c.example.com/app']) {
      const made = new URL(gameLinks(SECRET, url)(KEY).watchUrl ?? '');
      expect(made.pathname).toBe('/app/');
      expect(verifyWatchToken(SECRET, made.searchParams.get('watch') ?? '')).toEqual(KEY);
    }
    const dm = { guildId: 'gdm.42', channelId: '43' };
    expect(verifyWatchToken(SECRET, new URL(watchUrl('https://c.example.com/app/', SECRET, dm)).searchParams.get('watch') ?? '')).toEqual(dm);
  });

  it('GIVEN 🖥️ pressed WHEN run THEN the outcome is a launch and the game is not read', async () => {
    const v = viewOf(joined({}, ['a']));
    const id = decodeButtonId(gameControls(v, LINKS).flat().find((b) => b.customId.startsWith('cc1:full:'))!.customId);
    if (!id.ok) throw new Error('not decoded');
    const untouched = new Proxy({} as GameServiceApi, { get: (_t, name) => () => Promise.reject(new Error(`read ${String(name)}`)) });
    const outcome = await runPress({ key: KEY, user: { id: 'a', name: 'A' }, memberIsAdmin: false, games: untouched }, id.value, pressIntent(id.value)!);
    expect(outcome).toEqual({ kind: 'launch' });
  });
});

describe('the chat message as a pointer while the full view is open', () => {
  it('GIVEN party members in the full view WHEN the running game is presented THEN the message is one line naming them (no map, no pings), with the same buttons', () => {
    const v = viewOf(joined({ topology: 8 }, ['a', 'b']));
    const names = ['ann', '@everyone'];
    const pointer = gamePayload(v, 0, { ...LINKS, inFullView: names });
    expect(pointer.content).toContain('ann, ');
    expect(pointer.content).not.toContain('@everyone');
    expect(pointer.content).toContain(`depth ${v.state.depth}`);
    expect(pointer.content.split('\n')).toHaveLength(1);
    expect(pointer.embeds).toEqual([]);
    expect(pointer.files).toEqual([]);
    expect(pointer.allowedMentions).toEqual({ parse: [] });
    expect(pointer.components).toEqual(gamePayload(v, 0, LINKS).components);
  });

  it('GIVEN nobody in the full view, a lobby or a finished game WHEN presented THEN the full message is drawn', () => {
    const v = viewOf(joined({ topology: 8 }, ['a']));
    expect(gamePayload(v, 0, { ...LINKS, inFullView: [] }).embeds).toHaveLength(1);
    const lobby = viewOf(joined({}, ['a', 'b']), { lobbyUntil: 1_700_000_100_000 });
    expect(gamePayload(lobby, 0, { ...LINKS, inFullView: ['ann'] }).embeds).toHaveLength(1);
    const over = viewOf({ ...joined({}, ['a']), status: 'over' } as GameState);
    expect(gamePayload(over, 0, { ...LINKS, inFullView: ['ann'] }).embeds).toHaveLength(1);
  });

  it('GIVEN the links with who is in the full view WHEN made THEN the names are carried only while there are some', () => {
    const inView = new Map([['2', ['ann']]]);
    const links = gameLinks(SECRET, undefined, (key) => inView.get(key.channelId) ?? []);
    expect(links(KEY)).toEqual({ launch: true, inFullView: ['ann'] });
    expect(links({ guildId: '1', channelId: '3' })).toEqual({ launch: true });
  });
});
