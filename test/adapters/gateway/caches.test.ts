/** Issue 11 item 8: discord.js's user and member caches stay bounded however many distinct users interact. */
import { Client } from 'discord.js';
import { describe, expect, it } from 'vitest';
import { USER_CACHE_LIMIT, clientOptions } from '../../../src/adapters/gateway/bot.js';
import { addFloodGuild, cacheSizes, floodInteractions } from '../../support/interaction-flood.js';

describe('client caches', () => {
  it('GIVEN 100,000 distinct users pressing buttons WHEN discord.js handles their interactions THEN the user and member caches stay at their limit', async () => {
    const client = new Client(clientOptions());
    addFloodGuild(client);
    let seen = 0;
    client.on('interactionCreate', () => void seen++);
    floodInteractions(client, 100_000);
    expect(seen).toBe(100_000);
    expect(cacheSizes(client)).toEqual({ users: USER_CACHE_LIMIT, members: USER_CACHE_LIMIT });
    await client.destroy();
  });

  it('GIVEN the default discord.js caches WHEN the same users interact THEN they grow with every user (what the limits prevent)', async () => {
    const client = new Client({ intents: clientOptions().intents });
    addFloodGuild(client);
    floodInteractions(client, 5_000);
    expect(cacheSizes(client).members).toBe(5_000);
    await client.destroy();
  });
});
