/**
 * The preview page in Debian's headless Chromium (playwright-core, never a downloaded browser): map rows that must fit a
 * phone don't wrap at 360 and 390 px, desktop layouts fit at 1280, pictures scale to the width with every player's
 * marker inside, ephemeral replies and live timestamps look as on Discord.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Browser } from '../../preview/browser.js';
import { TILE_PX } from '../../src/render/image/draw.js';
import { MIN_TILE_CSS, PHONE_IMAGE_WIDTHS } from '../../src/render/image/frame.js';
import { DESKTOP_FIT, PHONE_FIT, STYLES, type Scene } from '../../preview/scenes.js';
import { startPreview, type PreviewServer } from '../../preview/server.js';
import type { RenderChoice } from '../../preview/bot.js';

const PHONES = [360, 390] as const;

/** Per map row of the page: how many line boxes its text takes (1 = it fits on one line). */
const MAP_ROW_LINES = `[...document.querySelectorAll('.map-row > .lt')].map((el) => {
  const tops = new Set([...el.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return tops.size;
})`;

/** Every picture on the page: natural and drawn size, right edge, the viewport, and its markers in page pixels. */
const IMAGES = `[...document.querySelectorAll('img')].map((img) => {
  const r = img.getBoundingClientRect();
  const markers = JSON.parse(img.dataset.markers || '[]').map((m) => ({
    label: m.label,
    x: r.left + (m.x * r.width) / img.naturalWidth,
    y: r.top + (m.y * r.height) / img.naturalHeight,
  }));
  return { complete: img.complete, naturalWidth: img.naturalWidth, left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, viewport: document.documentElement.clientWidth, markers };
})`;

/**
 * Per party line of the shared message (the Party field's lines, or in the picture style the description's lines that
 * name a player in bold): how many line boxes it takes.
 */
const PARTY_LINES = `[...document.querySelectorAll('article:not(.ephemeral)')].flatMap((a) => {
  const field = [...a.querySelectorAll('.e-field')].find((f) => f.querySelector('.e-fname')?.textContent.startsWith('Party'));
  const box = field ? field.querySelector('.e-fvalue') : a.querySelector('.e-desc');
  return box ? [...box.querySelectorAll('.ln > .lt')].filter((el) => el.querySelector('strong, b')) : [];
}).map((el) => {
  const tops = new Set([...el.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return { text: el.textContent, lines: tops.size };
})`;

/** Height of each shared game message (not the ephemeral replies) on the page, in CSS px, buttons included. */
const MESSAGE_HEIGHTS = `[...document.querySelectorAll('article:not(.ephemeral)')].map((a) => Math.round(a.getBoundingClientRect().height))`;

/** Each game picture's drawn width and tile size in CSS px (the image style's tiles are TILE_PX wide), and whether it is private. */
const TILE_CSS = `[...document.querySelectorAll('article img')].filter((img) => img.getAttribute('src').includes('map')).map((img) => ({ ephemeral: img.closest('article').classList.contains('ephemeral'), width: img.getBoundingClientRect().width, naturalWidth: img.naturalWidth, tile: (img.getBoundingClientRect().width * ${TILE_PX}) / img.naturalWidth }))`;

/** A phone screen, CSS px. */
const PHONE_SCREEN = { width: 360, height: 740 } as const;
/** "A short scroll": a party of four's message may be at most this tall (about a third of a screen more than one). */
const SHORT_SCROLL_PX = 1000;

let preview: PreviewServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  preview = await startPreview({ port: 0 });
  browser = await launchChromium();
  page = await browser.context.newPage();
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await preview?.close();
});

const same = (a: RenderChoice, b: RenderChoice | undefined): boolean => !!b && a.render === b.render && a.mobile === b.mobile;
const scenesIn = (styles: readonly RenderChoice[]): Scene[] => preview.scenes.filter((s) => styles.some((st) => same(st, s.style)));

async function open(scene: Scene, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`${preview.url}/s/${encodeURIComponent(scene.id)}`, { waitUntil: 'load' });
  await page.evaluate('document.fonts.ready.then(() => true)');
}

async function mapRowLines(scene: Scene, width: number): Promise<number[]> {
  await open(scene, width);
  return (await page.evaluate(MAP_ROW_LINES)) as number[];
}

describe('preview in Chromium', () => {
  it('GIVEN the styles that must fit a phone WHEN shown at 360 and 390 px THEN no map row wraps', async () => {
    const scenes = scenesIn(PHONE_FIT);
    expect(scenes.length).toBeGreaterThanOrEqual(2);
    for (const width of PHONES) {
      for (const scene of scenes) {
        const lines = await mapRowLines(scene, width);
        expect(lines.length, `${scene.id} has map rows`).toBeGreaterThan(10);
        expect(lines.filter((n) => n !== 1), `${scene.id} at ${width} px: rows that wrap`).toEqual([]);
      }
    }
  }, 60_000);

  it('GIVEN the image and phone styles WHEN shown at 360 and 390 px THEN each player\'s party line (marker, name, level, HP, items) stays on one line', async () => {
    const scenes = scenesIn([...PHONE_FIT, { render: 'image', mobile: false }]).filter((s) => s.style?.render !== 'ascii');
    expect(scenes.length).toBeGreaterThanOrEqual(2);
    for (const width of PHONES) {
      for (const scene of scenes) {
        await open(scene, width);
        const lines = (await page.evaluate(PARTY_LINES)) as { text: string; lines: number }[];
        expect(lines.length, `${scene.id} has party lines`).toBeGreaterThan(0);
        expect(lines.filter((l) => l.lines !== 1 && !/^⏳|timer paused/.test(l.text)), `${scene.id} at ${width} px: party lines that wrap`).toEqual([]);
      }
    }
  }, 60_000);

  it('GIVEN the desktop styles WHEN shown at 1280 px THEN no map row wraps', async () => {
    const scenes = scenesIn(DESKTOP_FIT);
    expect(scenes.length).toBeGreaterThanOrEqual(4);
    for (const scene of scenes) {
      const lines = await mapRowLines(scene, 1280);
      expect(lines.length, `${scene.id} has map rows`).toBeGreaterThan(10);
      expect(lines.filter((n) => n !== 1), `${scene.id} at 1280 px: rows that wrap`).toEqual([]);
    }
  }, 60_000);

  it('GIVEN the desktop text styles WHEN shown on a phone THEN their map rows do wrap (the check sees wrapping)', async () => {
    // Desktop layouts (19 emoji, 61 columns) can't fit a phone: that is why phones get the image or the mobile layouts.
    const wide = scenesIn(DESKTOP_FIT);
    expect(wide.length).toBeGreaterThanOrEqual(4);
    for (const width of PHONES) {
      for (const scene of wide) {
        const lines = await mapRowLines(scene, width);
        expect(lines.some((n) => n > 1), `${scene.id} at ${width} px wraps`).toBe(true);
      }
    }
  }, 60_000);

  it('GIVEN every scene with a picture WHEN shown at 360 and 390 px THEN the picture is scaled inside the width and every marker is inside it', async () => {
    const withImages = preview.scenes.filter((s) => s.messages.some((m) => (m.files ?? []).some((f) => f.name.endsWith('.png'))));
    expect(withImages.length).toBeGreaterThanOrEqual(1);
    for (const width of PHONES) {
      for (const scene of withImages) {
        await open(scene, width);
        const images = (await page.evaluate(IMAGES)) as { complete: boolean; naturalWidth: number; left: number; right: number; top: number; bottom: number; width: number; viewport: number; markers: { label: string; x: number; y: number }[] }[];
        expect(images.length).toBeGreaterThanOrEqual(1);
        for (const img of images) {
          expect(img.complete && img.naturalWidth > 0, `${scene.id}: the picture loaded`).toBe(true);
          expect(img.left).toBeGreaterThanOrEqual(0);
          expect(img.right, `${scene.id} at ${width} px: right edge`).toBeLessThanOrEqual(img.viewport);
          expect(img.width).toBeLessThanOrEqual(img.naturalWidth);
          for (const m of img.markers) {
            expect(m.x > img.left && m.x < img.right && m.y > img.top && m.y < img.bottom, `${scene.id}: marker ${m.label} inside the picture`).toBe(true);
            expect(m.x).toBeLessThan(img.viewport);
          }
        }
      }
    }
  }, 60_000);

  it('GIVEN the default (image) style WHEN shown at 360 px THEN a solo game message fits one 360 x 740 screen with its buttons, a party of four fits within a short scroll, and every tile keeps its minimum', async () => {
    const heights: Record<string, number[]> = {};
    const minTile: Record<string, { shared: number | null; private: number | null }> = {};
    const drawn: number[] = [];
    for (const id of ['solo-image', 'party-image', 'solo-image-mobile', 'party-image-mobile']) {
      const scene = preview.scenes.find((s) => s.id === id)!;
      await page.setViewportSize(PHONE_SCREEN);
      await page.goto(`${preview.url}/s/${encodeURIComponent(scene.id)}?width=${PHONE_SCREEN.width}`, { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready.then(() => true)');
      await page.waitForFunction(`[...document.querySelectorAll('img')].every((i) => i.complete)`);
      heights[id] = (await page.evaluate(MESSAGE_HEIGHTS)) as number[];
      // Each picture's tile as drawn (32 px tiles): at least 14 CSS px on the shared message (18 with the mobile
      // setting), 18 in a private view.
      const tiles = (await page.evaluate(TILE_CSS)) as { ephemeral: boolean; width: number; naturalWidth: number; tile: number }[];
      expect(tiles.length).toBeGreaterThan(0);
      const sharedMin = scene.style?.mobile === true ? MIN_TILE_CSS.private : MIN_TILE_CSS.public;
      for (const t of tiles) expect(t.tile, `${id}: a ${t.ephemeral ? 'private' : 'shared'} tile`).toBeGreaterThanOrEqual(t.ephemeral ? MIN_TILE_CSS.private : sharedMin);
      drawn.push(...tiles.filter((t) => t.naturalWidth > PHONE_IMAGE_WIDTHS.preview).map((t) => Math.round(t.width)));
      const least = (list: typeof tiles): number | null => (list.length === 0 ? null : Math.min(...list.map((t) => Math.round(t.tile * 10) / 10)));
      minTile[id] = { shared: least(tiles.filter((t) => !t.ephemeral)), private: least(tiles.filter((t) => t.ephemeral)) };
    }
    // The figures the README and the report quote.
    console.info(`message heights at 360 px: ${JSON.stringify(heights)}; smallest tile, CSS px: ${JSON.stringify(minTile)}; wide pictures drawn ${[...new Set(drawn)].join(', ')} CSS px wide`);
    // The width the pictures are sized for (PHONE_IMAGE_WIDTHS.preview) is the narrowest this layout draws a wide picture at.
    expect(Math.min(...drawn)).toBe(PHONE_IMAGE_WIDTHS.preview);
    for (const id of ['solo-image', 'solo-image-mobile']) {
      expect(heights[id]!.length).toBeGreaterThanOrEqual(2);
      for (const h of heights[id]!) expect(h, id).toBeLessThanOrEqual(PHONE_SCREEN.height);
    }
    for (const id of ['party-image', 'party-image-mobile']) for (const h of heights[id]!) expect(h, id).toBeLessThanOrEqual(SHORT_SCROLL_PX);
  }, 60_000);

  it('GIVEN a scene WHEN shown at both widths THEN ephemeral replies say so and the buttons carry the payload styles and disabled states', async () => {
    const solo = preview.scenes.find((s) => s.id === `solo-${STYLES[0]!.render}`)!;
    for (const width of [360, 1280]) {
      await open(solo, width);
      const eph = (await page.evaluate(`[...document.querySelectorAll('.msg.ephemeral .eph')].map((e) => e.textContent)`)) as string[];
      expect(eph.length).toBe(solo.messages.filter((m) => m.ephemeral).length);
      for (const text of eph) expect(text).toContain('Only you can see this');
      const buttons = (await page.evaluate(`[...document.querySelectorAll('.btn')].map((b) => ({ cls: b.className, disabled: b.disabled, text: b.textContent }))`)) as { cls: string; disabled: boolean; text: string }[];
      const sent = solo.messages.flatMap((m) => (m.payload.components ?? []).flatMap((r) => r.components));
      expect(buttons.length).toBe(sent.length);
      buttons.forEach((b, i) => {
        expect(b.disabled).toBe(sent[i]!.disabled ?? false);
        expect(b.cls).toContain({ 1: 'primary', 2: 'secondary', 3: 'success', 4: 'danger' }[sent[i]!.style as number]);
      });
    }
  }, 60_000);

  it('GIVEN a <t:UNIX:R> timestamp WHEN the page runs THEN it reads as a relative time that counts down by itself', async () => {
    const scene = preview.scenes.find((s) => s.messages.some((m) => /<t:\d+:R>/.test(m.payload.content ?? '')))!;
    await open(scene, 390);
    const read = async () => (await page.evaluate(`document.querySelector('.ts[data-style="R"]').textContent`)) as string;
    const first = await read();
    expect(first).toMatch(/^(in \d+ seconds?|\d+ seconds? ago)$/);
    await page.waitForTimeout(2100);
    expect(await read()).not.toBe(first);
  }, 30_000);
});

/** Each shared message's height and how much of it is the map (the picture, or the emoji map's rows), in CSS px. */
const MAP_SHARE = `[...document.querySelectorAll('article:not(.ephemeral)')].map((a) => {
  const h = a.getBoundingClientRect().height;
  const img = a.querySelector('img');
  const rows = [...a.querySelectorAll('.map-row')].map((r) => r.getBoundingClientRect());
  const map = img ? img.getBoundingClientRect().height : rows.length ? Math.max(...rows.map((r) => r.bottom)) - Math.min(...rows.map((r) => r.top)) : 0;
  return { height: Math.round(h), share: map / h };
})`;

/** What a phone shows between Discord's header and its message box, CSS px (issue 24). */
const PHONE_VIEW_PX = 610;

describe('the map is the message (360 px)', () => {
  it('GIVEN a party of four in a fight (image, and emoji with the mobile layout) and a solo run WHEN shown at 360 px THEN the message fits 610 px with its buttons and the map is at least 40% of it (solo at least 50%)', async () => {
    const figures: Record<string, { height: number; share: number }[]> = {};
    for (const id of ['party-fight-image', 'party-fight-image-mobile', 'party-fight-emoji-mobile', 'solo-image', 'solo-fight-image', 'solo-fight-image-mobile']) {
      const scene = preview.scenes.find((s) => s.id === id)!;
      await page.setViewportSize(PHONE_SCREEN);
      await page.goto(`${preview.url}/s/${encodeURIComponent(scene.id)}?width=${PHONE_SCREEN.width}`, { waitUntil: 'load' });
      await page.evaluate('document.fonts.ready.then(() => true)');
      await page.waitForFunction(`[...document.querySelectorAll('img')].every((i) => i.complete)`);
      figures[id] = (await page.evaluate(MAP_SHARE)) as { height: number; share: number }[];
    }
    console.info(`heights and map share at 360 px: ${JSON.stringify(figures)}`);
    for (const m of figures['party-fight-image']!) {
      expect(m.height, 'party fight, image').toBeLessThanOrEqual(PHONE_VIEW_PX);
      expect(m.share, 'party fight, image').toBeGreaterThanOrEqual(0.4);
    }
    for (const id of ['party-fight-image-mobile', 'party-fight-emoji-mobile']) {
      for (const m of figures[id]!) {
        expect(m.height, id).toBeLessThanOrEqual(PHONE_VIEW_PX);
        expect(m.share, id).toBeGreaterThanOrEqual(0.4);
      }
    }
    // Solo: the picture is at least half of the message, at the start and in a fight (a solo recap is worded without
    // the hero's name, so it keeps to two lines); every solo message fits a phone's view.
    for (const id of ['solo-image', 'solo-fight-image', 'solo-fight-image-mobile']) {
      for (const m of figures[id]!) {
        expect(m.share, id).toBeGreaterThanOrEqual(0.5);
        expect(m.height, id).toBeLessThanOrEqual(PHONE_VIEW_PX);
      }
    }
  }, 90_000);
});
