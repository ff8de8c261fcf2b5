/** Feeds a discord.js Client (not logged in) N component interactions from N distinct users, through discord.js's own handler. */
import type { Client } from 'discord.js';

const GUILD = '1100000000000000001';
const CHANNEL = '1100000000000000011';

/** Adds the one guild the flood happens in (discord.js drops interactions of guilds it does not know as uncached). */
export function addFloodGuild(client: Client): void {
  (client as unknown as { guilds: { _add(data: unknown): unknown } }).guilds._add({
    id: GUILD,
    name: 'g',
    channels: [{ id: CHANNEL, type: 0, name: 'c' }],
    roles: [{ id: GUILD, name: '@everyone', permissions: '0', position: 0, color: 0, hoist: false, managed: false, mentionable: false }],
    members: [],
  });
}

/** Sends n button presses, each from a new user, as INTERACTION_CREATE dispatches would arrive. */
export function floodInteractions(client: Client, n: number): void {
  const handler = (client as unknown as { actions: { InteractionCreate: { handle(data: unknown): void } } }).actions.InteractionCreate;
  for (let i = 0; i < n; i++) {
    const uid = String(1300000000000000000n + BigInt(i));
    handler.handle({
      id: String(1400000000000000000n + BigInt(i)),
      application_id: '1',
      type: 3,
      token: 't',
      version: 1,
      guild_id: GUILD,
      channel_id: CHANNEL,
      channel: { id: CHANNEL, type: 0, guild_id: GUILD, name: 'c' },
      member: { user: { id: uid, username: `u${i}`, discriminator: '0', avatar: null }, roles: [], permissions: '0', joined_at: '2024-01-01T00:00:00.000000+00:00', deaf: false, mute: false, flags: 0 },
      data: { custom_id: 'x', component_type: 2 },
      message: { id: '1500000000000000000', channel_id: CHANNEL, author: { id: '1', username: 'bot', discriminator: '0', avatar: null }, content: '', timestamp: '2024-01-01T00:00:00.000000+00:00', edited_timestamp: null, tts: false, mention_everyone: false, mentions: [], mention_roles: [], attachments: [], embeds: [], pinned: false, type: 0, components: [] },
      entitlements: [],
      authorizing_integration_owners: {},
      locale: 'en-US',
      app_permissions: '0',
    });
  }
}

/** Sizes of the caches the flood fills. */
export function cacheSizes(client: Client): { users: number; members: number } {
  return { users: client.users.cache.size, members: client.guilds.cache.get(GUILD)?.members.cache.size ?? 0 };
}
