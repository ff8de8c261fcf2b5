/**
 * Spectator links: `<guild>.<channel>.<mac>`, an HMAC-SHA256 of the channel key under the server's secret, so anyone
 * holding the link the game message offers can watch that channel's game read-only, and nobody can forge one for
 * another channel. Stateless: every replica with the same secret verifies it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ChannelKey } from '../../app/service-types.js';
import type { GameLinks } from '../../../commands/controls/index.js';

const mac = (secret: string, key: ChannelKey): string => createHmac('sha256', secret).update(`watch:${key.guildId}:${key.channelId}`).digest('base64url').slice(0, 32);

/** The watch token of `key`. */
export function watchToken(secret: string, key: ChannelKey): string {
  return `${key.guildId}.${key.channelId}.${mac(secret, key)}`;
}

/** The channel a watch token names, or null when it is malformed or forged. */
export function verifyWatchToken(secret: string, token: string): ChannelKey | null {
  // The guild part may carry a place prefix (ext., dm., gdm.: see app/scope.ts); the channel and the MAC have no dots.
  const m = /^((?:ext\.|dm\.|gdm\.)?\d{1,20})\.(\d{1,20})\.([A-Za-z0-9_-]{32})$/.exec(token);
  if (!m) return null;
  const key = { guildId: m[1]!, channelId: m[2]! };
  const want = Buffer.from(mac(secret, key));
  const got = Buffer.from(m[3]!);
  return want.length === got.length && timingSafeEqual(want, got) ? key : null;
}

/** The watch link of `key` under the full view's public URL (`<url>?watch=<token>`, the page the client reads it on). */
export function watchUrl(publicUrl: string, secret: string, key: ChannelKey): string {
  const url = new URL(publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`);
  url.searchParams.set('watch', watchToken(secret, key));
  return url.toString();
}

/**
 * The full view's buttons on every game message (WEB=on): 🖥️ always, 👁️ watch when the public URL is known; and
 * who is playing in the full view (`players`, this replica's open views), for the chat message's pointer.
 */
export function gameLinks(secret: string, publicUrl: string | undefined, players?: (key: ChannelKey) => readonly string[]): (key: ChannelKey) => GameLinks {
  return (key) => {
    const inFullView = players?.(key) ?? [];
    return { launch: true, ...(publicUrl ? { watchUrl: watchUrl(publicUrl, secret, key) } : {}), ...(inFullView.length > 0 ? { inFullView } : {}) };
  };
}
