import type { RatesSource } from '../../settings/index.ts';
import type { loyaltyProgram } from './schema.ts';

export type Program = typeof loyaltyProgram.$inferSelect;

/**
 * Hundredths of a point a stake earns (decision 0059): the stake in the base currency (EUR) at the
 * current rate, times the programme's points per base unit, times the game's contribution (percent).
 * `rate` is minor units of the currency per one EUR (decision 0004), so EUR = minor ÷ rate.
 */
export function pointsForStake(
  stakeMinor: bigint,
  currency: string,
  gameId: string,
  program: Program,
  rates: RatesSource,
): bigint {
  if (stakeMinor <= 0n) return 0n;
  const rate = rates.current().rates.get(currency)?.rate;
  if (!rate || rate <= 0) return 0n;
  const contribution = program.contributions[gameId] ?? program.defaultContribution;
  const base = Number(stakeMinor) / rate;
  const hundredths = base * Number(program.pointsPerBaseUnit) * (contribution / 100) * 100;
  return BigInt(Math.floor(hundredths + 1e-9));
}

/** Hundredths of a point → the API's number (two decimals at most). */
export const pointsOut = (hundredths: bigint): number => Number(hundredths) / 100;
