/** The daily's share card and board in Debian's headless Chromium: no line wraps on a 360 px phone. */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, type Browser } from '../../preview/browser.js';
import { startPreview, type PreviewServer } from '../../preview/server.js';
import { TEXT_LIMITS } from '../../src/text/safe-text.js';

/** Per text line of every message's content: its text and how many line boxes it takes (1 = it fits). */
const CONTENT_LINES = `[...document.querySelectorAll('.content .ln > .lt')].map((el) => {
  const tops = new Set([...el.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
  return { text: el.textContent, lines: tops.size };
})`;

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

async function linesAt(width: number): Promise<{ text: string; lines: number }[]> {
  await page.setViewportSize({ width, height: 800 });
  await page.goto(`${preview.url}/s/daily-texts`, { waitUntil: 'load' });
  await page.evaluate('document.fonts.ready.then(() => true)');
  return (await page.evaluate(CONTENT_LINES)) as { text: string; lines: number }[];
}

describe('daily texts on a phone', () => {
  it('GIVEN the share card and a full board of wide names WHEN shown at 360 px THEN no line wraps', async () => {
    const lines = await linesAt(360);
    // 3 card lines + title, 10 entries, the gap, the asker's line and the tie rule.
    expect(lines.length).toBeGreaterThanOrEqual(3 + 14);
    expect(lines.filter((l) => l.lines !== 1), 'lines that wrap at 360 px').toEqual([]);
    // Names up to the stated length (TEXT_LIMITS.boardName letters) show whole.
    for (const name of ['alicedaily', 'AliceDailyRunner']) {
      expect(name.length).toBeLessThanOrEqual(TEXT_LIMITS.boardName);
      expect(lines.some((l) => l.text.includes(` ${name} `)), `${name} whole on the board`).toBe(true);
    }
  }, 60_000);

  it('GIVEN the same texts WHEN shown at 200 px THEN the board lines wrap (the check sees wrapping)', async () => {
    const lines = await linesAt(200);
    expect(lines.some((l) => l.lines > 1)).toBe(true);
  }, 60_000);
});
