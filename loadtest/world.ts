/** The simulated world: guilds, channels and players, spread so that every shard owns some guilds. */
import { guildIdOnShard, type FakeActor, type FakeGuild } from '../test/e2e/fake-discord/index.js';

/** One channel under load: where it is and who plays there. */
export interface LoadChannel {
  guildId: string;
  channelId: string;
  players: FakeActor[];
  /** The game message the players press on (set by the setup). */
  messageId?: string;
  /** True when the channel plays today's daily (one player). */
  daily?: boolean;
  /** How many games the channel has started (the setup's is 1; each restart adds one). */
  generation?: number;
}

/** The store key of the game a channel's players press on: the channel's, or its player's own daily. */
export function gameKeyOf(ch: LoadChannel): { guildId: string; channelId: string } {
  return { guildId: ch.guildId, channelId: ch.daily ? `daily.${ch.players[0]!.id}` : ch.channelId };
}

/** Channels per guild: small enough that the guilds spread over the shards. */
const CHANNELS_PER_GUILD = 10;

/** Builds `channels` channels of `players` players each, in guilds spread round-robin over `shardCount` shards. */
export function buildWorld(channels: number, players: number, shardCount: number): { guilds: FakeGuild[]; channels: LoadChannel[] } {
  const guildCount = Math.max(shardCount, Math.ceil(channels / CHANNELS_PER_GUILD));
  const guilds: FakeGuild[] = Array.from({ length: guildCount }, (_, g) => ({ id: guildIdOnShard(g % shardCount, shardCount, g), name: `load ${g}`, channels: [] }));
  const list: LoadChannel[] = [];
  for (let c = 0; c < channels; c++) {
    const guild = guilds[c % guildCount]!;
    const channelId = String(1400000000000000000n + BigInt(c));
    guild.channels.push({ id: channelId, name: `dungeon-${c}` });
    const actors = Array.from({ length: players }, (_, p) => ({ id: String(1500000000000000000n + BigInt(c * 100 + p)), username: `p${c}-${p}` }));
    list.push({ guildId: guild.id, channelId, players: actors });
  }
  return { guilds: guilds.filter((g) => g.channels.length > 0), channels: list };
}
