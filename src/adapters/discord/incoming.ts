/** Raw interaction JSON (as Discord POSTs it) -> IncomingInteraction, validated once here by zod. */
import { ApplicationCommandType, ComponentType, GuildFeature, InteractionType, MessageFlags } from 'discord-api-types/v10';
import { z } from 'zod';
import { resolveLocale, spokenLocale, type Locale } from '../../i18n/index.js';
import { invocationOf, type RawOption } from './invocation.js';
import { placeOf } from './place.js';
import type { IncomingInteraction, InteractionKind } from './types.js';
import { safeName } from '../../text/safe-text.js';

const snowflake = z.string().regex(/^\d{1,20}$/);
const user = z.object({ id: snowflake, username: z.string(), global_name: z.string().nullish() });

const option: z.ZodType<RawOption> = z.lazy(() =>
  z.object({
    name: z.string().min(1).max(32),
    type: z.number().int(),
    value: z.union([z.string(), z.number(), z.boolean()]).nullish(),
    options: z.array(option).max(25).optional(),
  }),
);

/** The fields of an interaction we read; everything else Discord sends is ignored. */
export const RawInteractionSchema = z.object({
  id: snowflake,
  application_id: snowflake,
  type: z.number().int(),
  token: z.string().min(1).max(1000),
  guild_id: snowflake.optional(),
  channel_id: snowflake.optional(),
  channel: z.object({ id: snowflake, type: z.number().int().optional() }).optional(),
  // Where the command was used (0 guild, 1 DM with the bot, 2 group DM or another DM) and who installed the app for it
  // ("0": the server, "1": the user). Both absent in payloads older than user installs: read as a guild install.
  context: z.number().int().min(0).max(2).optional(),
  authorizing_integration_owners: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  member: z.object({ user, nick: z.string().nullish(), permissions: z.string().regex(/^\d+$/) }).optional(),
  user: user.optional(),
  data: z
    .object({
      name: z.string().optional(),
      type: z.number().int().optional(),
      options: z.array(option).max(25).optional(),
      custom_id: z.string().max(100).optional(),
      component_type: z.number().int().optional(),
    })
    .optional(),
  message: z.object({ id: snowflake, flags: z.number().int().optional() }).optional(),
  app_permissions: z.string().regex(/^\d{1,30}$/).optional(),
  // Discord locale codes ("de", "pt-BR"); anything else resolves to English.
  locale: z.string().max(16).optional(),
  guild_locale: z.string().max(16).optional(),
  // The server, as interactions carry it: its features say whether it is a Community server (whose locale means something).
  guild: z.object({ id: snowflake.optional(), locale: z.string().max(16).optional(), features: z.array(z.string().max(64)).max(100).optional() }).optional(),
});

/** A parsed raw interaction. */
export type RawInteraction = z.infer<typeof RawInteractionSchema>;

/** Which kind each interaction type is; components and commands look one level deeper (see kindOf). */
const KIND_BY_TYPE: Partial<Record<number, InteractionKind>> = {
  [InteractionType.ApplicationCommand]: 'command',
  [InteractionType.MessageComponent]: 'select',
  [InteractionType.ApplicationCommandAutocomplete]: 'autocomplete',
  [InteractionType.ModalSubmit]: 'modal',
};

/** The kind of a raw interaction: a user or message command is a context menu, a button press a button. */
export function kindOf(raw: Pick<RawInteraction, 'type' | 'data'>): InteractionKind {
  const kind = KIND_BY_TYPE[raw.type] ?? 'unknown';
  if (kind === 'command' && (raw.data?.type === ApplicationCommandType.User || raw.data?.type === ApplicationCommandType.Message)) return 'context-menu';
  if (kind === 'select' && raw.data?.component_type === ComponentType.Button) return 'button';
  return kind;
}

/** What is wrong with a raw interaction, or the converted interaction. Problems name fields, never values. */
export type Conversion = { ok: true; interaction: IncomingInteraction } | { ok: false; problems: string[] };

/** Discord's option shapes: a group holds subcommands, a subcommand leaves (3 levels), 25 a level, strings of 6,000. */
const OPTION_DEPTH = 3;
const OPTIONS_PER_LEVEL = 25;
const OPTION_STRING = 6000;

/**
 * True when `options` is beyond any shape Discord sends: nested deeper than a group's subcommand's leaves, more than
 * 25 in a level, a name past 32 characters, a string value past 6,000. Walked without recursion, so no depth of
 * nesting can overflow the stack; such a command is refused with a clear note instead of failing.
 */
export function optionsBeyondShape(options: unknown): boolean {
  const stack: { list: unknown; depth: number }[] = [{ list: options, depth: 1 }];
  while (stack.length > 0) {
    const { list, depth } = stack.pop()!;
    if (list === undefined) continue;
    if (!Array.isArray(list) || list.length > OPTIONS_PER_LEVEL || depth > OPTION_DEPTH) return true;
    for (const o of list as unknown[]) {
      if (typeof o !== 'object' || o === null) return true;
      const { name, value, options: inner } = o as { name?: unknown; value?: unknown; options?: unknown };
      if (typeof name !== 'string' || name.length > 32 || (typeof value === 'string' && value.length > OPTION_STRING)) return true;
      stack.push({ list: inner, depth: depth + 1 });
    }
  }
  return false;
}

/** The body with its command options left out (they were beyond Discord's shapes), or the body as it is. */
function withoutOptions(body: unknown): { body: unknown; refused: boolean } {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  if (typeof data !== 'object' || data === null || !('options' in data) || !optionsBeyondShape((data as { options?: unknown }).options)) return { body, refused: false };
  const { options: _dropped, ...rest } = data as Record<string, unknown>;
  return { body: { ...(body as object), data: rest }, refused: true };
}

/**
 * The server's language, only where it means something: a Community server (features has COMMUNITY) whose preferred
 * locale the game speaks. Every other server reports "en-US" whatever its members speak, so it is null there.
 */
export function communityLocale(raw: Pick<RawInteraction, 'guild' | 'guild_locale'>): Locale | null {
  if (!raw.guild?.features?.includes(GuildFeature.Community)) return null;
  return spokenLocale(raw.guild_locale ?? raw.guild.locale);
}

const SNOWFLAKE = /^\d{1,20}$/;
const PERMISSIONS = /^\d+$/;
const APP_PERMISSIONS = /^\d{1,30}$/;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): boolean => typeof v === 'number' && Number.isSafeInteger(v);
const snow = (v: unknown): boolean => typeof v === 'string' && SNOWFLAKE.test(v);
const optional = (v: unknown, ok: (x: unknown) => boolean): boolean => v === undefined || ok(v);
const nullish = (v: unknown, ok: (x: unknown) => boolean): boolean => v === undefined || v === null || ok(v);
const str = (max: number) => (v: unknown): boolean => typeof v === 'string' && v.length <= max;
const isUser = (u: unknown): boolean => isObj(u) && snow(u.id) && typeof u.username === 'string' && nullish(u.global_name, (x) => typeof x === 'string');

/**
 * Whether `b` is an interaction RawInteractionSchema accepts, checked by hand for the common case (no command
 * options: a button, a select, a plain command): zod's object parsing of every interaction costs more than the rest
 * of the conversion (issue 28's profile). Anything this does not accept still goes through the schema, which gives
 * the same result and the same problems as before; accepted, the body is read as it is (only the schema's fields are).
 */
export function plainInteraction(b: unknown): b is RawInteraction {
  if (!isObj(b)) return false;
  if (!snow(b.id) || !snow(b.application_id) || !isInt(b.type) || typeof b.token !== 'string' || b.token.length < 1 || b.token.length > 1000) return false;
  if (!optional(b.guild_id, snow) || !optional(b.channel_id, snow)) return false;
  if (!optional(b.channel, (c) => isObj(c) && snow(c.id) && optional(c.type, isInt))) return false;
  if (!optional(b.context, (c) => isInt(c) && (c as number) >= 0 && (c as number) <= 2)) return false;
  if (!optional(b.authorizing_integration_owners, (o) => isObj(o) && Object.getPrototypeOf(o) === Object.prototype && Object.values(o).every((x) => typeof x === 'string' || typeof x === 'number'))) return false;
  if (!optional(b.member, (m) => isObj(m) && isUser(m.user) && nullish(m.nick, (x) => typeof x === 'string') && typeof m.permissions === 'string' && PERMISSIONS.test(m.permissions))) return false;
  if (!optional(b.user, isUser)) return false;
  if (!optional(b.data, (d) => isObj(d) && d.options === undefined && optional(d.name, (x) => typeof x === 'string') && optional(d.type, isInt) && optional(d.custom_id, str(100)) && optional(d.component_type, isInt))) return false;
  if (!optional(b.message, (m) => isObj(m) && snow(m.id) && optional(m.flags, isInt))) return false;
  if (!optional(b.app_permissions, (x) => typeof x === 'string' && APP_PERMISSIONS.test(x))) return false;
  if (!optional(b.locale, str(16)) || !optional(b.guild_locale, str(16))) return false;
  return optional(b.guild, (g) => isObj(g) && optional(g.id, snow) && optional(g.locale, str(16)) && optional(g.features, (f) => Array.isArray(f) && f.length <= 100 && f.every(str(64))));
}

/** Validates and converts one interaction body (already JSON-parsed). */
export function toIncoming(input: unknown): Conversion {
  const { body, refused } = withoutOptions(input);
  let raw: RawInteraction;
  if (plainInteraction(body)) raw = body;
  else {
    const parsed = RawInteractionSchema.safeParse(body);
    if (!parsed.success) return { ok: false, problems: parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.code}`) };
    raw = parsed.data;
  }
  const kind = kindOf(raw);
  const who = raw.member?.user ?? raw.user;
  if (!who) return { ok: false, problems: ['member.user / user: missing'] };
  const name = raw.member?.nick ?? who.global_name ?? who.username;
  const interaction: IncomingInteraction = {
    id: raw.id,
    applicationId: raw.application_id,
    token: raw.token,
    kind,
    guildId: raw.guild_id ?? null,
    channelId: raw.channel?.id ?? raw.channel_id ?? null,
    // The one sanitiser (src/text/safe-text.ts): valid Unicode cut on a grapheme, no controls, bidi or mentions.
    user: { id: who.id, name: safeName(name) },
    memberPermissions: raw.member ? BigInt(raw.member.permissions) : null,
    appPermissions: raw.app_permissions !== undefined ? BigInt(raw.app_permissions) : null,
    place: placeOf(raw),
    locale: resolveLocale(raw.locale),
    guildLocale: communityLocale(raw),
  };
  const data = raw.data;
  if ((kind === 'command' || kind === 'context-menu' || kind === 'autocomplete') && !data?.name) return { ok: false, problems: ['data.name: missing'] };
  if ((kind === 'button' || kind === 'select' || kind === 'modal') && !data?.custom_id) return { ok: false, problems: ['data.custom_id: missing'] };
  if (kind === 'command') interaction.invocation = invocationOf(data!.name!, data!.options ?? []);
  if (refused) interaction.optionsRefused = true;
  if (kind === 'context-menu' || kind === 'autocomplete') interaction.commandName = data!.name!;
  if (data?.custom_id !== undefined) interaction.customId = data.custom_id;
  if (raw.message) interaction.message = { id: raw.message.id, ephemeral: ((raw.message.flags ?? 0) & MessageFlags.Ephemeral) !== 0 };
  return { ok: true, interaction };
}
