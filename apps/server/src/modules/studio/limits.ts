import { currencies } from '@croupier/contracts/reference/index';

/**
 * Bet limits per currency, derived from the reference data: about 0.10 EUR to 100 EUR converted with the
 * reference rate, rounded up to a 1-2-5 step. Every value is a multiple of 10 minor units (the slot splits
 * its bet over 10 lines; blackjack pays 3:2), so presets are always playable.
 */

/** Minor units per 1 EUR, by account currency. */
const rates = new Map(currencies.map((c) => [c.code, c.rate.rate]));

const STEPS = [1n, 2n, 5n];
/** Smallest 1-2-5 value ≥ x and ≥ 10. */
function nice(x: number): bigint {
  for (let p = 10n; ; p *= 10n) {
    for (const s of STEPS) {
      const v = s * p;
      if (Number(v) >= x) return v;
    }
  }
}

export interface Limits {
  minBet: bigint;
  maxBet: bigint;
  betSteps: bigint[];
}

export function limitsFor(code: string): Limits {
  const rate = rates.get(code) ?? 100;
  const minBet = nice(rate * 0.1);
  const maxBet = nice(rate * 100);
  const betSteps: bigint[] = [];
  for (let p = minBet; p <= maxBet * 10n; p *= 10n) {
    for (const s of STEPS) {
      const v = (p / minBet) * minBet * s;
      if (v >= minBet && v <= maxBet && !betSteps.includes(v)) betSteps.push(v);
    }
  }
  return { minBet, maxBet, betSteps: betSteps.sort((a, b) => (a < b ? -1 : 1)) };
}
