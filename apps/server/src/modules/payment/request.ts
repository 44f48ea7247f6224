import type { DepositRequest, PaymentMethod, WithdrawRequest } from '@croupier/contracts';
import type { Db } from '../../db/client.ts';
import { listAccounts } from '../wallet/index.ts';
import type { PaymentDeps } from './deps.ts';
import { invalid } from './errors.ts';
import { checkAmount, pickMethod } from './methods.ts';

/** The player's own visible account, through the wallet's query (never its tables). */
async function ownAccount(db: Db, playerId: string, accountId: string, currency: string) {
  const row = (await listAccounts(db, playerId)).find((a) => a.id === accountId);
  if (!row) throw invalid({ accountId: 'No such account.' });
  if (row.currency !== currency) throw invalid({ currency: 'Does not match the account currency.' });
  return row;
}

export interface CheckedRequest {
  /** Trimmed and upper-cased. */
  currency: string;
  method: PaymentMethod;
  /** Minor units. */
  amount: bigint;
}

/**
 * What a deposit and a withdrawal request both check, in this order (it decides which 422 the player
 * sees first): the method for the currency and country, the amount within its bounds, then the player's own account.
 */
export async function checkRequest(
  deps: Pick<PaymentDeps, 'db' | 'rates'>,
  direction: 'deposit' | 'withdrawal',
  playerId: string,
  request: DepositRequest | WithdrawRequest,
): Promise<CheckedRequest> {
  const currency = request.currency.trim().toUpperCase();
  const method = pickMethod(deps, direction, request.method, currency, request.country);
  const amount = checkAmount(method, request.amount, currency);
  await ownAccount(deps.db, playerId, request.accountId, currency);
  return { currency, method, amount };
}
