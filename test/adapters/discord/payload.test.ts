/** The multipart body of an answer with the map picture, written by hand: any standard form-data parser reads it back. */
import { describe, expect, it } from 'vitest';
import { encodeBody } from '../../../src/adapters/discord/payload.js';

describe('encodeBody', () => {
  it('GIVEN a JSON answer with a PNG WHEN encoded THEN a form-data parser finds payload_json and files[0] with its bytes', async () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 1, 2, 255, 13, 10, 45, 45]);
    const json = { type: 7, data: { content: 'Turn 3 — 👺', attachments: [{ id: 0, filename: 'map.png' }] } };
    const body = await encodeBody(json, [{ name: 'map.png', data: png, description: 'alt' }]);
    expect(body.contentType).toMatch(/^multipart\/form-data; boundary=/);
    const form = await new Response(body.data, { headers: { 'content-type': body.contentType } }).formData();
    expect(JSON.parse(form.get('payload_json') as string)).toEqual(json);
    const file = form.get('files[0]') as File;
    expect(file.name).toBe('map.png');
    expect(file.type).toBe('image/png');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(png);
  });

  it('GIVEN no files WHEN encoded THEN the body is plain JSON', async () => {
    const body = await encodeBody({ type: 6 });
    expect(body).toEqual({ contentType: 'application/json', data: Buffer.from('{"type":6}') });
  });
});
