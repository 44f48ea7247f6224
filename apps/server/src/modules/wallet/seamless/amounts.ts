import { AmountError, type AmountRefusal, amountRefusalText, toMinor } from '@croupier/contracts/reference/index';
import { SeamlessError } from './errors.ts';

/**
 * A request's decimal amount in minor units (toMinor); a refused one is INVALID_REQUEST with the contracts' one
 * wording (decision 0102). An adapter because the seamless API answers with its own error, and zero is allowed.
 */
export function amountOf(text: string, currency: string): bigint {
  const refuse = (refusal: AmountRefusal) =>
    new SeamlessError('INVALID_REQUEST', `amount: ${amountRefusalText(refusal, currency)}`);
  let minor: bigint;
  try {
    minor = toMinor(text, currency);
  } catch (error) {
    if (error instanceof AmountError) throw refuse(error.reason);
    throw error;
  }
  if (minor < 0n) throw refuse('negative');
  return minor;
}
