/** The fake Discord at scale: gateway shards get only their guilds' interactions; HTTP mode signs and POSTs them. */
import { Client, Events, GatewayIntentBits, MessageFlags } from 'discord.js';
import { afterEach, describe, expect, it } from 'vitest';
import { startInteractionServer, type InteractionServer } from '../../src/adapters/http/server.js';
import type { InteractionHandler } from '../../src/adapters/discord/types.js';
import { silentLogger } from '../../src/app/ports.js';
import { latch } from '../adapters/http/support.js';
import { FakeDiscord, guildIdOnShard, shardOf, testSigningKeys, type FakeGuild } from './fake-discord/index.js';

const ALICE = { id: '1300000000000000001', username: 'alice' };
const guild = (id: string, n: number): FakeGuild => ({ id, name: `g${n}`, channels: [{ id: `13000000000000001${n}0`, name: 'dungeon' }] });

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

describe('fake Discord: gateway shards', () => {
  it('GIVEN guild ids WHEN their shard is computed THEN it is (id >> 22) % count', () => {
    expect(shardOf('1100000000000000001', 1)).toBe(0);
    expect(shardOf(String((41n << 22n) + 5n), 4)).toBe(1);
    for (let s = 0; s < 3; s++) expect(shardOf(guildIdOnShard(s, 3, 7), 3)).toBe(s);
  });

  it('GIVEN two clients holding shard 0 and shard 1 of 2 WHEN commands arrive in guilds of each THEN each client gets only its own guilds', async () => {
    const guilds = [guild(guildIdOnShard(0, 2, 0), 0), guild(guildIdOnShard(1, 2, 0), 1), guild(guildIdOnShard(0, 2, 1), 2), guild(guildIdOnShard(1, 2, 1), 3)];
    const fake = await FakeDiscord.start({ guilds });
    cleanup.push(() => fake.close());
    const seen: string[][] = [[], []];
    const clients = await Promise.all(
      [0, 1].map(async (shard) => {
        const client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase }, shards: [shard], shardCount: 2 });
        client.on(Events.InteractionCreate, (i) => {
          seen[shard]!.push(i.guildId ?? '');
          if (i.isChatInputCommand()) void i.reply({ content: `shard ${shard}`, flags: MessageFlags.Ephemeral });
        });
        const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
        await client.login(fake.token);
        await ready;
        return client;
      }),
    );
    cleanup.push(async () => {
      for (const c of clients) await c.destroy();
    });
    expect(fake.shardHolders(2)).toEqual([1, 1]);
    expect(clients.map((c) => [...c.guilds.cache.keys()].sort())).toEqual([[guilds[0]!.id, guilds[2]!.id].sort(), [guilds[1]!.id, guilds[3]!.id].sort()]);
    for (const g of guilds) {
      const { id } = await fake.sendCommand({ guildId: g.id, channelId: g.channels[0]!.id, user: ALICE, name: 'rogue' });
      const cb = await fake.waitForResponse(id);
      expect((cb.data as { content: string }).content).toBe(`shard ${shardOf(g.id, 2)}`);
    }
    expect(seen).toEqual([
      [guilds[0]!.id, guilds[2]!.id],
      [guilds[1]!.id, guilds[3]!.id],
    ]);
  });
});

describe('fake Discord: HTTP interactions mode', () => {
  const keys = testSigningKeys();
  const g = guild(guildIdOnShard(0, 1, 3), 4);
  const channelId = g.channels[0]!.id;

  async function endpoint(fake: FakeDiscord, handler: InteractionHandler, publicKey = keys.publicKeyHex): Promise<InteractionServer> {
    const server = await startInteractionServer({ port: 0, host: '127.0.0.1', publicKey, handler, logger: silentLogger, apiBase: fake.apiBase, deferAfterMs: 100 });
    cleanup.push(() => server.close());
    return server;
  }

  const board = (label: string) => ({ content: label, components: [{ type: 1, components: [{ type: 2, style: 1, label: 'Go', custom_id: 'go' }] }] });

  it('GIVEN the HTTP mode WHEN a command and then a button arrive THEN the answers come from the response bodies and change the fake messages', async () => {
    const fake = await FakeDiscord.start({ guilds: [g] });
    cleanup.push(() => fake.close());
    const server = await endpoint(fake, async (i, r) => {
      if (i.kind === 'command') await r.reply(board(`hello ${i.user.name}`));
      else await r.update(board('pressed'));
    });
    fake.deliverOverHttp({ urls: [`http://127.0.0.1:${server.port}/interactions`], keys });
    const cmd = await fake.sendCommand({ guildId: g.id, channelId, user: ALICE, name: 'rogue' });
    expect(await fake.waitForResponse(cmd.id)).toMatchObject({ type: 4, data: { content: 'hello alice' } });
    const message = fake.originalMessage(cmd.id)!;
    expect(message.content).toBe('hello alice');
    const press = await fake.pressButton({ guildId: g.id, channelId, user: ALICE, messageId: message.id, customId: 'go' });
    expect(await fake.waitForResponse(press.id)).toMatchObject({ type: 7 });
    expect(fake.message(message.id)!.content).toBe('pressed');
    await fake.http!.settled();
    expect(fake.http!.deliveries.map((d) => [d.status, d.callback?.status])).toEqual([
      [200, 204],
      [200, 204],
    ]);
    expect(fake.failures()).toEqual([]);
  });

  it('GIVEN a slow handler WHEN the adapter defers THEN the late answer edits @original through the fake webhook routes', async () => {
    const fake = await FakeDiscord.start({ guilds: [g] });
    cleanup.push(() => fake.close());
    const handled = latch();
    const server = await endpoint(fake, async (_i, r) => {
      await new Promise((resolve) => setTimeout(resolve, 250));
      await r.reply({ content: 'took a while', ephemeral: true });
      await r.followUp({ content: 'and one more', ephemeral: true });
      handled.open();
    });
    fake.deliverOverHttp({ urls: [`http://127.0.0.1:${server.port}/interactions`], keys });
    const cmd = await fake.sendCommand({ guildId: g.id, channelId, user: ALICE, name: 'rogue' });
    expect(await fake.waitForResponse(cmd.id)).toEqual({ type: 5, data: { flags: 64 } });
    await handled.opened;
    expect(fake.originalMessage(cmd.id)!.content).toBe('took a while');
    expect(fake.messages(channelId).map((m) => m.content)).toEqual(['took a while', 'and one more']);
    expect(fake.failures()).toEqual([]);
  });

  it('GIVEN two endpoints WHEN interactions arrive THEN they are spread round-robin; an endpoint with another key answers 401', async () => {
    const fake = await FakeDiscord.start({ guilds: [g] });
    cleanup.push(() => fake.close());
    const reply: InteractionHandler = async (_i, r) => r.reply({ content: 'ok', ephemeral: true });
    const a = await endpoint(fake, reply);
    const b = await endpoint(fake, reply);
    const wrongKey = await endpoint(fake, reply, testSigningKeys().publicKeyHex);
    const urls = [a, b, wrongKey].map((s) => `http://127.0.0.1:${s.port}/interactions`);
    const http = fake.deliverOverHttp({ urls, keys });
    for (let n = 0; n < 6; n++) await fake.sendCommand({ guildId: g.id, channelId, user: ALICE, name: 'rogue' });
    await http.settled();
    const byUrl = (url: string) => http.deliveries.filter((d) => d.url === url).map((d) => d.status);
    expect(byUrl(urls[0]!)).toEqual([200, 200]);
    expect(byUrl(urls[1]!)).toEqual([200, 200]);
    expect(byUrl(urls[2]!)).toEqual([401, 401]);
  });
});
