/**
 * Who and where a full-view client is, asked of Discord and never taken from the client: the user from the OAuth2
 * code exchange (POST /oauth2/token, then GET /users/@me with that access token), the channel and its participants
 * from GET /applications/{app}/activity-instances/{instance} with the bot token. Plain fetch against DISCORD_API_BASE;
 * responses are parsed with zod, and no token or secret ever reaches an error message.
 */
import { z } from 'zod';

/** What the identity client needs: the application, its OAuth2 client secret and the bot token. */
export interface DiscordIdentityOptions {
  apiBase: string;
  applicationId: string;
  clientSecret: string;
  botToken: string;
  /** For the plain web page's OAuth2 login: the redirect URI registered in the portal. */
  redirectUri?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

const TokenSchema = z.object({ access_token: z.string().min(1), token_type: z.string(), scope: z.string().optional() });
const UserSchema = z.object({ id: z.string().regex(/^\d{1,20}$/), username: z.string(), global_name: z.string().nullable().optional(), locale: z.string().max(20).optional() });
const InstanceSchema = z.object({
  instance_id: z.string(),
  location: z.object({ id: z.string().optional(), kind: z.string().optional(), channel_id: z.string(), guild_id: z.string().nullable().optional() }),
  users: z.array(z.string()),
});

/** A Discord user as the full view needs them. */
export interface DiscordUser {
  id: string;
  name: string;
  /** The language the user chose in Discord (with the identify scope), as Discord spells it. */
  locale?: string;
}

/** Where an Activity instance runs and who is in it, as Discord says. */
export interface ActivityInstance {
  channelId: string;
  /** Absent in a DM or group DM. */
  guildId: string | null;
  users: string[];
}

/** A refusal from Discord or a broken answer: `status` is Discord's HTTP status (0 when it could not be reached). */
export class IdentityError extends Error {
  override readonly name = 'IdentityError';
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

/** The three calls the full view makes to Discord. */
export interface DiscordIdentity {
  exchangeCode(code: string, redirect?: boolean): Promise<{ accessToken: string }>;
  user(accessToken: string): Promise<DiscordUser>;
  activityInstance(instanceId: string): Promise<ActivityInstance | null>;
}

/** The identity client over Discord's HTTP API. */
export function discordIdentity(o: DiscordIdentityOptions): DiscordIdentity {
  const base = `${o.apiBase.replace(/\/+$/, '')}/v10`;
  const doFetch = o.fetch ?? fetch;
  const call = async <T>(path: string, init: RequestInit, schema: z.ZodType<T>, what: string): Promise<{ status: number; value: T | null }> => {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(o.timeoutMs ?? 5000) });
    } catch {
      throw new IdentityError(`Discord could not be reached (${what})`, 0);
    }
    if (res.status === 404) return { status: 404, value: null };
    if (!res.ok) throw new IdentityError(`Discord refused ${what} (${res.status})`, res.status);
    const parsed = schema.safeParse(await res.json().catch(() => null));
    if (!parsed.success) throw new IdentityError(`Discord's answer to ${what} was not understood`, res.status);
    return { status: res.status, value: parsed.data };
  };
  return {
    async exchangeCode(code, redirect = false) {
      const form = new URLSearchParams({ client_id: o.applicationId, client_secret: o.clientSecret, grant_type: 'authorization_code', code });
      if (redirect && o.redirectUri) form.set('redirect_uri', o.redirectUri);
      const init = { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form };
      const r = await call('/oauth2/token', init, TokenSchema, 'the code exchange');
      if (!r.value) throw new IdentityError('Discord refused the code exchange (404)', 404);
      return { accessToken: r.value.access_token };
    },
    async user(accessToken) {
      const r = await call('/users/@me', { headers: { authorization: `Bearer ${accessToken}` } }, UserSchema, 'the user lookup');
      if (!r.value) throw new IdentityError('Discord does not know this user (404)', 404);
      return { id: r.value.id, name: r.value.global_name ?? r.value.username, ...(r.value.locale ? { locale: r.value.locale } : {}) };
    },
    async activityInstance(instanceId) {
      const path = `/applications/${encodeURIComponent(o.applicationId)}/activity-instances/${encodeURIComponent(instanceId)}`;
      const r = await call(path, { headers: { authorization: `Bot ${o.botToken}` } }, InstanceSchema, 'the activity-instance lookup');
      if (!r.value) return null;
      return { channelId: r.value.location.channel_id, guildId: r.value.location.guild_id ?? null, users: r.value.users };
    },
  };
}
