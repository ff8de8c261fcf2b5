import { describe, expect, it } from 'vitest';
import { BUSY_TEXT, LoadShedder, shedRouter, snowflakeTimeMs } from '../../../src/adapters/discord/load-shedder.js';
import type { Router } from '../../../src/adapters/discord/router.js';
import type { IncomingInteraction, InteractionResponder, OutgoingMessage } from '../../../src/adapters/discord/types.js';

/** A snowflake made at `ms` (Unix), as Discord makes interaction ids. */
const idAt = (ms: number): string => ((BigInt(ms) - 1420070400000n) << 22n).toString();

const T = 1_800_000_000_000;

/** A router that records what it handled and finishes when `release` is called. */
function slowRouter(): { router: Router; handled: string[]; release: () => void } {
  const handled: string[] = [];
  let release = (): void => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const router: Router = {
    handle: async (i) => {
      handled.push(i.id);
      await gate;
    },
    drain: async () => {},
    settle: async () => {},
  };
  return { router, handled, release: () => release() };
}

function responder(): { r: InteractionResponder; replies: OutgoingMessage[] } {
  const replies: OutgoingMessage[] = [];
  const r = { reply: async (m: OutgoingMessage) => void replies.push(m) } as unknown as InteractionResponder;
  return { r, replies };
}

const press = (id: string): IncomingInteraction => ({ id, kind: 'button' }) as IncomingInteraction;

describe('load shedder', () => {
  it('GIVEN a snowflake WHEN its time is read THEN it is the Unix ms it was made at; a made-up id has none', () => {
    expect(snowflakeTimeMs(idAt(T))).toBe(T);
    expect(snowflakeTimeMs('i1')).toBeNull();
    expect(snowflakeTimeMs('123')).toBeNull();
  });

  it('GIVEN interactions of several ages WHEN checked THEN only those older than maxAgeMs (and not implausibly old) are shed', () => {
    const shedder = new LoadShedder({ maxAgeMs: 1000, wallNow: () => T });
    expect(shedder.check(idAt(T - 999))).toBeNull();
    expect(shedder.check(idAt(T - 1001))).toBe('old');
    // A made-up id (tests) or one from a wildly wrong clock is judged by the in-flight count alone.
    expect(shedder.check(idAt(T - 3_600_000))).toBeNull();
    expect(shedder.check('42')).toBeNull();
    expect(shedder.shed.old).toBe(1);
  });

  it('GIVEN maxInFlight interactions in flight WHEN one more comes THEN it is answered busy privately, and admitted again once they finish', async () => {
    const { router, handled, release } = slowRouter();
    const refusals: string[] = [];
    const shedding = shedRouter(router, new LoadShedder({ maxInFlight: 2, wallNow: () => T }), { refusal: (c) => void refusals.push(c) }, { debug: () => {}, info: () => {} } as never);
    const running = [shedding.handle(press(idAt(T)), responder().r), shedding.handle(press(idAt(T)), responder().r)];
    const third = responder();
    await shedding.handle(press(idAt(T)), third.r);
    expect(handled).toHaveLength(2);
    expect(third.replies).toEqual([expect.objectContaining({ content: BUSY_TEXT, ephemeral: true })]);
    expect(refusals).toEqual(['busy-in-flight']);
    release();
    await Promise.all(running);
    const fourth = responder();
    await shedding.handle(press(idAt(T)), fourth.r);
    expect(handled).toHaveLength(3);
    expect(fourth.replies).toEqual([]);
  });

  it('GIVEN an interaction that waited too long in a queue WHEN it reaches the router THEN it is answered busy and never handled', async () => {
    const { router, handled } = slowRouter();
    const shedding = shedRouter(router, new LoadShedder({ maxAgeMs: 1000, wallNow: () => T }), { refusal: () => {} }, { debug: () => {}, info: () => {} } as never);
    const late = responder();
    await shedding.handle(press(idAt(T - 2500)), late.r);
    expect(handled).toEqual([]);
    expect(late.replies[0]?.content).toBe(BUSY_TEXT);
  });

  it('GIVEN answers later than the target WHEN presses keep coming THEN the in-flight limit shrinks (once per target) and presses past it are shed as slow', async () => {
    let clock = 0;
    const shedder = new LoadShedder({ targetMs: 500, initialLimit: 10, minLimit: 2, wallNow: () => T, now: () => clock });
    expect(shedder.limit).toBe(10);
    // A burst of late answers in the same instant cuts once (by a fifth), not once per answer.
    const finish: (() => void)[] = [];
    const burst = [0, 1, 2].map(() => shedder.track(() => new Promise<void>((resolve) => finish.push(resolve))));
    clock += 800;
    finish.forEach((f) => f());
    await Promise.all(burst);
    expect(shedder.limit).toBe(8);
    // Late answers a target or more apart each cut: 8 -> 6.4 -> 5.12.
    for (let n = 0; n < 2; n++) await shedder.track(async () => void (clock += 800));
    expect(shedder.limit).toBe(5);
    // Starved: every answer late, cut by a fifth each target, down to the floor and never below it.
    for (let n = 0; n < 20; n++) await shedder.track(async () => void (clock += 600));
    expect(shedder.limit).toBe(2);
    // At the limit a press is shed as slow; one fewer in flight and it is admitted.
    const release: (() => void)[] = [];
    const held = [0, 1].map(() => shedder.track(() => new Promise<void>((resolve) => release.push(resolve))));
    expect(shedder.check(idAt(T))).toBe('slow');
    expect(shedder.shed.slow).toBe(1);
    release.shift()!();
    await held[0];
    expect(shedder.check(idAt(T))).toBeNull();
    release.shift()!();
    await held[1];
  });

  it('GIVEN answers in time again WHEN they keep coming THEN the limit grows back by one per limit answered, up to maxInFlight', async () => {
    let clock = 0;
    const shedder = new LoadShedder({ targetMs: 500, initialLimit: 2, minLimit: 2, maxInFlight: 8, wallNow: () => T, now: () => clock });
    // 2 answers at 2, 3 at 3, 4 at 4...: from 2 to 8 takes 2 + 3 + 4 + 5 + 6 + 7 = 27 or so answers (1/limit each).
    for (let n = 0; n < 26; n++) await shedder.track(async () => void (clock += 50));
    expect(shedder.limit).toBeGreaterThanOrEqual(7);
    for (let n = 0; n < 100; n++) await shedder.track(async () => void (clock += 50));
    expect(shedder.limit).toBe(8);
    // A slow command that answers (defers) at once counts its time to that answer, not its drawing.
    await shedder.track(async (answered) => {
      clock += 10;
      answered();
      clock += 5000;
    });
    expect(shedder.limit).toBe(8);
    expect(shedder.serviceTimeMs).toBeLessThan(100);
    // targetMs 0 turns the adaptive limit off: only maxInFlight holds.
    const off = new LoadShedder({ targetMs: 0, maxInFlight: 3, wallNow: () => T, now: () => clock });
    for (let n = 0; n < 10; n++) await off.track(async () => void (clock += 5000));
    expect(off.limit).toBe(3);
  });

  it('GIVEN the shed router WHEN a handler answers early and works on THEN the shedder times the first answer, and the responder still works as before', async () => {
    let clock = 0;
    const shedder = new LoadShedder({ wallNow: () => T, now: () => clock });
    const replies: OutgoingMessage[] = [];
    // Sending the reply takes 20 ms (its request): the first answer is timed when it has gone.
    const r = { answered: false, reply: async (m: OutgoingMessage) => { clock += 20; replies.push(m); }, followUp: async () => 'm1' } as unknown as InteractionResponder;
    const router: Router = {
      handle: async (_i, rr) => {
        clock += 30;
        await rr.reply({ content: 'hi' });
        expect(rr.answered).toBe(false);
        clock += 4000;
        expect(await rr.followUp({ content: 'later' })).toBe('m1');
      },
      drain: async () => {},
      settle: async () => {},
    };
    await shedRouter(router, shedder, { refusal: () => {} }, { debug: () => {}, info: () => {} } as never).handle(press(idAt(T)), r);
    expect(replies).toEqual([{ content: 'hi' }]);
    expect(shedder.serviceTimeMs).toBe(50);
  });

  it('GIVEN an autocomplete WHEN the process is saturated THEN it is passed through (it never changes a game)', () => {
    const { router, handled } = slowRouter();
    const shedding = shedRouter(router, new LoadShedder({ maxInFlight: 0, wallNow: () => T }), { refusal: () => {} }, { debug: () => {}, info: () => {} } as never);
    void shedding.handle({ id: idAt(T), kind: 'autocomplete' } as IncomingInteraction, responder().r);
    expect(handled).toHaveLength(1);
  });
});
