import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { betsAreFinal } from '../../wallet/index.ts';
import type { BetEvent, RollbackEvent } from '../events.ts';
import { questBets } from './schema.ts';

// The steps each bet gave a quest's tasks, kept while the bet can still be rolled back (decision 0093): a
// rollback takes back exactly those steps, once; a run that rests on any of them waits to be claimed.

export interface Step {
  playerQuestId: string;
  taskId: string;
}

/** Remembers the tasks a bet moved (one row per run and task). */
export async function recordSteps(tx: Db, e: BetEvent, steps: readonly Step[]): Promise<void> {
  if (steps.length === 0) return;
  await tx
    .insert(questBets)
    .values(steps.map((s) => ({ providerId: e.providerId, roundId: e.roundId, transactionId: e.transactionId, ...s })))
    .onConflictDoNothing();
}

/** The steps the cancelled bet gave, forgotten as they are answered (so a second answer is empty). */
export async function takeSteps(tx: Db, e: RollbackEvent): Promise<Step[]> {
  if (!e.betTransactionId) return [];
  return tx
    .delete(questBets)
    .where(
      and(
        eq(questBets.providerId, e.providerId),
        eq(questBets.roundId, e.roundId),
        eq(questBets.transactionId, e.betTransactionId),
      ),
    )
    .returning({ playerQuestId: questBets.playerQuestId, taskId: questBets.taskId });
}

/**
 * True while a bet the run counted can still be rolled back, or was and its rollback is not applied yet. The
 * run's rows go when their rounds are decided, but that is one outbox pass behind: a row left is asked of the
 * wallet, which knows at once whether its bet is final (taken, not rolled back, its round paid or closed).
 */
export async function restsOnOpenBets(tx: Db, playerQuestId: string): Promise<boolean> {
  const rows = await tx
    .select({ providerId: questBets.providerId, transactionId: questBets.transactionId })
    .from(questBets)
    .where(eq(questBets.playerQuestId, playerQuestId));
  return rows.length > 0 && !(await betsAreFinal(tx, rows));
}
