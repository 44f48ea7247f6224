import { and, asc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RoundRow } from './seamless/history.ts';
import { seamlessRounds, seamlessTransactions } from './seamless/schema.ts';

// One round as the back office replays it (backoffice-api.md §8, decision 0121): the wallet's round row and every
// provider request that moved (or would have moved) its money, in the order they arrived.

export interface RoundMovementRow {
  kind: 'bet' | 'win' | 'rollback';
  /** The provider's transaction id. */
  transactionId: string;
  amount: bigint;
  at: Date;
  /** A bet a rollback cancelled. */
  rolledBack: boolean;
  ledgerTransactionId: string | null;
}

/** A round and its movements, or null when the wallet knows no such round of that provider. */
export async function roundWithMovements(
  db: Db,
  providerId: string,
  roundId: string,
): Promise<{ round: RoundRow; movements: RoundMovementRow[] } | null> {
  const [round] = await db
    .select()
    .from(seamlessRounds)
    .where(and(eq(seamlessRounds.providerId, providerId), eq(seamlessRounds.roundId, roundId)));
  if (!round) return null;
  const rows = await db
    .select()
    .from(seamlessTransactions)
    // A tombstone is a rollback's placeholder for a bet that never came: nothing a person reads as a movement.
    .where(
      and(
        eq(seamlessTransactions.providerId, providerId),
        eq(seamlessTransactions.roundId, roundId),
        ne(seamlessTransactions.kind, 'tombstone'),
      ),
    )
    .orderBy(asc(seamlessTransactions.createdAt), asc(seamlessTransactions.id));
  return {
    round,
    movements: rows.map((r) => ({
      kind: r.kind as RoundMovementRow['kind'],
      transactionId: r.providerTxId,
      amount: r.amount,
      at: r.createdAt,
      rolledBack: r.rolledBackAt !== null,
      ledgerTransactionId: r.ledgerTransactionId,
    })),
  };
}
