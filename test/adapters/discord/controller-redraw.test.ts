/** Open controllers kept up to date: redrawn when a round resolves, coalesced per player, told when their 15 minutes run out (fake clock). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { silentLogger } from '../../../src/app/ports.js';
import type { GameView } from '../../../src/app/service-types.js';
import { createControllerRedraws, EXPIRE_AFTER_MS, EXPIRED_TEXT, TOKEN_LIFE_MS, type ControllerRedraws } from '../../../src/adapters/discord/controller-redraw.js';
import type { OutgoingMessage } from '../../../src/adapters/discord/types.js';
import { decodeButtonId } from '../../../commands/controls/custom-id.js';

const KEY = { guildId: 'g', channelId: 'c' };
const OTHER = { guildId: 'g', channelId: 'd' };

/** A view of version `v` (only what the registry reads). */
const viewAt = (v: number, key = KEY): GameView => ({ key, state: { version: v }, meta: { createdAt: 1_700_000_000_000 }, events: [] }) as unknown as GameView;

/** A controller whose edits are recorded (the content says which version was drawn); `gate` holds edits until released. */
function controller(reg: ControllerRedraws, userId: string, key = KEY) {
  const edits: string[] = [];
  let release: (() => void) | null = null;
  const held = { on: false };
  reg.open({
    key,
    userId,
    view: viewAt(1, key),
    draw: async (v) => ({ content: `v${v.state.version}` }),
    edit: async (m: OutgoingMessage) => {
      if (held.on) await new Promise<void>((r) => (release = r));
      edits.push(m.content ?? '');
    },
  });
  return { edits, hold: () => (held.on = true), release: () => { held.on = false; release?.(); } };
}

let now = 0;
let reg: ControllerRedraws;
beforeEach(() => {
  vi.useFakeTimers();
  now = 0;
  reg = createControllerRedraws({ now: () => now, logger: silentLogger });
});
afterEach(() => {
  reg.close();
  vi.useRealTimers();
});

describe('controller redraws', () => {
  it('GIVEN Alice and Bob have controllers open WHEN a round resolves THEN both are redrawn from the new view, and another channel\'s are not', async () => {
    const alice = controller(reg, 'alice');
    const bob = controller(reg, 'bob');
    const elsewhere = controller(reg, 'alice', OTHER);
    now += 30_000;
    reg.roundResolved(viewAt(2));
    await reg.settle();
    expect(alice.edits).toEqual(['v2']);
    expect(bob.edits).toEqual(['v2']);
    expect(elsewhere.edits).toEqual([]);
  });

  it('GIVEN an edit still in flight WHEN two more rounds resolve THEN only the newest view is drawn next (coalesced), and roundResolved never waits for an edit', async () => {
    const alice = controller(reg, 'alice');
    alice.hold();
    reg.roundResolved(viewAt(2));
    // Returns at once although the edit hangs: no answer ever waits for a redraw.
    reg.roundResolved(viewAt(3));
    reg.roundResolved(viewAt(4));
    alice.release();
    await reg.settle();
    expect(alice.edits).toEqual(['v2', 'v4']);
  });

  it('GIVEN a player opens a second controller WHEN a round resolves THEN only the newest one is redrawn', async () => {
    const first = controller(reg, 'alice');
    const second = controller(reg, 'alice');
    reg.roundResolved(viewAt(2));
    await reg.settle();
    expect(first.edits).toEqual([]);
    expect(second.edits).toEqual(['v2']);
    expect(reg.size).toBe(1);
  });

  it('GIVEN a controller open for almost 15 minutes THEN it is told it expired, with a 🎮 button for a fresh one, and is never drawn again', async () => {
    const edits: OutgoingMessage[] = [];
    reg.open({ key: KEY, userId: 'alice', view: viewAt(7), draw: async (v) => ({ content: `v${v.state.version}` }), edit: async (m) => void edits.push(m) });
    now += EXPIRE_AFTER_MS;
    vi.advanceTimersByTime(EXPIRE_AFTER_MS);
    await reg.settle();
    expect(EXPIRE_AFTER_MS).toBeLessThan(TOKEN_LIFE_MS);
    expect(edits).toHaveLength(1);
    expect(edits[0]!.content).toBe(EXPIRED_TEXT);
    const button = edits[0]!.components![0]!.components[0]! as { custom_id: string };
    expect(decodeButtonId(button.custom_id)).toMatchObject({ ok: true, value: { verb: 'me', version: 7 } });
    reg.roundResolved(viewAt(8));
    await reg.settle();
    expect(edits).toHaveLength(1);
    expect(reg.size).toBe(0);
  });

  it('GIVEN a controller whose edit fails (message dismissed) WHEN the next round resolves THEN it is forgotten', async () => {
    let calls = 0;
    reg.open({ key: KEY, userId: 'alice', view: viewAt(1), draw: async (v) => ({ content: `v${v.state.version}` }), edit: async () => {
      calls++;
      throw new Error('404 Unknown Message');
    } });
    reg.roundResolved(viewAt(2));
    await reg.settle();
    reg.roundResolved(viewAt(3));
    await reg.settle();
    expect(calls).toBe(1);
    expect(reg.size).toBe(0);
  });
});
