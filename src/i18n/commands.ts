/**
 * Deploy-time command localisation: walks a command's JSON (as Discord takes it) and fills name_localizations,
 * description_localizations and each choice's name_localizations from the catalogues, by path keys:
 * `command.<command>[.<group>][.<sub>][.<option>].name|description` and `choice.<value>`. The definitions stay
 * English-only; a node a catalogue lacks keeps Discord's fallback to the default (and fails the completeness test).
 */
import { LOCALE_CODES, LOCALES, SOURCE, type Catalogue, type Locale } from './locales.js';

/** A Discord locale code -> text map (Discord's `name_localizations` / `description_localizations`). */
export type Localizations = Record<string, string>;

/** The part of a command, option or subcommand the localiser reads and writes (structural: no Discord import). */
export interface CommandNode {
  name: string;
  description?: string;
  options?: readonly CommandNode[];
  choices?: readonly { name: string; value: string | number; name_localizations?: Localizations }[];
  name_localizations?: Localizations;
  description_localizations?: Localizations;
}

/** The keys of one node: `command.rogue.new.seed`. */
export function nodeKey(path: readonly string[]): string {
  return `command.${path.join('.')}`;
}

/** The key of a choice's shown name: one per value, shared by every option offering it. */
export function choiceKey(value: string | number): string {
  return `choice.${String(value)}`;
}

/** The Discord locales a language row is registered under: its own code and those it serves (es-ES also for es-419). */
function discordCodes(locale: Locale): readonly string[] {
  return [locale, ...LOCALES[locale].serves];
}

/** Texts of `key` in every non-English language that has it, under every Discord code that language serves. */
function localizations(key: string): Localizations | undefined {
  const out: Localizations = {};
  for (const locale of LOCALE_CODES) {
    if (locale === 'en-US') continue;
    const text = (LOCALES[locale].catalogue as Catalogue)[key];
    if (text !== undefined) for (const code of discordCodes(locale)) out[code] = text;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

function localiseNode<T extends CommandNode>(node: T, path: readonly string[]): T {
  const here = [...path, node.name];
  const key = nodeKey(here);
  const names = localizations(`${key}.name`);
  const descriptions = node.description !== undefined ? localizations(`${key}.description`) : undefined;
  const choices = node.choices?.map((c) => {
    const shown = localizations(choiceKey(c.value));
    // A choice English names differently from its value ("English" for en-US) takes that as its default name.
    const english = (SOURCE as Catalogue)[choiceKey(c.value)];
    return { ...c, ...(english !== undefined ? { name: english } : {}), ...(shown ? { name_localizations: shown } : {}) };
  });
  const options = node.options?.map((o) => localiseNode(o, here));
  return {
    ...node,
    ...(names ? { name_localizations: names } : {}),
    ...(descriptions ? { description_localizations: descriptions } : {}),
    ...(choices ? { choices } : {}),
    ...(options ? { options } : {}),
  };
}

/** A copy of a command's JSON with every localisation the catalogues hold. */
export function localiseCommand<T extends CommandNode>(command: T): T {
  return localiseNode(command, []);
}

/** Every catalogue key a command tree needs: each node's name and description, each choice's shown name. */
export function commandKeys(commands: readonly CommandNode[]): Set<string> {
  const keys = new Set<string>();
  const walk = (node: CommandNode, path: readonly string[]): void => {
    const here = [...path, node.name];
    keys.add(`${nodeKey(here)}.name`);
    if (node.description !== undefined) keys.add(`${nodeKey(here)}.description`);
    for (const c of node.choices ?? []) keys.add(choiceKey(c.value));
    for (const o of node.options ?? []) walk(o, here);
  };
  for (const c of commands) walk(c, []);
  return keys;
}
