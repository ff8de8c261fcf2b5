/**
 * The full view's page (web/index.html) speaks through the catalogues: every word it marks for the client to fill
 * (data-t, data-t-aria) and its title are in every language. The keys web/src asks tr() for are checked by
 * test/i18n/web-strings.test.ts; no English sentence is left in web/src (test/i18n/no-english.test.ts).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hasMessage, LOCALE_CODES } from '../../../src/i18n/index.js';

const page = readFileSync('web/index.html', 'utf8');
const client = readFileSync('web/src/ui.ts', 'utf8');

describe("the full view page's words", () => {
  it('GIVEN every word the page marks THEN each language has it', () => {
    const marked = [...page.matchAll(/data-t(?:-aria)?="([\w.-]+)"/g)].map((m) => m[1]!);
    expect(marked.length).toBeGreaterThanOrEqual(5);
    // The page's title is set by the same pass (showWords).
    expect(client).toContain("tr('web.page.title')");
    const missing = [...marked, 'web.page.title'].filter((k) => !LOCALE_CODES.every((l) => hasMessage(l, k)));
    expect(missing).toEqual([]);
  });
});
