/** Friendly words for every refusal, shared by Discord and the terminal so both say exactly the same thing. */
import type { z } from 'zod';
import type { EndVoteTally, ServiceFailure } from '../src/app/service-types.js';
import type { UserPrefs } from '../src/app/user-prefs.js';
import type { RejectionCode } from '../src/engine/types.js';

const REJECTIONS: Record<RejectionCode, string> = {
  wall: "There's a wall in the way.",
  'occupied-by-ally': 'A party member is standing there.',
  'not-in-game': "You're not in this game. Join with /rogue join.",
  dead: "You've fallen: watch the others. You stand up again at the stairs when the party goes down.",
  'game-over': 'This game is over. Start a new one with /rogue new.',
  'not-your-turn': "It's not your turn: you've already acted this round. Wait for the others or for the round timer.",
  'no-stairs': 'There are no stairs here. Find the > first.',
  'nothing-to-use': "You don't carry that. Items lie on the floor: walk over one to pick it up (see /rogue status).",
  'already-joined': "You're already in this game.",
  'game-full': 'The party is full.',
  'diagonal-not-allowed': 'This game only allows moves in four directions (north, south, east, west).',
  'not-rounds-mode': 'That only works in rounds mode.',
  'full-health': "You're already at full health: no need.",
  'monster-in-view': 'Not with a monster in view: fight it, back away or throw a lure first.',
  'monster-near': "A healer is watching you from close by: explore and travel won't walk you up to it. Step, fight (⚔️) or back away first.",
  'nothing-to-fight': 'No monster after the party in view to fight: ⚔️ waits for one.',
  'no-ability': 'Your hero has no ability: heroes from before roles were added have none.',
  'not-ready': 'Your ability is not ready yet: the HUD shows the turns left.',
  'nothing-in-reach': 'Your ability has nothing in reach: no monster close enough (or in a clear line).',
  'nothing-to-explore': 'Nothing left to explore that you can reach. Find the stairs (> ) or /rogue travel.',
  'stairs-not-seen': "The party hasn't seen the stairs yet. Explore first (/rogue explore).",
  'already-there': "You're already on the stairs. Descend with /rogue descend.",
  'no-lures': "You don't have a lure to throw. Lures lie on the floor: walk over one to pick it up.",
  'no-room-to-throw': "There's no room to throw in that direction.",
  'already-equipped': "You're already using that.",
  'no-target': 'No monster in view on a straight line to throw it at: give a direction.',
};

/** The message a player sees when the service refuses. */
export function failureText(error: ServiceFailure): string {
  switch (error.kind) {
    case 'no-game':
      return "There's no game in this channel. Start one with /rogue new.";
    case 'game-exists':
      return 'A game is already running in this channel. Join it with /rogue join, or end it with /rogue end.';
    case 'not-a-player':
      return "You're not in this game. Join with /rogue join.";
    case 'game-full':
      return `The party is full (${error.max} players at most).`;
    case 'channel-not-allowed':
      return "Channel Crawler isn't enabled in this channel. An admin can allow it with /rogue-config channel add.";
    case 'stale':
      return 'That button was out of date: the game had already moved on. Use the buttons on the updated message.';
    case 'old-game':
      return 'That button belongs to a game that has ended. Use the current game message, or /rogue map to find it.';
    case 'retired':
      return retiredText(`https://discord.com/channels/${error.guildId}/${error.live.channelId}/${error.live.messageId}`);
    case 'storage-unavailable':
      // A timed-out write may still land when storage comes back, so don't promise that nothing changed.
      return "The game's storage is unavailable right now, so your action may not have gone through. Please try again in a moment.";
    case 'corrupt-save':
      return "This channel's saved game is damaged and can't be loaded. Ask an admin to run /rogue-config reset-game.";
    case 'incompatible-save':
      return "This channel's saved game comes from an incompatible version. Ask an admin to run /rogue-config reset-game.";
    case 'forbidden':
      // `need` is either a permission ("Manage Server") or a phrase naming who may ("the host or Manage Server").
      return error.need.startsWith('the ') ? `Only ${error.need.replace(/ or Manage Server$/, ' or a member with the Manage Server permission')} can do that.` : `You need the ${error.need} permission to do that.`;
    case 'not-your-run':
      return "▶️ Play again is for the players of the run that just ended. Join their new game with ➕ when it's posted, or start your own with /rogue new.";
    case 'rejected':
      return REJECTIONS[error.code];
    case 'invalid':
      return error.message;
  }
}

/** Said when someone presses a button whose custom id isn't one of ours (or is garbled). */
export const FOREIGN_BUTTON_TEXT = "This button isn't from this game.";
/** Said when a member without Manage Server uses /rogue-config. */
export const NEED_MANAGE_SERVER_TEXT = 'You need the Manage Server permission to change Channel Crawler settings.';
/** Said when something unexpected broke: the details go to the log, not to the player. */
export const INTERNAL_ERROR_TEXT = 'Something went wrong on our side. Please try again; if it keeps happening, tell a server admin.';
/** The polite rate-limit note. */
export const RATE_LIMIT_TEXT = "Easy there! You're acting faster than the dungeon can keep up. Try again in a second or two.";

/** Turns zod issues into one friendly line ("Option `steps`: …"), with no zod jargon. */
export function optionErrorText(error: z.ZodError): string {
  const lines = error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') return `Unknown option${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.map((k) => `\`${k}\``).join(', ')}.`;
    const key = issue.path.map(String).join('.');
    if (key === 'subcommand' || key === '') return issue.message.startsWith('Unknown') ? issue.message : 'Unknown subcommand. Try /rogue help.';
    return `Option \`${key}\`: ${issue.message}`;
  });
  return [...new Set(lines)].join('\n');
}

/** What a player who voted to end the game is told: the tally, or that the vote passed. */
export function endVoteText(tally: EndVoteTally, passed: boolean): string {
  if (passed) return 'The party voted to end the game. The game is over.';
  if (tally.ended) return 'This game is already over. Start a new one with /rogue new.';
  return `You voted to end the game: ${tally.votes} of ${tally.needed} votes needed (${tally.living} living players). Others can vote with /rogue end or the 🏳️ End button.`;
}

/** What the caller of /rogue kick is told: the player is out, or the idle vote's tally. */
export function kickText(removed: boolean, votes: number, needed: number): string {
  return removed ? 'They left the party; the dungeon adjusts to the smaller party.' : `You voted to remove them: ${votes} of ${needed} votes needed. Others can vote with /rogue kick.`;
}

/** What /rogue prefs answers: the prefs as they now are, and what they change. */
export function prefsText(prefs: UserPrefs, changed: boolean): string {
  const now = `style \`${prefs.style}\`, mobile \`${prefs.mobile ? 'on' : 'off'}\``;
  const head = changed ? `Saved. Your preferences are now: ${now}.` : `Your preferences: ${now}. Change them with \`/rogue prefs style: mobile:\`.`;
  return `${head}\nThey apply to your private views of the game, on every server; the public game message follows the server's settings.`;
}

/** A press on a game message that was replaced (by /rogue map or a repost): nothing happens; where the live one is. */
export function retiredText(liveUrl: string): string {
  return `This game message was replaced, so that button does nothing now. The live game is here: ${liveUrl}`;
}

/** Said to interactions Channel Crawler does not serve (modals, menus, context-menu commands, unknown kinds). */
export const UNSUPPORTED_TEXT = "That isn't supported here. Channel Crawler is played with /rogue and the buttons on its game message.";
