/**
 * Self-test of the fake Discord: the real discord.js Client logs in to it, registers commands,
 * answers commands and buttons, and runs into Discord's limits exactly where Discord would stop it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ActionRowBuilder,
  AttachmentBuilder,
  ButtonBuilder,
  ButtonStyle,
  Client,
  DiscordAPIError,
  Events,
  GatewayIntentBits,
  MessageFlags,
  PermissionFlagsBits,
  REST,
  Routes,
  type ChatInputCommandInteraction,
  type ButtonInteraction,
  type TextChannel,
} from 'discord.js';
import { WebSocket } from 'ws';
import { ADMIN_PERMS, DEFAULT_GUILD, FakeDiscord, MEMBER_PERMS, discordLength } from './fake-discord/index.js';

const GUILD = DEFAULT_GUILD.id;
const CHANNEL = DEFAULT_GUILD.channels[0]!.id;
const ALICE = { id: '1300000000000000001', username: 'alice' };
const BRICK = '🟫'; // 1 code point, 2 UTF-16 units
// Short enough to test lateness quickly, long enough for discord.js to resume (it waits ~500 ms before reconnecting).
const ACK_WINDOW_MS = 1500;

type CommandHandler = (i: ChatInputCommandInteraction) => Promise<void>;
type ButtonHandler = (i: ButtonInteraction) => Promise<void>;

/** What the bot under test saw, so tests can assert on discord.js's view of the payloads. */
interface Seen {
  channelName?: string | undefined;
  canManageGuild?: boolean | undefined;
  messageId?: string;
  error?: unknown;
}

let fake: FakeDiscord;
let client: Client;
const commandHandlers = new Map<string, CommandHandler>();
const buttonHandlers = new Map<string, ButtonHandler>();
const seen = new Map<string, Seen>();

function withTimeout<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  return Promise.race([p, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out: ${what}`)), ms))]);
}

function pongRow(customId: string): ActionRowBuilder<ButtonBuilder> {
  return new ActionRowBuilder<ButtonBuilder>().addComponents(new ButtonBuilder().setCustomId(customId).setLabel('Again').setStyle(ButtonStyle.Primary));
}

/** Posts a raw JSON body to the fake with the bot token, as a bot would without discord.js. */
async function postJson(path: string, body: unknown, auth = true): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(`${fake.apiBase}/v10${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: `Bot ${fake.token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

beforeAll(async () => {
  fake = await FakeDiscord.start({ ackWindowMs: ACK_WINDOW_MS });
  client = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
  client.on(Events.InteractionCreate, (interaction) => {
    const run = async (): Promise<void> => {
      const s: Seen = { channelName: (interaction.channel as TextChannel | null)?.name, canManageGuild: interaction.memberPermissions?.has(PermissionFlagsBits.ManageGuild) };
      seen.set(interaction.id, s);
      try {
        if (interaction.isChatInputCommand()) await commandHandlers.get(interaction.commandName)?.(interaction);
        else if (interaction.isButton()) {
          s.messageId = interaction.message.id;
          await buttonHandlers.get(interaction.customId)?.(interaction);
        }
      } catch (e) {
        s.error = e;
      }
    };
    void run();
  });
  const ready = new Promise<void>((resolve) => client.once(Events.ClientReady, () => resolve()));
  await withTimeout(client.login(fake.token), 5000, 'login');
  await withTimeout(ready, 5000, 'clientReady');
  await fake.waitForClient(1000);
});

afterAll(async () => {
  // Order matters: a client whose server vanished first would retry forever.
  await client?.destroy();
  await fake?.close();
});

describe('GIVEN the real discord.js client logged in to the fake', () => {
  it('caches the guild, its text channels and the bot user after ready', () => {
    const guild = client.guilds.cache.get(GUILD);
    expect(guild?.name).toBe(DEFAULT_GUILD.name);
    expect(guild?.channels.cache.get(CHANNEL)?.name).toBe('dungeon');
    expect(client.channels.cache.get(CHANNEL)?.isTextBased()).toBe(true);
    expect(client.user?.id).toBe(fake.botUserId);
    expect(guild?.members.me?.id).toBe(fake.botUserId);
    const gw = fake.requests.find((r) => r.path === '/gateway/bot');
    expect(gw?.status).toBe(200);
    expect(gw?.headers.authorization).toBe(`Bot ${fake.token}`);
  });

  it('stores guild commands registered through REST.put and keeps global ones apart', async () => {
    const rest = new REST({ api: fake.apiBase }).setToken(fake.token);
    const body = [
      { name: 'ping', description: 'Ping the bot' },
      { name: 'rogue', description: 'Play', options: [{ type: 1, name: 'start', description: 'Start a run' }] },
    ];
    const answer = (await rest.put(Routes.applicationGuildCommands(fake.applicationId, GUILD), { body })) as { id: string; name: string }[];
    expect(answer.map((c) => c.name)).toEqual(['ping', 'rogue']);
    expect((fake.commands(GUILD) as { name: string }[]).map((c) => c.name)).toEqual(['ping', 'rogue']);
    expect(fake.commands()).toEqual([]);
    // Overwriting keeps the id of a command whose name stays.
    await rest.put(Routes.applicationGuildCommands(fake.applicationId, GUILD), { body });
    expect((fake.commands(GUILD) as { id: string }[])[0]?.id).toBe(answer[0]?.id);
  });

  it('rejects a command with an upper-case name or an over-long description', async () => {
    const rest = new REST({ api: fake.apiBase }).setToken(fake.token);
    const bad = [{ name: 'Ping', description: 'x'.repeat(101) }];
    const err = await rest.put(Routes.applicationCommands(fake.applicationId), { body: bad }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect((err as DiscordAPIError).code).toBe(50035);
    expect(fake.commands()).toEqual([]);
  });

  it('delivers a slash command with channel and permissions, and records the reply with its button', async () => {
    commandHandlers.set('ping', async (i) => {
      await i.reply({ content: 'pong', components: [pongRow('again')] });
    });
    const { id } = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'ping' });
    const res = await fake.waitForResponse(id, 2000);
    expect(res.type).toBe(4);
    expect(res.data?.content).toBe('pong');
    expect(res.data?.components?.[0]?.components?.[0]?.custom_id).toBe('again');
    expect(seen.get(id)).toMatchObject({ channelName: 'dungeon', canManageGuild: false });
    const stored = fake.originalMessage(id);
    expect(stored?.content).toBe('pong');
    expect(stored?.author.id).toBe(fake.botUserId);
    expect(stored?.flags).toBe(0);
    expect(fake.messages(CHANNEL).map((m) => m.id)).toContain(stored?.id);
  });

  it('passes Manage Server through when the member has ADMIN_PERMS', async () => {
    commandHandlers.set('admin', async (i) => void (await i.reply({ content: 'ok', flags: MessageFlags.Ephemeral })));
    const { id } = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'admin', permissions: ADMIN_PERMS });
    await fake.waitForResponse(id, 2000);
    expect(seen.get(id)?.canManageGuild).toBe(true);
    expect(fake.originalMessage(id)?.flags).toBe(MessageFlags.Ephemeral);
    expect(MEMBER_PERMS).not.toBe(ADMIN_PERMS);
  });

  it('a button press carries the message and update() edits that message in place', async () => {
    commandHandlers.set('ping', async (i) => void (await i.reply({ content: 'pong', components: [pongRow('again')] })));
    buttonHandlers.set('again', async (i) => void (await i.update({ content: `pressed by ${i.user.username}`, components: [] })));
    const cmd = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'ping' });
    await fake.waitForResponse(cmd.id, 2000);
    const messageId = fake.originalMessage(cmd.id)!.id;
    const press = await fake.pressButton({ guildId: GUILD, channelId: CHANNEL, user: ALICE, messageId, customId: 'again' });
    const res = await fake.waitForResponse(press.id, 2000);
    expect(res.type).toBe(7);
    expect(seen.get(press.id)?.messageId).toBe(messageId);
    expect(fake.message(messageId)?.content).toBe('pressed by alice');
    expect(fake.message(messageId)?.components).toEqual([]);
    expect(fake.message(messageId)?.edited_timestamp).not.toBeNull();
  });

  it('pressButton refuses a custom id the message does not carry', async () => {
    commandHandlers.set('ping', async (i) => void (await i.reply({ content: 'pong', components: [pongRow('again')] })));
    const cmd = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'ping' });
    await fake.waitForResponse(cmd.id, 2000);
    await expect(fake.pressButton({ guildId: GUILD, channelId: CHANNEL, user: ALICE, messageId: fake.originalMessage(cmd.id)!.id, customId: 'nope' })).rejects.toThrow(/no component/);
  });

  it('deferReply shows a loading message that editReply then fills', async () => {
    commandHandlers.set('slow', async (i) => {
      await i.deferReply();
      await i.editReply({ content: 'done' });
    });
    const { id } = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'slow' });
    expect((await fake.waitForResponse(id, 2000)).type).toBe(5);
    const edit = await fake.waitForRequest((r) => r.method === 'PATCH' && r.path.endsWith('/messages/@original') && r.path.includes(fake.applicationId), 2000);
    expect(edit.status).toBe(200);
    expect(fake.originalMessage(id)?.content).toBe('done');
    expect((fake.originalMessage(id)!.flags & 128) === 0).toBe(true);
  });

  it('deferUpdate on a button then editReply edits the message the button sits on', async () => {
    commandHandlers.set('ping', async (i) => void (await i.reply({ content: 'pong', components: [pongRow('later')] })));
    buttonHandlers.set('later', async (i) => {
      await i.deferUpdate();
      await i.editReply({ content: 'later edit' });
    });
    const cmd = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'ping' });
    await fake.waitForResponse(cmd.id, 2000);
    const messageId = fake.originalMessage(cmd.id)!.id;
    const press = await fake.pressButton({ guildId: GUILD, channelId: CHANNEL, user: ALICE, messageId, customId: 'later' });
    expect((await fake.waitForResponse(press.id, 2000)).type).toBe(6);
    await fake.waitForRequest((r) => r.method === 'PATCH' && r.path.includes(`/webhooks/${fake.applicationId}/`) && r.at >= Date.now() - 2000 && (r.body as { content?: string }).content === 'later edit', 2000);
    expect(fake.message(messageId)?.content).toBe('later edit');
  });

  it('answers withResponse replies with the created message', async () => {
    let content: string | undefined;
    commandHandlers.set('withresp', async (i) => {
      const r = await i.reply({ content: 'hello', withResponse: true });
      content = r.resource?.message?.content;
    });
    const { id } = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'withresp' });
    await fake.waitForResponse(id, 2000);
    await expect.poll(() => content, { timeout: 1000 }).toBe('hello');
    const cb = fake.requests.find((r) => r.path.startsWith(`/interactions/${id}/`));
    expect(cb?.query.with_response).toBe('true');
    expect(cb?.status).toBe(200);
  });

  it('parses multipart replies: payload_json plus the uploaded file, stored as an attachment', async () => {
    commandHandlers.set('map', async (i) => void (await i.reply({ content: 'the map', files: [new AttachmentBuilder(Buffer.from('PNGDATA'), { name: 'map.png' })] })));
    const { id } = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'map' });
    await fake.waitForResponse(id, 2000);
    const cb = fake.requests.find((r) => r.path.startsWith(`/interactions/${id}/`));
    expect(cb?.headers['content-type']).toMatch(/^multipart\/form-data/);
    const body = cb?.body as { type: number; data: { content: string }; files: { filename: string; data: Buffer }[] };
    expect(body.type).toBe(4);
    expect(body.data.content).toBe('the map');
    expect(body.files.map((f) => [f.filename, f.data.toString()])).toEqual([['map.png', 'PNGDATA']]);
    expect(fake.originalMessage(id)?.attachments.map((a) => [a.filename, a.size])).toEqual([['map.png', 7]]);
  });

  it('follow-ups create new messages, ephemeral ones flagged 64', async () => {
    let followId: string | undefined;
    commandHandlers.set('follow', async (i) => {
      await i.reply('main');
      followId = (await i.followUp({ content: 'just for you', flags: MessageFlags.Ephemeral })).id;
    });
    const { id } = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'follow' });
    await fake.waitForResponse(id, 2000);
    await expect.poll(() => followId, { timeout: 2000 }).toBeDefined();
    expect(fake.message(followId!)).toMatchObject({ content: 'just for you', flags: 64, channel_id: CHANNEL });
    expect(fake.originalMessage(id)?.content).toBe('main');
  });

  it('refuses a second acknowledgement with 40060', async () => {
    commandHandlers.set('twice', async (i) => {
      await i.reply('first');
      // Bypass discord.js's own guard to hit Discord's rule.
      await client.rest.post(Routes.interactionCallback(i.id, i.token), { body: { type: 4, data: { content: 'second' } }, auth: false });
    });
    const { id } = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'twice' });
    await fake.waitForResponse(id, 2000);
    await expect.poll(() => (seen.get(id)?.error as DiscordAPIError | undefined)?.code, { timeout: 2000 }).toBe(40060);
    expect(fake.originalMessage(id)?.content).toBe('first');
  });

  it('refuses a first answer that comes after the ack window with 10062', async () => {
    commandHandlers.set('late', async (i) => {
      await new Promise((r) => setTimeout(r, ACK_WINDOW_MS + 150));
      await i.reply('too late');
    });
    const { id } = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'late' });
    await expect.poll(() => (seen.get(id)?.error as DiscordAPIError | undefined)?.code, { timeout: 2000 }).toBe(10062);
    await expect(fake.waitForResponse(id, 50)).rejects.toThrow(/10062/);
    expect(fake.originalMessage(id)).toBeUndefined();
  });

  it('counts content length in code points: 2000 bricks pass, 2001 are refused with 50035', async () => {
    const channel = client.channels.cache.get(CHANNEL) as TextChannel;
    const before = fake.violations().length;
    const ok = await channel.send(BRICK.repeat(2000));
    expect(fake.message(ok.id)?.content).toBe(BRICK.repeat(2000));
    const err = await channel.send(BRICK.repeat(2001)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscordAPIError);
    expect((err as DiscordAPIError).code).toBe(50035);
    expect((err as DiscordAPIError).rawError).toMatchObject({ errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } });
    expect(fake.violations().length).toBe(before + 1);
    expect(fake.violations().at(-1)?.status).toBe(400);
  });

  it('refuses an over-long interaction reply under data.content and leaves the interaction unanswered', async () => {
    commandHandlers.set('long', async (i) => void (await i.reply('x'.repeat(2001))));
    const { id } = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'long' });
    await expect.poll(() => (seen.get(id)?.error as DiscordAPIError | undefined)?.code, { timeout: 2000 }).toBe(50035);
    expect((seen.get(id)?.error as DiscordAPIError).rawError).toMatchObject({ errors: { data: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH' }] } } } });
  });

  it('edits through the channel API with the bot token, and ephemeral messages are invisible there', async () => {
    const channel = client.channels.cache.get(CHANNEL) as TextChannel;
    const msg = await channel.send('round 1');
    await msg.edit({ content: 'round 2' });
    expect(fake.message(msg.id)?.content).toBe('round 2');
    const eph = fake.messages(CHANNEL).find((m) => (m.flags & 64) !== 0);
    expect(eph).toBeDefined();
    const err = await channel.messages.fetch(eph!.id).catch((e: unknown) => e);
    expect((err as DiscordAPIError).code).toBe(10008);
  });

  it('answers unknown routes with 404 and records them', async () => {
    const res = await fetch(`${fake.apiBase}/v10/nothing/here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ message: '404: Not Found', code: 0 });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: '/nothing/here', status: 404 });
  });

  it('resumes after the gateway drops and replays an interaction sent while it was away', async () => {
    commandHandlers.set('ping', async (i) => void (await i.reply({ content: 'still here' })));
    const resumed = new Promise<void>((resolve) => client.once(Events.ShardResume, () => resolve()));
    fake.disconnectClients();
    const { id } = await fake.sendCommand({ guildId: GUILD, channelId: CHANNEL, user: ALICE, name: 'ping' });
    await withTimeout(resumed, 3000, 'shardResume');
    expect((await fake.waitForResponse(id, 2000)).data?.content).toBe('still here');
    await fake.waitForClient(500);
  });

  it('resumes when asked to reconnect (op 7)', async () => {
    const resumed = new Promise<void>((resolve) => client.once(Events.ShardResume, () => resolve()));
    fake.requestReconnect();
    await withTimeout(resumed, 3000, 'shardResume after op 7');
    await fake.waitForClient(500);
  });
});

describe('GIVEN raw message bodies WHEN they break a Discord limit THEN the fake answers 400 50035 where Discord would', () => {
  const btn = (custom_id: string, label = 'b'): Record<string, unknown> => ({ type: 2, style: 1, custom_id, label });
  const row = (...components: unknown[]): Record<string, unknown> => ({ type: 1, components });
  const cases: [string, Record<string, unknown>, unknown][] = [
    ['an embed title of 257', { embeds: [{ title: 't'.repeat(257) }] }, { embeds: { '0': { title: {} } } }],
    ['an embed description of 4097', { embeds: [{ description: 'd'.repeat(4097) }] }, { embeds: { '0': { description: {} } } }],
    ['26 fields', { embeds: [{ fields: Array.from({ length: 26 }, () => ({ name: 'n', value: 'v' })) }] }, { embeds: { '0': { fields: {} } } }],
    ['a field name of 257', { embeds: [{ fields: [{ name: 'n'.repeat(257), value: 'v' }] }] }, { embeds: { '0': { fields: { '0': { name: {} } } } } }],
    ['a field value of 1025', { embeds: [{ fields: [{ name: 'n', value: 'v'.repeat(1025) }] }] }, { embeds: { '0': { fields: { '0': { value: {} } } } } }],
    ['a footer of 2049', { embeds: [{ footer: { text: 'f'.repeat(2049) } }] }, { embeds: { '0': { footer: { text: {} } } } }],
    ['embeds totalling 6001', { embeds: [{ description: 'a'.repeat(4000) }, { description: 'b'.repeat(2001) }] }, { embeds: { _errors: [{ code: 'MAX_EMBED_SIZE_EXCEEDED' }] } }],
    ['11 embeds', { embeds: Array.from({ length: 11 }, () => ({ title: 't' })) }, { embeds: {} }],
    ['6 action rows', { components: Array.from({ length: 6 }, (_, i) => row(btn(`r${i}`))) }, { components: {} }],
    ['6 buttons in a row', { components: [row(...Array.from({ length: 6 }, (_, i) => btn(`b${i}`)))] }, { components: { '0': { components: {} } } }],
    ['a custom_id of 101', { components: [row(btn('c'.repeat(101)))] }, { components: { '0': { components: { '0': { custom_id: {} } } } } }],
    ['an empty custom_id', { components: [row(btn(''))] }, { components: { '0': { components: { '0': { custom_id: {} } } } } }],
    ['a duplicated custom_id', { components: [row(btn('same')), row(btn('same'))] }, { components: { '1': { components: { '0': { custom_id: { _errors: [{ code: 'COMPONENT_CUSTOM_ID_DUPLICATED' }] } } } } } }],
    ['a button label of 81', { components: [row(btn('ok', 'l'.repeat(81)))] }, { components: { '0': { components: { '0': { label: {} } } } } }],
  ];

  it.each(cases)('refuses %s', async (_name, body, errors) => {
    const res = await postJson(`/channels/${CHANNEL}/messages`, { content: 'x', ...body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 50035, message: 'Invalid Form Body', errors });
    expect(fake.violations().at(-1)?.path).toBe(`/channels/${CHANNEL}/messages`);
  });

  it('accepts a message exactly at every limit', async () => {
    const embeds = [
      { title: 't'.repeat(256), description: 'd'.repeat(3000), footer: { text: 'f'.repeat(1000) }, fields: [{ name: 'n'.repeat(100), value: 'v'.repeat(1024) }] },
      { description: 'e'.repeat(6000 - 256 - 3000 - 1000 - 100 - 1024) },
    ];
    const components = Array.from({ length: 5 }, (_, r) => row(...Array.from({ length: 5 }, (_, b) => btn(`${r}-${b}-${'c'.repeat(96)}`, 'l'.repeat(80)))));
    const res = await postJson(`/channels/${CHANNEL}/messages`, { content: BRICK.repeat(2000), embeds, components });
    expect(res.status).toBe(200);
    expect(fake.message(res.json.id as string)?.components).toHaveLength(5);
  });

  it('refuses an empty message with 50006 and a channel post without the bot token with 401', async () => {
    expect((await postJson(`/channels/${CHANNEL}/messages`, { content: '' })).json).toMatchObject({ code: 50006 });
    expect((await postJson(`/channels/${CHANNEL}/messages`, { content: 'hi' }, false)).status).toBe(401);
  });
});

describe('discordLength', () => {
  it.each([
    ['⬛', 1],
    ['🟫', 1],
    ['⬆️', 2],
    ['🧙‍♂️', 4],
    ['<:orc:123456789012345678>', 25],
  ])('counts %s as %i like Discord (code points)', (s, n) => {
    expect(discordLength(s)).toBe(n);
  });
});

/** Opens a raw gateway socket and collects frames, to test the protocol without discord.js. */
interface Frame<D = unknown> {
  op: number;
  d: D;
  t?: string;
  s?: number;
}

function rawGateway(): { ws: WebSocket; next: <D = unknown>(op: number) => Promise<Frame<D>>; closed: Promise<number> } {
  const ws = new WebSocket(fake.apiBase.replace('http', 'ws').replace(/\/api$/, ''));
  const frames: Frame[] = [];
  const wakers = new Set<() => void>();
  ws.on('message', (raw) => {
    frames.push(JSON.parse(raw.toString()) as Frame);
    for (const w of [...wakers]) w();
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (c) => resolve(c)));
  const next = <D,>(op: number): Promise<Frame<D>> =>
    withTimeout<Frame<D>>(
      new Promise((resolve) => {
        const check = (): void => {
          const i = frames.findIndex((f) => f.op === op);
          if (i < 0) return;
          wakers.delete(check);
          resolve(frames.splice(i, 1)[0] as Frame<D>);
        };
        wakers.add(check);
        check();
      }),
      2000,
      `gateway op ${op}`,
    );
  return { ws, next, closed };
}

describe('GIVEN a raw gateway connection', () => {
  it('says HELLO, acknowledges heartbeats and refuses an unknown session with op 9 false', async () => {
    const gw = rawGateway();
    expect((await gw.next<{ heartbeat_interval: number }>(10)).d.heartbeat_interval).toBeGreaterThan(0);
    gw.ws.send(JSON.stringify({ op: 1, d: null }));
    expect((await gw.next(11)).op).toBe(11);
    gw.ws.send(JSON.stringify({ op: 6, d: { token: fake.token, session_id: 'no-such-session', seq: 3 } }));
    expect((await gw.next(9)).d).toBe(false);
    gw.ws.close(1000);
    await withTimeout(gw.closed, 2000, 'close');
  });

  it('answers IDENTIFY with READY then one GUILD_CREATE per guild, with increasing sequence numbers', async () => {
    const gw = rawGateway();
    await gw.next(10);
    gw.ws.send(JSON.stringify({ op: 2, d: { token: fake.token, intents: 1, properties: {} } }));
    const ready = await gw.next<{ guilds: { id: string; unavailable: boolean }[]; resume_gateway_url: string; application: { id: string } }>(0);
    const guild = await gw.next<{ id: string; channels: { type: number }[]; roles: { id: string }[] }>(0);
    expect(ready.t).toBe('READY');
    expect(ready.d.guilds).toEqual([{ id: GUILD, unavailable: true }]);
    expect(ready.d.application.id).toBe(fake.applicationId);
    expect(ready.d.resume_gateway_url).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    expect(guild.t).toBe('GUILD_CREATE');
    expect(guild.s).toBe(ready.s! + 1);
    expect(guild.d.roles[0]?.id).toBe(GUILD);
    expect(guild.d.channels.every((c) => c.type === 0)).toBe(true);
    gw.ws.close(1000);
    await withTimeout(gw.closed, 2000, 'close');
  });
});

describe('GIVEN a wrong token', () => {
  it('makes login() reject, because /gateway/bot answers 401', async () => {
    const bad = new Client({ intents: [GatewayIntentBits.Guilds], rest: { api: fake.apiBase } });
    try {
      await expect(withTimeout(bad.login('bad.token.value'), 3000, 'bad login')).rejects.toThrow(/token/i);
    } finally {
      await bad.destroy();
    }
    expect(fake.requests.some((r) => r.path === '/gateway/bot' && r.status === 401)).toBe(true);
  });

  it('closes a gateway IDENTIFY with 4004', async () => {
    const ws = new WebSocket(fake.apiBase.replace('http', 'ws').replace(/\/api$/, ''));
    const code = await withTimeout(
      new Promise<number>((resolve) => {
        ws.on('message', (raw) => {
          const frame = JSON.parse(raw.toString()) as { op: number };
          if (frame.op === 10) ws.send(JSON.stringify({ op: 2, d: { token: 'bad.token.value', intents: 1, properties: {} } }));
        });
        ws.on('close', (c) => resolve(c));
      }),
      2000,
      'gateway close',
    );
    expect(code).toBe(4004);
  });
});
