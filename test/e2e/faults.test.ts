import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_ERROR_TEXT } from '../../commands/replies.js';
import type { GameServiceApi } from '../../src/app/service-types.js';
import { createLogger } from '../../src/config/logger.js';
import { ADMIN_PERMS, ALICE, BOB, CHANNEL, GUILD, TestClock, buttons, ephemeralText, startHarness, subcommand, turnOf, type Harness, turnButton } from './harness.js';
import { startFight } from '../app/fixtures.js';

/** How `act` misbehaves right now: not at all, by throwing at once, or by throwing after a delay (past the defer point). */
const fault: { mode: 'none' | 'throw' | 'throw-late' } = { mode: 'none' };
const breakAct = (games: GameServiceApi): GameServiceApi =>
  new Proxy(games, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (prop !== 'act' || typeof v !== 'function') return v;
      return async (...args: unknown[]) => {
        if (fault.mode === 'throw') throw new Error('boom: a bug in the service');
        if (fault.mode === 'throw-late') {
          await new Promise((r) => setTimeout(r, 150));
          throw new Error('boom: a late bug in the service');
        }
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });

let logs = '';
let h: Harness;
const clock = new TestClock();
beforeAll(async () => {
  const sink = new Writable({
    write(chunk: Buffer, _enc, done) {
      logs += chunk.toString();
      done();
    },
  });
  h = await startHarness({ clock, wrapGames: breakAct, deferAfterMs: 100, roundTimerMs: 50, editIntervalMs: 100, logger: createLogger('info', sink) });
});
afterAll(async () => {
  expect(h.fake.violations()).toEqual([]);
  await h.close();
});

describe('faults inside a handler', () => {
  it('GIVEN a service that throws WHEN a command or a button arrives, before or after the defer THEN each is logged and answered with the friendly private error, never left failing', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 3, size: 'small' }));
    const msg = await h.gameMessage();
    const wait = turnButton(msg)!.custom_id!;

    fault.mode = 'throw';
    expect(ephemeralText((await h.command(ALICE, 'rogue', subcommand('wait'))).callback)).toBe(INTERNAL_ERROR_TEXT);
    expect(ephemeralText((await h.press(ALICE, msg.id, wait)).callback)).toBe(INTERNAL_ERROR_TEXT);

    fault.mode = 'throw-late';
    const cmd = await h.command(ALICE, 'rogue', subcommand('wait'));
    expect(cmd.callback.type).toBe(5); // deferred, then the placeholder says what happened
    await h.fake.waitForRequest((r) => r.method === 'PATCH' && r.path.startsWith(`/webhooks/${h.fake.applicationId}/`) && r.path.endsWith('/messages/@original') && JSON.stringify(r.body).includes(INTERNAL_ERROR_TEXT));
    const btn = await h.press(ALICE, msg.id, wait);
    expect(btn.callback.type).toBe(6);
    const followUp = await h.fake.waitForRequest((r) => r.method === 'POST' && r.path.startsWith(`/webhooks/${h.fake.applicationId}/`) && JSON.stringify(r.body).includes(INTERNAL_ERROR_TEXT));
    expect((followUp.body as { flags?: number }).flags! & 64).toBe(64);

    fault.mode = 'none';
    expect(turnOf(h.fake.message(msg.id)!)).toBe(0);
    expect(h.fake.failures()).toEqual([]);
    expect(logs).toContain('boom: a bug in the service');
    expect(logs).toContain('boom: a late bug in the service');
    expect(logs.match(/"msg":"interaction failed"/g)).toHaveLength(4);
  });

  it('GIVEN a game WHEN someone else ends it THEN only its creator or a member with Manage Server may; a member casts a vote', async () => {
    await h.command(BOB, 'rogue', subcommand('join'));
    const refused = await h.command(BOB, 'rogue', subcommand('end'));
    expect(ephemeralText(refused.callback)).toMatch(/^You voted to end the game: 1 of 2 votes needed/);
    const msg = await h.gameMessage();
    expect(buttons(h.fake.message(msg.id)!).length).toBeGreaterThan(0);
    const ended = await h.command(BOB, 'rogue', subcommand('end'), { permissions: ADMIN_PERMS });
    expect(ephemeralText(ended.callback)).toBe('The game is over.');
    expect(buttons(h.fake.message(msg.id)!).map((b) => b.label)).toEqual(['Play again', 'Replay']);
  });

  it('GIVEN a rounds game whose message was deleted WHEN the timer resolves a round THEN the failed edit is logged, the message forgotten, and the next command posts a fresh one', async () => {
    await h.command(ALICE, 'rogue', subcommand('new', { lobby: false, seed: 5, size: 'small', mode: 'rounds' }));
    // Rounds mode plays in rounds only in a fight: a goblin comes into view.
    await startFight(h.stores, { guildId: GUILD, channelId: CHANNEL }, clock.t);
    const msg = await h.gameMessage();
    const del = await fetch(`${h.fake.apiBase}/v10/channels/${CHANNEL}/messages/${msg.id}`, { method: 'DELETE', headers: { authorization: `Bot ${h.fake.token}` } });
    expect(del.status).toBe(204);

    clock.t += 61_000;
    await h.fake.waitForRequest((r) => r.method === 'PATCH' && r.path === `/channels/${CHANNEL}/messages/${msg.id}` && r.status === 404);
    for (let i = 0; i < 100 && !logs.includes('game message is gone'); i++) await new Promise((r) => setTimeout(r, 20));
    expect(logs).toContain('game message is gone');
    let ref: unknown = 'unset';
    for (let i = 0; i < 100 && ref !== null; i++) {
      const v = await h.games.view({ guildId: GUILD, channelId: CHANNEL });
      ref = v.ok ? v.value.meta.message : 'error';
      if (ref !== null) await new Promise((r) => setTimeout(r, 20));
    }
    expect(ref).toBeNull();

    const next = await h.command(ALICE, 'rogue', subcommand('wait'));
    expect(next.callback.type).toBe(4);
    expect(next.callback.data?.flags ?? 0).toBe(0); // a fresh public game message
    const fresh = h.fake.originalMessage(next.id)!;
    expect(turnOf(fresh)).toBe(2);
    expect((await h.gameMessage()).id).toBe(fresh.id);
    expect(h.fake.failures().filter((r) => r.status !== 404)).toEqual([]);
  });
});
