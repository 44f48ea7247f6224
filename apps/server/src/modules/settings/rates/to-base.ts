import { parseDecimal, subunitOf } from '@croupier/contracts/reference/index';
import type { RatesTable } from './table.ts';

/**
 * |amount| (minor units of `currency`) in base-currency minor units at the table's rate, rounded up so a hair
 * above a threshold or a cap counts as above it; null when the currency has no usable rate, and every caller
 * then fails closed (an adjustment waits, a withdrawal waits, KYC counts it as over). The rate is minor units of
 * the currency per one base major unit (decision 0004): base minor = minor × base subunit ÷ rate, in exact
 * decimals. The one conversion the money rules compare thresholds with.
 */
export function toBaseMinor(table: RatesTable, currency: string, amount: bigint): bigint | null {
  const rate = table.rates.get(currency)?.rate;
  const exact = rate !== undefined && Number.isFinite(rate) && rate > 0 ? parseDecimal(String(rate)) : null;
  if (!exact || exact.num <= 0n) return null;
  const magnitude = amount < 0n ? -amount : amount;
  const numerator = magnitude * BigInt(subunitOf(table.base)) * 10n ** BigInt(exact.scale);
  return (numerator + exact.num - 1n) / exact.num;
}

/** A base-currency amount in major units (a setting: whole cents at most) in base minor units. */
export const baseMinorOfMajor = (table: RatesTable, major: number): bigint =>
  BigInt(Math.round(major * subunitOf(table.base)));
