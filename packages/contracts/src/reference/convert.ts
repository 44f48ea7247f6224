/** Amounts between currencies through the base currency's rates (api-contract §1.5, decision 0004). */
import type { Currency } from '../settings.ts';
import { baseCurrency } from './currencies.ts';
import { divRound, parseDecimal } from './decimal.ts';
import { toMajor, toMinor } from './money.ts';

type Convertible = Pick<Currency, 'subunitToUnit' | 'rate'>;
type BaseUnit = Pick<Currency, 'subunitToUnit'>;

function exactRate(currency: Convertible): { num: bigint; den: bigint } {
  const dec = parseDecimal(String(currency.rate.rate));
  if (!dec || dec.num <= 0n) throw new RangeError(`Invalid rate ${currency.rate.rate}`);
  return { num: dec.num, den: 10n ** BigInt(dec.scale) };
}

/**
 * Base-currency major amount → account-currency major amount (amount × rate ÷ subunitToUnit), rounded half
 * away from zero to the account currency's minor unit. The input must be a valid base amount (toMinor rules).
 */
export function convertFromBase(
  amountBase: number | string,
  currency: Convertible,
  base: BaseUnit = baseCurrency,
): number {
  const baseMinor = toMinor(amountBase, base.subunitToUnit);
  const rate = exactRate(currency);
  // account minor = base major × rate = baseMinor × rate ÷ base subunit
  const minor = divRound(baseMinor * rate.num, BigInt(base.subunitToUnit) * rate.den);
  return toMajor(minor, currency.subunitToUnit);
}

/**
 * Account-currency major amount → base-currency major amount (amount × subunitToUnit ÷ rate), rounded half
 * away from zero to the base currency's minor unit. The input must be valid in the account currency.
 */
export function convertToBase(amount: number | string, currency: Convertible, base: BaseUnit = baseCurrency): number {
  const minor = toMinor(amount, currency.subunitToUnit);
  const rate = exactRate(currency);
  // base minor = account minor ÷ rate × base subunit
  const baseMinor = divRound(minor * BigInt(base.subunitToUnit) * rate.den, rate.num);
  return toMajor(baseMinor, base.subunitToUnit);
}
