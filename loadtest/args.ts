/** The load test's command line, checked by zod and bounded (it runs on a shared 2-core machine, loopback only). */
import { parseArgs } from 'node:util';
import { z } from 'zod';

const int = (min: number, max: number, def: number) => z.coerce.number().int().min(min).max(max).default(def);

/** The options of `npm run loadtest -- ...`. */
export const LoadArgsSchema = z.object({
  mode: z.enum(['http', 'gateway', 'noop']).default('http'),
  replicas: int(1, 8, 1),
  shards: int(1, 8, 2),
  /** Up to 5,000: a fleet at --pace (setting one up takes about 1.5 s per 100 channels on this machine). */
  channels: int(1, 5000, 50),
  players: int(1, 10, 4),
  /** Up to 600: a 10-minute soak (the report then gives the heap minute by minute and its trend). */
  seconds: int(1, 600, 20),
  /** Offered button presses per second over all players (each player presses at rate / (channels × players) per second). */
  rate: int(1, 5000, 100),
  /**
   * Several offered rates in one command, e.g. `200,450,600` (replaces --rate): each is run --repeat times, and a
   * summary table ends the report.
   */
  rates: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'a comma-separated list of rates, e.g. 200,450,600')
    .transform((s) => s.split(',').map(Number))
    .refine((xs) => xs.length <= 10 && xs.every((x) => x >= 1 && x <= 5000), 'at most 10 rates, each 1-5000')
    .optional(),
  /** How many runs of each rate (with --compare each bot run gets its own noop run right after it). */
  repeat: int(1, 10, 1),
  /** Also run the same load against the do-nothing responder, and report the ratio. */
  compare: z.coerce.boolean().default(false),
  seed: int(0, 2 ** 31, 1),
  /** Percent of guilds whose games run in rounds mode (10-second rounds: the round timer redraws the game message). */
  rounds: int(0, 100, 0),
  /** Percent of players who play through their private controller (🎮), whose presses redraw the shared message. */
  controllers: int(0, 100, 0),
  /**
   * Forget every kept interaction token once a second, as if each were older than 15 minutes: the worst case, where
   * every redraw needs the bot token and only the shared budget keeps the fleet under Discord's 50 a second.
   */
  'expire-tokens': z.coerce.boolean().default(false),
  /** The render style every guild is set to (default: the bot's default, image). ascii costs the least CPU. */
  render: z.enum(['image', 'emoji', 'ascii']).optional(),
  /**
   * The realistic pace (a fleet of channels): each player presses on average every `pace` seconds, so the offered
   * rate is channels x players / pace (replaces --rate), and the report gives cores, Redis memory and bot-token
   * requests per second per 1,000 active channels.
   */
  pace: z.coerce.number().min(0.5).max(120).optional(),
  /**
   * `on`: a channel whose game has ended starts its next one (its first player runs /rogue new, the others join; a
   * finished daily's player starts a game of their own), so the channels stay active over a long run, as a fleet's do.
   * `off`: an ended game's players stop pressing.
   */
  restart: z.enum(['on', 'off']).default('on'),
  /** Percent of the channels that play today's daily (`/rogue daily`, one player each) instead of a party game. */
  dailies: int(0, 100, 0),
  /** Write a V8 CPU profile of every process under load and print where the CPU went, by area. */
  profile: z.coerce.boolean().default(false),
  /**
   * Seconds into the pressing when the next bot-token request gets Discord's global 429 (`retry_after`: --retry-after),
   * to measure that private notes (interaction endpoints, exempt from the global limit) are not held by it. Needs
   * bot-token requests to happen: --expire-tokens or --rounds.
   */
  'global-429': z.coerce.number().int().min(0).max(300).optional(),
  /** The global 429's retry_after, seconds. */
  'retry-after': int(1, 60, 8),
  /** With --compare: exit 1 when the bot's CPU per press exceeds this many times the fair noop responder's (a regression guard). */
  'max-cpu-ratio': z.coerce.number().positive().optional(),
});

/** The parsed options. */
export type LoadArgs = z.infer<typeof LoadArgsSchema>;

/** Parses argv (after the script name); exits 2 with the problems on bad input. */
export function parseLoadArgs(argv: string[]): LoadArgs {
  const { values } = parseArgs({
    args: argv,
    options: {
      mode: { type: 'string' },
      replicas: { type: 'string' },
      shards: { type: 'string' },
      channels: { type: 'string' },
      players: { type: 'string' },
      seconds: { type: 'string' },
      rate: { type: 'string' },
      rates: { type: 'string' },
      repeat: { type: 'string' },
      seed: { type: 'string' },
      compare: { type: 'boolean' },
      rounds: { type: 'string' },
      controllers: { type: 'string' },
      'expire-tokens': { type: 'boolean' },
      render: { type: 'string' },
      profile: { type: 'boolean' },
      pace: { type: 'string' },
      dailies: { type: 'string' },
      restart: { type: 'string' },
      'max-cpu-ratio': { type: 'string' },
      'global-429': { type: 'string' },
      'retry-after': { type: 'string' },
    },
    strict: true,
  });
  const parsed = LoadArgsSchema.safeParse(values);
  if (parsed.success) {
    const a = parsed.data;
    // --pace: the offered rate follows from the players (a daily channel has one, so count them as the setup will).
    if (a.pace === undefined) return a;
    const players = a.channels * a.players - Math.round((a.channels * a.dailies) / 100) * (a.players - 1);
    return { ...a, rate: Math.max(1, Math.round(players / a.pace)) };
  }
  process.stderr.write(`loadtest: ${parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`).join('; ')}\n`);
  process.exit(2);
}
