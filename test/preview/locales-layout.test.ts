/**
 * The layout in all six languages at 360 px, in Debian's headless Chromium (the preview's page and CSS): the solo and
 * party game messages, the lobby, /rogue help with its topics, and the 🎮 controller, each played in the language
 * through the bot's own code. Fails on a button label past Discord's 80 characters or past the phone's budget (its
 * own line in its row, rows of five on at most two lines), an embed field name that wraps, a text line past its
 * budget of line boxes, or a message taller than its screen budget. Screenshots: LAYOUT_SHOTS=dir.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.js';
import type { Reply } from '../../commands/types.js';
import { launchChromium, type Browser } from '../../preview/browser.js';
import { presentGame, type PreviewMessage } from '../../preview/bot.js';
import { scenePage } from '../../preview/page.js';
import type { Scene } from '../../preview/scenes.js';
import { MemoryGameStore } from '../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { controllerPayload, toApiRows } from '../../src/adapters/discord/presenter.js';
import { GameService } from '../../src/app/game-service.js';
import { silentLogger } from '../../src/app/ports.js';
import type { GameView, UserRef } from '../../src/app/service-types.js';
import { SettingsService } from '../../src/app/settings-service.js';
import { legalMoves } from '../../src/engine/index.js';
import { LOCALE_CODES, type Locale } from '../../src/i18n/index.js';
import { HELP_TOPIC_IDS, helpTopicText } from '../../commands/help.js';

const PREVIEW = fileURLToPath(new URL('../../preview/', import.meta.url));
const ORIGIN = 'http://layout.test';
const WIDTH = 360;
/** A phone screen's height, CSS px (test/preview/preview.test.ts). */
const SCREEN = 740;
/** What a phone shows between Discord's header and its message box, CSS px (issue 24; test/preview/preview.test.ts). */
const PHONE_VIEW = 610;
/** A party of four's message may take a short scroll (test/preview/preview.test.ts). */
const SHORT_SCROLL = 1000;
/** Discord cuts a button label at 80 characters. */
const LABEL_MAX = 80;

/** Line boxes a party line (marker, name, HP) or an embed field name may take at 360 px. */
const LINE_BUDGET = { party: 1, field: 1 } as const;

const KEY = { guildId: '1000000000000000001', channelId: '1000000000000000002' };
const ME: UserRef = { id: 'you', name: 'Player' };
const PARTY: readonly UserRef[] = [ME, { id: 'alice', name: 'Alice' }, { id: 'bob', name: 'Bob' }, { id: 'cara', name: 'Cara' }];
const WORD: Readonly<Record<string, string>> = { n: 'north', s: 'south', e: 'east', w: 'west' };

/** A bot on the memory stores whose players speak `locale`: runs /rogue lines, returns replies and views. */
class Bot {
  private clock = 1_700_000_000_000;
  readonly games: GameService;
  private readonly settings: SettingsService;
  constructor(private readonly locale: Locale) {
    const store = new MemorySettingsStore(silentLogger);
    this.games = new GameService({ games: new MemoryGameStore(), settings: store, clock: { now: () => this.clock }, rounds: new MemoryRoundQueue(), logger: silentLogger });
    this.settings = new SettingsService(store, silentLogger);
  }
  now(): number {
    return this.clock;
  }
  async rogue(user: UserRef, subcommand: string, options: Record<string, string | number | boolean> = {}): Promise<Reply> {
    this.clock += 1000;
    const module = commands.find((c) => c.data.name === 'rogue')!;
    return module.run({ command: 'rogue', group: null, subcommand, options, user, ...KEY, memberIsAdmin: user.id === ME.id, locale: this.locale, games: this.games, settings: this.settings });
  }
  /** `/rogue-config <subcommand>` as an admin. */
  async config(user: UserRef, subcommand: string): Promise<Reply> {
    const module = commands.find((c) => c.data.name === 'rogue-config')!;
    return module.run({ command: 'rogue-config', group: null, subcommand, options: {}, user, ...KEY, memberIsAdmin: true, locale: this.locale, games: this.games, settings: this.settings });
  }
  async view(): Promise<GameView> {
    const r = await this.games.view(KEY);
    if (!r.ok) throw new Error(r.error.kind);
    return r.value;
  }
  /** Moves `user` one step the first open way of `prefs`. */
  async step(user: UserRef, prefs: readonly string[]): Promise<void> {
    const legal = legalMoves((await this.view()).state, user.id);
    const dir = prefs.find((d) => ['move', 'attack'].includes((legal.moves as Record<string, string | undefined>)[d] ?? ''));
    if (legal.canAct && dir) await this.rogue(user, 'move', { direction: WORD[dir]! });
  }
}

const game = (bot: Bot, view: GameView, caption: string, render: 'image' | 'emoji' = 'image', mobile = false): PreviewMessage => ({
  ...presentGame(view, { render, mobile }, bot.now()),
  caption,
});

/** A private reply with its buttons (help), as Discord shows it. */
function privateReply(reply: Reply, locale: Locale, caption: string): PreviewMessage {
  if (reply.kind !== 'confirm' && reply.kind !== 'text') throw new Error(`unexpected ${reply.kind}`);
  const components = reply.kind === 'confirm' ? toApiRows(reply.buttons, locale) : [];
  const embeds = reply.kind === 'text' && reply.embed ? [{ title: reply.embed.title, description: reply.embed.description, fields: reply.embed.fields.map((f) => ({ ...f })), footer: { text: reply.embed.footer }, color: reply.embed.color }] : [];
  return { payload: { content: reply.text, embeds, components, allowed_mentions: { parse: [] } } as PreviewMessage['payload'], ephemeral: true, caption };
}

function controller(view: GameView, userId: string, locale: Locale, caption: string): PreviewMessage {
  const { files, ...payload } = controllerPayload(view, userId, { style: 'emoji', mobile: true }, locale);
  return { payload, ...(files.length ? { files: files.map((f) => ({ name: f.name, data: f.data, description: f.description })) } : {}), ephemeral: true, caption };
}

/** The scenes of one language: solo, lobby, party, help (and its topics), the controller. */
async function scenesOf(locale: Locale): Promise<Scene[]> {
  const solo = new Bot(locale);
  await solo.rogue(ME, 'new', { seed: 21 });
  for (let i = 0; i < 4; i++) await solo.step(ME, ['n', 'e', 's', 'w']);
  const soloView = await solo.view();

  const party = new Bot(locale);
  await party.rogue(ME, 'new', { seed: 5, mode: 'rounds', party: 4 });
  await party.rogue(PARTY[1]!, 'join');
  const lobbyView = await party.view();
  for (const u of PARTY.slice(2)) await party.rogue(u, 'join');
  for (let round = 0; round < 3; round++) for (const [i, u] of PARTY.entries()) await party.step(u, [['n', 'w'], ['e', 'n'], ['s', 'e'], ['w', 's']][i]!);
  await party.step(ME, ['n', 'w', 'e', 's']);
  const partyView = await party.view();

  const help = await solo.rogue(ME, 'help');
  const topics = HELP_TOPIC_IDS.map((topic) => privateReply({ kind: 'confirm', text: helpTopicText(topic, locale), buttons: help.kind === 'confirm' ? help.buttons : [] }, locale, `help: ${topic}`));
  const about = await solo.rogue(ME, 'about');
  const status = await solo.rogue(ME, 'status');
  const config = await solo.config(ME, 'show');
  return [
    { id: `${locale}-solo`, title: 'solo', messages: [game(solo, soloView, 'solo (image)'), game(solo, soloView, 'solo (emoji, mobile)', 'emoji', true)] },
    { id: `${locale}-lobby`, title: 'lobby', messages: [game(party, lobbyView, 'lobby')] },
    { id: `${locale}-party`, title: 'party', messages: [game(party, partyView, 'party of four (image)'), game(party, partyView, 'party of four (emoji, mobile)', 'emoji', true)] },
    { id: `${locale}-help`, title: 'help', messages: [privateReply(help, locale, '/rogue help'), ...topics, privateReply(about, locale, '/rogue about'), privateReply(status, locale, '/rogue status')] },
    { id: `${locale}-controller`, title: 'controller', messages: [controller(soloView, ME.id, locale, '🎮 solo'), controller(partyView, ME.id, locale, '🎮 party')] },
    { id: `${locale}-config`, title: 'config', messages: [privateReply(config, locale, '/rogue-config show')] },
  ];
}

/** What the page measures: per message its height, per button its label and fit, per row its lines, per text line its boxes. */
const MEASURE = `(() => {
  // Line boxes of an element's text (a range's rects: one per line, for blocks and inline spans alike).
  const boxes = (el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    // Rects that overlap vertically are one line (an emoji's box is taller than the text's beside it).
    const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0).sort((x, y) => x.top - y.top);
    let lines = 0;
    let bottom = -Infinity;
    for (const r of rects) {
      const next = r.top >= bottom - 2;
      if (next) lines++;
      bottom = next ? r.bottom : Math.max(bottom, r.bottom);
    }
    return lines;
  };
  return [...document.querySelectorAll('article')].map((a) => ({
    height: Math.round(a.getBoundingClientRect().height),
    ephemeral: a.classList.contains('ephemeral'),
    rows: [...a.querySelectorAll('.row')].map((row) => {
      const rr = row.getBoundingClientRect();
      const buttons = [...row.querySelectorAll('.btn')].map((b) => {
        const r = b.getBoundingClientRect();
        return { label: b.textContent, clipped: b.scrollWidth > b.clientWidth + 1, inside: r.left >= rr.left - 1 && r.right <= rr.right + 1, top: Math.round(r.top) };
      });
      return { count: buttons.length, lines: new Set(buttons.map((b) => b.top)).size, buttons };
    }),
    fieldNames: [...a.querySelectorAll('.e-fname')].map((f) => ({ text: f.textContent, lines: boxes(f) })),
    lines: [...a.querySelectorAll('.e-desc .ln > .lt, .e-fvalue .ln > .lt, .content .ln > .lt')].filter((el) => !el.closest('.map-row')).map((el) => ({
      text: el.textContent,
      party: !el.closest('article').classList.contains('ephemeral') && !!el.querySelector('strong, b') && !!el.closest('.e-fvalue, .e-desc') && !/^⏳|timer paused/.test(el.textContent),
      lines: boxes(el),
    })),
  }));
})()`;

interface Measured {
  height: number;
  ephemeral: boolean;
  rows: { count: number; lines: number; buttons: { label: string; clipped: boolean; inside: boolean }[] }[];
  fieldNames: { text: string; lines: number }[];
  lines: { text: string; party: boolean; lines: number }[];
}

let browser: Browser;
let page: Page;
const pages = new Map<string, { html: string; files: Map<string, Uint8Array> }>();
const scenes = new Map<Locale, Scene[]>();

beforeAll(async () => {
  for (const locale of LOCALE_CODES) {
    const list = await scenesOf(locale);
    scenes.set(locale, list);
    for (const scene of list) {
      const files = new Map<string, Uint8Array>();
      const html = scenePage(scene, (i, name) => {
        const file = scene.messages[i]?.files?.find((f) => f.name === name);
        if (file) files.set(`${i}/${name}`, file.data);
        return `/f/${encodeURIComponent(scene.id)}/${i}/${encodeURIComponent(name)}`;
      });
      pages.set(scene.id, { html, files });
    }
  }
  const assets = { '/style.css': await readFile(join(PREVIEW, 'style.css')), '/client.js': await readFile(join(PREVIEW, 'client.js')) };
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.route(`${ORIGIN}/**`, async (route) => {
    const url = new URL(route.request().url());
    const asset = assets[url.pathname as keyof typeof assets];
    if (asset) return route.fulfill({ body: asset, contentType: url.pathname.endsWith('.css') ? 'text/css' : 'text/javascript' });
    const parts = url.pathname.split('/').map(decodeURIComponent);
    const shown = pages.get(parts[2] ?? '');
    if (shown && parts[1] === 's') return route.fulfill({ body: shown.html, contentType: 'text/html; charset=utf-8' });
    const file = shown?.files.get(`${parts[3]}/${parts[4]}`);
    if (file && parts[1] === 'f') return route.fulfill({ body: Buffer.from(file), contentType: 'image/png' });
    return route.fulfill({ status: 404, body: 'not found' });
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
});

async function measure(scene: Scene): Promise<Measured[]> {
  await page.setViewportSize({ width: WIDTH, height: 800 });
  await page.goto(`${ORIGIN}/s/${encodeURIComponent(scene.id)}`, { waitUntil: 'load' });
  await page.evaluate('document.fonts.ready.then(() => true)');
  const shots = process.env.LAYOUT_SHOTS;
  if (shots) {
    await mkdir(shots, { recursive: true });
    await writeFile(join(shots, `${scene.id}.png`), await page.screenshot({ fullPage: true }));
  }
  return (await page.evaluate(MEASURE)) as Measured[];
}

/** Line boxes a text line may take at 360 px: a party line or a field name one; any other line four, or half again what its English takes. */
const textBudget = (english: number | undefined): number => Math.max(4, Math.ceil((english ?? 0) * 1.5));
/** Lines a row of buttons may take: three stay on one line, four or five may take two; never more than its English takes when that is more (help's topic rows: one each). */
const rowBudget = (count: number, english: number | undefined): number => Math.max(count <= 3 ? 1 : 2, english ?? 0);

/** Every way a scene's messages pass their budgets (English measured as `english`), as readable lines (empty when all fit). */
function overBudget(scene: Scene, measured: readonly Measured[], english: readonly Measured[] = measured): string[] {
  const out: string[] = [];
  measured.forEach((m, i) => {
    const where = `${scene.id} #${i} (${scene.messages[i]?.caption ?? ''})`;
    const en = english[i];
    m.rows.forEach((row, r) => {
      const budget = rowBudget(row.count, en?.rows[r]?.lines);
      if (row.lines > budget) out.push(`${where}: a row of ${row.count} takes ${row.lines} lines (budget ${budget}): ${row.buttons.map((b) => b.label).join(' | ')}`);
      for (const b of row.buttons) {
        if ([...b.label].length > LABEL_MAX) out.push(`${where}: label past ${LABEL_MAX}: ${b.label}`);
        if (b.clipped || !b.inside) out.push(`${where}: label does not fit its button at ${WIDTH} px: ${b.label}`);
      }
    });
    for (const f of m.fieldNames) if (f.lines > LINE_BUDGET.field) out.push(`${where}: field name wraps: ${f.text}`);
    // Lines match English's by position when the message has as many (the same game, help topic or reply).
    const paired = en && en.lines.length === m.lines.length;
    m.lines.forEach((l, k) => {
      const budget = l.party ? LINE_BUDGET.party : textBudget(paired ? en.lines[k]!.lines : undefined);
      if (l.lines > budget) out.push(`${where}: line takes ${l.lines} lines (budget ${budget}): ${l.text.slice(0, 90)}`);
    });
  });
  return out;
}

describe('the layout in every language at 360 px', () => {
  it.each(LOCALE_CODES)('GIVEN %s WHEN the solo and party messages, the lobby, help and the controller are shown at 360 px THEN every label, field and line keeps its budget', async (locale) => {
    const problems: string[] = [];
    const english = scenes.get('en-US')!;
    let partyLines = 0;
    for (const [i, scene] of scenes.get(locale)!.entries()) {
      const measured = await measure(scene);
      partyLines += measured.flatMap((m) => m.lines).filter((l) => l.party).length;
      problems.push(...overBudget(scene, measured, await measure(english[i]!)));
    }
    expect(problems).toEqual([]);
    // The solo and party messages (two styles each) and the lobby name their players: the party-line check saw them.
    expect(partyLines).toBeGreaterThanOrEqual(1 + 1 + 4 + 4 + 2);
  }, 120_000);

  it.each(LOCALE_CODES)('GIVEN %s WHEN the game messages and help are shown at 360 px THEN a solo message fits one screen, a party of four a short scroll, help a quarter more than English', async (locale) => {
    const [solo, , party] = scenes.get(locale)!;
    const [soloImage] = await measure(solo!);
    const [partyImage] = await measure(party!);
    const [help] = await measure(scenes.get(locale)![3]!);
    const [englishHelp] = await measure(scenes.get('en-US')![3]!);
    expect(soloImage!.height, `${locale} solo`).toBeLessThanOrEqual(SCREEN);
    expect(partyImage!.height, `${locale} party`).toBeLessThanOrEqual(SHORT_SCROLL);
    // Help's first screen: at most a quarter taller than English's (a phone screen and a short scroll).
    expect(help!.height, `${locale} help`).toBeLessThanOrEqual(Math.max(SCREEN, englishHelp!.height * 1.25));
    console.log(`layout ${locale}: solo ${soloImage!.height} px, party ${partyImage!.height} px, help ${help!.height} px (English ${englishHelp!.height} px)`);
  }, 120_000);

  it.each(LOCALE_CODES)('GIVEN %s WHEN the lobby, /rogue help and /rogue-config show are shown at 360 px THEN the lobby and help fit one phone screen and config show the 610 px between its header and message box', async (locale) => {
    const [lobby] = await measure(scenes.get(locale)![1]!);
    const [help] = await measure(scenes.get(locale)![3]!);
    const [config] = await measure(scenes.get(locale)![5]!);
    console.log(`phone view ${locale}: lobby ${lobby!.height} px, help ${help!.height} px, config show ${config!.height} px`);
    expect(lobby!.height, `${locale} lobby`).toBeLessThanOrEqual(SCREEN);
    expect(help!.height, `${locale} help`).toBeLessThanOrEqual(SCREEN);
    expect(config!.height, `${locale} config show`).toBeLessThanOrEqual(PHONE_VIEW);
  }, 120_000);

  it('GIVEN a row too long for a phone WHEN measured THEN the budget check reports it (the check can fail)', async () => {
    const [english] = scenes.get('en-US')!;
    const long = 'x'.repeat(90);
    const message = english!.messages[0]!;
    const rows = (message.payload.components ?? []).map((r) => ({ ...r, components: r.components.map((b) => ({ ...b, label: long })) }));
    const scene: Scene = { id: 'en-US-too-long', title: 'too long', messages: [{ ...message, payload: { ...message.payload, components: rows } }] };
    pages.set(scene.id, { html: scenePage(scene, () => '/none'), files: new Map() });
    const problems = overBudget(scene, await measure(scene));
    expect(problems.some((p) => p.includes(`label past ${LABEL_MAX}`))).toBe(true);
    expect(problems.some((p) => p.includes('does not fit its button') || p.includes('takes'))).toBe(true);
  }, 60_000);
});
