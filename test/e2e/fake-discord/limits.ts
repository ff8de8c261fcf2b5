/**
 * Discord's payload limits, checked the way Discord checks them: lengths in Unicode code points,
 * failures reported as 50035 "Invalid Form Body" with a nested `errors` tree.
 */

/** One leaf error, as Discord reports it. */
export interface FieldError {
  code: string;
  message: string;
}

/** Discord's nested error tree: keys are field names or array indices, leaves hold `_errors`. */
export interface ErrorTree {
  _errors?: FieldError[];
  [key: string]: ErrorTree | FieldError[] | undefined;
}

/** A JSON error body the fake answers with. */
export interface DiscordError {
  code: number;
  message: string;
  errors?: ErrorTree;
}

/** The limits Discord enforces on messages (exported so tests can name them). */
export const LIMITS = {
  content: 2000,
  embeds: 10,
  embedTitle: 256,
  embedDescription: 4096,
  embedFields: 25,
  fieldName: 256,
  fieldValue: 1024,
  footerText: 2048,
  authorName: 256,
  embedTotal: 6000,
  actionRows: 5,
  rowButtons: 5,
  customId: 100,
  buttonLabel: 80,
  selectOptions: 25,
  selectPlaceholder: 150,
  optionText: 100,
  commandName: 32,
  commandDescription: 100,
  commandOptions: 25,
  commands: 100,
} as const;

/** Length as Discord counts it: Unicode code points, not UTF-16 units. */
export function discordLength(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** Collects errors into Discord's tree shape. */
class Collector {
  readonly tree: ErrorTree = {};
  count = 0;

  add(path: (string | number)[], code: string, message: string): void {
    let node: ErrorTree = this.tree;
    for (const key of path) {
      const k = String(key);
      const next = node[k];
      if (next === undefined || Array.isArray(next)) {
        const created: ErrorTree = {};
        node[k] = created;
        node = created;
      } else {
        node = next;
      }
    }
    (node._errors ??= []).push({ code, message });
    this.count++;
  }

  maxLength(path: (string | number)[], value: unknown, max: number, required = false): number {
    if (value === undefined || value === null) {
      if (required) this.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
      return 0;
    }
    if (typeof value !== 'string') {
      this.add(path, 'BASE_TYPE_STRING', 'Must be a string.');
      return 0;
    }
    const len = discordLength(value);
    if (required && len === 0) this.add(path, 'BASE_TYPE_REQUIRED', 'This field is required');
    else if (len > max) this.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
    return len;
  }

  between(path: (string | number)[], value: unknown, min: number, max: number): void {
    if (typeof value !== 'string') {
      this.add(path, value === undefined || value === null ? 'BASE_TYPE_REQUIRED' : 'BASE_TYPE_STRING', value === undefined || value === null ? 'This field is required' : 'Must be a string.');
      return;
    }
    const len = discordLength(value);
    if (len < min || len > max) this.add(path, 'BASE_TYPE_BAD_LENGTH', `Must be between ${min} and ${max} in length.`);
  }

  arrayMax(path: (string | number)[], value: unknown[], max: number): void {
    if (value.length > max) this.add(path, 'BASE_TYPE_MAX_LENGTH', `Must be ${max} or fewer in length.`);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function text(v: unknown): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

function checkEmbeds(c: Collector, base: (string | number)[], embeds: unknown): void {
  if (embeds === undefined || embeds === null) return;
  if (!Array.isArray(embeds)) {
    c.add([...base, 'embeds'], 'BASE_TYPE_ARRAY', 'Must be an array.');
    return;
  }
  c.arrayMax([...base, 'embeds'], embeds, LIMITS.embeds);
  let total = 0;
  embeds.forEach((embed: unknown, i) => {
    const p = [...base, 'embeds', i];
    if (!isRecord(embed)) {
      c.add(p, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return;
    }
    total += c.maxLength([...p, 'title'], embed.title, LIMITS.embedTitle);
    total += c.maxLength([...p, 'description'], embed.description, LIMITS.embedDescription);
    if (isRecord(embed.footer)) total += c.maxLength([...p, 'footer', 'text'], embed.footer.text, LIMITS.footerText, true);
    if (isRecord(embed.author)) total += c.maxLength([...p, 'author', 'name'], embed.author.name, LIMITS.authorName, true);
    if (embed.fields !== undefined && embed.fields !== null) {
      if (!Array.isArray(embed.fields)) {
        c.add([...p, 'fields'], 'BASE_TYPE_ARRAY', 'Must be an array.');
      } else {
        c.arrayMax([...p, 'fields'], embed.fields, LIMITS.embedFields);
        embed.fields.forEach((field: unknown, j) => {
          const fp = [...p, 'fields', j];
          if (!isRecord(field)) {
            c.add(fp, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
            return;
          }
          total += c.maxLength([...fp, 'name'], field.name, LIMITS.fieldName, true);
          total += c.maxLength([...fp, 'value'], field.value, LIMITS.fieldValue, true);
        });
      }
    }
  });
  if (total > LIMITS.embedTotal) {
    c.add([...base, 'embeds'], 'MAX_EMBED_SIZE_EXCEEDED', `Embed size exceeds maximum size of ${LIMITS.embedTotal}`);
  }
}

const BUTTON = 2;
const SELECT_TYPES = new Set([3, 5, 6, 7, 8]);
const LINK_STYLE = 5;
const PREMIUM_STYLE = 6;

function checkComponents(c: Collector, base: (string | number)[], components: unknown, flags: number): void {
  if (components === undefined || components === null) return;
  const p0 = [...base, 'components'];
  if (!Array.isArray(components)) {
    c.add(p0, 'BASE_TYPE_ARRAY', 'Must be an array.');
    return;
  }
  // Components V2 messages use a different layout system; only the custom_id rules are checked there.
  const v2 = (flags & (1 << 15)) !== 0;
  if (!v2) c.arrayMax(p0, components, LIMITS.actionRows);
  const seen = new Set<string>();
  const checkCustomId = (p: (string | number)[], id: unknown): void => {
    c.between([...p, 'custom_id'], id, 1, LIMITS.customId);
    if (typeof id === 'string') {
      if (seen.has(id)) c.add([...p, 'custom_id'], 'COMPONENT_CUSTOM_ID_DUPLICATED', 'Component custom id cannot be duplicated');
      seen.add(id);
    }
  };
  components.forEach((row: unknown, i) => {
    const rp = [...p0, i];
    if (!isRecord(row)) {
      c.add(rp, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return;
    }
    if (row.type !== 1) {
      if (!v2) c.add([...rp, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (1,).');
      return;
    }
    const children = row.components;
    if (!Array.isArray(children) || children.length < 1 || children.length > LIMITS.rowButtons) {
      c.add([...rp, 'components'], 'BASE_TYPE_BAD_LENGTH', `Must be between 1 and ${LIMITS.rowButtons} in length.`);
      if (!Array.isArray(children)) return;
    }
    const hasSelect = children.some((ch: unknown) => isRecord(ch) && typeof ch.type === 'number' && SELECT_TYPES.has(ch.type));
    if (hasSelect && children.length > 1) {
      c.add([...rp, 'components'], 'COMPONENT_LAYOUT_WIDTH_EXCEEDED', 'The specified component exceeds the maximum width');
    }
    children.forEach((child: unknown, j) => {
      const cp = [...rp, 'components', j];
      if (!isRecord(child)) {
        c.add(cp, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
        return;
      }
      if (child.type === BUTTON) {
        c.maxLength([...cp, 'label'], child.label, LIMITS.buttonLabel);
        if (child.style === LINK_STYLE) {
          if (typeof child.url !== 'string') c.add([...cp, 'url'], 'BASE_TYPE_REQUIRED', 'This field is required');
          if (child.custom_id !== undefined) c.add([...cp, 'custom_id'], 'COMPONENT_INVALID_FIELD', 'A link button cannot have a custom_id');
        } else if (child.style !== PREMIUM_STYLE) {
          if (typeof child.style !== 'number' || child.style < 1 || child.style > 6) {
            c.add([...cp, 'style'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4, 5, 6}.');
          }
          checkCustomId(cp, child.custom_id);
        }
        if (child.label === undefined && child.emoji === undefined) {
          c.add(cp, 'COMPONENT_LAB_OR_EMOJI_REQUIRED', 'A label or emoji is required');
        }
      } else if (typeof child.type === 'number' && SELECT_TYPES.has(child.type)) {
        checkCustomId(cp, child.custom_id);
        c.maxLength([...cp, 'placeholder'], child.placeholder, LIMITS.selectPlaceholder);
        if (child.type === 3) {
          const opts = child.options;
          if (!Array.isArray(opts) || opts.length < 1 || opts.length > LIMITS.selectOptions) {
            c.add([...cp, 'options'], 'BASE_TYPE_BAD_LENGTH', `Must be between 1 and ${LIMITS.selectOptions} in length.`);
          } else {
            opts.forEach((o: unknown, k) => {
              if (!isRecord(o)) return;
              c.maxLength([...cp, 'options', k, 'label'], o.label, LIMITS.optionText, true);
              c.maxLength([...cp, 'options', k, 'value'], o.value, LIMITS.optionText, true);
              c.maxLength([...cp, 'options', k, 'description'], o.description, LIMITS.optionText);
            });
          }
        }
      } else {
        c.add([...cp, 'type'], 'UNION_TYPE_CHOICES', 'Value of field "type" must be one of (2, 3, 5, 6, 7, 8).');
      }
    });
  });
}

/** Checks a message create/edit body; `base` nests the errors (["data"] for interaction callbacks). Returns a 50035 error or null. */
export function validateMessage(body: unknown, base: string[] = []): DiscordError | null {
  const c = new Collector();
  if (!isRecord(body)) {
    c.add(base, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
  } else {
    c.maxLength([...base, 'content'], body.content, LIMITS.content);
    checkEmbeds(c, base, body.embeds);
    const flags = typeof body.flags === 'number' ? body.flags : 0;
    checkComponents(c, base, body.components, flags);
    // An attachment's description is its alt text: at most 1,024 characters.
    if (Array.isArray(body.attachments)) body.attachments.forEach((a: unknown, i) => isRecord(a) && c.maxLength([...base, 'attachments', i, 'description'], a.description, 1024));
  }
  return c.count === 0 ? null : { code: 50035, message: 'Invalid Form Body', errors: c.tree };
}

const NAME_RE = /^[-_\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$/u;

function checkCommandOptions(c: Collector, base: (string | number)[], options: unknown, depth: number): void {
  if (options === undefined || options === null) return;
  if (!Array.isArray(options)) {
    c.add(base, 'BASE_TYPE_ARRAY', 'Must be an array.');
    return;
  }
  c.arrayMax(base, options, LIMITS.commandOptions);
  const names = new Set<string>();
  options.forEach((opt: unknown, i) => {
    const p = [...base, i];
    if (!isRecord(opt)) {
      c.add(p, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
      return;
    }
    checkName(c, [...p, 'name'], opt.name);
    if (typeof opt.name === 'string') {
      if (names.has(opt.name)) c.add([...p, 'name'], 'APPLICATION_COMMAND_OPTIONS_NAME_ALREADY_EXISTS', 'Option names must be unique');
      names.add(opt.name);
    }
    c.between([...p, 'description'], opt.description, 1, LIMITS.commandDescription);
    if (typeof opt.type !== 'number' || opt.type < 1 || opt.type > 11) {
      c.add([...p, 'type'], 'BASE_TYPE_CHOICES', 'Value must be one of {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}.');
    }
    if (Array.isArray(opt.choices)) c.arrayMax([...p, 'choices'], opt.choices, 25);
    // Sub-commands (1) and groups (2) nest; groups hold sub-commands, which hold plain options.
    if ((opt.type === 1 || opt.type === 2) && depth < 2) checkCommandOptions(c, [...p, 'options'], opt.options, depth + 1);
  });
}

function checkName(c: Collector, p: (string | number)[], name: unknown): void {
  if (typeof name !== 'string' || !NAME_RE.test(name) || name !== name.toLowerCase()) {
    c.add(p, 'APPLICATION_COMMAND_INVALID_NAME', 'Command name is invalid');
  }
}

/** Checks a bulk command overwrite body lightly (names, descriptions, option counts). Returns a 50035 error or null. */
export function validateCommands(body: unknown): DiscordError | null {
  const c = new Collector();
  if (!Array.isArray(body)) {
    c.add([], 'BASE_TYPE_ARRAY', 'Must be an array.');
  } else {
    c.arrayMax([], body, LIMITS.commands);
    const names = new Set<string>();
    body.forEach((cmd: unknown, i) => validateOneCommand(c, [i], cmd, names));
  }
  return c.count === 0 ? null : { code: 50035, message: 'Invalid Form Body', errors: c.tree };
}

/** Checks one command (POST create); same rules as in a bulk overwrite. */
export function validateCommand(body: unknown): DiscordError | null {
  const c = new Collector();
  validateOneCommand(c, [], body, new Set());
  return c.count === 0 ? null : { code: 50035, message: 'Invalid Form Body', errors: c.tree };
}

function validateOneCommand(c: Collector, p: (string | number)[], cmd: unknown, names: Set<string>): void {
  if (!isRecord(cmd)) {
    c.add(p, 'MODEL_TYPE_CONVERT', 'Only dictionaries may be used in a ModelType');
    return;
  }
  const type = typeof cmd.type === 'number' ? cmd.type : 1;
  if (type === 1) {
    checkName(c, [...p, 'name'], cmd.name);
    c.between([...p, 'description'], cmd.description, 1, LIMITS.commandDescription);
  } else {
    c.between([...p, 'name'], cmd.name, 1, LIMITS.commandName);
  }
  const key = `${type}:${text(cmd.name) ?? ''}`;
  if (names.has(key)) c.add([...p, 'name'], 'APPLICATION_COMMANDS_DUPLICATE_NAME', 'Application command names must be unique');
  names.add(key);
  checkCommandOptions(c, [...p, 'options'], cmd.options, 0);
}
