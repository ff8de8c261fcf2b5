/** Text helpers that count and cut the way Discord does: in Unicode code points, never inside a surrogate pair or an emoji sequence. */
import { safeName } from '../text/safe-text.js';

/** Number of Unicode code points in a string (Discord's unit for every length limit). */
export function codePoints(text: string): number {
  let n = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

let segmenter: Intl.Segmenter | null = null;

/** Splits text into grapheme clusters, so that cutting never leaves half an emoji (ZWJ sequences, flags, skin tones). */
function graphemes(text: string): string[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
  const out: string[] = [];
  for (const s of segmenter.segment(text)) out.push(s.segment);
  return out;
}

/** Cuts text to at most `max` code points, ending with '…' when it was cut; whole graphemes only. */
export function truncate(text: string, max: number): string {
  if (codePoints(text) <= max) return text;
  if (max <= 0) return '';
  let out = '';
  let used = 0;
  // Only the head can be kept: segment a prefix long enough to end past the cut even in long emoji sequences.
  for (const g of graphemes(text.slice(0, 2 * max + 64))) {
    const cost = codePoints(g);
    // Keep one code point for the ellipsis.
    if (used + cost > max - 1) break;
    out += g;
    used += cost;
  }
  return out + '…';
}

/** Longest a player name may be anywhere in the render, before escaping. */
export const NAME_MAX = 24;

/** A display name made safe for one line: control characters become spaces, blank names get a stand-in, long ones are cut. */
export function cleanName(name: string, max: number = NAME_MAX): string {
  // The one sanitiser (src/text/safe-text.ts): valid Unicode, no controls, bidi overrides or mentions, cut on a grapheme.
  return safeName(name, max);
}

/** Escapes Discord markdown in user-supplied text (names), so that `**x**` or `` ` `` in a name can't restyle the HUD. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\*_~`|>#[\]<-]/g, '\\$&');
}

/**
 * Joins lines with '\n' within `max` code points, keeping the LAST lines (newest log entries) when `keep` is 'last'
 * or the first ones otherwise; a dropped part is marked with '…' (and how many lines were dropped).
 */
export function fitLines(lines: readonly string[], max: number, keep: 'first' | 'last' = 'first', maxLines = Infinity, alreadyDropped = 0): string {
  const n = lines.length;
  if (n === 0) return alreadyDropped > 0 ? truncate(keep === 'last' ? `… (${alreadyDropped} earlier)` : `… (+${alreadyDropped} more)`, max) : '';
  const costs = lines.map(codePoints);
  // Room for the marker line "… (+NNNN more)" when something is dropped.
  const markerFor = (dropped: number): string => (keep === 'last' ? `… (${dropped} earlier)` : `… (+${dropped} more)`);
  let total = 0;
  let taken = 0;
  for (let k = 0; k < n; k++) {
    const i = keep === 'last' ? n - 1 - k : k;
    const add = costs[i]! + (taken > 0 ? 1 : 0);
    const rest = n - taken - 1 + alreadyDropped;
    // If more lines would remain after this one, the marker must still fit.
    const reserve = rest > 0 ? codePoints(markerFor(rest)) + 1 : 0;
    if (taken >= maxLines || total + add + reserve > max) break;
    total += add;
    taken++;
  }
  const dropped = n - taken + alreadyDropped;
  if (dropped === 0) return lines.join('\n');
  const marker = markerFor(dropped);
  if (taken === 0) return truncate(keep === 'last' ? lines[n - 1]! : lines[0]!, max);
  const kept = keep === 'last' ? lines.slice(n - taken) : lines.slice(0, taken);
  return keep === 'last' ? [marker, ...kept].join('\n') : [...kept, marker].join('\n');
}
