/**
 * The part of Discord's markdown the bot's messages use, as HTML: code blocks (monospace), inline code, bold,
 * italics, underline, strike-through, headers, subtext, quotes, masked links, `<t:UNIX:STYLE>` timestamps (drawn live by
 * the page's script) and emoji at Discord's inline size. Every text line is a `.ln` block holding one `.lt` span, so a
 * test can count the rendered lines of each; rows of a map (code-block lines, all-emoji lines) are also `.map-row`.
 */

const ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML (element content and quoted attributes). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

/** True for a grapheme Discord draws as an emoji picture. */
export function isEmoji(grapheme: string): boolean {
  return EMOJI.test(grapheme);
}

/** True for a line that is a row of tiles: at least five graphemes, all emoji (spaces aside). */
export function isTileRow(line: string): boolean {
  const parts = [...graphemes.segment(line)].map((s) => s.segment).filter((g) => g.trim() !== '');
  return parts.length >= 5 && parts.every(isEmoji);
}

/** Wraps each emoji grapheme of already-escaped text in a `.emoji` span. */
function wrapEmoji(escaped: string): string {
  let out = '';
  for (const { segment } of graphemes.segment(escaped)) out += isEmoji(segment) ? `<span class="emoji">${segment}</span>` : segment;
  return out;
}

/** A Discord timestamp: the page's script fills in the text (and keeps `R` counting). */
function timestamp(unix: string, style: string): string {
  const iso = new Date(Number(unix) * 1000).toISOString();
  return `<span class="ts" data-unix="${unix}" data-style="${style}" title="${iso}">${iso}</span>`;
}

/** Inline markdown of one line (no newlines) as HTML. */
export function inline(text: string): string {
  const held: string[] = [];
  const hold = (html: string): string => `\u0000${held.push(html) - 1}\u0000`;
  let s = text
    .replace(/`([^`]+)`/g, (_, code: string) => hold(`<code class="inline">${escapeHtml(code)}</code>`))
    .replace(/<t:(-?\d{1,13})(?::([tTdDfFR]))?>/g, (_, unix: string, style: string | undefined) => hold(timestamp(unix, style ?? 'f')))
    .replace(/\[([^\]]+)\]\((https?:\/\/[^\s)]+)\)/g, (_, label: string, url: string) => hold(`<a href="${escapeHtml(url)}">${escapeHtml(label)}</a>`));
  s = wrapEmoji(escapeHtml(s));
  s = s
    .replace(/\*\*(.+?)\*\*/g, '<strong>$1</strong>')
    .replace(/__(.+?)__/g, '<u>$1</u>')
    .replace(/~~(.+?)~~/g, '<s>$1</s>')
    .replace(/(^|[^*\w])\*(?!\s)(.+?)\*(?![*\w])/g, '$1<em>$2</em>')
    .replace(/(^|[^\w])_(?!\s)(.+?)_(?!\w)/g, '$1<em>$2</em>');
  return s.replace(/\u0000(\d+)\u0000/g, (_, i: string) => held[Number(i)]!);
}

/** One text line as a `.ln` block (headers, subtext and quotes styled as Discord does). */
function textLine(line: string): string {
  const header = /^(#{1,3}) (.*)$/.exec(line);
  if (header) return `<div class="ln h${header[1]!.length}"><span class="lt">${inline(header[2]!)}</span></div>`;
  if (line.startsWith('-# ')) return `<div class="ln subtext"><span class="lt">${inline(line.slice(3))}</span></div>`;
  if (line.startsWith('> ')) return `<div class="ln quote"><span class="lt">${inline(line.slice(2))}</span></div>`;
  if (line.trim() === '') return '<div class="ln empty"><span class="lt"></span></div>';
  return `<div class="ln${isTileRow(line) ? ' map-row' : ''}"><span class="lt">${inline(line)}</span></div>`;
}

/** A fenced code block: monospace, each line its own `.ln.map-row` (the bot's only code block is the ASCII map). */
function codeBlock(body: string): string {
  const lines = body.replace(/\n$/, '').split('\n');
  return `<pre class="code"><code>${lines.map((l) => `<div class="ln map-row"><span class="lt">${escapeHtml(l) || ' '}</span></div>`).join('')}</code></pre>`;
}

/** Discord markdown (the subset above) as HTML. */
export function markdown(text: string): string {
  const out: string[] = [];
  const fence = /```(?:([\w+-]*)\n)?([\s\S]*?)```/g;
  let at = 0;
  for (let m = fence.exec(text); m; m = fence.exec(text)) {
    const before = text.slice(at, m.index).replace(/\n$/, '');
    if (before !== '') out.push(...before.split('\n').map(textLine));
    out.push(codeBlock(m[2] ?? ''));
    at = m.index + m[0].length;
    if (text[at] === '\n') at++;
  }
  const rest = text.slice(at);
  if (rest !== '') out.push(...rest.split('\n').map(textLine));
  return out.join('');
}
