import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';
import { accountEvent } from './present.ts';
import { accounts } from './schema.ts';

// Withdrawals held on a player account (decision 0076): the wallet's flag, so the accounts list, the live
// balance events and the withdrawal refusal agree on `withdrawalBalance` without the wallet reading the risk
// module's tables. A deposit's credit sets it (payments.ts); on the money path the risk module's turn-over rule
// releases it (and holds it again when a rollback makes turnover owed) through its rule effect, which the
// movement's own statement writes (move.ts, decision 0099); elsewhere through these functions.

/**
 * Sets or releases the hold on the player's account in `currency` inside the caller's transaction; when it
 * changes, the account's `account.balance.updated` event says so (the risk module's deposit hook with the rule
 * off, a refusal finding the rule switched off). Answers whether it changed.
 */
export async function holdWithdrawals(
  tx: Db,
  a: { playerId: string; currency: string },
  held: boolean,
): Promise<boolean> {
  const [row] = await tx
    .update(accounts)
    .set({ withdrawalsHeld: held, updatedAt: sql`now()` })
    .where(
      and(
        eq(accounts.ownerKind, 'player'),
        eq(accounts.playerId, a.playerId),
        eq(accounts.currency, a.currency),
        ne(accounts.withdrawalsHeld, held),
      ),
    )
    .returning();
  if (!row) return false;
  const { accountId: _, held: __, ...event } = accountEvent(row);
  await enqueue(tx, event);
  return true;
}

/** Whether the player's withdrawals in `currency` are held now. */
export async function withdrawalsHeld(db: Db, playerId: string, currency: string): Promise<boolean> {
  const [row] = await db
    .select({ held: accounts.withdrawalsHeld })
    .from(accounts)
    .where(and(eq(accounts.ownerKind, 'player'), eq(accounts.playerId, playerId), eq(accounts.currency, currency)));
  return row?.held ?? false;
}

/** The operator switched the turn-over wager off: no account's withdrawals stay held (no events; next read). */
export async function releaseAllWithdrawals(tx: Db): Promise<void> {
  await tx.update(accounts).set({ withdrawalsHeld: false }).where(eq(accounts.withdrawalsHeld, true));
}
