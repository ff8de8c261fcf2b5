/**
 * Mentions: what a message may ping, and player-written text made harmless. Every message body the bot sends carries
 * `allowed_mentions` explicitly (Discord's default on edits and channel posts parses whatever the content holds), and
 * names players chose are shown with their mention syntax and direction overrides defused.
 */
import type { APIAllowedMentions, APIEmbed } from 'discord-api-types/v10';

/** Pings nobody: no users, roles, @everyone or @here, whatever the text holds. */
export const NO_PINGS: APIAllowedMentions = Object.freeze({ parse: [] }) as APIAllowedMentions;

/** Pings exactly these users (and nobody else), e.g. the invite to a new game. */
export function pingOnly(userIds: readonly string[]): APIAllowedMentions {
  return userIds.length === 0 ? NO_PINGS : { parse: [], users: [...new Set(userIds)].slice(0, 100) };
}

/** A fullwidth commercial at: looks like '@' but starts no mention. */
const SAFE_AT = '\uFF20';
/**
 * The start of a user or role mention (`<@id>`, `<@!id>`, `<@&id>`, whole or cut short by a renderer), @everyone
 * and @here. Channel links (`<#id>`, which ping nobody and the settings replies show), custom emoji (`<:name:id>`)
 * and timestamps (`<t:…>`) are left alone.
 */
const MENTION = /<(@[!&]?)|@(everyone|here)/gi;
/** Bidirectional overrides, embeddings and isolates, which let a name reverse the text that follows it. */
const BIDI = /[\u202A-\u202E\u2066-\u2069]/g;

/**
 * Player-written text as it is safe to show: mentions lose their '@' (replaced by a look-alike that
 * triggers nothing), direction controls are dropped. Never longer than the input in code points, so Discord's
 * length limits still hold.
 */
export function neutralise(text: string): string {
  return text.replace(BIDI, '').replace(MENTION, (_whole: string, sigil: string | undefined, word: string | undefined) => {
    if (word !== undefined) return `${SAFE_AT}${word}`;
    return `<${sigil!.replace('@', SAFE_AT)}`;
  });
}

/** An embed with every text part neutralised (title, description, fields, footer, author). */
export function neutraliseEmbed(embed: APIEmbed): APIEmbed {
  const out: APIEmbed = { ...embed };
  if (out.title !== undefined) out.title = neutralise(out.title);
  if (out.description !== undefined) out.description = neutralise(out.description);
  if (out.fields) out.fields = out.fields.map((f) => ({ ...f, name: neutralise(f.name), value: neutralise(f.value) }));
  if (out.footer) out.footer = { ...out.footer, text: neutralise(out.footer.text) };
  if (out.author) out.author = { ...out.author, name: neutralise(out.author.name) };
  return out;
}
