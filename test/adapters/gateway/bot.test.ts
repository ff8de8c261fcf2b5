/** The gateway transport on @discordjs/ws + @discordjs/core: its shards (SHARD_COUNT / SHARD_IDS), readiness and a refused login. */
import { pino, type Logger } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { startBot, type Bot } from '../../../src/adapters/gateway/bot.js';
import { MemoryGameStore } from '../../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../../src/adapters/memory/memory-settings-store.js';
import { GameService } from '../../../src/app/game-service.js';
import { silentLogger } from '../../../src/app/ports.js';
import { SettingsService } from '../../../src/app/settings-service.js';
import { FakeDiscord, guildIdOnShard, type FakeGuild } from '../../e2e/fake-discord/index.js';

const ALICE = { id: '1300000000000000001', username: 'alice' };
const guild = (id: string, n: number): FakeGuild => ({ id, name: `g${n}`, channels: [{ id: `13000000000000001${n}0`, name: 'dungeon' }] });

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanup.reverse()) await c();
  cleanup = [];
});

/** A bot on memory stores against `fake`, holding `shards` when given. */
function bot(fake: FakeDiscord, o: { shards?: { count: number; ids: number[] }; token?: string; logger?: Logger } = {}): Promise<Bot> {
  const settingsStore = new MemorySettingsStore(silentLogger);
  const games = new GameService({ games: new MemoryGameStore(), settings: settingsStore, clock: { now: Date.now }, rounds: new MemoryRoundQueue(), logger: silentLogger });
  return startBot({
    games,
    settings: new SettingsService(settingsStore, silentLogger),
    logger: o.logger ?? pino({ level: 'silent' }),
    roundTimerMs: 0,
    shutdownGraceMs: 10,
    token: o.token ?? fake.token,
    apiBase: fake.apiBase,
    ...(o.shards ? { shards: o.shards } : {}),
  });
}

describe('the gateway transport', () => {
  it('GIVEN two processes holding shard 0 and shard 1 of 2 WHEN commands arrive in guilds of each THEN each shard is held once and every command is answered by its holder', async () => {
    const guilds = [guild(guildIdOnShard(0, 2, 0), 0), guild(guildIdOnShard(1, 2, 0), 1), guild(guildIdOnShard(0, 2, 1), 2), guild(guildIdOnShard(1, 2, 1), 3)];
    const fake = await FakeDiscord.start({ guilds });
    cleanup.push(() => fake.close());
    const lines: string[][] = [[], []];
    const bots = await Promise.all([0, 1].map((id) => bot(fake, { shards: { count: 2, ids: [id] }, logger: pino({ level: 'info' }, { write: (l: string) => void lines[id]!.push(l) }) })));
    cleanup.push(async () => {
      for (const b of bots) await b.stop();
    });
    expect(bots.map((b) => b.shardIds)).toEqual([[0], [1]]);
    expect(fake.shardHolders(2)).toEqual([1, 1]);
    // Ready means every shard of the process has had its READY: each saw its own two guilds.
    expect(lines.map((l) => JSON.parse(l.find((x) => x.includes('bot ready'))!).guilds)).toEqual([2, 2]);
    for (const g of guilds) {
      const { id } = await fake.sendCommand({ guildId: g.id, channelId: g.channels[0]!.id, user: ALICE, name: 'rogue', options: [{ type: 1, name: 'help', options: [] }] });
      expect((await fake.waitForResponse(id, 3000)).type).toBe(4);
    }
    expect(fake.violations()).toEqual([]);
  });

  it('GIVEN a token Discord refuses WHEN the bot starts THEN start-up fails instead of waiting forever, and nothing stays connected', async () => {
    const fake = await FakeDiscord.start();
    cleanup.push(() => fake.close());
    await expect(bot(fake, { token: 'wrong.token.here' })).rejects.toThrow();
    expect(fake.shardHolders(1)).toEqual([0]);
  });

  it('GIVEN a running bot WHEN it stops THEN its shard is released', async () => {
    const fake = await FakeDiscord.start();
    cleanup.push(() => fake.close());
    const b = await bot(fake);
    expect(fake.shardHolders(1)).toEqual([1]);
    await b.stop();
    for (let i = 0; i < 50 && fake.shardHolders(1)[0] !== 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(fake.shardHolders(1)).toEqual([0]);
  });
});
