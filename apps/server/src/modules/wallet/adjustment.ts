import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { houseAccount, transfer } from './ledger.ts';
import { accounts } from './schema.ts';

// The back office's adjustments (backoffice-api.md §5) as one named wallet command: the staff module says
// which adjustment applies, the wallet moves the player's real part against the currency's house
// `adjustment` account. Keyed by the adjustment, so however often it is asked, it moves once.

/** The ledger kind of a staff adjustment (the back office's ledger list shows it as `adjustment`). */
export const STAFF_ADJUSTMENT_KIND = 'staff.adjustment';

export interface AdjustableAccount {
  accountId: string;
  /** The real part now (minor units), read without a lock: advice only, the movement decides under the lock. */
  real: bigint;
}

/**
 * The player's account in `currency` (hidden ones included), or null: an adjustment corrects a balance the
 * player has, it never opens an account (decision 0108).
 */
export async function adjustableAccount(tx: Db, playerId: string, currency: string): Promise<AdjustableAccount | null> {
  const [row] = await tx
    .select({ id: accounts.id, real: accounts.real })
    .from(accounts)
    .where(and(eq(accounts.ownerKind, 'player'), eq(accounts.playerId, playerId), eq(accounts.currency, currency)));
  return row ? { accountId: row.id, real: row.real } : null;
}

export interface StaffAdjustmentMoney {
  /** The adjustment (the idempotency key's subject). */
  adjustmentId: string;
  playerId: string;
  currency: string;
  /** Minor units, signed: positive credits the player's real part, negative debits it. */
  amount: bigint;
}

export interface StaffAdjustmentResult {
  transactionId: string;
  /** The player's real part just before and just after the movement (under the account lock). */
  realBefore: bigint;
  realAfter: bigint;
}

/**
 * Applies an adjustment in the caller's transaction: one ledger movement of kind `staff.adjustment`, the
 * player's real part against the house `adjustment` account, with the balance event to the player's site.
 * A debit below zero throws InsufficientFundsError (nothing written). Null when the player has no account in
 * the currency.
 */
export async function applyStaffAdjustment(tx: Db, m: StaffAdjustmentMoney): Promise<StaffAdjustmentResult | null> {
  if (m.amount === 0n) throw new Error('An adjustment moves some money');
  const account = await adjustableAccount(tx, m.playerId, m.currency);
  if (!account) return null;
  const house = await houseAccount(tx, m.currency, 'adjustment');
  const result = await transfer({
    tx,
    kind: STAFF_ADJUSTMENT_KIND,
    idempotencyKey: `staff.adjustment:${m.adjustmentId}`,
    legs: [
      { accountId: house.id, part: 'real', amount: -m.amount },
      { accountId: account.accountId, part: 'real', amount: m.amount },
    ],
    // Stored with the movement, so even a replay answers the balances it moved between.
    answer: ({ transactionId, accounts: after }) => {
      const real = after.find((a) => a.id === account.accountId)!.real;
      return { transactionId, realBefore: String(real - m.amount), realAfter: String(real) };
    },
  });
  const answer = result.answer as { realBefore: string; realAfter: string };
  return {
    transactionId: result.transactionId,
    realBefore: BigInt(answer.realBefore),
    realAfter: BigInt(answer.realAfter),
  };
}
