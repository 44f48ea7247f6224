import type { Db } from '../../db/client.ts';
import { houseAccount, transfer } from './ledger.ts';

// The payment module's money movements as named wallet commands: the payment module says what happened to
// an invoice, the wallet decides the legs. Each takes the caller's transaction (the invoice row changes in
// the same one) and is keyed by the invoice, so a replayed webhook moves nothing twice.

export interface InvoiceMoney {
  invoiceId: string;
  accountId: string;
  currency: string;
  /** Minor units, positive. */
  amount: bigint;
}

async function paymentsHouse(tx: Db, currency: string): Promise<string> {
  return (await houseAccount(tx, currency, 'payments')).id;
}

/**
 * A deposit succeeded: the payments house pays the player's real part, and the account's withdrawals are held
 * until the risk module's turn-over wager releases them (decision 0076): on, its deposits are owed at once, so
 * the credit's own balance event already shows nothing withdrawable; with the rule off, the risk module's
 * deposit hook releases the hold in the same transaction (`holdWithdrawals`).
 */
export async function creditDeposit(tx: Db, m: InvoiceMoney): Promise<void> {
  const house = await paymentsHouse(tx, m.currency);
  await transfer({
    tx,
    kind: 'payment.deposit',
    idempotencyKey: `payment.deposit:${m.invoiceId}`,
    legs: [
      { accountId: house, part: 'real', amount: -m.amount },
      { accountId: m.accountId, part: 'real', amount: m.amount },
    ],
    holdWithdrawals: [m.accountId],
  });
}

/** A withdrawal is requested: real money moves to the locked part (InsufficientFundsError when it cannot). */
export async function lockWithdrawal(tx: Db, m: InvoiceMoney): Promise<void> {
  await transfer({
    tx,
    kind: 'payment.withdrawal.lock',
    idempotencyKey: `payment.withdrawal.lock:${m.invoiceId}`,
    legs: [
      { accountId: m.accountId, part: 'real', amount: -m.amount },
      { accountId: m.accountId, part: 'locked', amount: m.amount },
    ],
  });
}

/** The withdrawal was paid out: the locked money leaves to the payments house. */
export async function settleWithdrawal(tx: Db, m: InvoiceMoney): Promise<void> {
  const house = await paymentsHouse(tx, m.currency);
  await transfer({
    tx,
    kind: 'payment.withdrawal.settle',
    idempotencyKey: `payment.withdrawal.settle:${m.invoiceId}`,
    legs: [
      { accountId: m.accountId, part: 'locked', amount: -m.amount },
      { accountId: house, part: 'real', amount: m.amount },
    ],
  });
}

/** The withdrawal failed or was cancelled: the locked money returns to the real part. */
export async function releaseWithdrawal(tx: Db, m: InvoiceMoney): Promise<void> {
  await transfer({
    tx,
    kind: 'payment.withdrawal.return',
    idempotencyKey: `payment.withdrawal.return:${m.invoiceId}`,
    legs: [
      { accountId: m.accountId, part: 'locked', amount: -m.amount },
      { accountId: m.accountId, part: 'real', amount: m.amount },
    ],
  });
}
