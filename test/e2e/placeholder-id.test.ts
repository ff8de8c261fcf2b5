/**
 * Issue 25: after a Redis outage the bot never sends a placeholder id (`pending:<interaction>`) to Discord, and the
 * real older game message is retired by the next post. The fake Discord answers any non-snowflake id in a path with
 * 400 50035, which counts as a violation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GameServiceApi, MessageRef } from '../../src/app/service-types.js';
import { ALICE, buttons, CHANNEL, GUILD, startHarness, subcommand, TRANSPORTS, type Harness } from './harness.js';

/** The service with a switch: while on, recording a real message id fails (the pending marker still gets through). */
function refusingRealIds(): { wrap: (g: GameServiceApi) => GameServiceApi; set: (on: boolean) => void } {
  let refusing = false;
  return {
    set: (on) => void (refusing = on),
    wrap: (g) =>
      new Proxy(g, {
        get(target, prop, receiver) {
          const v = Reflect.get(target, prop, receiver) as unknown;
          if (typeof v !== 'function') return v;
          if (prop !== 'setMessage') return (v as (...a: unknown[]) => unknown).bind(target);
          return async (key: unknown, ref: MessageRef | null) =>
            refusing && ref && /^\d+$/.test(ref.messageId) ? { ok: false, error: { kind: 'storage-unavailable' } } : (v as (...a: unknown[]) => unknown).call(target, key, ref);
        },
      }),
  };
}

describe.each(TRANSPORTS)('a post stuck behind a Redis outage, over the %s transport', (transport) => {
  let h: Harness;
  const sw = refusingRealIds();
  beforeAll(async () => {
    h = await startHarness({ transport, wrapGames: sw.wrap });
  });
  afterAll(async () => {
    await h.close();
  });

  it('GIVEN /rogue map whose new message could not be recorded WHEN the next /rogue map posts THEN the real old message is retired and no request carries a non-numeric message id', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 4, size: 'small' }));
    const first = await h.gameMessage();
    sw.set(true);
    await h.command(ALICE, 'rogue', subcommand('map'));
    sw.set(false);
    await h.bot.flushEdits();
    // The marker of the stuck post is what the channel has recorded now.
    const stuck = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
    expect(stuck.ok && stuck.value.meta.message?.messageId.startsWith('pending:')).toBe(true);

    await h.command(ALICE, 'rogue', subcommand('map'));
    await h.bot.flushEdits();
    const live = await h.gameMessage();
    expect(live.id).not.toBe(first.id);
    expect(buttons(h.fake.message(first.id)!)).toEqual([]); // the real old message was retired
    expect(buttons(live).length).toBeGreaterThan(0);
    const nonNumeric = h.fake.requests.filter((r) => /\/messages\/(?!@original)[^/]*[^0-9/][^/]*$/.test(r.path));
    expect(nonNumeric).toEqual([]);
    expect(h.fake.violations()).toEqual([]);
  });
});
