import type { ReconciliationFinding, ReconciliationReport, ReconciliationRun } from '@croupier/contracts';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { reconciliationFindings, reconciliationRuns } from '../schema.ts';
import type { Difference } from './compare.ts';

// Reconciliation's runs and findings (decision 0121): a run's row is written when it starts (a run that died
// shows as unfinished), its findings and counts when it ends. Nothing here touches a rollup.

/** Findings kept per run: a systematic difference (say, reports switched off) is counted whole, stored capped. */
export const FINDINGS_KEPT = 10_000;
/** Findings the screen gets of the last run, in the order they were found (day, currency, figure, key). */
export const FINDINGS_SHOWN = 500;
const INSERT_PAGE = 1_000;

type RunRow = typeof reconciliationRuns.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const toRun = (r: RunRow): ReconciliationRun => ({
  id: r.id,
  from: r.fromDay,
  to: r.toDay,
  startedAt: r.startedAt.toISOString(),
  finishedAt: iso(r.finishedAt),
  compared: r.compared,
  findings: r.findings,
});

export async function startRun(db: Db, days: { from: string; to: string }): Promise<RunRow> {
  const [row] = await db.insert(reconciliationRuns).values({ fromDay: days.from, toDay: days.to }).returning();
  return row!;
}

/** Records the run's kept findings and its counts in one transaction. */
export async function finishRun(
  db: Db,
  runId: string,
  result: { compared: number; findings: number; kept: readonly Difference[] },
): Promise<RunRow> {
  return db.transaction(async (t) => {
    const tx = t as unknown as Db;
    const kept = result.kept.slice(0, FINDINGS_KEPT);
    for (let i = 0; i < kept.length; i += INSERT_PAGE) {
      await tx.insert(reconciliationFindings).values(
        kept.slice(i, i + INSERT_PAGE).map((d) => ({
          runId,
          figure: d.figure,
          day: d.day,
          currency: d.currency,
          key: d.key,
          rollup: d.rollup,
          ledger: d.ledger,
        })),
      );
    }
    const [row] = await tx
      .update(reconciliationRuns)
      .set({ finishedAt: sql`now()`, compared: result.compared, findings: result.findings })
      .where(eq(reconciliationRuns.id, runId))
      .returning();
    return row!;
  });
}

/** The latest run (by start) and the first findings of it. */
export async function lastReconciliation(db: Db): Promise<ReconciliationReport> {
  const [run] = await db
    .select()
    .from(reconciliationRuns)
    .orderBy(desc(reconciliationRuns.startedAt), desc(reconciliationRuns.id))
    .limit(1);
  if (!run) return { lastRun: null, findings: [] };
  const rows = await db
    .select()
    .from(reconciliationFindings)
    .where(eq(reconciliationFindings.runId, run.id))
    .orderBy(
      asc(reconciliationFindings.day),
      asc(reconciliationFindings.currency),
      asc(reconciliationFindings.figure),
      asc(reconciliationFindings.key),
    )
    .limit(FINDINGS_SHOWN);
  const findings: ReconciliationFinding[] = rows.map((f) => ({
    id: f.id,
    figure: f.figure,
    date: f.day,
    currency: f.currency,
    key: f.key,
    rollup: String(f.rollup),
    ledger: String(f.ledger),
    foundAt: f.foundAt.toISOString(),
  }));
  return { lastRun: toRun(run), findings };
}
