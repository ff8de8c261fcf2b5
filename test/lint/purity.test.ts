import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? 'parse');
}

describe('the purity lint rule', () => {
  it.each([
    ["import { Client } from 'discord.js';\nexport const c = Client;", 'no-restricted-imports'],
    ["import Redis from 'ioredis';\nexport const r = Redis;", 'no-restricted-imports'],
    ["import { readFileSync } from 'node:fs';\nexport const f = readFileSync;", 'no-restricted-imports'],
    ["import { readFileSync } from 'fs';\nexport const f = readFileSync;", 'no-restricted-imports'],
    ["import { join } from 'path/posix';\nexport const j = join;", 'no-restricted-imports'],
    ['export const r = crypto.getRandomValues(new Uint8Array(4));', 'no-restricted-globals'],
    ['export const t = performance.now();', 'no-restricted-globals'],
    ['export const r = Math.random();', 'no-restricted-properties'],
    ['export const t = Date.now();', 'no-restricted-globals'],
    ['export const d = new Date();', 'no-restricted-globals'],
  ])('GIVEN engine code %j WHEN linted THEN %s fails it', async (code, rule) => {
    for (const folder of ['src/grid', 'src/engine', 'src/pathfinding', 'src/mapgen', 'src/render']) {
      expect(await ruleIds(code, `${folder}/probe.ts`)).toContain(rule);
    }
  });

  it.each(['src/grid', 'src/mapgen', 'src/pathfinding'])('GIVEN %s code importing the engine WHEN linted THEN it fails', async (folder) => {
    const code = "import { step } from '../engine/index.js';\nexport const s = step;";
    expect(await ruleIds(code, `${folder}/probe.ts`)).toContain('no-restricted-imports');
  });

  it('GIVEN the same code in an adapter WHEN linted THEN it is allowed', async () => {
    expect(await ruleIds('export const t = Date.now() + Math.random();', 'src/adapters/probe.ts')).toEqual([]);
  });

  it('GIVEN pure engine code WHEN linted THEN it passes', async () => {
    expect(await ruleIds('export const f = (x: number): number => Math.floor(x);', 'src/engine/probe.ts')).toEqual([]);
  });
});
