/**
 * The full view's page speaks through the catalogues: every key the client asks for (tr('…'), data-t="…" in the
 * page, the d-pad's per-direction keys) is in every language. (No English sentence is left as a literal in web/src:
 * test/i18n/no-english.test.ts scans it.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS } from '../../../src/engine/types.js';
import { hasMessage, LOCALE_CODES } from '../../../src/i18n/index.js';

const SRC = 'web/src';
const sources = readdirSync(SRC).filter((f) => f.endsWith('.ts')).map((f) => ({ file: f, text: readFileSync(join(SRC, f), 'utf8') }));
const page = readFileSync('web/index.html', 'utf8');

describe("the full view's words", () => {
  it('GIVEN every key the client names THEN each language has it', () => {
    const named = [
      ...sources.flatMap((s) => [...s.text.matchAll(/\btr\('([\w.-]+)'/g)].map((m) => m[1]!)),
      ...sources.flatMap((s) => [...s.text.matchAll(/label: '([\w.-]+)'/g)].map((m) => m[1]!)),
      ...[...page.matchAll(/data-t(?:-aria)?="([\w.-]+)"/g)].map((m) => m[1]!),
      ...DIRECTIONS.flatMap((d) => [`web.pad.move.${d}`, `web.pad.attack.${d}`]),
      'web.page.title',
    ];
    expect(named.length).toBeGreaterThan(30);
    const missing = named.filter((k) => !LOCALE_CODES.every((l) => hasMessage(l, k)));
    expect(missing).toEqual([]);
  });
});
