/**
 * /rogue help: one phone screen (what the game is, the two inputs to a first move, what each button does), with the
 * longer topics behind buttons (each answers privately with its text and the same buttons). The words are the words
 * on the game message: "to act", "acted", "fighting", "rounds in fights", "free turns". Every sentence is a catalogue
 * message (`help.*`, `role.*`, `ability.*`); the numbers come from the engine, command names from the localised tree.
 */
import { CALM_ROUNDS, ITEM_KINDS, ITEMS, MAP_KIND_RULES, MAP_KINDS, REVIVE_FRACTION, THROW_RANGE } from '../src/engine/index.js';
import { DEPTH_HP_STEP, PARTY_HP_STEP } from '../src/engine/difficulty.js';
import { ABILITIES, OFFERED_ROLES, ROLES, type AbilityKind, type RoleKind } from '../src/engine/roles.js';
import { DEFAULT_LOCALE, hasMessage, isLocale, t, tDynamic, type Locale } from '../src/i18n/index.js';
import type { ButtonSpec } from './controls/layouts.js';
import { ROGUE_GROUPS, ROGUE_TOP } from './rogue-tree.js';

/** The help topics, in the order their buttons show: the emoji, the button verb (its label is `button.<verb>`). */
export const HELP_TOPICS = {
  moves: { emoji: '🧭', verb: 'hmov', label: t(DEFAULT_LOCALE, 'button.hmov') },
  party: { emoji: '👥', verb: 'hpty', label: t(DEFAULT_LOCALE, 'button.hpty') },
  roles: { emoji: '✨', verb: 'hrol', label: t(DEFAULT_LOCALE, 'button.hrol') },
  runs: { emoji: '📅', verb: 'hrun', label: t(DEFAULT_LOCALE, 'button.hrun') },
  commands: { emoji: '📜', verb: 'hcmd', label: t(DEFAULT_LOCALE, 'button.hcmd') },
} as const satisfies Record<string, { emoji: string; verb: string; label: string }>;

/** A help topic. */
export type HelpTopic = keyof typeof HELP_TOPICS;
/** The topics, in button order. */
export const HELP_TOPIC_IDS = Object.keys(HELP_TOPICS) as [HelpTopic, ...HelpTopic[]];

/** A choice's shown name in `locale` (`choice.<value>`; English shows the value itself). */
export function choiceName(locale: Locale, value: string): string {
  return hasMessage(locale, `choice.${value}`) ? tDynamic(locale, `choice.${value}`) : value;
}

/** A role's name in `locale` (the name its choice shows). */
export function roleName(locale: Locale, role: RoleKind): string {
  return choiceName(locale, role);
}

/** An ability's name in `locale` (English: the engine's own). */
export function abilityName(locale: Locale, ability: AbilityKind): string {
  return tDynamic(locale, `ability.${ability}.name`);
}

/** A command path's name as `locale` registers it (`command.rogue.act.wait.name`), English: the path's last word. */
function commandName(locale: Locale, path: readonly string[]): string {
  const key = `command.${path.join('.')}.name`;
  return locale !== DEFAULT_LOCALE && hasMessage(locale, key) ? tDynamic(locale, key) : path[path.length - 1]!;
}

/** A signed percentage the reader's way (+60%, +60 %). */
function percent(locale: Locale, fraction: number): string {
  return new Intl.NumberFormat(locale, { style: 'percent', signDisplay: 'always', maximumFractionDigits: 0 }).format(fraction);
}

/** The admin command's subcommands as typed, in `locale`. */
const CONFIG_PATHS = [['show'], ['set'], ['channel', 'add'], ['channel', 'remove'], ['reset-game'], ['reset']] as const;

/** Values of the topic messages: the engine's numbers, lists built in the reader's language. */
function topicValues(topic: HelpTopic, locale: Locale): Record<string, string | number> {
  switch (topic) {
    case 'moves':
      return { items: ITEM_KINDS.map((k) => ITEMS[k].art.emoji).join(''), range: THROW_RANGE };
    case 'party':
      return {
        calm: CALM_ROUNDS,
        revive: Math.round(REVIVE_FRACTION * 100),
        steps: MAP_KINDS.map((k) => `${choiceName(locale, k)} ${percent(locale, MAP_KIND_RULES[k].partyStep)}`).join(', '),
        hp: Math.round(PARTY_HP_STEP * 100),
        depthHp: Math.round(DEPTH_HP_STEP * 100),
      };
    case 'roles':
      return {
        roles: OFFERED_ROLES.map((r) => t(locale, 'help.roles.role', { emoji: ROLES[r].art.emoji, name: roleName(locale, r), blurb: tDynamic(locale, `role.${r}.blurb`) })).join('\n'),
        abilities: OFFERED_ROLES.map((r) => ROLES[r].ability!).map((a) => t(locale, 'help.roles.ability', { emoji: ABILITIES[a].art.emoji, name: abilityName(locale, a), blurb: tDynamic(locale, `ability.${a}.blurb`) })).join('; '),
      };
    case 'runs':
      return {};
    case 'commands': {
      const rogue = (path: readonly string[]): string => commandName(locale, ['rogue', ...path]);
      const groups = Object.entries(ROGUE_GROUPS).map(([g, subs]) => `\`/rogue ${rogue([g])} ${subs.map((s) => rogue([g, s])).join('|')}\``);
      const config = CONFIG_PATHS.map((p) => p.map((_, i) => commandName(locale, ['rogue-config', ...p.slice(0, i + 1)])).join(' '));
      return {
        top: `\`/rogue ${rogue([ROGUE_TOP[0]])}\`, ${ROGUE_TOP.slice(1).map((s) => `\`${rogue([s])}\``).join(', ')}`,
        groups: groups.join('\n• '),
        admin: `\`/rogue-config ${config.join('|')}\``,
      };
    }
  }
}

/** The first screen of /rogue help in `locale`. */
export function helpText(locale: Locale = DEFAULT_LOCALE): string {
  return t(locale, 'help.intro');
}

/** The first screen of /rogue help (English). */
export const HELP_TEXT = helpText(DEFAULT_LOCALE);

/** The text of a topic in `locale` (English for anything else, so `HELP_TOPIC_IDS.map(helpTopicText)` reads English). */
export function helpTopicText(topic: HelpTopic, locale?: unknown): string {
  const lang = isLocale(locale) ? locale : DEFAULT_LOCALE;
  return tDynamic(lang, `help.${topic}`, topicValues(topic, lang));
}

/** The topic buttons, built by `button` (the controls' codec makes the custom id): one row. */
export function helpButtons(button: (topic: HelpTopic) => ButtonSpec): ButtonSpec[][] {
  return [HELP_TOPIC_IDS.map(button)];
}
