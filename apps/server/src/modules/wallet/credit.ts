import { type Account, ApiError, ErrorCode, minorOfRequest } from '@croupier/contracts';
import type { Db } from '../../db/client.ts';
import { openAccount } from './accounts.ts';
import { houseAccount, IdempotencyConflictError, transfer, withTransaction } from './ledger.ts';
import { enabledCurrencies, toAccount } from './present.ts';

const invalid = (field: string, message: string) =>
  ApiError.of(ErrorCode.validation, 'The given data was invalid.', { [field]: [message] });

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
  const amount = minorOfRequest(input.amount, currency, { positive: true });
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
