import { describe, expect, it } from 'vitest';
import { commands } from '../../commands/index.js';
import { commandKeys, localiseCommand, nodeKey, type CommandNode } from '../../src/i18n/commands.js';
import { LOCALE_CODES, LOCALES, type Catalogue } from '../../src/i18n/locales.js';

const tree = commands.map((c) => c.data.toJSON() as CommandNode);
const localised = tree.map(localiseCommand);
const needed = commandKeys(tree);
const others = LOCALE_CODES.filter((c) => c !== 'en-US');
/** Discord's rule for command and option names (developers/interactions/application-commands, "Naming"). */
const NAME = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

/** Every node of a localised tree with its path. */
function nodes(node: CommandNode, path: string[] = []): { path: string[]; node: CommandNode }[] {
  const here = [...path, node.name];
  return [{ path: here, node }, ...(node.options ?? []).flatMap((o) => nodes(o, here))];
}
const all = localised.flatMap((c) => nodes(c));

/** A text's length as Discord counts it (code points). */
const len = (s: string): number => [...s].length;

describe('command localisations', () => {
  it.each(others)('GIVEN %s WHEN compared with the command tree THEN it names every node and choice, and nothing else', (code) => {
    const catalogue = LOCALES[code].catalogue as Catalogue;
    const missing = [...needed].filter((k) => !Object.hasOwn(catalogue, k));
    const extra = Object.keys(catalogue).filter((k) => (k.startsWith('command.') || k.startsWith('choice.')) && !needed.has(k));
    expect({ missing, extra }, `${code}: command keys out of step with commands/`).toEqual({ missing: [], extra: [] });
  });

  it.each(others)("GIVEN %s WHEN the tree is localised THEN every name obeys Discord's naming rule (lower case, 1-32, letters/digits/-/_)", (code) => {
    const bad = all
      .map(({ path, node }) => [path.join(' '), node.name_localizations?.[code]] as const)
      .filter(([, name]) => name === undefined || !NAME.test(name) || name !== name.toLowerCase());
    expect(bad).toEqual([]);
  });

  it.each(others)('GIVEN %s WHEN the tree is localised THEN descriptions and choice names are 1-100 characters', (code) => {
    const bad: string[] = [];
    for (const { path, node } of all) {
      const d = node.description_localizations?.[code];
      if (d === undefined || len(d) < 1 || len(d) > 100) bad.push(`${nodeKey(path)}.description`);
      for (const c of node.choices ?? []) {
        const n = c.name_localizations?.[code];
        if (n === undefined || len(n) < 1 || len(n) > 100) bad.push(`${nodeKey(path)} choice ${String(c.value)}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it.each(others)('GIVEN %s WHEN siblings are localised THEN no two share a name, nor take another sibling’s default name', (code) => {
    const clashes: string[] = [];
    for (const { path, node } of all) {
      const kids = node.options ?? [];
      const shown = kids.map((k) => k.name_localizations?.[code] ?? k.name);
      const dup = shown.filter((n, i) => shown.indexOf(n) !== i);
      const stolen = kids.filter((k, i) => kids.some((o, j) => j !== i && o.name === shown[i]));
      if (dup.length > 0 || stolen.length > 0) clashes.push(`${path.join(' ')}: ${[...dup, ...stolen.map((k) => k.name)].join(', ')}`);
    }
    expect(clashes).toEqual([]);
  });

  // Discord refuses a command past 4,000 characters (names, descriptions, choices and values, in a locale); the margin
  // keeps room for the next option, so adding one fails here and not at deploy time.
  it.each(localised.map((c) => [c.name, c] as const))('GIVEN /%s WHEN measured in its longest language per field THEN it stays within 4,000 characters, 300 to spare', (_name, command) => {
    const longest = (text: string, map?: Record<string, string>): number => Math.max(len(text), ...Object.values(map ?? {}).map(len));
    const size = (node: CommandNode): number =>
      longest(node.name, node.name_localizations) +
      longest(node.description ?? '', node.description_localizations) +
      (node.choices ?? []).reduce((n, c) => n + longest(c.name, c.name_localizations) + len(String(c.value)), 0) +
      (node.options ?? []).reduce((n, o) => n + size(o), 0);
    expect(size(command)).toBeLessThanOrEqual(4000 - 300);
  });

  it.each(LOCALE_CODES)('GIVEN %s WHEN its messages name a /rogue subcommand THEN that is the name the language registers', (code) => {
    const shown = (n: CommandNode): string => (code === 'en-US' ? n.name : (n.name_localizations?.[code] ?? n.name));
    const wrong: string[] = [];
    for (const [key, text] of Object.entries(LOCALES[code].catalogue as Catalogue)) {
      for (const m of text.matchAll(/\/(rogue(?:-config)?) ([^\s:.,)`]+)(?: ([^\s:.,)`]+))?/gu)) {
        const sub = localised.find((c) => shown(c) === m[1])?.options?.find((o) => shown(o) === m[2]);
        const grouped = sub && sub.options?.some((o) => o.options !== undefined);
        // A group must be followed by one of its subcommands ("/rogue act descend").
        if (!sub || (grouped && !sub.options!.some((o) => shown(o) === m[3]))) wrong.push(`${key}: ${m[0]}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('GIVEN the Spanish row WHEN localised THEN Latin-American Spanish (es-419) reads it too', () => {
    const rogue = localised.find((c) => c.name === 'rogue')!;
    expect(rogue.options?.find((o) => o.name === 'new')?.name_localizations).toMatchObject({ 'es-ES': 'nueva', 'es-419': 'nueva', de: 'neu', ru: 'новая' });
  });
});
