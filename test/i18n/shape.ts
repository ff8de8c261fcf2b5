/** The placeholder shape of an ICU message, read from intl-messageformat's own parser (getAst), for the completeness test. */
import { IntlMessageFormat } from 'intl-messageformat';

type Ast = ReturnType<IntlMessageFormat['getAst']>;
type Element = Ast[number];

/** Element types of @formatjs/icu-messageformat-parser (its TYPE enum). */
const ARGUMENT_TYPES: Readonly<Record<number, string>> = { 1: 'argument', 2: 'number', 3: 'date', 4: 'time', 5: 'select', 6: 'plural', 8: 'tag' };

/** One argument of a message: its name, its kind, and for select/plural the option keys. */
export interface ArgShape {
  name: string;
  kind: string;
  options: string[];
}

function walk(elements: Ast, out: Map<string, ArgShape>): void {
  for (const el of elements as Element[]) {
    const kind = ARGUMENT_TYPES[el.type];
    if (!kind || !('value' in el) || typeof el.value !== 'string') continue;
    const opts = 'options' in el && el.options && typeof el.options === 'object' ? (el.options as Record<string, { value: Ast }>) : null;
    const key = `${el.value}:${kind}`;
    const prior = out.get(key);
    const options = opts ? Object.keys(opts) : [];
    out.set(key, { name: el.value, kind: kind === 'plural' && 'pluralType' in el && el.pluralType === 'ordinal' ? 'selectordinal' : kind, options: [...new Set([...(prior?.options ?? []), ...options])].sort() });
    if (opts) for (const o of Object.values(opts)) walk(o.value, out);
  }
}

/** Every argument of `message` (nested ones too), sorted by name and kind. Throws on a message ICU cannot parse. */
export function messageShape(message: string, locale: string): ArgShape[] {
  const ast = new IntlMessageFormat(message, locale, undefined, { ignoreTag: true }).getAst();
  const out = new Map<string, ArgShape>();
  walk(ast, out);
  return [...out.values()].sort((a, b) => `${a.name}:${a.kind}`.localeCompare(`${b.name}:${b.kind}`));
}
