/**
 * The one text sanitiser: every text a player wrote (a display name, above all) passes it before it reaches Discord.
 * The result is valid Unicode, has no control characters, no bidirectional overrides and no mention syntax, stacks
 * at most a few combining marks on a letter, and fits its field: cut on a grapheme boundary (never inside an emoji or
 * a letter with its accents), with an ellipsis when something was cut. Pure: no I/O, usable from render code.
 */

/** Discord's limits (in code points) of the fields player-written text reaches, and the lengths we choose. */
export const TEXT_LIMITS = {
  /** A display name as the bot keeps it (Discord's own nickname limit). */
  displayName: 32,
  /** A name on a board or history line: shown as written up to this many average letters' width (a CJK letter is 2). */
  boardName: 16,
  /** A button's label. */
  buttonLabel: 80,
  /** An attachment's description (alt text). */
  altText: 1024,
  /** An embed field's value. */
  fieldValue: 1024,
  /** An embed's description. */
  embedDescription: 4096,
  /** A message's content. */
  content: 2000,
} as const;

/** Options of safeText. */
export interface SafeTextOptions {
  /** Most code points of the result (Discord counts code points); at least 1. */
  max: number;
  /** Keep line breaks (as '\n'); otherwise every line break becomes a space. */
  multiline?: boolean;
}

/** A fullwidth commercial at: looks like '@' but starts no mention. */
const SAFE_AT = '\uFF20';
/** The start of a user or role mention (`<@id>`, `<@!id>`, `<@&id>`), @everyone and @here. */
const MENTION = /<(@[!&]?)|@(everyone|here)/giu;
/** Bidirectional overrides, embeddings, isolates and marks: they let a name reverse the text that follows it. */
const BIDI = /[\u200E\u200F\u202A-\u202E\u2066-\u2069\u061C]/gu;
/** Control characters (C0, DEL, C1) other than the line break, and the line and paragraph separators. */
const CONTROL = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]/gu;
/** A lone surrogate (half of an astral character, invalid on its own). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/gu;
/** Combining marks a grapheme keeps at most (zalgo text stacks hundreds). */
const MAX_MARKS = 3;
const MARK = /\p{M}/u;
const ELLIPSIS = '…';
/** Printable ASCII without '@', starting and ending with a non-space: safeText leaves it as it is (single spaces inside). */
const PLAIN = /^[!-?A-~](?:[ -?A-~]*[!-?A-~])?$/;

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Code points in a string (Discord's measure). */
export function codePoints(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** A grapheme with at most MAX_MARKS combining marks (the base and joiners kept, so emoji sequences survive). */
function capMarks(grapheme: string): string {
  let marks = 0;
  let out = '';
  for (const ch of grapheme) {
    if (MARK.test(ch) && ch !== '\uFE0F' && ch !== '\u20E3') {
      marks++;
      if (marks > MAX_MARKS) continue;
    }
    out += ch;
  }
  return out;
}

/** Whole graphemes of `text` that fit in `max` code points (an ellipsis takes the last one when something is cut). */
function cut(graphemes: readonly string[], max: number): string {
  let used = 0;
  let out = '';
  for (const [i, g] of graphemes.entries()) {
    const n = codePoints(g);
    const room = i === graphemes.length - 1 ? max : max - 1;
    if (used + n > room) return out + ELLIPSIS;
    out += g;
    used += n;
  }
  return out;
}

/** Player-written text made safe for a Discord field (see the module comment). Never throws; total for any string. */
export function safeText(text: string, opts: SafeTextOptions): string {
  const max = Math.max(1, Math.floor(opts.max));
  // Most names are plain ASCII that needs nothing: printable, no '@', single spaces inside, none at the ends, short
  // enough. Such text is its own result (each character a grapheme, nothing to replace, cut or trim).
  if (text.length <= max && PLAIN.test(text) && !text.includes('  ')) return text;
  const lines = opts.multiline ? text.replace(/\r\n?/gu, '\n') : text.replace(/[\r\n]+/gu, ' ');
  const clean = lines
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(BIDI, '')
    .replace(CONTROL, ' ')
    .replace(MENTION, (_whole: string, sigil: string | undefined, word: string | undefined) => (word !== undefined ? `${SAFE_AT}${word}` : `<${sigil!.replace('@', SAFE_AT)}`))
    .replace(/[^\S\n]+/gu, ' ');
  const graphemes = [...segmenter.segment(clean)].map((s) => capMarks(s.segment));
  return cut(graphemes, max).trim();
}

/** Names made safe lately, by limit and name: a press draws the same few names many times (HUD, picture, alt text). */
const safeNames = new Map<string, string>();
/** Most names kept; the memo starts over when full. */
const SAFE_NAMES_KEPT = 1024;

/** A display name at the boundary: one line, at most TEXT_LIMITS.displayName code points, never empty. */
export function safeName(name: string, max: number = TEXT_LIMITS.displayName): string {
  const id = `${max}\u0000${name}`;
  const known = safeNames.get(id);
  if (known !== undefined) return known;
  const made = safeText(name, { max });
  const out = made === '' || made === ELLIPSIS ? '?' : made;
  if (safeNames.size >= SAFE_NAMES_KEPT) safeNames.clear();
  safeNames.set(id, out);
  return out;
}
