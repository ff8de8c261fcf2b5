import { beforeEach, describe, expect, it } from 'vitest';
import { logText } from '../../src/app/rolling-log.js';
import { CONFIRM_END_TEXT, ENDED_TEXT, pressIntent, runPress, SHARED_PAD_TEXT, type ButtonOutcome } from '../../commands/controls/press.js';
import { DIRECTION_DELTA, Tile, type Direction } from '../../src/engine/index.js';
import { MEMBER_VERB_NAMES, MEMBER_VERBS, VERB_TABLE, SIMPLE_VERBS } from '../../commands/controls/buttons.js';
import { DIRECTION_TABLE } from '../../commands/controls/directions.js';
import { playerControls } from '../../commands/controls/layouts.js';
import { ITEM_KINDS } from '../../src/engine/items.js';
import { encodeButtonId, decodeButtonId, gameTag, type ButtonId } from '../../commands/controls/custom-id.js';
import { MemoryGameStore } from '../../src/adapters/memory/memory-game-store.js';
import { MemoryRoundQueue } from '../../src/adapters/memory/memory-round-queue.js';
import { MemorySettingsStore } from '../../src/adapters/memory/memory-settings-store.js';
import { GameService } from '../../src/app/game-service.js';
import { sharedArrowStep } from '../../src/app/shared-arrow.js';
import { silentLogger } from '../../src/app/ports.js';
import type { GameServiceApi, GameView, Result } from '../../src/app/service-types.js';

const key = { guildId: '1', channelId: '2' };
const ann = { id: 'a', name: 'Ann' };

function value<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${JSON.stringify(r.error)}`);
  return r.value;
}

let now = 1_700_000_000_000;
let service: GameService;
let calls: string[];
/** The service as the press sees it, recording which methods it calls. */
let games: GameServiceApi;

beforeEach(() => {
  const settingsStore = new MemorySettingsStore(silentLogger);
  service = new GameService({ games: new MemoryGameStore(), settings: settingsStore, clock: { now: () => now }, rounds: new MemoryRoundQueue(), logger: silentLogger });
  calls = [];
  games = new Proxy(service, {
    get(target, prop, receiver) {
      const v = Reflect.get(target, prop, receiver) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        calls.push(String(prop));
        return (v as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
});

/** The wait button as drawn on `view`. */
function waitButton(view: GameView): ButtonId {
  const decoded = decodeButtonId(encodeButtonId({ verb: 'wait', version: view.state.version, game: gameTag(view.meta.createdAt) }));
  if (!decoded.ok) throw new Error('unreadable button');
  return decoded.value;
}

async function press(id: ButtonId): Promise<ButtonOutcome> {
  calls = [];
  return runPress({ key, user: ann, memberIsAdmin: false, games }, id, pressIntent(id)!);
}

describe('decoding a press', () => {
  it.each(DIRECTION_TABLE.map((r) => r.dir))('GIVEN the d-pad button %s WHEN decoded THEN it is that move, straight from the id', (dir) => {
    expect(pressIntent({ verb: 'mv', dir, version: 1, game: 'a' })).toEqual({ kind: 'act', action: { type: 'move', dir } });
  });

  it.each([
    ['wait', { kind: 'act', action: { type: 'wait' } }],
    ['desc', { kind: 'act', action: { type: 'descend' } }],
    ['use', { kind: 'act', action: { type: 'use' } }],
    ['exp', { kind: 'act', action: { type: 'explore' } }],
    ['trv', { kind: 'act', action: { type: 'travel' } }],
    ['rest', { kind: 'act', action: { type: 'rest' } }],
    ['end', { kind: 'end' }],
    ['join', { kind: 'join' }],
    ['again', { kind: 'again' }],
    ['me', { kind: 'controller' }],
  ] as const)('GIVEN the %s button WHEN decoded THEN it asks for %j', (verb, intent) => {
    expect(pressIntent({ verb, version: 1, game: 'a' })).toEqual(intent);
  });

  it.each(ITEM_KINDS.map((k) => [k]))('GIVEN the item button for %s WHEN encoded and decoded THEN it uses that item', (item) => {
    const decoded = decodeButtonId(encodeButtonId({ verb: 'it', item, version: 4, game: 'a' }));
    expect(decoded.ok && pressIntent(decoded.value)).toEqual({ kind: 'act', action: { type: 'use', item } });
  });

  it('GIVEN a player carrying a lure, a bomb and a spare dagger WHEN their controller is drawn THEN its fifth row holds 🏮, 💣 and the dagger, and the potion keeps its own button', async () => {
    const fresh = value(await service.newGame(key, ann, {}));
    const players = fresh.state.players.map((p) => ({ ...p, pack: { potion: 1, lure: 2, bomb: 1, dagger: 1 } }));
    const view = { ...fresh, state: { ...fresh.state, players } };
    const rows = playerControls(view, ann.id);
    expect(rows.length).toBeLessThanOrEqual(5);
    const items = rows[rows.length - 1]!;
    expect(items.map((b) => b.emoji)).toEqual(['🏮', '💣', '🔪']);
    const decoded = items.map((b) => decodeButtonId(b.customId));
    expect(decoded.map((d) => d.ok && pressIntent(d.value))).toEqual(['lure', 'bomb', 'dagger'].map((item) => ({ kind: 'act', action: { type: 'use', item } })));
  });

  it('GIVEN the verb table WHEN compared with the codec THEN every verb is encodable and has a label and an emoji', () => {
    expect(SIMPLE_VERBS).toEqual(Object.keys(VERB_TABLE));
    for (const verb of SIMPLE_VERBS) {
      const id = encodeButtonId({ verb, version: 7, game: 'k' });
      expect(decodeButtonId(id)).toEqual({ ok: true, value: { verb, version: 7, game: 'k' } });
      expect(VERB_TABLE[verb].label.length).toBeGreaterThan(0);
      expect(VERB_TABLE[verb].emoji.length).toBeGreaterThan(0);
    }
  });

  it.each(MEMBER_VERB_NAMES)('GIVEN the member verb %s WHEN a user id is encoded THEN it decodes to the same member and a kick intent for them', (verb) => {
    for (const user of ['1300000000000000002', 'bob']) {
      const id = encodeButtonId({ verb, user, version: 7, game: 'k' });
      expect(id.length).toBeLessThanOrEqual(100);
      expect(decodeButtonId(id)).toEqual({ ok: true, value: { verb, user, version: 7, game: 'k' } });
      expect(pressIntent({ verb, user, version: 7, game: 'k' })).toEqual(MEMBER_VERBS[verb].intent(user));
    }
    expect(decodeButtonId(`cc1:${verb}:a:b:7:k`)).toEqual({ ok: false, reason: 'foreign' });
  });

  it('GIVEN a d-pad spacer WHEN decoded THEN there is nothing to run', () => {
    expect(pressIntent({ verb: 'nop', index: 0, version: 1, game: 'a' })).toBeNull();
  });
});

describe('pressing a game button', () => {
  it('GIVEN a current button WHEN pressed THEN the action is applied with a single service call', async () => {
    const start = value(await service.newGame(key, ann, { seed: 3, size: 'small' }));
    const outcome = await press(waitButton(start));
    expect(outcome.kind).toBe('game');
    expect(outcome.kind === 'game' && outcome.view.state.version).toBe(start.state.version + 1);
    expect(calls).toEqual(['act']);
  });

  it('GIVEN a button of a game that was replaced WHEN pressed THEN it is refused as an old game, the new game is untouched and no message is redrawn', async () => {
    const old = value(await service.newGame(key, ann, { seed: 3, size: 'small' }));
    value(await service.end(key, ann, false));
    now += 1000;
    const fresh = value(await service.newGame(key, ann, { seed: 4, size: 'small' }));
    expect(fresh.state.version).toBe(old.state.version);
    const outcome = await press(waitButton(old));
    expect(outcome).toEqual({ kind: 'refused', text: 'That button belongs to a game that has ended. Use the current game message, or /rogue map to find it.', view: null, failure: { kind: 'old-game' } });
    expect(calls).toEqual(['act']);
    expect(value(await service.view(key)).state.version).toBe(fresh.state.version);
  });

  it('GIVEN a finished game WHEN one of its buttons is pressed THEN it is refused as game over and its message is redrawn with the final screen', async () => {
    const start = value(await service.newGame(key, ann, { seed: 3, size: 'small' }));
    const ended = value(await service.end(key, ann, false));
    const outcome = await press(waitButton(start));
    expect(outcome.kind === 'refused' && outcome.text).toBe('This game is over. Start a new one with /rogue new.');
    expect(outcome.kind === 'refused' && outcome.view?.state.version).toBe(ended.state.version);
    expect(calls).toEqual(['act', 'view']);
  });

  it('GIVEN a button pressed twice WHEN the second press arrives THEN it is refused as stale and the message catches up', async () => {
    const start = value(await service.newGame(key, ann, { seed: 3, size: 'small' }));
    await press(waitButton(start));
    const outcome = await press(waitButton(start));
    expect(outcome.kind === 'refused' && outcome.failure).toEqual({ kind: 'stale' });
    expect(outcome.kind === 'refused' && outcome.view?.state.version).toBe(start.state.version + 1);
  });

  it('GIVEN a player who is neither creator nor admin WHEN they press end THEN it counts their vote and tells them the tally', async () => {
    const start = value(await service.newGame(key, { id: 'b', name: 'Bo' }, { seed: 3, size: 'small' }));
    value(await service.join(key, ann));
    const outcome = await press({ verb: 'end', version: start.state.version + 1, game: gameTag(start.meta.createdAt) });
    expect(outcome.kind).toBe('game');
    expect(outcome.kind === 'game' && outcome.note).toMatch(/You voted to end the game: 1 of 2/);
    expect(calls).toEqual(['view', 'end', 'voteEnd']) // the view: is the presser the host, who is asked first?;
  });

  it('GIVEN the end button of a replaced game WHEN a member presses it THEN the vote is refused as an old game', async () => {
    const old = value(await service.newGame(key, { id: 'b', name: 'Bo' }, { seed: 3, size: 'small' }));
    value(await service.end(key, { id: 'b', name: 'Bo' }, false));
    now += 1000;
    value(await service.newGame(key, { id: 'b', name: 'Bo' }, { seed: 4, size: 'small' }));
    value(await service.join(key, ann));
    const outcome = await press({ verb: 'end', version: old.state.version, game: gameTag(old.meta.createdAt) });
    expect(outcome.kind === 'refused' && outcome.failure).toEqual({ kind: 'old-game' });
  });

  it('GIVEN no game in the channel WHEN a button is pressed THEN the refusal says so and nothing is redrawn', async () => {
    const outcome = await press({ verb: 'wait', version: 1, game: gameTag(now) });
    expect(outcome).toEqual({ kind: 'refused', text: "There's no game in this channel. Start one with /rogue new.", view: null, failure: { kind: 'no-game' } });
    expect(calls).toEqual(['act']);
  });
});

describe('the host’s 🏳️ asks first (issue 19)', () => {
  /** The 🏳️ button (or its confirmation) as drawn on `view`. */
  function endButton(view: GameView, verb: 'end' | 'endok'): ButtonId {
    const decoded = decodeButtonId(encodeButtonId({ verb, version: view.state.version, game: gameTag(view.meta.createdAt) }));
    if (!decoded.ok) throw new Error('unreadable button');
    return decoded.value;
  }
  const bo = { id: 'b', name: 'Bo' };
  const root = { id: 'r', name: 'Root' };

  it.each([
    ['the host', ann, false, 'Ended by the host, Ann.'],
    ['an admin passing by', root, true, 'Ended by a server admin, Root.'],
  ])('GIVEN %s WHEN they press 🏳️ THEN nothing ends until they confirm, and the ending says who', async (_, who, admin, line) => {
    value(await service.newGame(key, ann, { seed: 5, size: 'small' }));
    const view = value(await service.join(key, bo));
    const asked = await runPress({ key, user: who, memberIsAdmin: admin, games }, endButton(view, 'end'), { kind: 'end' });
    if (asked.kind !== 'confirm') throw new Error(`expected a question, got ${asked.kind}`);
    expect(asked.text).toBe(CONFIRM_END_TEXT);
    expect(value(await service.view(key)).state.status).toBe('playing');
    const ok = decodeButtonId(asked.buttons[0]![0]!.customId);
    if (!ok.ok) throw new Error('unreadable confirmation');
    const ended = await runPress({ key, user: who, memberIsAdmin: admin, games }, ok.value, pressIntent(ok.value)!);
    expect(ended).toMatchObject({ kind: 'game', note: ENDED_TEXT });
    expect(logText(value(await service.view(key)).meta.recentLog).at(-1)).toBe(line);
  });

  it('GIVEN a member who is not the host WHEN they press 🏳️ THEN it is a vote, at once, with its tally', async () => {
    value(await service.newGame(key, ann, { seed: 5, size: 'small' }));
    const view = value(await service.join(key, bo));
    const voted = await runPress({ key, user: bo, memberIsAdmin: false, games }, endButton(view, 'end'), { kind: 'end' });
    expect(voted.kind).toBe('game');
    expect(value(await service.view(key)).meta.endVotes).toEqual(['b']);
  });
});

describe('refusals say the real reason (issue 19); a shared wall arrow heads that way (issue 24)', () => {
  /** The first seed (walking seeds, not pinned) whose start has a wall next to Ann in a cardinal direction where `heads` holds. */
  async function wallStart(heads: boolean): Promise<{ start: GameView; dir: Direction }> {
    for (let seed = 1; seed < 80; seed++) {
      const start = value(await service.newGame(key, ann, { seed, size: 'small', diagonals: false }));
      const s = start.state;
      const me = s.players[0]!;
      const dir = (['n', 's', 'e', 'w'] as const).find((d) => s.tiles[(me.y + DIRECTION_DELTA[d][1]) * s.width + me.x + DIRECTION_DELTA[d][0]] === Tile.Wall && (sharedArrowStep(s, ann.id, d) !== null) === heads);
      if (dir) return { start, dir };
      value(await service.end(key, ann, false));
    }
    throw new Error(`no start next to a wall (heading: ${heads}) in 80 seeds`);
  }

  it('GIVEN a wall next to Ann with a way round WHEN she presses that arrow on the shared message THEN she steps that way; on her controller it is a wall', async () => {
    const { start, dir } = await wallStart(true);
    const id: ButtonId = { verb: 'mv', dir, version: start.state.version, game: gameTag(start.meta.createdAt) };
    const own = await runPress({ key, user: ann, memberIsAdmin: false, games }, id, pressIntent(id)!);
    expect(own).toMatchObject({ kind: 'refused', text: "There's a wall in the way." });
    const shared = await runPress({ key, user: ann, memberIsAdmin: false, games, pressedMessage: 'm1' }, id, pressIntent(id)!);
    expect(shared.kind).toBe('game');
    const before = start.state.players[0]!;
    const after = (shared as { view: GameView }).view.state.players[0]!;
    const [ax, ay] = DIRECTION_DELTA[dir];
    // One step, never against the arrow.
    expect(Math.abs(after.x - before.x) + Math.abs(after.y - before.y)).toBe(1);
    expect((after.x - before.x) * ax + (after.y - before.y) * ay).toBeGreaterThanOrEqual(0);
  });

  it('GIVEN a wall next to Ann and no way round WHEN she presses that arrow on the shared message THEN she is told it is a wall and sent to 🎮', async () => {
    const { start, dir } = await wallStart(false);
    const id: ButtonId = { verb: 'mv', dir, version: start.state.version, game: gameTag(start.meta.createdAt) };
    const shared = await runPress({ key, user: ann, memberIsAdmin: false, games, pressedMessage: 'm1' }, id, pressIntent(id)!);
    expect(shared).toMatchObject({ kind: 'refused', text: `There's a wall in the way. ${SHARED_PAD_TEXT}`, failure: { kind: 'rejected', code: 'wall' } });
  });
});
