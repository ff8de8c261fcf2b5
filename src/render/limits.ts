/** Discord's message limits, counted in code points, and a checker that lists every violation of a rendered message. */
import type { ImageMap } from './image/index.js';
import { codePoints } from './text.js';

/** Text of one embed, as the Discord layer will send it. */
export interface EmbedText {
  title: string;
  description: string;
  fields: { name: string; value: string; inline?: boolean }[];
  footer: string;
  color: number;
  /** The embed's image, `attachment://map.png` in the image style (not counted in the 6,000). */
  image?: string;
}

/** The game message: for 'ascii', content holds the map in a ``` code block and the embed holds HUD/log; for 'emoji', content is '' and the map is in embed.description; for 'image', the map is the attached picture. */
export interface RenderedMessage {
  content: string;
  embed: EmbedText;
  /** Image style: the map picture to attach (file `map.png`, description = alt text). */
  image?: ImageMap;
}

/** Discord's hard limits (developers/resources/message.md, and the code-point counting confirmed in discord-api-docs#1315). */
export const LIMITS = {
  content: 2000,
  title: 256,
  description: 4096,
  fields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footer: 2048,
  embedTotal: 6000,
  attachmentDescription: 1024,
} as const;

/** Code points an embed counts towards the 6,000 total: title, description, field names and values, footer. */
export function embedCost(embed: EmbedText): number {
  let n = codePoints(embed.title) + codePoints(embed.description) + codePoints(embed.footer);
  for (const f of embed.fields) n += codePoints(f.name) + codePoints(f.value);
  return n;
}

/** Discord's limits, counted in code points; returns the list of violations (empty = fits). */
export function checkLimits(message: RenderedMessage): string[] {
  const out: string[] = [];
  const over = (what: string, n: number, max: number): void => {
    if (n > max) out.push(`${what}: ${n} > ${max} code points`);
  };
  const e = message.embed;
  over('content', codePoints(message.content), LIMITS.content);
  over('embed title', codePoints(e.title), LIMITS.title);
  over('embed description', codePoints(e.description), LIMITS.description);
  over('embed footer', codePoints(e.footer), LIMITS.footer);
  if (e.fields.length > LIMITS.fields) out.push(`embed fields: ${e.fields.length} > ${LIMITS.fields}`);
  e.fields.forEach((f, i) => {
    // Discord rejects empty field names and values outright.
    if (f.name.trim().length === 0) out.push(`field ${i} name is empty`);
    if (f.value.trim().length === 0) out.push(`field ${i} value is empty`);
    over(`field ${i} name`, codePoints(f.name), LIMITS.fieldName);
    over(`field ${i} value`, codePoints(f.value), LIMITS.fieldValue);
  });
  over('embed total', embedCost(e), LIMITS.embedTotal);
  if (!Number.isInteger(e.color) || e.color < 0 || e.color > 0xffffff) out.push(`embed color ${e.color} is not a 24-bit RGB value`);
  if (message.image) over('attachment description', codePoints(message.image.alt), LIMITS.attachmentDescription);
  return out;
}
