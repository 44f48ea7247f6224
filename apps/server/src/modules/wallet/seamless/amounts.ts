import { AmountError, toMinor } from '@croupier/contracts/reference/index';
import { SeamlessError } from './errors.ts';

/** A request's decimal amount in minor units; more decimals than the currency has is INVALID_REQUEST. */
export function amountOf(text: string, currency: string): bigint {
  try {
    const minor = toMinor(text, currency);
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
