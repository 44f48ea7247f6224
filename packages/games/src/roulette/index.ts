import { GameInputError } from '../errors.ts';
import type { Rng } from '../fairness/stream.ts';
import { assertBet } from '../money.ts';
import { groupKey, type InsideKind, LEGAL_GROUPS, ODDS, type OutsideKind, outsideNumbers } from './table.ts';

export type { InsideKind, OutsideKind } from './table.ts';
export { LEGAL_GROUPS, ODDS, outsideNumbers, RED } from './table.ts';

/** One chip placement. Inside bets name their numbers; column and dozen name index 1–3. */
export type RouletteBet =
  | { readonly kind: InsideKind; readonly numbers: readonly number[]; readonly amount: bigint }
  | { readonly kind: 'column' | 'dozen'; readonly index: 1 | 2 | 3; readonly amount: bigint }
  | { readonly kind: Exclude<OutsideKind, 'column' | 'dozen'>; readonly amount: bigint };

export interface RouletteConfig {
  readonly maxBets: number;
}

export const ROULETTE_DEFAULT: RouletteConfig = { maxBets: 100 };

export interface RouletteBetResult {
  readonly bet: RouletteBet;
  readonly numbers: readonly number[];
  readonly win: boolean;
  /** Stake plus winnings, or 0. */
  readonly payout: bigint;
}

export interface RouletteOutcome {
  readonly number: number;
  readonly stake: bigint;
  readonly payout: bigint;
  readonly bets: readonly RouletteBetResult[];
}

const INSIDE_SIZE: Record<InsideKind, number> = { straight: 1, split: 2, street: 3, corner: 4, sixLine: 6 };

/** The numbers a bet covers, or a typed error when it is not a legal group of the layout. */
export function coveredNumbers(bet: RouletteBet, field: string): readonly number[] {
  if (!bet || typeof bet !== 'object' || !(bet.kind in ODDS)) {
    throw new GameInputError('invalid_choice', `${field}.kind`, 'Unknown bet type.');
  }
  if ('numbers' in bet) {
    const size = INSIDE_SIZE[bet.kind as InsideKind];
    const ns = bet.numbers;
    const ok =
      Array.isArray(ns as unknown) &&
      ns.length === size &&
      ns.every((n) => Number.isInteger(n)) &&
      LEGAL_GROUPS[bet.kind as InsideKind].has(groupKey(ns));
    if (!ok) {
      throw new GameInputError(
        'invalid_choice',
        `${field}.numbers`,
        `These numbers are not a ${bet.kind} on the table.`,
      );
    }
    return ns;
  }
  if (bet.kind === 'column' || bet.kind === 'dozen') {
    const index = (bet as { index?: unknown }).index;
    if (index !== 1 && index !== 2 && index !== 3) {
      throw new GameInputError('invalid_choice', `${field}.index`, 'Choose column or dozen 1, 2 or 3.');
    }
    return outsideNumbers(bet.kind, index);
  }
  if (INSIDE_SIZE[bet.kind as InsideKind] !== undefined) {
    throw new GameInputError('invalid_choice', `${field}.numbers`, 'An inside bet needs its numbers.');
  }
  return outsideNumbers(bet.kind as OutsideKind);
}

export function playRoulette(config: RouletteConfig, bets: readonly RouletteBet[], rng: Rng): RouletteOutcome {
  if (!Array.isArray(bets as unknown) || bets.length === 0 || bets.length > config.maxBets) {
    throw new GameInputError('invalid_choice', 'bets', `Place from 1 to ${config.maxBets} bets.`);
  }
  const covered = bets.map((b, i) => {
    assertBet(b.amount, `bets.${i}.amount`);
    return coveredNumbers(b, `bets.${i}`);
  });
  const number = rng.nextInt(37);
  let stake = 0n;
  let payout = 0n;
  const results = bets.map((bet, i) => {
    const numbers = covered[i] as readonly number[];
    const win = numbers.includes(number);
    const p = win ? bet.amount * BigInt(ODDS[bet.kind] + 1) : 0n;
    stake += bet.amount;
    payout += p;
    return { bet, numbers, win, payout: p };
  });
  return { number, stake, payout, bets: results };
}
