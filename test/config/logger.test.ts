import { Writable } from 'node:stream';
import { DiscordAPIError } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { createLogger, scrubSecrets } from '../../src/config/logger.js';

const TOKEN = 'MTIzNDU2Nzg5MDEyMzQ1Njc4.fake.token-for-tests-only';
const INTERACTION_TOKEN = 'aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OnNlY3JldA';

function capture() {
  let out = '';
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      out += chunk.toString();
      done();
    },
  });
  return { log: createLogger('info', sink, [TOKEN]), text: () => out };
}

describe('logger redaction', () => {
  it('GIVEN a discord.js REST error for an interaction callback WHEN logged THEN neither the interaction token nor the request body appears', () => {
    const { log, text } = capture();
    const err = new DiscordAPIError({ code: 10062, message: 'Unknown interaction' }, 10062, 404, 'POST', `https://discord.com/api/v10/interactions/123456789012345678/${INTERACTION_TOKEN}/callback`, { body: { type: 4, data: { content: 'hello' } }, files: undefined });
    log.warn({ err }, 'callback failed');
    expect(text()).toContain('Unknown interaction');
    expect(text()).toContain('/interactions/123456789012345678/[redacted]/callback');
    expect(text()).not.toContain(INTERACTION_TOKEN);
    expect(text()).not.toContain('hello');
  });

  it('GIVEN the bot token anywhere in a line (a field, an error message, nested) WHEN logged THEN it is replaced', () => {
    const { log, text } = capture();
    log.error({ token: TOKEN, headers: { authorization: `Bot ${TOKEN}` }, err: new Error(`login failed with ${TOKEN}`), nested: { deep: { why: `Bot ${TOKEN}` } } }, 'oops');
    expect(text()).toContain('[redacted]');
    expect(text()).not.toContain(TOKEN);
  });

  it('GIVEN webhook URLs WHEN scrubbed THEN only the token segment goes', () => {
    expect(scrubSecrets(`PATCH /webhooks/1200000000000000001/${INTERACTION_TOKEN}/messages/@original`, [])).toBe('PATCH /webhooks/1200000000000000001/[redacted]/messages/@original');
  });
});
