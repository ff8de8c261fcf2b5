/**
 * The receiving end of a frame, shared by the browser client and the tests (pure, types only): a frame travels drawn
 * for nobody and, when unchanged since this socket's previous frame, without its terrain; the receiver completes it
 * into the frame it draws, with its own marker.
 */
import type { WebFrame, WireFrame, WireMessage, ServerMessage, WireViewModel } from './protocol.js';

/** The party's map drawn for `viewerId` from a map built once for nobody: only the players' viewer flag and order differ. */
export function mapFor(shared: WireViewModel, viewerId: string | null): WireViewModel {
  const rank = (p: WireViewModel['players'][number]): number => (!p.alive ? 0 : p.id === viewerId ? 2 : 1);
  const players = shared.players.map((p) => ({ ...p, isViewer: p.id === viewerId })).sort((a, b) => rank(a) - rank(b));
  return { ...shared, players };
}

/**
 * The frame `wire` stands for, after `prev` (the previous frame this socket completed, or null): its terrain when
 * `wire` left it out (the server leaves it out only when the previous frame on the socket carried the same), and
 * the viewer's own marker.
 */
export function completeFrame(prev: WebFrame | null, wire: WireFrame): WebFrame {
  const same = prev !== null && prev.map.view.width === wire.map.view.width && prev.map.view.height === wire.map.view.height;
  const terrain = wire.map.terrain ?? (same ? prev.map.terrain : '');
  return { ...wire, map: mapFor({ ...wire.map, terrain }, wire.you.role === 'player' ? wire.you.id : null) };
}

/** One message as the receiver reads it, after `prev`. */
export function readMessage(prev: WebFrame | null, msg: WireMessage): ServerMessage {
  return msg.t === 'frame' ? { t: 'frame', frame: completeFrame(prev, msg.frame), sentAt: msg.sentAt } : msg;
}
