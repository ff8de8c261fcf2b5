/**
 * The turn policy: the one place that knows how free and rounds mode differ. The rules ask it who may act now, what
 * follows a player's act (the monsters move at once, or the act waits for the round), how long a run may go in one
 * action and what an accepted action leaves behind. A new action or ability asks these questions and gets both modes
 * right without a branch of its own (rot.js's schedulers and boardgame.io's turn order are the model).
 */
import { roundDone, roundsNow } from './pace.js';
import type { GameState, Player, RejectionCode } from './types.js';

/** What the policy may do to the turn in progress. */
export interface TurnHost {
  readonly s: GameState;
  /** One monster phase (a turn passes for the monsters). */
  monsters(): void;
  /** Resolves the round in progress (rounds mode). */
  endRound(): void;
}

/** The questions the rules ask about turns. */
export interface TurnPolicy {
  /** Whether the monsters wait for the round (rounds) or answer every act (free). */
  readonly rounds: boolean;
  /** Null when `p` may act now, else the refusal. */
  mayAct(s: GameState, p: Player): RejectionCode | null;
  /** Called as `p`'s accepted action begins: acting ends a hold. */
  begin(s: GameState, p: Player): void;
  /** What follows one act (a blow, a drink, a throw, an ability, one step of a run). */
  afterAct(h: TurnHost): void;
  /** What follows a wait: a turn passes, or the player holds until something comes. */
  afterWait(h: TurnHost, p: Player): void;
  /** How many steps (or turns) a run asked to go `want` may go in this one action. */
  runLength(want: number): number;
  /** After `p`'s accepted action: the round notes who acted and resolves once everyone is done. */
  settle(h: TurnHost, p: Player): void;
  /** Turns a descent costs (rounds count resolved rounds; descending starts a fresh one). */
  readonly descentTurns: number;
}

/** Free mode: every accepted act is one turn for the monsters; runs go as far as they are allowed. */
const FREE: TurnPolicy = {
  rounds: false,
  mayAct: () => null,
  begin: () => undefined,
  afterAct: (h) => h.monsters(),
  afterWait: (h) => h.monsters(),
  runLength: (want) => want,
  settle: () => undefined,
  descentTurns: 1,
};

/** Rounds: each living player acts once a round; the monsters move when the round resolves. */
const ROUNDS: TurnPolicy = {
  rounds: true,
  mayAct: (s, p) => (s.acted.includes(p.id) ? 'not-your-turn' : null),
  begin: (s, p) => {
    s.holding = s.holding.filter((id) => id !== p.id);
  },
  afterAct: () => undefined,
  afterWait: (h, p) => {
    h.s.holding.push(p.id);
  },
  runLength: () => 1,
  settle: (h, p) => {
    const s = h.s;
    if (s.status !== 'playing') return;
    s.acted.push(p.id);
    if (s.players.every((q) => roundDone(s, q))) h.endRound();
  },
  descentTurns: 0,
};

/** The policy in force now (a rounds-mode party that walks freely between fights plays by the free policy). */
export function turnPolicy(s: Pick<GameState, 'config' | 'calm'>): TurnPolicy {
  return roundsNow(s) ? ROUNDS : FREE;
}
