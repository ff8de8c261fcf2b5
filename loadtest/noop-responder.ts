/**
 * The fair do-nothing responder for side-by-side comparisons: the same HTTP adapter (signature check, parsing), and
 * the same Discord traffic as the bot sends for a press, with none of the bot's work: every button is answered by
 * redrawing its message (type 7) with an embed, the d-pad and a PNG of NOOP_PNG_BYTES random bytes (the bot's mean
 * picture size, from its run) in the same multipart shape through the callback endpoint, and a share
 * NOOP_FOLLOW_UP_SHARE of presses also gets a private follow-up note (the bot's share of refusal notes), and a share
 * NOOP_PRIVATE_REPLY_SHARE is answered only with a private reply instead (the bot's refusals, "busy", rate limits).
 * A share NOOP_WELCOME_SHARE gets the first-game note's text instead (a welcome, not a refusal: the bot's share).
 * Commands get a short private note. Env: PORT, DISCORD_PUBLIC_KEY, DISCORD_API_BASE, NOOP_PNG_BYTES, NOOP_FOLLOW_UP_SHARE, NOOP_WELCOME_SHARE,
 * NOOP_PRIVATE_REPLY_SHARE.
 */
import { randomBytes } from 'node:crypto';
import { startInteractionServer } from '../src/adapters/http/server.js';
import type { OutgoingMessage } from '../src/adapters/discord/types.js';
import { silentLogger } from '../src/app/ports.js';
import { NOOP_WELCOME_TEXT } from './welcome.js';

const pngBytes = Number(process.env.NOOP_PNG_BYTES ?? 0);
const followUpShare = Number(process.env.NOOP_FOLLOW_UP_SHARE ?? 0);
const welcomeShare = Number(process.env.NOOP_WELCOME_SHARE ?? 0);
const privateReplyShare = Number(process.env.NOOP_PRIVATE_REPLY_SHARE ?? 0);
// A PNG signature then noise: the bytes cost what the bot's picture costs to send; nothing draws them.
const png = pngBytes > 0 ? Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(Math.max(0, pngBytes - 8))]) : null;
const button = (id: string, label: string) => ({ type: 2 as const, style: 2 as const, custom_id: `noop:${id}`, label });
const components = [
  { type: 1 as const, components: [button('n', 'north')] },
  { type: 1 as const, components: [button('w', 'west'), button('wait', 'wait'), button('e', 'east')] },
  { type: 1 as const, components: [button('s', 'south')] },
];
let presses = 0;

/** What the bot's press answer looks like, without the game: an embed with the picture, the d-pad, the file. */
function redraw(): OutgoingMessage {
  const embed = { title: 'noop board', description: `press ${presses}`, ...(png ? { image: { url: 'attachment://map.png' } } : {}) };
  return { content: '', embeds: [embed], components, attachments: [], allowedMentions: { parse: [] }, ...(png ? { files: [{ name: 'map.png', data: png, description: 'noop map' }] } : {}) };
}

const server = await startInteractionServer({
  port: Number(process.env.PORT ?? 0),
  host: '127.0.0.1',
  publicKey: process.env.DISCORD_PUBLIC_KEY ?? '',
  ...(process.env.DISCORD_API_BASE ? { apiBase: process.env.DISCORD_API_BASE } : {}),
  logger: silentLogger,
  handler: async (i, r) => {
    if (i.kind !== 'button' && i.kind !== 'select') return r.reply({ content: 'ok', ephemeral: true });
    presses++;
    // Every 1/share-th press is answered only privately, as the bot answers a refusal (spread evenly, deterministic).
    if (privateReplyShare > 0 && Math.floor(presses * privateReplyShare) !== Math.floor((presses - 1) * privateReplyShare)) return r.reply({ content: 'noop refusal', ephemeral: true });
    await r.update(redraw());
    // Every 1/share-th press gets a note, spread evenly (deterministic: the same share every run).
    const every = (share: number): boolean => share > 0 && Math.floor(presses * share) !== Math.floor((presses - 1) * share);
    if (every(followUpShare)) await r.followUp({ content: 'noop note', ephemeral: true });
    else if (every(welcomeShare)) await r.followUp({ content: NOOP_WELCOME_TEXT, ephemeral: true });
  },
});
process.stdout.write(`noop responder listening on ${server.port}\n`);
const stop = (): void => void server.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
