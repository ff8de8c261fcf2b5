import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { aboutReply, APP_VERSION, PRIVACY_TEXT } from '../../commands/about.js';

describe('/rogue about', () => {
  it('GIVEN package.json WHEN about names the version THEN it is the package version', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(APP_VERSION).toBe(pkg.version);
  });

  it('GIVEN the docs WHEN about summarises privacy THEN each retention it states is the one docs/privacy.md states', () => {
    const doc = readFileSync(new URL('../../docs/privacy.md', import.meta.url), 'utf8');
    for (const period of PRIVACY_TEXT.match(/\d+ (days|year)/g) ?? []) expect(doc, period).toContain(period);
    expect(readFileSync(new URL('../../docs/terms.md', import.meta.url), 'utf8')).toMatch(/warranty/);
  });

  it('GIVEN the about embed WHEN drawn THEN every field fits Discord (1,024 per field value)', () => {
    const reply = aboutReply();
    if (reply.kind !== 'text' || !reply.embed) throw new Error('about is an embed');
    for (const f of reply.embed.fields) expect([...f.value].length).toBeLessThanOrEqual(1024);
  });
});
