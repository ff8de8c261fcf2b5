/** Chat-input options -> Invocation, for any transport (the same flattening the gateway router does). */
import type { Invocation, OptionValue } from '../../../commands/types.js';

/** One option as Discord sends it: a subcommand (1), a group (2), or a leaf with a value. */
export interface RawOption {
  name: string;
  type: number;
  value?: OptionValue | null | undefined;
  options?: readonly RawOption[] | undefined;
}

const SUBCOMMAND = 1;
const SUBCOMMAND_GROUP = 2;

/** Flattens a chat-input interaction's options (group, subcommand, leaves) into an Invocation. */
export function invocationOf(commandName: string, data: readonly RawOption[]): Invocation {
  let group: string | null = null;
  let subcommand: string | null = null;
  let leaves: readonly RawOption[] = data;
  const first = data[0];
  if (first && first.type === SUBCOMMAND_GROUP) {
    group = first.name;
    const sub = first.options?.[0];
    subcommand = sub?.name ?? null;
    leaves = sub?.options ?? [];
  } else if (first && first.type === SUBCOMMAND) {
    subcommand = first.name;
    leaves = first.options ?? [];
  }
  const options: Record<string, OptionValue> = {};
  for (const o of leaves) if (o.value !== undefined && o.value !== null) options[o.name] = o.value;
  return { command: commandName, group, subcommand, options };
}
