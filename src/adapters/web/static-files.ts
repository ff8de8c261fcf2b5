/**
 * The built client (vite's output, dist/web), read into memory once: index.html is never cached (it names the
 * current hashed assets), the hashed assets are cached for a year. Paths outside the folder can't be named.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, relative, sep } from 'node:path';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.map': 'application/json',
};

/** Serves the files of one folder. */
export interface StaticFiles {
  /** Answers `path` (relative to the base) and returns true, or returns false when there is no such file. */
  serve(path: string, req: IncomingMessage, res: ServerResponse, csp: string): boolean;
  /** How many files are served (0: the client has not been built). */
  readonly count: number;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

/** The files under `dir` (none when it does not exist: the page then says the client is not built). */
export function staticFiles(dir: string): StaticFiles {
  const files = new Map<string, Buffer>();
  try {
    for (const p of walk(dir)) files.set(`/${relative(dir, p).split(sep).join('/')}`, readFileSync(p));
  } catch {
    // Not built yet: serve nothing; `npm run build` (or `npm run web`) builds it.
  }
  return {
    count: files.size,
    serve(path, req, res, csp) {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const name = path === '/' ? '/index.html' : path;
      const body = files.get(name);
      if (!body) return false;
      const hashed = name.startsWith('/assets/');
      res.writeHead(200, {
        'content-type': TYPES[extname(name)] ?? 'application/octet-stream',
        'content-length': body.length,
        'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
        'content-security-policy': csp,
        'x-content-type-options': 'nosniff',
      });
      res.end(req.method === 'HEAD' ? undefined : body);
      return true;
    },
  };
}
