import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { enqueue } from '../../outbox/index.ts';
import { accountEvent } from './present.ts';
import { accounts } from './schema.ts';

// Withdrawals held on a player account (decision 0076): the wallet's flag, so the accounts list, the live
// balance events and the withdrawal refusal agree on `withdrawalBalance` without the wallet reading the risk
// module's tables. A deposit's credit sets it (payments.ts); the risk module's turn-over wager releases it
// (and holds it again when a rollback makes turnover owed) in its own statements, through these functions.

/**
 * A data-modifying CTE named `name` that sets the flag to `held` on the player's account in the currency when
 * `condition` (SQL) is true. Parameters of the enclosing statement: $1 the player, $2 the currency. It lets the
 * risk module's bet statement release the hold in the statement that counts the stake (no statement of its
 * own on the money path); the movement's statement that follows reads the flag for its balance event.
 */
export const withdrawalHoldCte = (name: string, held: boolean, condition: string) =>
  `${name} as (
     update wallet.accounts set withdrawals_held = ${held}
      where owner_kind = 'player' and player_id = $1::uuid and currency = $2 and withdrawals_held <> ${held}
        and (${condition})
   )`;

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
