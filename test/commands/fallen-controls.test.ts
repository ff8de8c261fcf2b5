/** A fallen member's private controller still offers what they can do: watch (refresh), leave, party help; in every style. */
import { describe, expect, it } from 'vitest';
import type { GameView } from '../../src/app/service-types.js';
import { decodeButtonId } from '../../commands/controls/custom-id.js';
import { playerControls } from '../../commands/controls/layouts.js';
import { controllerPayload } from '../../src/adapters/discord/presenter.js';
import { defaultConfig, newGame, step, type GameState } from '../../src/engine/index.js';

function party(users: string[]): GameState {
  let s = newGame(defaultConfig({ seed: 5, width: 40, height: 20 }));
  for (const u of users) {
    const r = step(s, { type: 'join', user: u, name: u.toUpperCase() });
    if (!r.ok) throw new Error(r.code);
    s = r.state;
  }
  return s;
}

function viewOf(state: GameState, endVotes?: string[]): GameView {
  return {
    key: { guildId: '1', channelId: '2' },
    state,
    events: state.recent,
    meta: { creatorId: 'a', createdAt: 1_700_000_000_000, updatedAt: 0, roundDeadline: null, message: null, render: 'image', mobile: false, roundSeconds: 60, lastActed: {}, idleRounds: 0, ...(endVotes ? { endVotes } : {}) },
  } as GameView;
}

/** Party a, b, c with `who` fallen. */
function withFallen(who: string): GameState {
  const s = party(['a', 'b', 'c']);
  return { ...s, players: s.players.map((p) => (p.id === who ? { ...p, alive: false, hp: 0 } : p)) };
}

const verbOf = (customId: string): string => {
  const id = decodeButtonId(customId);
  return id.ok ? id.value.verb : '?';
};
const verbs = (rows: ReturnType<typeof playerControls>): string[] => rows.flat().map((b) => verbOf(b.customId));

describe('a fallen member\'s controller', () => {
  it('GIVEN b fell WHEN b opens the controller THEN it offers refresh, leave and party help, with words, and no dead d-pad', () => {
    const rows = playerControls(viewOf(withFallen('b')), 'b');
    expect(verbs(rows)).toEqual(['me', 'leave', 'hpty']);
    expect(rows.flat().every((b) => !b.disabled && !b.spacer && b.label.length > 0 && b.iconOnly !== true)).toBe(true);
  });

  it('GIVEN the host a fell WHEN a opens the controller THEN the host keeps 👢', () => {
    expect(verbs(playerControls(viewOf(withFallen('a')), 'a'))).toEqual(['me', 'leave', 'hpty', 'kick']);
  });

  it('GIVEN the fallen do not vote (end-vote.ts) WHEN the fallen member looks THEN no end button is offered', () => {
    expect(verbs(playerControls(viewOf(withFallen('b'), ['a']), 'b'))).not.toContain('end');
  });

  it.each(['text', 'image', 'emoji', 'ascii'] as const)('GIVEN the %s style WHEN the fallen member\'s controller is sent THEN it has buttons', (style) => {
    const payload = controllerPayload(viewOf(withFallen('b')), 'b', { style, mobile: true });
    expect(payload.components.length).toBeGreaterThan(0);
  });

  it('GIVEN a living member WHEN they open the controller THEN they keep their d-pad', () => {
    expect(verbs(playerControls(viewOf(withFallen('b')), 'c'))).toContain('mv');
  });
});
