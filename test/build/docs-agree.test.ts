import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INVITE_PERMISSIONS, NEEDED_PERMISSIONS } from '../../src/adapters/discord/permissions.js';
import { SETTING_FIELDS, SETTING_ROWS } from '../../src/app/settings.js';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const reference = readFileSync(new URL('../../docs/reference.md', import.meta.url), 'utf8');

describe('the docs agree with each other and with the code', () => {
  it.each([['README', readme], ['docs/reference.md', reference]])('GIVEN %s WHEN a paragraph names the bot permissions THEN it names all of them, and the invite integer is given', (_name, text) => {
    const paragraphs = text.split(/\n\s*\n/).map((p) => p.replace(/\*\*/g, '').replace(/\s+/g, ' '));
    const naming = paragraphs.filter((p) => p.includes('View Channel'));
    expect(naming.length).toBeGreaterThan(0);
    for (const p of naming) for (const needed of NEEDED_PERMISSIONS) expect(p, p.slice(0, 120)).toContain(needed.name);
    expect(text).toContain(String(INVITE_PERMISSIONS));
  });

  it('GIVEN the settings table in docs/reference.md WHEN read THEN each row has the code\'s default', () => {
    for (const field of SETTING_FIELDS) {
      const row = SETTING_ROWS[field];
      const line = reference.split('\n').find((l) => l.startsWith(`| \`${row.option}\``) || l.startsWith(`| \`${row.option}\`,`));
      if (!line) continue;
      const defaults = line.split('|')[2]!;
      // A row that lists two settings (min, max) gives both defaults in order.
      const listed = line.split('|')[1]!.match(/`[^`]+`/g)!.map((o) => o.slice(1, -1));
      expect(defaults.match(/`[^`]+`/g)?.[listed.indexOf(row.option)], row.option).toBe(`\`${String(row.default)}\``);
    }
    expect(reference).toContain(`Why \`mobile\` is ${SETTING_ROWS.mobile.default ? 'on' : 'off'} by default`);
  });
});
