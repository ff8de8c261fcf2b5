/**
 * The adapters cut along the platform: a shared Discord layer and two thin transports above it. Every file under src/
 * is walked; a transport importing the other, the shared layer importing a transport, discord.js itself or a private
 * discord.js internal fails by file name.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The layers and their folders: one table, which the rules and the walk read. */
const LAYERS = {
  shared: 'src/adapters/discord',
  gateway: 'src/adapters/gateway',
  http: 'src/adapters/http',
} as const;
type Layer = keyof typeof LAYERS;

/** Which layers each layer must never import. */
const FORBIDDEN: Record<Layer, readonly Layer[]> = {
  shared: ['gateway', 'http'],
  gateway: ['http'],
  http: ['gateway'],
};

/** Text that reaches into a library's private parts (what guardInteractionAction once did to client.actions). */
const PRIVATE_INTERNALS: readonly { what: string; pattern: RegExp }[] = [
  { what: 'a cast to reach a private member', pattern: /as unknown as \{\s*(?:actions|ws|rest|_\w+)\b/ },
  { what: "discord.js's private action handlers", pattern: /\.actions\??\.\s*InteractionCreate\b/ },
];

interface SourceFile {
  /** Repo-relative path with forward slashes. */
  path: string;
  text: string;
}

/** Every import specifier of `text`: static, re-export, side-effect and dynamic. */
function specifiers(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    found.push(m[1] ?? m[2] ?? m[3]!);
  }
  return found;
}

/** The layer a repo-relative path belongs to, if any. */
function layerOf(path: string): Layer | null {
  for (const [layer, folder] of Object.entries(LAYERS) as [Layer, string][]) if (path.startsWith(`${folder}/`)) return layer;
  return null;
}

/** Every rule broken by `files`, each naming the file. */
function violations(files: readonly SourceFile[]): string[] {
  const out: string[] = [];
  for (const f of files) {
    const from = layerOf(f.path);
    for (const spec of specifiers(f.text)) {
      if (spec === 'discord.js' || spec.startsWith('discord.js/')) out.push(`${f.path} imports discord.js`);
      if (!spec.startsWith('.') || !from) continue;
      const target = layerOf(join(dirname(f.path), spec).split('\\').join('/'));
      if (target && FORBIDDEN[from].includes(target)) out.push(`${f.path} (${from}) imports the ${target} layer: ${spec}`);
    }
    for (const p of PRIVATE_INTERNALS) if (p.pattern.test(f.text)) out.push(`${f.path} uses ${p.what}`);
  }
  return out;
}

/** The TypeScript files under `dir`, repo-relative. */
function walk(dir: string): SourceFile[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts'))
    .map((e) => {
      const abs = join(e.parentPath, e.name);
      return { path: relative(resolve('.'), resolve(abs)).split('\\').join('/'), text: readFileSync(abs, 'utf8') };
    });
}

describe('the transports and the shared Discord layer', () => {
  const src = walk('src');

  it('GIVEN every file under src/ WHEN its imports are read THEN no transport imports the other, the shared layer imports neither, and nothing imports discord.js or its private internals', () => {
    for (const folder of Object.values(LAYERS)) expect(src.filter((f) => f.path.startsWith(`${folder}/`)).length, folder).toBeGreaterThan(1);
    expect(violations(src)).toEqual([]);
  });

  it.each([
    ['src/adapters/gateway/bot.ts', "import { startHttpBot } from '../http/bot.js';", 'src/adapters/gateway/bot.ts (gateway) imports the http layer: ../http/bot.js'],
    ['src/adapters/http/server.ts', "export { GatewayResponder } from '../gateway/responder.js';", 'src/adapters/http/server.ts (http) imports the gateway layer: ../gateway/responder.js'],
    ['src/adapters/discord/router.ts', "const m = await import('../http/signature.js');", 'src/adapters/discord/router.ts (shared) imports the http layer: ../http/signature.js'],
    ['src/app/x.ts', "import { Client } from 'discord.js';", 'src/app/x.ts imports discord.js'],
    ['src/adapters/gateway/bot.ts', 'const a = (client as unknown as { actions?: unknown }).actions;', 'src/adapters/gateway/bot.ts uses a cast to reach a private member'],
  ])('GIVEN %s written as `%s` THEN the guard names it (it can fail)', (path, text, message) => {
    expect(violations([{ path, text }])).toContain(message);
  });

  it('GIVEN a transport importing the shared layer WHEN checked THEN that is allowed', () => {
    expect(violations([{ path: 'src/adapters/gateway/bot.ts', text: "import { createCore } from '../discord/core.js';" }])).toEqual([]);
  });
});
