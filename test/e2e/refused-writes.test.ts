import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameServiceApi } from '../../src/app/service-types.js';
import { WITHDRAWN_TEXT } from '../../src/adapters/discord/router.js';
import { ALICE, buttons, CHANNEL, startHarness, subcommand, TRANSPORTS, turnOf, type Harness, turnButton } from './harness.js';

/** The service with a switch: while `refusing`, recording a game message fails as a full or read-only Redis would. */
function refusable(): { wrap: (g: GameServiceApi) => GameServiceApi; set: (on: boolean) => void } {
  let refusing = false;
  return {
    set: (on) => void (refusing = on),
    wrap: (g) =>
      new Proxy(g, {
        get(target, prop, receiver) {
          const v = Reflect.get(target, prop, receiver) as unknown;
          if (prop !== 'setMessage' || typeof v !== 'function') return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
          return async (...args: unknown[]) => (refusing ? { ok: false, error: { kind: 'storage-unavailable' } } : (v as (...a: unknown[]) => unknown).apply(target, args));
        },
      }),
  };
}

describe.each([
  ...TRANSPORTS.map((t) => [t, 'answered at once'] as const),
  ...TRANSPORTS.map((t) => [t, 'deferred first'] as const),
])('/rogue map while Redis refuses writes, over the %s transport, %s', (transport, pace) => {
  let h: Harness;
  const sw = refusable();

  beforeAll(async () => {
    // Deferred: every service call is slower than the deferral, so the map is posted as a follow-up.
    h = await startHarness({ transport, wrapGames: sw.wrap, ...(pace === 'deferred first' ? { slowMs: 60, deferAfterMs: 20 } : {}) });
  });

  afterAll(async () => {
    expect(h.fake.violations()).toEqual([]);
    await h.close();
  });

  it('GIVEN a live game message WHEN /rogue map cannot record its new message THEN the old one stays live and recorded, the new one is withdrawn, and presses on the old one work once Redis recovers', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 4, size: 'small' }));
    const live = await h.gameMessage();
    sw.set(true);
    await h.command(ALICE, 'rogue', subcommand('map'));
    sw.set(false);
    await h.bot.flushEdits();
    const posted = h.fake.messages(CHANNEL).filter((m) => (m.flags & 64) === 0).at(-1)!;
    expect(posted.id).not.toBe(live.id);
    // The unrecorded copy is a plain notice with no buttons; the recorded one keeps its buttons.
    const withdrawn = h.fake.message(posted.id)!;
    expect(withdrawn.content).toContain(WITHDRAWN_TEXT);
    expect(withdrawn.content).toContain(live.id);
    expect(buttons(withdrawn)).toEqual([]);
    expect(buttons(h.fake.message(live.id)!).some((b) => !b.disabled)).toBe(true);
    expect((await h.gameMessage()).id).toBe(live.id);
    // The old message still plays.
    const wait = turnButton(h.fake.message(live.id)!)!;
    const pressed = await h.press(ALICE, live.id, wait.custom_id!);
    expect([6, 7]).toContain(pressed.callback.type); // 6 when the slow service made the press defer first
    expect(turnOf(h.fake.message(live.id)!)).toBe(1);
  });
});
