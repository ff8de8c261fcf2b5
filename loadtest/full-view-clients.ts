/**
 * The load test's players (loadtest/full-view.ts): each holds one view's socket and moves (a legal step, or a wait)
 * as soon as its previous move is acknowledged, for `seconds`, recording the fan-out latency of every newer frame
 * and what came over the wire. Runs in the load test's process, or in a process of its own (`--clients apart`: forked
 * with this file, the spec and the result passed over IPC), so the players' own work does not share the replicas'
 * event loop.
 */
import WebSocket from 'ws';
import type { WireFrame, WireMessage } from '../src/adapters/web/protocol.js';

/** One view to open: the socket's URL with its ticket. */
export interface ClientsSpec {
  urls: string[];
  seconds: number;
}

/** What the players saw. */
export interface ClientsResult {
  latencies: number[];
  accepted: number;
  refused: number;
  wireBytes: number;
  wireFrames: number;
  withTerrain: number;
  /** Seconds from the first move to the end. */
  elapsed: number;
}

interface Player {
  ws: WebSocket;
  frame: WireFrame | null;
  waiting: boolean;
  /** The version this player's last accepted move reached (as the client does: the ack may beat the frame). */
  reached: number;
}

/** Opens every view, plays for `seconds` (after half a second to settle), and reports. */
export async function play(spec: ClientsSpec): Promise<ClientsResult> {
  const out: ClientsResult = { latencies: [], accepted: 0, refused: 0, wireBytes: 0, wireFrames: 0, withTerrain: 0, elapsed: 0 };
  const players: Player[] = [];
  for (const url of spec.urls) {
    const ws = new WebSocket(url);
    const me: Player = { ws, frame: null, waiting: false, reached: -1 };
    ws.on('message', (d) => {
      const text = String(d);
      const m = JSON.parse(text) as WireMessage;
      if (m.t === 'frame') {
        out.wireBytes += text.length;
        out.wireFrames++;
        if (m.frame.map.terrain !== undefined) out.withTerrain++;
        if (me.frame && m.frame.version > me.frame.version) out.latencies.push(Date.now() - m.sentAt);
        me.frame = m.frame;
      } else if (m.t === 'ack') {
        me.waiting = false;
        if (!m.ok) out.refused++;
        else {
          out.accepted++;
          me.reached = Math.max(me.reached, m.version);
        }
      }
    });
    await new Promise((r) => ws.once('open', r));
    players.push(me);
  }
  let n = 0;
  const dirs = ['n', 's', 'e', 'w'] as const;
  const move = (p: Player): void => {
    if (p.waiting || !p.frame || p.frame.status !== 'playing' || !p.frame.you.can) return;
    const can = p.frame.you.can;
    const open = dirs.filter((d) => can.moves[d] === 'move' || can.moves[d] === 'attack');
    const action = open.length > 0 && n % 3 !== 0 ? { type: 'move', dir: open[n % open.length] } : { type: 'wait' };
    p.waiting = true;
    const seen = Math.max(p.frame.version, p.reached);
    p.ws.send(JSON.stringify({ t: 'act', id: `lt-${(n++).toString(36).padStart(8, '0')}`, seen, game: p.frame.game, action }));
  };
  await new Promise((r) => setTimeout(r, 500));
  const t0 = Date.now();
  const tick = setInterval(() => players.forEach(move), 2);
  await new Promise((r) => setTimeout(r, spec.seconds * 1000));
  clearInterval(tick);
  await new Promise((r) => setTimeout(r, 500));
  out.elapsed = (Date.now() - t0) / 1000 - 0.5;
  for (const p of players) p.ws.close();
  return out;
}

// Forked by the load test: the spec comes over IPC, the result goes back the same way.
if (process.send && process.argv.includes('--clients-child')) {
  process.once('message', (spec: ClientsSpec) => {
    void play(spec).then((r) => process.send!(r, () => process.exit(0)));
  });
}
