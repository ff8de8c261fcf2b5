/**
 * /rogue help: one phone screen (what the game is, the two inputs to a first move, what each button does), with the
 * longer topics behind buttons (each answers privately with its text and the same buttons). The words are the words
 * on the game message: "to act", "acted", "fighting", "rounds in fights", "free turns".
 */
import { CALM_ROUNDS, ITEM_KINDS, ITEMS, REVIVE_FRACTION, SCALING_RULE, SCORE_RULE, THROW_RANGE } from '../src/engine/index.js';
import { ABILITIES, OFFERED_ROLES, ROLES } from '../src/engine/roles.js';
import type { ButtonSpec } from './controls/layouts.js';

/** The help topics, in the order their buttons show. */
export const HELP_TOPICS = {
  moves: {
    emoji: '🧭',
    label: 'Moving and fighting',
    text: [
      '**Moving and fighting**',
      '• Arrows move; walking into a monster attacks it, walking into a party member swaps places with them (it costs your turn). On the shared message an arrow is lit when a party member can go that way; 🎮 shows your own.',
      '• 🧭 explore walks on (teammates in sight follow) until someone is hit or sees a monster, an item or the stairs. 🏃 walks to the seen stairs. 💤 rests until healed. None of them with a monster in view.',
      '• ⚔️ fight: strike the nearest monster after the party (let it come, or go to it) round after round, until you drop below ½ or ¼ HP, someone falls or a new kind of monster shows.',
      `• 🧪 drinks a potion. \`/rogue use item direction [distance]\` uses ${ITEM_KINDS.map((k) => ITEMS[k].art.emoji).join('')}: a lure is thrown up to ${THROW_RANGE} tiles and monsters that can't see you go to it.`,
      '• Kills and depths give experience; a new level adds 5 HP, 1 attack, 1 damage.',
      `• Score: ${SCORE_RULE}.`,
    ],
  },
  party: {
    emoji: '👥',
    label: 'Playing with friends',
    text: [
      '**Playing with friends**',
      '• `/rogue new` starts at once; friends press ➕ join while a seat is free. `/rogue new party:4` opens a lobby for four: ➕ join, ➖ leave, the host starts it with ▶️ (or it starts when full, or after 3 minutes).',
      '• **Free turns**: anyone acts any time. **Rounds in fights**: everyone walks freely until a monster after the party is seen; then each acts once a round (the party list says who is "to act", who "acted", who is "fighting" by ⚔️ order) until none is seen for ' + `${CALM_ROUNDS} rounds. ⏳ holds until a monster comes next to you.`,
      '• Each ring on the picture carries its player\'s number, the same as in the party list; 🎮 shows your own view and buttons.',
      `• Fallen players watch and stand up again at the stairs with ${Math.round(REVIVE_FRACTION * 100)}% HP when the party goes down.`,
      `• Party size: ${SCALING_RULE}`,
      '• 🏳️ end: the host ends the run (after a second tap); others vote, and a majority of the living ends it. 👢 or `/rogue party kick`: the host removes a player.',
    ],
  },
  roles: {
    emoji: '✨',
    label: 'Roles and abilities',
    text: [
      '**Roles and abilities**',
      '• Pick your hero with `/rogue join role:` (also to change it before the run begins; the default is fighter), or `/rogue new role:`.',
      ...OFFERED_ROLES.map((r) => `• ${ROLES[r].art.emoji} ${r}: ${ROLES[r].blurb}`),
      `• The ✨ button (and 🎮) uses your ability: ${OFFERED_ROLES.map((r) => ABILITIES[ROLES[r].ability!]).map((a) => `${a.art.emoji} ${a.name}: ${a.blurb}`).join('; ')}.`,
    ],
  },
  runs: {
    emoji: '📅',
    label: 'Daily and replays',
    text: [
      '**Daily, boards and replays**',
      "• `/rogue daily`: today's dungeon, the same everywhere; one scored attempt a day (`practice:true` for more).",
      '• `/rogue runs board [scope] [yesterday]`: the verified boards. `/rogue runs history [user]`: the last runs. `/rogue runs replay` (🎞️): a GIF of the end of the last run.',
      '• ▶️ Play again: the finished run\'s players start a new one with the same settings.',
    ],
  },
  commands: {
    emoji: '📜',
    label: 'All commands',
    text: [
      '**All commands** (the old names, like `/rogue wait`, still work)',
      '• `/rogue new`, `join`, `me` (🎮), `move`, `fight`, `explore`, `use`, `map` (repost the message), `log` (the longer log, "since your last action" marked), `status`, `end`, `daily`, `prefs` (your private views; `style:text` for screen readers), `help`.',
      '• `/rogue act wait|rest|travel|descend` · `/rogue party start|leave|kick|again` · `/rogue runs board|history|replay`.',
      '• Admins (Manage Server): `/rogue-config show|set|channel add|channel remove|reset-game|reset`.',
    ],
  },
} as const satisfies Record<string, { emoji: string; label: string; text: readonly string[] }>;

/** A help topic. */
export type HelpTopic = keyof typeof HELP_TOPICS;
/** The topics, in button order. */
export const HELP_TOPIC_IDS = Object.keys(HELP_TOPICS) as [HelpTopic, ...HelpTopic[]];

/** The first screen of /rogue help. */
export const HELP_TEXT = [
  '**Channel Crawler**: take the stairs down five levels, alone or with friends in this channel.',
  '**Start**: `/rogue new`, then press an arrow. Friends press ➕ join.',
  '**Buttons**: ⬅️⬆️⬇️➡️ move (into a monster: attack) · ⚔️ fight · ✨ your role’s ability · 🧪 drink a potion · ⏳ wait · 🧭 explore · 🏃 to the stairs · 💤 rest · 🪜 descend · 🎮 your own view and buttons · 🏳️ end · ➕ join · ▶️ play again.',
  '**The message**: each line of the party is a player: ring and number (as on the picture), HP, potions, and in a fight "to act" or "acted". Monsters follow with their HP and whom they attack (→ name); › lines are the latest events.',
  'More below, or `/rogue log` for the whole log.',
].join('\n');

/** The text of a topic. */
export function helpTopicText(topic: HelpTopic): string {
  return HELP_TOPICS[topic].text.join('\n');
}

/** The topic buttons, built by `button` (the controls' codec makes the custom id): one row. */
export function helpButtons(button: (topic: HelpTopic) => ButtonSpec): ButtonSpec[][] {
  return [HELP_TOPIC_IDS.map(button)];
}
