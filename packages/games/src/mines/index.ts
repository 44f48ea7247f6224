import { GameInputError } from '../errors.ts';
import { sample } from '../fairness/shuffle.ts';
import type { Rng } from '../fairness/stream.ts';
import { assertBet, BP, type Multiplier, multiplier, pay } from '../money.ts';

/** Mines: a 5×5 board hides 1–24 mines placed by the first mines positions of a Fisher–Yates shuffle. */
export const TILES = 25;

export interface MinesConfig {
  /** House edge in basis points. */
  readonly edgeBp: number;
}

export const MINES_DEFAULT: MinesConfig = { edgeBp: 100 };

export interface MinesState {
  readonly bet: bigint;
  readonly mines: number;
  /** Secret until the round ends; the server never sends it to the client while playing. */
  readonly minePositions: readonly number[];
  readonly revealed: readonly number[];
  readonly status: 'playing' | 'lost' | 'cashed';
  readonly payout: bigint;
}

function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let r = 1n;
  for (let i = 0; i < k; i += 1) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

/**
 * Cash-out multiplier after `safe` safe reveals: (1 − edge) / P(first `safe` picks avoid all mines)
 * = (1 − edge) · C(25, safe) / C(25 − mines, safe). Exact, so every strategy returns 1 − edge.
 */
export function minesMultiplier(config: MinesConfig, mines: number, safe: number): Multiplier {
  return multiplier((BP - BigInt(config.edgeBp)) * choose(TILES, safe), BP * choose(TILES - mines, safe));
}

// `_config` keeps the same call shape as the other steps; the mine layout does not depend on the edge.
export function startMines(_config: MinesConfig, bet: bigint, choice: { mines: number }, rng: Rng): MinesState {
  assertBet(bet);
  const mines = choice?.mines;
  if (!Number.isInteger(mines) || mines < 1 || mines > TILES - 1) {
    throw new GameInputError('invalid_choice', 'mines', 'Choose from 1 to 24 mines.');
  }
  return { bet, mines, minePositions: sample(TILES, mines, rng), revealed: [], status: 'playing', payout: 0n };
}

function assertPlaying(state: MinesState): void {
  if (state.status !== 'playing') throw new GameInputError('round_finished', 'round', 'This round is over.');
}

export function revealTile(config: MinesConfig, state: MinesState, tile: number): MinesState {
  assertPlaying(state);
  if (!Number.isInteger(tile) || tile < 0 || tile >= TILES) {
    throw new GameInputError('invalid_action', 'tile', 'Pick a tile from 0 to 24.');
  }
  if (state.revealed.includes(tile)) {
    throw new GameInputError('invalid_action', 'tile', 'This tile is already open.');
  }
  const revealed = [...state.revealed, tile];
  if (state.minePositions.includes(tile)) return { ...state, revealed, status: 'lost', payout: 0n };
  const next = { ...state, revealed };
  // Every safe tile open: nothing left to risk, the round pays out by itself.
  return revealed.length === TILES - state.mines ? cashOut(config, next) : next;
}

export function cashOut(config: MinesConfig, state: MinesState): MinesState {
  assertPlaying(state);
  if (state.revealed.length === 0) {
    throw new GameInputError('invalid_action', 'round', 'Open at least one tile before cashing out.');
  }
  const m = minesMultiplier(config, state.mines, state.revealed.length);
  return { ...state, status: 'cashed', payout: pay(state.bet, m) };
}
