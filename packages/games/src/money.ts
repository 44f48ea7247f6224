import { GameInputError } from './errors.ts';

/** A payout multiplier as an exact fraction, so money never passes through a float. */
export interface Multiplier {
  readonly num: bigint;
  readonly den: bigint;
}

/** Basis points: 10 000 = 1×. */
export const BP = 10_000n;

export function multiplier(num: bigint, den: bigint = 1n): Multiplier {
  return { num, den };
}

/** Payout in minor units, rounded down (a fraction of a minor unit is never paid). */
export function pay(bet: bigint, m: Multiplier): bigint {
  return (bet * m.num) / m.den;
}

/** Multiplier in whole basis points, rounded down: for display only. */
export function toBasisPoints(m: Multiplier): number {
  return Number((m.num * BP) / m.den);
}

/** A bet is a positive integer amount of minor units (`divisor` > 1 when it must split evenly, e.g. per line). */
export function assertBet(bet: unknown, field = 'bet', divisor = 1n): bigint {
  if (typeof bet !== 'bigint' || bet <= 0n) {
    throw new GameInputError('invalid_bet', field, 'The bet must be a positive whole number of minor units.');
  }
  if (bet % divisor !== 0n) {
    throw new GameInputError('invalid_bet', field, `The bet must be a multiple of ${divisor} minor units.`);
  }
  return bet;
}
