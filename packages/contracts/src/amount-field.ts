import { ApiError, ErrorCode } from './errors.ts';
import { AmountError, type AmountRefusal, amountRefusalText, toMinor } from './reference/money.ts';

/**
 * A player API request's major-unit `amount` → minor units (toMinor), or the 422 naming the `amount` field with
 * the one wording of amountRefusalText (decision 0102). An adapter, not a third converter: these callers answer a
 * refused amount as a field error rather than an AmountError. `positive` refuses zero and below (a credit, a
 * deposit); without it zero passes (a limit) and the sign is the caller's schema's business.
 */
export function minorOfRequest(
  amount: number | string | undefined,
  currency: string,
  options: { positive?: boolean } = {},
): bigint {
  const refuse = (refusal: AmountRefusal) =>
    ApiError.of(ErrorCode.validation, 'The given data was invalid.', {
      amount: [amountRefusalText(refusal, currency)],
    });
  if (amount === undefined) throw refuse('required');
  let minor: bigint;
  try {
    minor = toMinor(amount, currency);
  } catch (error) {
    if (error instanceof AmountError) throw refuse(error.reason);
    throw error;
  }
  if (options.positive && minor <= 0n) throw refuse('notPositive');
  return minor;
}
