import { launchChromium } from './browser.js';
import { startPreview } from './server.js';
const ids = process.argv.slice(2);
const preview = await startPreview({ port: 0, now: 1_764_000_000_000 });
const browser = await launchChromium();
const page = await browser.context.newPage();
await page.setViewportSize({ width: 360, height: 740 });
for (const scene of preview.scenes.filter((s) => ids.length === 0 || ids.some((i) => s.id.startsWith(i)))) {
  await page.goto(`${preview.url}/s/${encodeURIComponent(scene.id)}?width=360`, { waitUntil: 'load' });
  await page.evaluate('document.fonts.ready.then(() => true)');
  await page.waitForFunction(`[...document.querySelectorAll('img')].every((i) => i.complete)`);
  const r = await page.evaluate(`[...document.querySelectorAll('article:not(.ephemeral)')].map((a) => { const h = a.getBoundingClientRect().height; const img = a.querySelector('img'); const pre = a.querySelector('pre, .e-desc'); const ih = img ? img.getBoundingClientRect().height : 0; return Math.round(h) + 'px pic ' + Math.round(ih) + ' (' + Math.round(100*ih/h) + '%)'; })`);
  console.log(scene.id, JSON.stringify(r));
  if (process.env.SHOT) await page.screenshot({ path: `/tmp/shots/${scene.id}.png`, fullPage: true });
}
await browser.close();
await preview.close();
