/** Issue 29: the load test's private-notes figures (follow-ups, private replies, and the window after a global 429). */
import { describe, expect, it } from 'vitest';
import type { Press } from '../../loadtest/drive.js';
import { noteFigures, noteLines } from '../../loadtest/notes.js';
import { buildWorld } from '../../loadtest/world.js';
import type { RecordedRequest } from '../e2e/fake-discord/index.js';

const APP = '42';
const channel = buildWorld(1, 1, 1).channels[0]!;
const press = (token: string, sentAt: number, answer?: { type: number; ms: number }): Press => ({ channel, userId: '1', interactionId: token, token, sentAt, gameChannelId: '1', generation: 1, ...(answer ?? {}) });
const request = (method: string, path: string, at: number, status = 200, headers: Record<string, string> = {}): RecordedRequest => ({ method, path, query: {}, headers, body: {}, status, at });

describe('private notes in the load test', () => {
  it('GIVEN presses with follow-ups and private replies, and a global 429 on the bot token WHEN the figures are taken THEN each note is timed from its dispatch, the first good follow-up counts, and the window holds the presses sent in it', () => {
    const presses = [
      press('a', 1000, { type: 7, ms: 20 }),
      press('b', 1100, { type: 4, ms: 30 }),
      press('c', 5000, { type: 7, ms: 10 }),
      press('d', 6000, { type: 4, ms: 1500 }),
      press('e', 20_000, { type: 4, ms: 5 }),
    ];
    const requests = [
      request('POST', `/webhooks/${APP}/a`, 1040, 500),
      request('POST', `/webhooks/${APP}/a`, 1090),
      request('POST', `/webhooks/${APP}/a`, 1500),
      request('POST', `/webhooks/${APP}/c`, 7000),
      { ...request('POST', `/webhooks/${APP}/e`, 20_500), body: { files: [{ size: 9000 }] } },
      request('PATCH', '/channels/9/messages/8', 4000, 429, { authorization: 'Bot x' }),
      request('PATCH', '/channels/9/messages/8', 8000, 200, { authorization: 'Bot x' }),
      request('PATCH', '/channels/9/messages/8', 13_000, 200, { authorization: 'Bot x' }),
    ];
    const f = noteFigures(presses, requests, APP, 500, 8);
    expect(f.followUps).toMatchObject({ count: 2, p50: 90, max: 2000, overOneSecond: 1 });
    expect(f.privateReplies).toMatchObject({ count: 3, max: 1500, overOneSecond: 1 });
    expect(f.global429).toMatchObject({ atMs: 3500, retryAfterSec: 8, botRequestsHeld: 1 });
    expect(f.global429!.followUps).toMatchObject({ count: 1, max: 2000 });
    expect(f.global429!.privateReplies).toMatchObject({ count: 1, max: 1500 });
    expect(noteLines(f, true).join('\n')).toContain('after the global 429 (retry_after 8 s) served 3.5 s in');
  });

  it('GIVEN --global-429 asked but no bot-token request came WHEN reported THEN the report says the 429 was never served', () => {
    const f = noteFigures([press('a', 1000, { type: 7, ms: 20 })], [], APP, 500, 8);
    expect(f.global429).toBeUndefined();
    expect(noteLines(f, true).at(-1)).toContain('never served');
    expect(noteLines(f, false)).toHaveLength(1);
  });
});
