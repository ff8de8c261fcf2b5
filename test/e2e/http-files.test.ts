import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALICE, startHarness, subcommand, type Harness } from './harness.js';

describe('HTTP mode: answers with a file go through the callback endpoint', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ transport: 'http' });
  });

  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  it('GIVEN /rogue new with the image map and @original reads failing WHEN answered THEN the map is a multipart callback with_response, the HTTP answer is 202 with no body, and the posted message is recorded without reading @original', async () => {
    h.fake.failRequests((method, path) => method === 'GET' && path.endsWith('/messages/@original'), { status: 404 }, 5);
    const started = await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 2, size: 'small' }));
    expect(started.callback.type).toBe(4);
    await h.fake.http!.settled();
    const delivery = h.fake.http!.deliveries.find((d) => d.interactionId === started.id)!;
    expect(delivery.status).toBe(202);
    expect(delivery.answer).toBeUndefined();
    const callback = h.fake.requests.find((r) => r.path.startsWith(`/interactions/${started.id}/`) && r.path.endsWith('/callback'))!;
    expect(callback.query).toMatchObject({ with_response: 'true' });
    expect(callback.headers['content-type']).toMatch(/^multipart\/form-data/);
    expect(h.fake.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/messages/@original'))).toEqual([]);
    const posted = h.fake.originalMessage(started.id)!;
    expect(posted.attachments.map((a) => a.filename)).toEqual(['map.png']);
    expect((await h.gameMessage()).id).toBe(posted.id);
  });
});
