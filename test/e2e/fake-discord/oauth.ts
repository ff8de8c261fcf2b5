/**
 * The fake's OAuth2 and Activity routes, as Discord documents them: `POST /oauth2/token` exchanges a one-time code
 * (form-encoded, with the client id and secret) for a Bearer access token; `GET /users/@me` with that token is the
 * user who authorised; `GET /applications/{app}/activity-instances/{instance}` (bot token) says where an Activity
 * instance runs and who is in it (404 once it ended).
 */
import { randomBytes } from 'node:crypto';
import type { FakeUser } from './types.js';

/** An Activity instance: its location and the ids of the users connected to it. */
export interface FakeActivityInstance {
  channelId: string;
  guildId: string | null;
  users: string[];
}

/** Codes, access tokens and Activity instances of the fake. */
export class FakeOAuth {
  /** The application's OAuth2 client secret the token route checks. */
  readonly clientSecret = 'fake-client-secret';
  private readonly codes = new Map<string, FakeUser>();
  private readonly tokens = new Map<string, FakeUser>();
  readonly instances = new Map<string, FakeActivityInstance>();
  /** Codes redeemed (each works once, as Discord's). */
  exchanges = 0;

  constructor(private readonly applicationId: string) {}

  /** A code `user` would get by authorising the app (the SDK's authorize command or the OAuth2 redirect). */
  grant(user: { id: string; username: string; global_name?: string | null; locale?: string }): string {
    const code = randomBytes(12).toString('hex');
    this.codes.set(code, { discriminator: '0', avatar: null, global_name: null, ...user });
    return code;
  }

  /** Starts (or updates) an Activity instance. */
  launch(instanceId: string, instance: FakeActivityInstance): void {
    this.instances.set(instanceId, instance);
  }

  /** POST /oauth2/token (form-encoded). */
  token(form: Record<string, string>): { status: number; body: unknown } {
    if (form.client_id !== this.applicationId || form.client_secret !== this.clientSecret) return { status: 401, body: { error: 'invalid_client' } };
    if (form.grant_type !== 'authorization_code') return { status: 400, body: { error: 'unsupported_grant_type' } };
    const user = form.code ? this.codes.get(form.code) : undefined;
    if (!user || !form.code) return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid "code" in request.' } };
    this.codes.delete(form.code);
    this.exchanges++;
    const accessToken = randomBytes(16).toString('hex');
    this.tokens.set(accessToken, user);
    return { status: 200, body: { access_token: accessToken, token_type: 'Bearer', expires_in: 604800, refresh_token: randomBytes(8).toString('hex'), scope: 'identify' } };
  }

  /** The user behind a Bearer authorization header, or null. */
  userOf(authorization: string | undefined): FakeUser | null {
    const m = /^Bearer (\S+)$/.exec(authorization ?? '');
    return (m && this.tokens.get(m[1]!)) ?? null;
  }

  /** GET /applications/{app}/activity-instances/{instance}. */
  instance(app: string, instanceId: string): { status: number; body: unknown } {
    const i = this.instances.get(instanceId);
    if (app !== this.applicationId || !i) return { status: 404, body: { message: 'Unknown Activity Instance', code: 10_000 } };
    const location = { id: `gc-${i.channelId}`, kind: i.guildId ? 'gc' : 'pc', channel_id: i.channelId, ...(i.guildId ? { guild_id: i.guildId } : {}) };
    return { status: 200, body: { application_id: app, instance_id: instanceId, launch_id: '1300000000000000001', location, users: i.users } };
  }
}
