/**
 * `npm run preview`: the bot's real payloads from scripted games (preview/scenes.ts) on a local page laid out like
 * Discord. `--port N` (or PREVIEW_PORT; default 5173) picks the port; `--screenshot DIR` writes a PNG of every scene
 * at 360 and 1280 px with headless Chromium instead of serving.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WIDTHS, indexPage, scenePage } from './page.js';
import { buildScenes, type Scene } from './scenes.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const DEFAULT_PORT = 5173;

/** A running preview server. */
export interface PreviewServer {
  url: string;
  scenes: Scene[];
  close(): Promise<void>;
}

function fileUrl(scene: Scene): (message: number, name: string) => string {
  return (message, name) => `/f/${encodeURIComponent(scene.id)}/${message}/${encodeURIComponent(name)}`;
}

/** The widths asked for by `?width=360,1280` (any of 240-2560), or all of WIDTHS. */
function widthsOf(param: string | null): number[] {
  const asked = (param ?? '').split(',').map(Number).filter((w) => Number.isInteger(w) && w >= 240 && w <= 2560);
  return asked.length > 0 ? asked : [...WIDTHS];
}

/** Starts the page on 127.0.0.1 (`port` 0 picks a free one); the scenes' clock starts at `now`. */
export async function startPreview(options: { port: number; now?: number }): Promise<PreviewServer> {
  const scenes = await buildScenes(options.now ?? Date.now());
  const assets: Record<string, { type: string; body: Buffer }> = {
    '/style.css': { type: 'text/css; charset=utf-8', body: await readFile(join(HERE, 'style.css')) },
    '/client.js': { type: 'text/javascript; charset=utf-8', body: await readFile(join(HERE, 'client.js')) },
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://preview');
    const send = (status: number, type: string, body: string | Uint8Array) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      res.end(body);
    };
    const asset = assets[url.pathname];
    if (asset) return send(200, asset.type, asset.body);
    if (url.pathname === '/') {
      const chosen = scenes.find((s) => s.id === url.searchParams.get('scene')) ?? scenes[0]!;
      return send(200, 'text/html; charset=utf-8', indexPage(scenes, chosen, widthsOf(url.searchParams.get('width'))));
    }
    if (url.pathname === '/scenes.json') return send(200, 'application/json', JSON.stringify(scenes.map((s) => ({ id: s.id, title: s.title, style: s.style ?? null }))));
    const parts = url.pathname.split('/').map(decodeURIComponent);
    const scene = scenes.find((s) => s.id === parts[2]);
    if (scene && parts[1] === 's' && parts.length === 3) return send(200, 'text/html; charset=utf-8', scenePage(scene, fileUrl(scene)));
    if (scene && parts[1] === 'f' && parts.length === 5) {
      const file = scene.messages[Number(parts[3])]?.files?.find((f) => f.name === parts[4]);
      if (file) return send(200, file.name.endsWith('.png') ? 'image/png' : 'application/octet-stream', file.data);
    }
    send(404, 'text/plain; charset=utf-8', 'Not found. Scenes are listed at /.');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    scenes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The CLI flags: port, and where to write screenshots (if at all). */
export function parsePreviewFlags(argv: readonly string[], env: NodeJS.ProcessEnv): { port: number; screenshot: string | null } {
  let port = env.PREVIEW_PORT ? Number(env.PREVIEW_PORT) : DEFAULT_PORT;
  let screenshot: string | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--port') port = Number(argv[++i]);
    else if (a.startsWith('--port=')) port = Number(a.slice(7));
    else if (a === '--screenshot') screenshot = argv[++i] ?? '';
    else if (a.startsWith('--screenshot=')) screenshot = a.slice(13);
    else throw new Error(`Unknown flag ${a}. Flags: --port N, --screenshot DIR`);
  }
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error('--port (or PREVIEW_PORT) needs a port number from 0 to 65535');
  if (screenshot === '') throw new Error('--screenshot needs a folder, e.g. --screenshot out/');
  return { port, screenshot };
}

async function main(): Promise<void> {
  const flags = parsePreviewFlags(process.argv.slice(2), process.env);
  if (flags.screenshot !== null) {
    const { takeScreenshots } = await import('./screenshot.js');
    const preview = await startPreview({ port: 0 });
    try {
      const written = await takeScreenshots(preview, flags.screenshot);
      process.stdout.write(`${written.length} screenshots in ${flags.screenshot}\n`);
    } finally {
      await preview.close();
    }
    return;
  }
  const preview = await startPreview({ port: flags.port });
  process.stdout.write(`Channel Crawler preview: ${preview.url}/ (${preview.scenes.length} scenes; Ctrl-C stops)\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((err: unknown) => {
    process.stderr.write(`${(err as Error).message}\n`);
    process.exit(1);
  });
}
