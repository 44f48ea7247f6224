import { AmountError, toMinor } from '@croupier/contracts/reference/index';
import { subunitOf } from '../present.ts';
import { SeamlessError } from './errors.ts';

/** Exact major-unit decimal string of a minor amount ("10.50" for 1050 EUR cents). */
export function majorString(minor: bigint, currency: string): string {
  const subunit = BigInt(subunitOf(currency));
  const digits = String(subunit).length - 1;
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  if (digits === 0) return `${sign}${abs}`;
  return `${sign}${abs / subunit}.${String(abs % subunit).padStart(digits, '0')}`;
}

/** A request's decimal amount in minor units; more decimals than the currency has is INVALID_REQUEST. */
export function amountOf(text: string, currency: string): bigint {
  try {
    const minor = toMinor(text, subunitOf(currency));
    if (minor < 0n) throw new SeamlessError('INVALID_REQUEST', 'amount must not be negative');
    return minor;
  } catch (error) {
    if (error instanceof AmountError) {
      throw new SeamlessError(
        'INVALID_REQUEST',
        error.reason === 'precision' ? `amount has more decimals than ${currency} allows` : 'amount is not valid',
      );
    }
    throw error;
  }
}
