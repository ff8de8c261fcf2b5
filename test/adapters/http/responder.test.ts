/** HTTP mode's responder after the first answer: webhook calls wait for the response and ride out Discord's brief 404. */
import { describe, expect, it } from 'vitest';
import type { REST } from '@discordjs/rest';
import { DiscordAPIError } from '@discordjs/rest';
import { HttpResponder } from '../../../src/adapters/http/responder.js';
import type { IncomingInteraction } from '../../../src/adapters/discord/types.js';

const interaction: IncomingInteraction = { id: '1', applicationId: '2', token: 'tok', kind: 'command', guildId: '3', channelId: '4', user: { id: '5', name: 'ann' }, memberPermissions: 0n };
const unknownWebhook = () => new DiscordAPIError({ code: 10015, message: 'Unknown Webhook' }, 10015, 404, 'POST', '/webhooks/2/tok', { body: undefined, files: undefined });

function rest(failures: number, fail: () => Error = unknownWebhook) {
  const calls: string[] = [];
  let left = failures;
  const answer = async (method: string, route: string) => {
    calls.push(`${method} ${route}`);
    if (left-- > 0) throw fail();
    return { id: 'm1' };
  };
  const stub = { post: (route: string) => answer('POST', route), patch: (route: string) => answer('PATCH', route), get: (route: string) => answer('GET', route) };
  return { rest: stub as unknown as REST, calls };
}

describe('HTTP responder webhook calls', () => {
  it('GIVEN Discord does not know the webhook yet WHEN a follow-up is sent THEN it is tried again until it lands', async () => {
    const r = rest(2);
    const responder = new HttpResponder(interaction, r.rest);
    await responder.reply({ content: 'hi' });
    responder.delivered();
    expect(await responder.followUp({ content: 'more', ephemeral: true })).toBe('m1');
    expect(r.calls).toEqual(['POST /webhooks/2/tok', 'POST /webhooks/2/tok', 'POST /webhooks/2/tok']);
  });

  it('GIVEN the reply was posted WHEN its id is asked for THEN @original is read back', async () => {
    const r = rest(1);
    const responder = new HttpResponder(interaction, r.rest);
    await responder.reply({ content: 'the game' });
    responder.delivered();
    expect(await responder.originalMessageId()).toBe('m1');
    expect(r.calls).toEqual(['GET /webhooks/2/tok/messages/%40original', 'GET /webhooks/2/tok/messages/%40original']);
  });

  it('GIVEN a webhook that stays unknown or another error WHEN called THEN it gives up and says so', async () => {
    const gone = rest(100);
    const responder = new HttpResponder(interaction, gone.rest);
    await responder.reply({ content: 'hi' });
    responder.delivered();
    await expect(responder.followUp({ content: 'x' })).rejects.toThrow(/Unknown Webhook/);
    expect(gone.calls).toHaveLength(5);
    const denied = rest(1, () => new DiscordAPIError({ code: 50027, message: 'Invalid Webhook Token' }, 50027, 401, 'POST', '/webhooks/2/tok', { body: undefined, files: undefined }));
    const other = new HttpResponder(interaction, denied.rest);
    await other.reply({ content: 'hi' });
    other.delivered();
    await expect(other.followUp({ content: 'x' })).rejects.toThrow(/Invalid Webhook Token/);
    expect(denied.calls).toHaveLength(1);
  });
});
