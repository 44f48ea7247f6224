import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rollbackCalls } from './round-calls.ts';
import { studioWalletCalls } from './schema.ts';
import type { SessionRow } from './sessions.ts';

/**
 * How long a bet's guard waits before the retry loop sends it. It must outlast a bet call and the save that
 * follows, so a living studio always disarms it first; a studio that died in between is caught up by the
 * loop of any instance this long after.
 */
export const GUARD_DELAY_MS = 60_000;

type Row = ReturnType<typeof rollbackCalls>[number];

/**
 * The write-ahead rollback of bet `k` of a round (docs/decisions/0019): queued, not yet due, before the bet
 * goes out. Saving the round disarms it in the same transaction; a crash between the wallet taking the
 * bet and that save leaves it armed, and the retry loop then cancels the bet.
 */
export async function armGuard(db: Db, s: SessionRow, roundId: string, k: number): Promise<void> {
  const call = rollbackCalls(s, roundId, k + 1)[k]!;
  await db.insert(studioWalletCalls).values({ ...call, nextAt: new Date(Date.now() + GUARD_DELAY_MS) });
}

/**
 * Disarms the guard of bet `k` inside the save's transaction. False when a retry loop has already claimed
 * it (the bet is being cancelled): the round must not settle on a bet the casino refunds.
 */
export async function disarmGuard(tx: Db, roundId: string, k: number): Promise<boolean> {
  const gone = await tx
    .delete(studioWalletCalls)
    .where(
      and(
        eq(studioWalletCalls.transactionId, `${roundId}:rb${k}`),
        eq(studioWalletCalls.attempts, 0),
        isNull(studioWalletCalls.doneAt),
      ),
    )
    .returning({ id: studioWalletCalls.transactionId });
  return gone.length === 1;
}

/** Queues rollbacks due now; an armed guard among them becomes due now too. */
export async function queueRollbacks(tx: Db, rows: Row[]): Promise<void> {
  await tx
    .insert(studioWalletCalls)
    .values(rows)
    .onConflictDoUpdate({
      target: studioWalletCalls.transactionId,
      set: { nextAt: sql`now()` },
      setWhere: isNull(studioWalletCalls.doneAt),
    });
}
