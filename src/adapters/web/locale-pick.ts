/**
 * The viewer's language from what a browser says it reads (navigator.languages, or an Accept-Language header), among
 * the languages the game speaks: an exact tag first, else the same language in another region (en-GB reads en-US,
 * es-MX es-ES, pt-PT pt-BR). Pure and import-free: the browser client and the server both use it.
 */

/** The tags of an Accept-Language header, most preferred first (q=0 dropped). */
export function acceptLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)).find(Boolean);
      return { tag: tag.trim(), q: q ? Number(q[1]) : 1, i };
    })
    .filter((x) => x.tag.length > 0 && x.tag !== '*' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((x) => x.tag);
}

/** The first of `wanted` the game speaks (one of `codes`), by exact tag or by language; null when none is. */
export function pickLocale<C extends string>(wanted: readonly string[], codes: readonly C[]): C | null {
  const lang = (tag: string): string => tag.toLowerCase().split(/[-_]/)[0] ?? '';
  for (const w of wanted) {
    const exact = codes.find((c) => c.toLowerCase() === w.toLowerCase().replace('_', '-'));
    if (exact) return exact;
    const same = codes.find((c) => lang(c) === lang(w));
    if (same) return same;
  }
  return null;
}
