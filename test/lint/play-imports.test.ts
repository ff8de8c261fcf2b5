/** `npm run play` runs the real commands, buttons and presenter without discord.js: its whole import graph is checked. */
import { readFileSync, existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Every package (bare specifier) reachable from `entry` through relative static imports and re-exports. */
function packagesReachable(entry: string): { packages: Set<string>; files: number } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [resolve(entry)];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|(?:^|\n)\s*import\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      if (spec.startsWith('.')) {
        const target = resolve(dirname(file), spec.replace(/\.js$/, '.ts'));
        if (existsSync(target)) queue.push(target);
        else throw new Error(`${file}: cannot resolve ${spec}`);
      } else packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
    }
  }
  return { packages, files: seen.size };
}

describe('the terminal game', () => {
  it('GIVEN src/play.ts WHEN its imports are followed THEN discord.js is never loaded, while the commands and buttons are', () => {
    const { packages, files } = packagesReachable('src/play.ts');
    expect(files).toBeGreaterThan(20);
    expect([...packages]).not.toContain('discord.js');
    expect([...packages]).not.toContain('@discordjs/ws');
    expect([...packages]).toContain('zod');
  });

  it('GIVEN the gateway transport WHEN its imports are followed THEN the checker does see its gateway library (it can fail)', () => {
    expect([...packagesReachable('src/adapters/gateway/bot.ts').packages]).toContain('@discordjs/ws');
  });
});
