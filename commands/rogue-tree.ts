/**
 * The shape of /rogue: the most used subcommands at the top (one word after /rogue), the rarely typed ones in three
 * groups (act, party, runs), and the old flat names of the 25-subcommand tree kept as aliases, so a client with a
 * stale command list (global commands take a while to update) and old habits still reach the same action.
 */

/** The groups of /rogue and their subcommands, in the order Discord lists them. */
export const ROGUE_GROUPS = {
  act: ['wait', 'rest', 'travel', 'descend'],
  party: ['start', 'leave', 'kick', 'again'],
  runs: ['board', 'history', 'replay'],
} as const satisfies Record<string, readonly string[]>;

/** A group of /rogue. */
export type RogueGroup = keyof typeof ROGUE_GROUPS;

/** The top-level subcommands of /rogue, most used first. */
export const ROGUE_TOP = ['new', 'join', 'me', 'move', 'fight', 'explore', 'use', 'map', 'log', 'status', 'end', 'daily', 'prefs', 'help', 'about', 'forget'] as const;

/** Old flat names (`/rogue wait`) and where they live now (`act wait`): every grouped subcommand, by its own name. */
export const LEGACY_PATHS: Readonly<Record<string, string>> = Object.fromEntries(
  (Object.entries(ROGUE_GROUPS) as [RogueGroup, readonly string[]][]).flatMap(([group, subs]) => subs.map((s) => [s, `${group} ${s}`])),
);

/** The schema key of an invocation: `act wait` for a grouped subcommand, whether typed in its group or by its old flat name. */
export function roguePath(inv: { group: string | null; subcommand: string | null }): string {
  if (inv.group !== null) return `${inv.group} ${inv.subcommand ?? ''}`.trim();
  const sub = inv.subcommand ?? '';
  return LEGACY_PATHS[sub] ?? sub;
}

/** How /rogue <path> is typed today (`/rogue act wait`), for help and replies. */
export function slash(sub: string): string {
  const path = LEGACY_PATHS[sub] ?? sub;
  return `/rogue ${path}`;
}
