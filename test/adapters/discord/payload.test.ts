/** One message shape, one encoder: every route (callback, webhook, channel) builds its request through restRequest. */
import { describe, expect, it } from 'vitest';
import { encodeBody, restRequest } from '../../../src/adapters/discord/payload.js';

describe('restRequest', () => {
  it('GIVEN a message with a PNG WHEN encoded THEN the attachments name the new files by index and the files carry their bytes as files[n]', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]);
    const req = restRequest({ content: 'Turn 3 — 👺', files: [{ name: 'map.png', data: png, description: 'alt' }], attachments: [] }, false);
    expect(req.body).toEqual({ content: 'Turn 3 — 👺', attachments: [{ id: 0, filename: 'map.png', description: 'alt' }], allowed_mentions: { parse: [] } });
    expect(req.files).toEqual([{ name: 'map.png', data: Buffer.from(png), key: 'files[0]' }]);
  });

  it('GIVEN an ephemeral reply WHEN encoded for a create THEN it carries the flag, and for an edit it does not', () => {
    expect(restRequest({ content: 'hi', ephemeral: true }, true).body.flags).toBe(64);
    expect(restRequest({ content: 'hi', ephemeral: true }, false).body.flags).toBeUndefined();
  });

  it('GIVEN an edit that only drops the buttons WHEN encoded THEN it keeps the old attachments (no attachments key) and pings nobody', () => {
    expect(restRequest({ components: [] }, false)).toEqual({ body: { components: [], allowed_mentions: { parse: [] } } });
  });
});

describe('encodeBody', () => {
  it('GIVEN a first answer WHEN encoded THEN the body is plain JSON', () => {
    expect(encodeBody({ type: 6 })).toEqual({ contentType: 'application/json', data: Buffer.from('{"type":6}') });
  });
});
