import type { Db } from '../../../db/client.ts';

/** A withdrawal as its risk flags see it, in the request's transaction (its invoice and lock already written). */
export interface WithdrawalUnderReview {
  invoiceId: string;
  playerId: string;
  accountId: string;
  currency: string;
  /** Minor units of `currency`. */
  amount: bigint;
  /** Base-currency minor units (EUR cents) at the request's rate; null without a rate. */
  baseAmount: bigint | null;
  method: string;
  /** The provider's fingerprint of the card or bank account paid to (decision 0094); null when none. */
  instrument: string | null;
  createdAt: Date;
}

/**
 * One risk flag (decision 0112): a small named test, raised or not. Raised, it stops auto-approval and shows in
 * the queue. A flag reads only through faces; it never writes.
 */
export interface WithdrawalRiskFlag {
  readonly name: string;
  raised(tx: Db, withdrawal: WithdrawalUnderReview): Promise<boolean>;
}

/** The names of the flags raised, in the list's order (one after another: they share the transaction). */
export async function raisedFlags(
  tx: Db,
  flags: readonly WithdrawalRiskFlag[],
  withdrawal: WithdrawalUnderReview,
): Promise<string[]> {
  const raised: string[] = [];
  for (const flag of flags) if (await flag.raised(tx, withdrawal)) raised.push(flag.name);
  return raised;
}
