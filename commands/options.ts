/** Zod builders for command options that accept both Discord's typed values and the terminal's strings, with friendly errors. */
import { z } from 'zod';

/** Marks an issue message as a catalogue message (`opt.*`): commands/replies.ts optionErrorText words it for the reader. */
export const OPTION_MESSAGE = 'i18n:';

/** An issue message naming catalogue key `k` with values `v` (English when shown as it is: never, optionErrorText reads it). */
function optionMessage(k: string, v: Record<string, string | number> = {}): string {
  return `${OPTION_MESSAGE}${JSON.stringify({ k, v })}`;
}

/** A whole number in [min, max]; numeric strings are accepted (the terminal types them). */
export function intOption(min: number, max: number) {
  const msg = optionMessage('opt.int', { min, max });
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*-?\d+\s*$/.test(v) ? Number(v) : v),
    z.number({ error: msg }).int({ error: msg }).min(min, { error: msg }).max(max, { error: msg }),
  );
}

/** One of a fixed list of words (case-insensitive from the terminal). */
export function choiceOption<const T extends readonly [string, ...string[]]>(values: T, aliases: Record<string, T[number]> = {}) {
  const msg = optionMessage('opt.choice', { values: values.join(', ') });
  // Matched without regard to case, so mixed-case values (the language codes en-US, pt-BR) read as typed in any case.
  const byLower = new Map(values.map((v) => [v.toLowerCase(), v]));
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const lower = v.trim().toLowerCase();
    return aliases[lower] ?? byLower.get(lower) ?? lower;
  }, z.enum(values, { error: msg }));
}

/** true/false (yes/no, on/off from the terminal). */
export function boolOption() {
  const words: Record<string, boolean> = { true: true, yes: true, on: true, false: false, no: false, off: false };
  return z.preprocess(
    (v) => (typeof v === 'string' ? (words[v.trim().toLowerCase()] ?? v) : v),
    z.boolean({ error: optionMessage('opt.bool') }),
  );
}

/** A channel: Discord gives its id; the terminal may type `<#id>` or `#id`. */
export function channelOption() {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/^<#(\d+)>$/, '$1').replace(/^#(\d+)$/, '$1') : v),
    z.string({ error: optionMessage('opt.channel') }).regex(/^\d{1,20}$/, { error: optionMessage('opt.channel') }),
  );
}

/** A user: Discord gives their id; the terminal may type `<@id>`, `<@!id>` or the id. */
export function userOption() {
  return z.preprocess(
    (v) => (typeof v === 'string' ? v.trim().replace(/^<@!?(\d+)>$/, '$1') : v),
    z.string({ error: optionMessage('opt.user') }).regex(/^\d{1,20}$/, { error: optionMessage('opt.user') }),
  );
}

/** Builds the object the command's schema parses: the subcommand (`group sub` in a group) plus the options. */
export function schemaInput(inv: { group: string | null; subcommand: string | null; options: Record<string, unknown> }): Record<string, unknown> {
  const subcommand = inv.group ? `${inv.group} ${inv.subcommand ?? ''}`.trim() : (inv.subcommand ?? '');
  return { ...inv.options, subcommand };
}

/** The issue message for an unknown subcommand, naming the command's help. */
export function unknownSubcommand(command: string): { error: string } {
  return { error: optionMessage(command === 'rogue' ? 'reply.unknown-subcommand' : 'reply.unknown-subcommand.config') };
}
