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

  it('GIVEN a starved process (recent interactions took 1.5 s each) WHEN a press comes while another is in flight THEN it is shed as slow if its age plus that time passes the deadline, admitted if not, and always with nothing in flight', async () => {
    let clock = 0;
    const shedder = new LoadShedder({ maxAgeMs: 1000, deadlineMs: 2000, wallNow: () => T, now: () => clock });
    // Three interactions that each took 1.5 s: the moving average starts at the first and stays there.
    for (let n = 0; n < 3; n++) await shedder.track(async () => void (clock += 1500));
    expect(shedder.serviceTimeMs).toBe(1500);
    // Nothing in flight: even a 900 ms old press is admitted (nothing is ahead of it).
    expect(shedder.check(idAt(T - 900))).toBeNull();
    let finish = (): void => {};
    const running = shedder.track(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(shedder.check(idAt(T - 600))).toBe('slow');
    expect(shedder.check(idAt(T - 400))).toBeNull();
    expect(shedder.shed.slow).toBe(1);
    // Once the process catches up (interactions take 50 ms again), the average comes down and presses go through.
    clock += 50;
    finish();
    await running;
    for (let n = 0; n < 20; n++) await shedder.track(async () => void (clock += 50));
    expect(shedder.serviceTimeMs).toBeLessThan(100);
    const again = shedder.track(() => new Promise<void>((resolve) => (finish = resolve)));
    expect(shedder.check(idAt(T - 900))).toBeNull();
    finish();
    await again;
    // A slow command that answers (defers) at once counts its time to that answer, not its drawing.
    for (let n = 0; n < 5; n++) {
      await shedder.track(async (answered) => {
        clock += 10;
        answered();
        clock += 5000;
      });
    }
    expect(shedder.serviceTimeMs).toBeLessThan(100);
    // deadlineMs 0 turns the signal off.
    const off = new LoadShedder({ deadlineMs: 0, wallNow: () => T, now: () => clock });
    await off.track(async () => void (clock += 5000));
    void off.track(() => new Promise<void>(() => {}));
    expect(off.check(idAt(T - 900))).toBeNull();
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
