/**
 * The preview's one door into the bot: everything the scripted games need from `src/` and `commands/` comes through
 * here, so re-pointing the preview after the presenter or the controls move is an edit of this file only.
 */
import { zlibDeflate } from '../src/adapters/render/image.js';
import { renderGame } from '../src/render/index.js';
import type { APIActionRowComponent, APIEmbed } from 'discord-api-types/v10';
import { commands } from '../commands/index.js';
import { failureText } from '../commands/replies.js';
import type { Reply } from '../commands/types.js';
import { controllerPayload, gamePayload, textPayload, type GameButton } from '../src/adapters/discord/presenter.js';

export type { GameButton };
import { MemoryGameStore } from '../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../src/adapters/memory/memory-settings-store.js';
import { GameService } from '../src/app/game-service.js';
import { silentLogger } from '../src/app/ports.js';
import type { ChannelKey, GameView, UserRef } from '../src/app/service-types.js';
import { SettingsService } from '../src/app/settings-service.js';
import type { PrivateStyle } from '../src/app/user-prefs.js';
import { legalMoves } from '../src/engine/index.js';

export { legalMoves };
export type { GameView, UserRef };

/** A message body as the bot sends it (Discord API JSON). */
export interface PayloadBody {
  content?: string;
  embeds?: APIEmbed[];
  components?: APIActionRowComponent<GameButton>[];
}

/** A point of interest in an attached picture, in the picture's own pixels (e.g. where a player's marker is drawn). */
export interface ImageMarker {
  x: number;
  y: number;
  label: string;
}

/** A file attached to a message, as `AttachmentBuilder` would send it; embeds reach it as `attachment://name`. */
export interface PayloadFile {
  name: string;
  data: Uint8Array;
  /** Alt text (Discord: the attachment's description). */
  description?: string;
  /** For the preview's checks: where the living players are in the picture. */
  markers?: ImageMarker[];
}

/** One message as players would see it. */
export interface PreviewMessage {
  payload: PayloadBody;
  files?: PayloadFile[];
  /** Only the caller sees it ("Only you can see this"). */
  ephemeral?: boolean;
  /** A caption the preview shows above the message (what just happened), not part of the payload. */
  caption?: string;
}

/** A render style as the server settings (and later the per-user prefs) choose it. */
export interface RenderChoice {
  render: GameView['meta']['render'];
  mobile: boolean;
}

/** The game message for a view drawn in `style`: the real presenter, with the game's render settings replaced. */
export function presentGame(view: GameView, style: RenderChoice, now: number): PreviewMessage {
  const styled: GameView = { ...view, meta: { ...view.meta, render: style.render, mobile: style.mobile } };
  const { files, ...payload } = gamePayload(styled, now);
  if (files.length === 0) return { payload };
  // The image style: the attached map, with where each living player's marker is (for the browser test's check).
  // Drawn as the presenter draws it (the mobile setting narrows the picture), so the markers match the attached file.
  const image = renderGame(styled.state, { style: 'image', mobile: style.mobile, deflate: zlibDeflate }).image;
  const markers = (image?.markers ?? []).map((m) => ({ x: m.x, y: m.y, label: m.playerId }));
  return { payload, files: files.map((f) => ({ name: f.name, data: f.data, description: f.description, markers })) };
}

/** The one server and channel the scripted games play in. */
const KEY: ChannelKey = { guildId: '1000000000000000001', channelId: '1000000000000000002' };

/** A bot on the memory stores with a clock the script moves: run a /rogue line as a user, get the reply. */
export class ScriptedBot {
  private clock: number;
  readonly games: GameService;
  private readonly settings: SettingsService;

  constructor(start: number) {
    this.clock = start;
    const settingsStore = new MemorySettingsStore(silentLogger);
    this.games = new GameService({ games: new MemoryGameStore(), settings: settingsStore, clock: { now: () => this.clock }, rounds: new MemoryRoundQueue(), logger: silentLogger });
    this.settings = new SettingsService(settingsStore, silentLogger);
  }

  /** The fake clock (epoch ms). */
  now(): number {
    return this.clock;
  }

  /** Moves the fake clock on. */
  advance(ms: number): void {
    this.clock += ms;
  }

  /** Runs `/rogue <subcommand> key:value…` as `user` (the first user is the server's admin), as the router would. */
  async rogue(user: UserRef, subcommand: string, options: Record<string, string | number | boolean> = {}): Promise<Reply> {
    const module = commands.find((c) => c.data.name === 'rogue');
    if (!module) throw new Error('the rogue command module is missing');
    this.clock += 1000;
    return module.run({ command: 'rogue', group: null, subcommand, options, user, guildId: KEY.guildId, channelId: KEY.channelId, memberIsAdmin: user.id === 'you', games: this.games, settings: this.settings });
  }

  /** The channel's current game. */
  async current(): Promise<GameView> {
    const r = await this.games.view(KEY);
    if (!r.ok) throw new Error(`no game: ${r.error.kind}`);
    return r.value;
  }
}

/** A private reply (text, refusal) as the ephemeral message Discord would show; null for a game reply. */
export function privateMessage(reply: Reply): PreviewMessage | null {
  if (reply.kind === 'failure') return { payload: textPayload(failureText(reply.error)), ephemeral: true };
  if (reply.kind === 'text') return { payload: textPayload(reply.text, reply.embed), ephemeral: true };
  if (reply.kind === 'controller') return { ...controllerPayloadFor(reply.view), ephemeral: true };
  // A replay is a public message of its own, not a private reply.
  if (reply.kind === 'attachment') return null;
  if (reply.kind === 'confirm') return { payload: textPayload(reply.text), ephemeral: true };
  if (reply.mode === 'update' && reply.note) return { payload: textPayload(reply.note), ephemeral: true };
  return null;
}

/** `userId`'s controller in a private style of their choice (`/rogue prefs style:…`), desktop layout. */
export function controllerMessage(view: GameView, userId: string, style: PrivateStyle): PreviewMessage {
  const { files, ...payload } = controllerPayload(view, userId, { style, mobile: false });
  return files.length ? { payload, files: files.map((f) => ({ name: f.name, data: f.data, description: f.description })), ephemeral: true } : { payload, ephemeral: true };
}

/** The private controller of the first player, as `/rogue me` shows it to a phone player (emoji style, phone layout). */
function controllerPayloadFor(view: GameView): PreviewMessage {
  const viewer = view.state.players[0]?.id ?? '';
  const { files, ...payload } = controllerPayload(view, viewer, { style: 'emoji', mobile: true });
  return files.length ? { payload, files } : { payload };
}
