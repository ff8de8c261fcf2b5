/** `npm run preview -- --screenshot DIR`: every scene as a full-page PNG at a phone width and a desktop width. */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { launchChromium } from './browser.js';
import type { PreviewServer } from './server.js';

/** The widths screenshots are taken at. */
export const SCREENSHOT_WIDTHS = [360, 1280] as const;

/** Writes `<scene>-<width>.png` for every scene and width into `dir`; returns the paths. */
export async function takeScreenshots(preview: PreviewServer, dir: string): Promise<string[]> {
  await mkdir(dir, { recursive: true });
  const browser = await launchChromium();
  const written: string[] = [];
  try {
    const page = await browser.context.newPage();
    for (const width of SCREENSHOT_WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      for (const scene of preview.scenes) {
        await page.goto(`${preview.url}/s/${encodeURIComponent(scene.id)}`, { waitUntil: 'load' });
        await page.evaluate('document.fonts.ready.then(() => true)');
        const path = join(dir, `${scene.id}-${width}.png`);
        await page.screenshot({ path, fullPage: true });
        written.push(path);
      }
    }
  } finally {
    await browser.close();
  }
  return written;
}
