import { type Account, ApiError, ErrorCode } from '@croupier/contracts';
import { AmountError, toMinor } from '@croupier/contracts/reference/index';
import type { Db } from '../../db/client.ts';
import { openAccount } from './accounts.ts';
import { houseAccount, IdempotencyConflictError, transfer, withTransaction } from './ledger.ts';
import { enabledCurrencies, toAccount } from './present.ts';

const invalid = (field: string, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });

/** Major-unit request amount → minor units, exactly; a 422 on `field` when it is not a positive exact amount. */
export function minorOf(amount: number | string, currency: string, field = 'amount'): bigint {
  let minor: bigint;
  try {
    minor = toMinor(amount, currency);
  } catch (error) {
    if (!(error instanceof AmountError)) throw error;
    const why = {
      format: 'Must be a number.',
      precision: 'Has more decimals than the currency allows.',
      range: 'Is too large.',
    }[error.reason];
    throw invalid(field, why);
  }
  if (minor <= 0n) throw invalid(field, 'Must be greater than zero.');
  return minor;
}

/**
 * Development and demos only: credits real money to the player's account in `currency` (opened if
 * missing) from the house `cash` account, through a real ledger transaction. The payments issue replaces it.
 */
export async function devCredit(
  db: Db,
  input: { playerId: string; currency: string; amount: number | string; idempotencyKey?: string },
): Promise<Account> {
  const currency = input.currency.trim().toUpperCase();
  if (!enabledCurrencies.has(currency)) throw invalid('currency', 'This currency is not available.');
  const amount = minorOf(input.amount, currency);
  try {
    return await withTransaction(db, async (tx) => {
      const account = await openAccount(tx, input.playerId, currency);
      const house = await houseAccount(tx, currency, 'cash');
      const result = await transfer({
        tx,
        kind: 'dev.credit',
        idempotencyKey: input.idempotencyKey ? `dev.credit:${input.idempotencyKey}` : undefined,
        legs: [
          { accountId: house.id, part: 'real', amount: -amount },
          { accountId: account.id, part: 'real', amount },
        ],
        answer: ({ accounts }) => toAccount(accounts.find((a) => a.id === account.id)!),
      });
      return result.answer as Account;
    });
  } catch (error) {
    if (error instanceof IdempotencyConflictError) {
      throw ApiError.of(ErrorCode.conflict, 'This idempotency key was used for a different request.');
    }
    throw error;
  }
}
