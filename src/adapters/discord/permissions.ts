/**
 * The channel permissions the bot needs, as one table: the README's list, the invite URL's integer, the report of
 * `/rogue-config show` and the fallbacks (no Attach Files: the map is drawn in emoji) all read it.
 */

/** One permission the bot uses in a game channel. */
export interface NeededPermission {
  name: string;
  bit: bigint;
  /** What goes wrong without it. */
  without: string;
}

/** Every channel permission the bot uses, in the order Discord's settings list them. */
export const NEEDED_PERMISSIONS: readonly NeededPermission[] = [
  { name: 'View Channel', bit: 1n << 10n, without: 'the bot cannot see the channel: no game message can be edited' },
  { name: 'Send Messages', bit: 1n << 11n, without: 'old game messages cannot be reposted' },
  { name: 'Embed Links', bit: 1n << 14n, without: 'the game message (an embed) cannot be edited' },
  { name: 'Attach Files', bit: 1n << 15n, without: 'the map picture is drawn in emoji instead' },
  { name: 'Read Message History', bit: 1n << 16n, without: 'the game message cannot be found again after a restart' },
];

/** The permission integer of the bot's invite URL (`permissions=` of the OAuth2 link): every needed bit. */
export const INVITE_PERMISSIONS: bigint = NEEDED_PERMISSIONS.reduce((all, p) => all | p.bit, 0n);

/** Administrator grants every permission. */
const ADMINISTRATOR = 1n << 3n;

/** The needed permissions missing from `bits` (none when bits are unknown: Discord did not say). */
export function missingPermissions(bits: bigint | null): NeededPermission[] {
  if (bits === null || (bits & ADMINISTRATOR) !== 0n) return [];
  return NEEDED_PERMISSIONS.filter((p) => (bits & p.bit) === 0n);
}

/** True when the bot may upload files here (unknown counts as yes; a 403 then teaches otherwise). */
export function canAttach(bits: bigint | null): boolean {
  return !missingPermissions(bits).some((p) => p.name === 'Attach Files');
}

/** A report of what the bot has and lacks in a channel, one line per permission (for `/rogue-config show`). */
export function permissionReport(bits: bigint | null): string {
  if (bits === null) return 'Discord did not say which permissions the bot has here.';
  const missing = new Set(missingPermissions(bits));
  return NEEDED_PERMISSIONS.map((p) => (missing.has(p) ? `❌ ${p.name}: ${p.without}` : `✅ ${p.name}`)).join('\n');
}

/** The note a channel gets (once) when the bot lacks something here; '' when nothing is missing. */
export function missingNote(bits: bigint | null): string {
  const missing = missingPermissions(bits);
  if (missing.length === 0) return '';
  return `The bot lacks ${missing.map((p) => `**${p.name}**`).join(', ')} in this channel: ${missing.map((p) => p.without).join('; ')}. A server manager can grant it in the channel's settings.`;
}

/**
 * What the bot has learnt of its permissions per channel: from interactions (`app_permissions`) and from refusals
 * (a 403 on an upload). Bounded: the oldest channel is forgotten first.
 */
export class ChannelPermissions {
  private readonly bits = new Map<string, bigint>();
  private readonly told = new Set<string>();

  constructor(private readonly max = 10_000) {}

  /** Records what an interaction said the bot may do in its channel. */
  see(channelId: string, bits: bigint | null): void {
    if (bits === null) return;
    this.bits.delete(channelId);
    this.bits.set(channelId, bits);
    if (this.bits.size > this.max) this.bits.delete(this.bits.keys().next().value!);
    if (missingPermissions(bits).length === 0) this.told.delete(channelId);
  }

  /** Records a refusal of `name` (Discord answered 403 50013). */
  refused(channelId: string, name: string): void {
    const p = NEEDED_PERMISSIONS.find((n) => n.name === name);
    if (!p) return;
    this.see(channelId, (this.bits.get(channelId) ?? INVITE_PERMISSIONS) & ~p.bit);
  }

  /** What is known of the bot's permissions in a channel (null: nothing). */
  get(channelId: string): bigint | null {
    return this.bits.get(channelId) ?? null;
  }

  /** The missing-permission note for a channel the first time it is asked for ('' afterwards, or when nothing is missing). */
  noteOnce(channelId: string): string {
    const note = missingNote(this.get(channelId));
    if (!note || this.told.has(channelId)) return '';
    this.told.add(channelId);
    if (this.told.size > this.max) this.told.delete(this.told.values().next().value!);
    return note;
  }
}
