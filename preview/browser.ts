/** Debian's Chromium, headless, through playwright-core (never a downloaded browser): shared by the screenshots and the test. */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

/** Where Debian's `chromium` package puts the browser. */
export const CHROMIUM = '/usr/bin/chromium';

/** The flags for a quiet, offline, sandbox-free headless run. */
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** A running browser with a fresh profile; `close` ends it and deletes the profile. */
export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Starts headless Chromium with a fresh user-data dir. */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`No browser at ${CHROMIUM}: install Debian's with apt-get install -y chromium fonts-noto-color-emoji`);
  const profile = await mkdtemp(join(tmpdir(), 'preview-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport: { width: 1280, height: 800 } });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
