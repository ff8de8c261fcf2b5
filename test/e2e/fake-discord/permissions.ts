/** Permission bitfields (as Discord's decimal strings) for the members the fake puts in interactions. */

/** Discord permission bits the tests care about. */
export const PERMS = {
  ADMINISTRATOR: 1n << 3n,
  MANAGE_CHANNELS: 1n << 4n,
  MANAGE_GUILD: 1n << 5n,
  ADD_REACTIONS: 1n << 6n,
  VIEW_CHANNEL: 1n << 10n,
  SEND_MESSAGES: 1n << 11n,
  MANAGE_MESSAGES: 1n << 13n,
  EMBED_LINKS: 1n << 14n,
  ATTACH_FILES: 1n << 15n,
  READ_MESSAGE_HISTORY: 1n << 16n,
  USE_EXTERNAL_EMOJIS: 1n << 18n,
  USE_APPLICATION_COMMANDS: 1n << 31n,
  SEND_MESSAGES_IN_THREADS: 1n << 38n,
  /** Lets user-installed apps answer publicly (servers may turn it off; Discord then forces their answers ephemeral). */
  USE_EXTERNAL_APPS: 1n << 50n,
} as const;

const member =
  PERMS.VIEW_CHANNEL |
  PERMS.SEND_MESSAGES |
  PERMS.ADD_REACTIONS |
  PERMS.EMBED_LINKS |
  PERMS.ATTACH_FILES |
  PERMS.READ_MESSAGE_HISTORY |
  PERMS.USE_EXTERNAL_EMOJIS |
  PERMS.USE_APPLICATION_COMMANDS |
  PERMS.SEND_MESSAGES_IN_THREADS;

/** A plain member: can see, talk and use commands, but lacks Manage Server and Administrator. */
export const MEMBER_PERMS = member.toString();

/** A server manager: a plain member plus Manage Server (no Administrator, so checks must name the bit). */
export const ADMIN_PERMS = (member | PERMS.MANAGE_GUILD).toString();

/** What the bot may do in every channel (`app_permissions`, the @everyone role of the fake guilds is the plain member). */
export const BOT_PERMS = (member | PERMS.MANAGE_MESSAGES).toString();
